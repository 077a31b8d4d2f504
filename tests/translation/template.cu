// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Template kernels are converted per instantiation found at launch sites, with concrete types.

template <typename T, int K>
__global__ void scale(int n, T* x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] * (T)K;
}

int main() {
  float* f; double* d;
  scale<float, 3><<<4, 128>>>(100, f);
  scale<double, 2><<<4, 64>>>(100, d);
  return 0;
}
// CHECK:      def scale_float_3(*, block=(128,), target="cuda"):
// CHECK:          def scale_float_3(n: T.int32, x: T.Tensor((x_len,), "float32"), grid_x: T.int32):
// CHECK:                  x[i] = x[i] * T.float32(3.0)
// CHECK:      def scale_double_2(*, block=(64,), target="cuda"):
// CHECK:          def scale_double_2(n: T.int32, x: T.Tensor((x_len,), "float64"), grid_x: T.int32):
// CHECK:                  x[i] = x[i] * T.float64(2.0)
// CHECK:      "scale<float, 3>": {
// CHECK-NEXT:     "factory": scale_float_3,
// CHECK:      "scale<double, 2>": {
