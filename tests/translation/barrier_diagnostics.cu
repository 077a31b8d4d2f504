// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// A barrier under thread-dependent control and a partial-warp mask are refused with codes; the
// file's other kernels still convert.

__global__ void fine(float* x) { x[threadIdx.x] = 1.0f; }

__global__ void divergent(float* x) {
  if (threadIdx.x < 16) {
    x[threadIdx.x] = 1.0f;
    __syncthreads();
  }
}

__global__ void partial_mask(float* x) {
  float v = x[threadIdx.x];
  x[threadIdx.x] = __shfl_down_sync(0x0000ffff, v, 1);
}
// CHECK: # divergent (barrier_diagnostics.cu:8): not converted, C2T1214
// CHECK: # partial_mask (barrier_diagnostics.cu:15): not converted, C2T1215
// CHECK: def fine(
// DIAG: barrier_diagnostics.cu:11:5: warning: C2T1214: kernel 'divergent' is not converted: barrier under thread-dependent control
// DIAG: barrier_diagnostics.cu:17:20: warning: C2T1215: kernel 'partial_mask' is not converted: '__shfl_down_sync' with a mask other than 0xffffffff
