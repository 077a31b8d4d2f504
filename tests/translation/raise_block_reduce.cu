// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Shared-memory tree reductions become one tile reduction (T.reduce_sum/max/min), decided per
// launch: a block that is a power of two no larger than the shared array runs the raised form, any
// other block the faithful tree. Near misses keep the tree only.
#include <math.h>
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
// CHECK-LABEL: def block_sum(
// CHECK:           T.sync_threads()  # __syncthreads()
// CHECK-NEXT:      # raise_block_reduce.cu:14: for (int s = blockDim.x / 2; s > 0; s >>= 1) {
// CHECK-NEXT:      # raised: block_reduce; decided per launch, the faithful form runs otherwise
// CHECK-NEXT:      if target in ("c", "cuda", "hip") and block_x & block_x - 1 == 0 and block_x <= 256:
// CHECK-NEXT:          sdata_sum_staged = T.alloc_fragment((block_x,), "float32")
// CHECK-NEXT:          for tx in T.Parallel(block_x):
// CHECK-NEXT:              sdata_sum_staged[tx] = sdata[tx]
// CHECK-NEXT:          if target == "c":
// CHECK-NEXT:              sdata_sum_local = T.alloc_local((block_x,), "float32")
// CHECK-NEXT:              sdata_sum_result = T.alloc_local((1,), "float32")
// CHECK-NEXT:              T.copy(sdata_sum_staged, sdata_sum_local)
// CHECK-NEXT:              T.reduce_sum(sdata_sum_local, sdata_sum_result, dim=0)
// CHECK-NEXT:          else:
// CHECK-NEXT:              sdata_sum_result = T.alloc_fragment((1,), "float32")
// CHECK-NEXT:              T.reduce_sum(sdata_sum_staged, sdata_sum_result, dim=0)
// CHECK-NEXT:          for tx in T.Parallel(block_x):
// CHECK-NEXT:              if tx == 0:
// CHECK-NEXT:                  sdata[0] = sdata_sum_result[0]
// CHECK-NEXT:          T.sync_threads()  # the tree's last __syncthreads()
// CHECK-NEXT:      else:
// CHECK-NEXT:          # raise_block_reduce.cu:14: for (int s = blockDim.x / 2; s > 0; s >>= 1) {
// CHECK-NEXT:          s_next = T.truncdiv(block_x, 2)
// CHECK-NEXT:          while s_next > 0:
// CHECK:                   if tid < s:
// CHECK-NEXT:                  sdata[tid] = sdata[tid] + sdata[tid + s]
// CHECK:               T.sync_threads()  # __syncthreads()
// CHECK-NEXT:      for tx in T.Parallel(block_x):
// CHECK-NEXT:          tid = tx
// CHECK:               out[bx] = sdata[0]

// fmaxf and fminf trees, operands in either order, over a double buffer
__global__ void block_max_min(const double* x, double* hi, double* lo) {
  __shared__ double smax[128];
  __shared__ double smin[128];
  int tid = threadIdx.x;
  smax[tid] = x[blockIdx.x * blockDim.x + tid];
  smin[tid] = smax[0] + x[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (int s = blockDim.x >> 1; s > 0; s >>= 1) {
    if (tid < s) smax[tid] = fmax(smax[tid + s], smax[tid]);
    __syncthreads();
  }
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) smin[tid] = fmin(smin[tid], smin[tid + s]);
    __syncthreads();
  }
  if (tid == 0) { hi[blockIdx.x] = smax[0]; lo[blockIdx.x] = smin[0]; }
}
// CHECK-LABEL: def block_max_min(
// CHECK:           if target in ("c", "cuda", "hip") and block_x & block_x - 1 == 0 and block_x <= 128:
// CHECK:               T.reduce_max(smax_max_local, smax_max_result, dim=0)
// CHECK:               T.reduce_max(smax_max_staged, smax_max_result, dim=0)
// CHECK:                   smax[0] = smax_max_result[0]
// CHECK:           if target in ("c", "cuda", "hip") and block_x & block_x - 1 == 0 and block_x <= 128:
// CHECK:               T.reduce_min(smin_min_local, smin_min_result, dim=0)
// CHECK:                   smin[0] = smin_min_result[0]

// Near miss: every thread reads its own slot after the tree (partial sums the tile reduction does
// not keep), so the tree stays.
__global__ void tree_then_all_slots(const float* x, float* y) {
  __shared__ float sdata[BLOCK];
  int tid = threadIdx.x;
  sdata[tid] = x[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  y[blockIdx.x * blockDim.x + tid] = sdata[tid];
}
// CHECK-LABEL: def tree_then_all_slots(
// CHECK-NOT:       raised: block_reduce
// CHECK:           while s_next > 0:
// CHECK-NOT:       T.reduce_sum
// CHECK:           return tree_then_all_slots

// Near miss: the partner's offset depends on the thread (interleaved addressing with a growing
// stride), not the `tid < s`, `tid + s` tree.
__global__ void interleaved(const float* x, float* out) {
  __shared__ float sdata[BLOCK];
  int tid = threadIdx.x;
  sdata[tid] = x[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
// CHECK-LABEL: def interleaved(
// CHECK-NOT:       raised: block_reduce
// CHECK:           if T.truncmod(tid, 2 * s) == 0:
// CHECK-NOT:       T.reduce_sum
// CHECK:           return interleaved

// Near miss: a stride that depends on the thread (`tid + s + (tid & 1)`).
__global__ void thread_dependent_stride(const float* x, float* out) {
  __shared__ float sdata[2 * BLOCK];
  int tid = threadIdx.x;
  sdata[tid] = x[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s + (tid & 1)];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
// CHECK-LABEL: def thread_dependent_stride(
// CHECK-NOT:       raised: block_reduce
// CHECK:           sdata[tid] = sdata[tid] + sdata[tid + s + (tid & 1)]
// CHECK-NOT:       T.reduce_sum
// CHECK:           return thread_dependent_stride

// Near miss: the tree stops at 32 values for a warp-unrolled tail; only the whole tree is raised.
__global__ void tree_to_warp(const float* x, float* out) {
  __shared__ float sdata[BLOCK];
  int tid = threadIdx.x;
  sdata[tid] = x[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}
// CHECK-LABEL: def tree_to_warp(
// CHECK-NOT:       raised: block_reduce
// CHECK:           while s_next > 32:
// CHECK-NOT:       T.reduce_sum
// CHECK:           return tree_to_warp
