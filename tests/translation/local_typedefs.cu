// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Type declarations in a kernel body (`typedef`, `using`, `static_assert`) run nothing: clang has
// resolved every use of the name, so they leave no statement.
template <typename T> struct Traits { typedef float acc_t; };
template <typename T>
__global__ void widen(const T* x, float* y) {
  typedef typename Traits<T>::acc_t acc_t;
  using idx_t = int;
  static_assert(sizeof(acc_t) == 4, "float accumulator");
  acc_t v = (acc_t)x[threadIdx.x];
  idx_t i = threadIdx.x;
  y[i] = v * 2;
}
template __global__ void widen<double>(const double*, float*);
// CHECK-LABEL: def widen_double(
// CHECK:      v = T.cast(x[tx], "float32")
// CHECK:      i = tx
// CHECK:      y[i] = v * T.float32(2.0)
