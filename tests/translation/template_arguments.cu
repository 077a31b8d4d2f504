// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Instances are named as C++ spells their arguments: `true`, `Mode::Square`, a template template
// argument by its name (issue 15, items 6 and 9); enumerations lift as their underlying integers; a
// template template parameter no longer costs the file its other kernels; `Op<T>()(a, b)` of a functor
// holding nothing is its `operator()` alone.
enum class Mode { Copy, Square };

template <typename T, bool Negate, Mode M>
__global__ void masked_scale(const T* x, T* y) {
  T v = x[threadIdx.x];
  if (M == Mode::Square) v = v * v;
  y[threadIdx.x] = Negate ? -v : v;
}

template <typename T> struct Plus { __device__ T operator()(T a, T b) const { return a + b; } };
template <template <class> class Op, typename T> __global__ void apply(T* x) { x[threadIdx.x] = Op<T>()(x[threadIdx.x], (T)1); }

__global__ void plain(float* x) { x[threadIdx.x] *= 2.0f; }

void launch(const float* x, float* y) {
  masked_scale<float, true, Mode::Square><<<1, 32>>>(x, y);
  apply<Plus, float><<<1, 32>>>(y);
}
// CHECK: def plain(*, block=None, target="cuda"):
// CHECK: def masked_scale_float_true_Mode_Square(*, block=(32,), target="cuda"):
// CHECK:     """CUDA kernel `masked_scale<float, true, Mode::Square>` (template_arguments.cu:9) as a TileLang prim_func.
// A condition constant by C's rules (an enumerator compared with a template argument): only the branch
// taken is lifted (tests/regressions/cases/constant_branches.cu).
// CHECK-NOT:             if 1 == 1:
// CHECK:                 v = v * v
// CHECK:                 y[tx] = T.if_then_else(True, -v, v)
// CHECK: def apply_Plus_float(*, block=(32,), target="cuda"):
// CHECK:     def Plus__operator__(a, b):
// CHECK:                 x[tx] = Plus__operator__(x[tx], T.float32(1.0))
// CHECK: "masked_scale<float, true, Mode::Square>": {
