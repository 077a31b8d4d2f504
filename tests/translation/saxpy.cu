// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// 1-D indexing in the usual spelling, a bounds guard, scalar and const __restrict__ pointer parameters.

__global__ void saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
// CHECK:      def saxpy(*, block=None, target="cuda"):
// CHECK:          block_x, = _block_dims(block, 1, "saxpy")
// CHECK-NEXT:     x_len = T.dynamic("x_len")
// CHECK-NEXT:     y_len = T.dynamic("y_len")
// CHECK:          @T.prim_func
// CHECK-NEXT:     def saxpy(n: T.int32, a: T.float32, x: T.Tensor((x_len,), "float32"), y: T.Tensor((y_len,), "float32"), grid_x: T.int32):
// CHECK-NEXT:         with T.Kernel(grid_x, threads=block_x) as bx:
// CHECK-NEXT:             for tx in T.Parallel(block_x):
// CHECK-NEXT:                 # saxpy.cu:5: int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK-NEXT:                 i = bx * block_x + tx
// CHECK-NEXT:                 # saxpy.cu:6: if (i < n) y[i] = a * x[i] + y[i];
// CHECK-NEXT:                 if i < n:
// CHECK-NEXT:                     y[i] = a * x[i] + y[i]
// CHECK:      "saxpy": {
// CHECK:      'cuda_type': 'const float32*', 'writable': False}
