// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// Structs that hold nothing (no data member, base or virtual function) are functors: their objects
// carry nothing, and a call of one of their member functions is that function alone. An object
// computed by an expression that may do something is refused. A struct with data passes its object.

template <typename T> struct Max { __device__ T operator()(T a, T b) const { return a < b ? b : a; } };

template <template <typename> class Op>
__global__ void local_functor(const float* x, float* y) {
  Op<float> op;
  y[threadIdx.x] = op(x[threadIdx.x], 0.0f);
}
template __global__ void local_functor<Max>(const float*, float*);
// CHECK-LABEL: def local_functor_Max(
// CHECK:      def Max__operator__(a, b):
// CHECK:          return T.if_then_else(a < b, b, a)
// CHECK:      y[tx] = Max__operator__(x[tx], T.float32(0.0))

__device__ Max<float> pick(float* log) { log[0] = 1.0f; return Max<float>(); }
__global__ void object_with_effects(const float* x, float* y) {
  y[threadIdx.x] = pick(y)(x[threadIdx.x], 0.0f);
}
// DIAG: functors.cu:[[# @LINE - 2]]:{{[0-9]+}}: warning: C2T1204: kernel 'object_with_effects' is not converted: unsupported expression: call to member function 'Max::operator()'

struct Offset { float by; __device__ float operator()(float v) const { return v + by; } };
__global__ void functor_with_data(const float* x, float* y, Offset f) {
  y[threadIdx.x] = f(x[threadIdx.x]);
}
// A functor with data is a struct with state: its member function takes the object as `this`.
// CHECK-LABEL: def functor_with_data(
// CHECK:      def Offset__operator__(this_by, v):
// CHECK:          return v + this_by
// CHECK:      y[tx] = Offset__operator__({{.*}}f_by{{.*}}, x[tx])
