// RUN: %cuda2tile convert %s -o - --quiet --no-raise | %filecheck %s
// Barriers split the thread program into phases; a block-uniform loop holding a barrier moves to
// the block level; the thread index is recomputed in each phase (--no-raise: the faithful tree, see raise_block_reduce.cu).
#define BLOCK 256

__global__ void block_sum(int n, const float* x, float* out) {
  __shared__ float sdata[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? x[i] : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
// CHECK:      smem_scope = "shared" if target == "c" else "shared.dyn"
// CHECK:      with T.Kernel(grid_x, threads=block_x) as bx:
// CHECK-NEXT:     sdata = T.alloc_shared((256,), "float32", scope=smem_scope)
// CHECK-NEXT:     s_next = T.alloc_var("int32")
// CHECK-NEXT:     for tx in T.Parallel(block_x):
// CHECK:              tid = tx
// CHECK:              sdata[tid] = T.if_then_else(i < n, x[i], T.float32(0.0))
// CHECK-NEXT:     # split_phases.cu:11: __syncthreads();
// CHECK-NEXT:     T.sync_threads()  # __syncthreads()
// CHECK-NEXT:     # split_phases.cu:12: for (int s = blockDim.x / 2; s > 0; s >>= 1) {
// CHECK-NEXT:     s_next = T.truncdiv(block_x, 2)
// CHECK-NEXT:     while s_next > 0:
// CHECK-NEXT:         s = s_next
// CHECK-NEXT:         s_next = s_next >> 1
// CHECK-NEXT:         for tx in T.Parallel(block_x):
// CHECK-NEXT:             tid = tx
// CHECK-NEXT:             # split_phases.cu:13: if (tid < s) sdata[tid] += sdata[tid + s];
// CHECK-NEXT:             if tid < s:
// CHECK-NEXT:                 sdata[tid] = sdata[tid] + sdata[tid + s]
// CHECK-NEXT:         # split_phases.cu:14: __syncthreads();
// CHECK-NEXT:         T.sync_threads()  # __syncthreads()
// CHECK-NEXT:     for tx in T.Parallel(block_x):
// CHECK-NEXT:         tid = tx
// CHECK-NEXT:         # split_phases.cu:16: if (tid == 0) out[blockIdx.x] = sdata[0];
// CHECK-NEXT:         if tid == 0:
// CHECK-NEXT:             out[bx] = sdata[0]
