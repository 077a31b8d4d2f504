// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Early returns become guards around the rest of the thread's program.

__global__ void clip(int n, float lo, float* x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (x[i] < lo) {
    x[i] = lo;
    return;
  }
  x[i] = x[i] * 2.0f;
}
// CHECK:      i = bx * block_x + tx
// CHECK-NEXT: # eliminate_early_returns.cu:6: if (i >= n) return;
// CHECK-NEXT: if not (i >= n):
// CHECK-NEXT:     # eliminate_early_returns.cu:7: if (x[i] < lo) {
// CHECK-NEXT:     if x[i] < lo:
// CHECK-NEXT:         # eliminate_early_returns.cu:8: x[i] = lo;
// CHECK-NEXT:         x[i] = lo
// CHECK-NEXT:     else:
// CHECK-NEXT:         # eliminate_early_returns.cu:11: x[i] = x[i] * 2.0f;
// CHECK-NEXT:         x[i] = x[i] * T.float32(2.0)
// CHECK-EMPTY:
// CHECK-NEXT: return clip
