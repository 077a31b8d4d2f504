// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// CUDA's launch coordinates are `unsigned int`, so index arithmetic on them is unsigned; it is
// computed in int32 where that gives the same value (narrow_index_arithmetic.py states each rule
// with its identity), and stays unsigned where it may not.

__global__ void copy(int n, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[blockIdx.x * blockDim.x + threadIdx.x];
}
// int32(u32(a) * u32(b) + u32(c)) is a * b + c; an index of launch coordinates is the same element
// CHECK-LABEL: def copy(*, block=None, target="cuda"):
// CHECK:       i = bx * block_x + tx
// CHECK:       if i < n:
// CHECK-NEXT:      y[i] = x[bx * block_x + tx]

__global__ void first_threads(int n, float* y) {
  if (threadIdx.x < n) y[threadIdx.x] = 1.0f;
}
// `threadIdx.x < n` with int n compares unsigned in C (n = -1 is 4294967295): it stays so
// CHECK-LABEL: def first_threads(*, block=None, target="cuda"):
// CHECK:       if T.cast(tx, "uint32") < T.reinterpret(n, "uint32"):
// CHECK-NEXT:      y[tx] = T.float32(1.0)

__global__ void stride(int n, float* y) {
  unsigned int lane = threadIdx.x % 32;
  if (blockIdx.x * blockDim.x + threadIdx.x < gridDim.x * blockDim.x) y[lane] = 2.0f;
}
// a comparison of launch coordinates alone is the same signed; an unsigned local stays unsigned
// CHECK-LABEL: def stride(*, block=None, target="cuda"):
// CHECK:       lane = T.truncmod(T.cast(tx, "uint32"), T.uint32(32))
// CHECK:       if bx * block_x + tx < grid_x * block_x:
// CHECK-NEXT:      y[lane] = T.float32(2.0)
