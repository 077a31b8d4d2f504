// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Legacy warp-synchronous code through a volatile pointer: each store reads first, then a warp
// barrier, then writes, so that lanes behave as in lockstep.

__global__ void tail_sum(const float* x, float* out) {
  __shared__ float sdata[64];
  int tid = threadIdx.x;
  sdata[tid] = x[blockIdx.x * 64 + tid];
  __syncthreads();
  if (tid < 32) {
    volatile float* v = sdata;
    v[tid] += v[tid + 32];
    v[tid] += v[tid + 16];
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
// CHECK:      sdata_read = T.alloc_fragment((block_x,), "float32")
// CHECK:      # volatile_warp.cu:12: v[tid] += v[tid + 32];
// CHECK-NEXT: if tid < 32:
// CHECK-NEXT:     sdata_read[tx] = sdata[tid] + sdata[tid + 32]
// CHECK-NEXT: T.sync_threads()  # warp exchange / __syncwarp()
// CHECK-NEXT: for tx in T.Parallel(block_x):
// CHECK-NEXT:     tid = tx
// CHECK-NEXT:     if tid < 32:
// CHECK-NEXT:         sdata[tid] = sdata_read[tx]
// CHECK-NEXT: T.sync_threads()  # warp exchange / __syncwarp()
