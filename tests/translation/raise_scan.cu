// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Block prefix sums over a shared array become one tile scan (T.cumsum on GPUs, a serial loop on
// target "c"), recognised by what the loop computes for each block size TileLang's scan takes:
// the raised form covers the sizes where it is a prefix sum, the others run the loop. Near misses
// (a racy in-place step, a stride that skips elements, a loop bound read from a parameter, partial
// sums read afterwards) keep the loop only.
#define BLOCK 128

// inclusive, Hillis-Steele with a register and two barriers per step
__global__ void scan_register(int n, const float* x, float* y) {
  __shared__ float s[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  s[tid] = (i < n) ? x[i] : 0.0f;
  __syncthreads();
  for (int off = 1; off < blockDim.x; off *= 2) {
    float t = (tid >= off) ? s[tid - off] : 0.0f;
    __syncthreads();
    s[tid] += t;
    __syncthreads();
  }
  if (i < n) y[i] = s[tid];
}
// CHECK-LABEL: def scan_register(
// CHECK:           T.sync_threads()  # __syncthreads()
// CHECK-NEXT:      # raise_scan.cu:16: for (int off = 1; off < blockDim.x; off *= 2) {
// CHECK-NEXT:      # raised: scan; decided per launch, the faithful form runs otherwise
// CHECK-NEXT:      if target in ("c", "cuda", "hip") and (block_x == 32 or block_x == 64 or block_x == 128):
// CHECK-NEXT:          s_scan = T.alloc_shared((block_x,), "float32", scope=smem_scope)
// CHECK-NEXT:          for tx in T.Parallel(block_x):
// CHECK-NEXT:              s_scan[tx] = s[tx]
// CHECK-NEXT:          T.sync_threads()
// CHECK-NEXT:          if target == "c":
// CHECK-NEXT:              for s_scan_step in T.serial(1, block_x):
// CHECK-NEXT:                  s_scan[s_scan_step] = s_scan[s_scan_step] + s_scan[s_scan_step - 1]
// CHECK-NEXT:          else:
// CHECK-NEXT:              T.cumsum(s_scan, dim=0)
// CHECK-NEXT:          T.sync_threads()
// CHECK-NEXT:          for tx in T.Parallel(block_x):
// CHECK-NEXT:              s[tx] = s_scan[tx]
// CHECK-NEXT:          T.sync_threads()  # the scan's last __syncthreads()
// CHECK-NEXT:      else:
// CHECK-NEXT:          # raise_scan.cu:16: for (int off = 1; off < blockDim.x; off *= 2) {
// CHECK-NEXT:          off_next = 1
// CHECK:                       s[tid] = s[tid] + t[tx]
// CHECK:                   y[i] = s[tid]

// exclusive: the same scan, then every slot takes its left neighbour's sum (slot 0 gets 0)
__global__ void scan_exclusive(int n, const int* x, int* y) {
  __shared__ int s[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  s[tid] = (i < n) ? x[i] : 0;
  __syncthreads();
  for (int off = 1; off < blockDim.x; off *= 2) {
    int t = (tid >= off) ? s[tid - off] : 0;
    __syncthreads();
    s[tid] += t;
    __syncthreads();
  }
  int left = (tid > 0) ? s[tid - 1] : 0;
  __syncthreads();
  s[tid] = left;
  __syncthreads();
  if (i < n) y[i] = s[tid];
}
// CHECK-LABEL: def scan_exclusive(
// CHECK:           if target in ("c", "cuda", "hip") and (block_x == 32 or block_x == 64 or block_x == 128):
// CHECK-NEXT:          s_scan = T.alloc_shared((block_x,), "int32", scope=smem_scope)
// CHECK:                   T.cumsum(s_scan, dim=0)
// CHECK:               for tx in T.Parallel(block_x):
// CHECK-NEXT:              s[tx] = T.if_then_else(tx == 0, 0, s_scan[tx - 1])
// CHECK-NEXT:          T.sync_threads()  # the scan's last __syncthreads()
// CHECK-NEXT:      else:

// near miss: in place without the register, threads read slots others write in the same step
__global__ void scan_racy(int n, const float* x, float* y) {
  __shared__ float s[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  s[tid] = (i < n) ? x[i] : 0.0f;
  __syncthreads();
  for (int off = 1; off < blockDim.x; off *= 2) {
    if (tid >= off) s[tid] += s[tid - off];
    __syncthreads();
  }
  if (i < n) y[i] = s[tid];
}
// CHECK-LABEL: def scan_racy(
// CHECK-NOT:       raised: scan
// CHECK:           return scan_racy

// near miss: the stride grows by 4, so sums skip elements
__global__ void scan_skips(int n, const float* x, float* y) {
  __shared__ float s[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  s[tid] = (i < n) ? x[i] : 0.0f;
  __syncthreads();
  for (int off = 1; off < blockDim.x; off *= 4) {
    float t = (tid >= off) ? s[tid - off] : 0.0f;
    __syncthreads();
    s[tid] += t;
    __syncthreads();
  }
  if (i < n) y[i] = s[tid];
}
// CHECK-LABEL: def scan_skips(
// CHECK-NOT:       raised: scan
// CHECK:           return scan_skips

// near miss: the loop bound is a kernel argument, unknown while the factory builds the kernel
__global__ void scan_param_bound(int n, int steps, const float* x, float* y) {
  __shared__ float s[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  s[tid] = (i < n) ? x[i] : 0.0f;
  __syncthreads();
  for (int off = 1; off < steps; off *= 2) {
    float t = (tid >= off) ? s[tid - off] : 0.0f;
    __syncthreads();
    s[tid] += t;
    __syncthreads();
  }
  if (i < n) y[i] = s[tid];
}
// CHECK-LABEL: def scan_param_bound(
// CHECK-NOT:       raised: scan
// CHECK:           return scan_param_bound

// a warp scan through __shfl_up_sync: lanes below `off` keep their value, the others add the lane
// `off` below; every lane ends with the sum over its warp's lanes up to itself
__global__ void warp_scan(int n, const float* x, float* y) {
  int lane = threadIdx.x & 31;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (i < n) ? x[i] : 0.0f;
  for (int off = 1; off < 32; off <<= 1) {
    float up = __shfl_up_sync(0xffffffff, v, off);
    if (lane >= off) v += up;
  }
  if (i < n) y[i] = v;
}
// CHECK-LABEL: def warp_scan(
// CHECK:           # raised: scan; decided per launch, the faithful form runs otherwise
// CHECK-NEXT:      if target in ("c", "cuda", "hip") and (block_x == 32 or block_x == 64 or block_x == 128 or block_x == 256 or block_x == 512 or block_x == 1024):
// CHECK-NEXT:          v_scan_staged = T.alloc_shared((block_x // 32, 32), "float32", scope=smem_scope)
// CHECK-NEXT:          for tx in T.Parallel(block_x):
// CHECK-NEXT:              v_scan_staged[tx // 32, tx % 32] = v[tx]
// CHECK-NEXT:          T.sync_threads()
// CHECK-NEXT:          if target == "c":
// CHECK-NEXT:              for v_scan_warp in T.serial(block_x // 32):
// CHECK-NEXT:                  for v_scan_step in T.serial(1, 32):
// CHECK:               else:
// CHECK-NEXT:              T.cumsum(v_scan_staged, dim=1)
// CHECK:               for tx in T.Parallel(block_x):
// CHECK-NEXT:              v[tx] = v_scan_staged[tx // 32, tx % 32]

// near miss: lanes add the value two lanes up as well, so each sum counts some lanes twice
__global__ void warp_scan_overlapping(int n, const float* x, float* y) {
  int lane = threadIdx.x & 31;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (i < n) ? x[i] : 0.0f;
  for (int off = 1; off < 32; off <<= 1) {
    float up = __shfl_up_sync(0xffffffff, v, off);
    float up2 = __shfl_up_sync(0xffffffff, v, 2 * off);
    if (lane >= 2 * off) v += up + up2;
  }
  if (i < n) y[i] = v;
}
// CHECK-LABEL: def warp_scan_overlapping(
// CHECK-NOT:       raised: scan
// CHECK:           return warp_scan_overlapping

// a warp scan run by warp 0 only (as the second stage of a block scan): raised for every block size,
// since only warp 0 reads the result (the tile form scans every warp)
__global__ void warp0_scan(int n, const float* x, float* y) {
  int lane = threadIdx.x & 31;
  int warp = threadIdx.x >> 5;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (i < n) ? x[i] : 0.0f;
  if (warp == 0) {
    for (int off = 1; off < 32; off <<= 1) {
      float up = __shfl_up_sync(0xffffffff, v, off);
      if (lane >= off) v += up;
    }
    if (i < n) y[i] = v;
  }
}
// CHECK-LABEL: def warp0_scan(
// CHECK:           # raised: scan; decided per launch, the faithful form runs otherwise
// CHECK-NEXT:      if target in ("c", "cuda", "hip") and (block_x == 32 or block_x == 64 or block_x == 128 or block_x == 256 or block_x == 512 or block_x == 1024):
// CHECK:                   T.cumsum(v_scan_staged, dim=1)

// near miss: every warp stores its value after warp 0's scan, and CUDA leaves the other warps' alone
__global__ void warp0_scan_read_by_all(int n, const float* x, float* y) {
  int lane = threadIdx.x & 31;
  int warp = threadIdx.x >> 5;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (i < n) ? x[i] : 0.0f;
  if (warp == 0) {
    for (int off = 1; off < 32; off <<= 1) {
      float up = __shfl_up_sync(0xffffffff, v, off);
      if (lane >= off) v += up;
    }
  }
  if (i < n) y[i] = v;
}
// CHECK-LABEL: def warp0_scan_read_by_all(
// CHECK-NOT:       raised: scan
// CHECK:           return warp0_scan_read_by_all
