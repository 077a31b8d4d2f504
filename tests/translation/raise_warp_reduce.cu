// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Warp shuffle reductions become one tile reduction per warp (raise_warp_reduce), for blocks of whole
// warps: the butterfly always, the down-shuffle when only lane 0 reads its result, also under a guard
// of whole warps (`if (warp == 0)`) read only inside it. Near misses keep the lowered exchanges.

// butterfly: every lane ends with the warp's maximum
__global__ void warp_max_all(const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float m = x[i];
  for (int mask = 16; mask >= 1; mask /= 2) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, mask));
  y[i] = x[i] - m;
}
// CHECK-LABEL: def warp_max_all(
// CHECK:           # raise_warp_reduce.cu:10: for (int mask = 16; mask >= 1; mask /= 2) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, mask));
// CHECK-NEXT:      # raised: warp_reduce; decided per launch, the faithful form runs otherwise
// CHECK-NEXT:      if target in ("c", "cuda", "hip") and block_x & 31 == 0:
// CHECK-NEXT:          for tx in T.Parallel(block_x):
// CHECK-NEXT:              warp_exchange_float32_0[tx] = m[tx]
// CHECK-NEXT:          T.sync_threads()
// CHECK-NEXT:          m_staged = T.alloc_fragment((block_x // 32, 32), "float32")
// CHECK-NEXT:          for m_warp, m_lane in T.Parallel(block_x // 32, 32):
// CHECK-NEXT:              m_staged[m_warp, m_lane] = warp_exchange_float32_0[m_warp * 32 + m_lane]
// CHECK-NEXT:          if target == "c":
// CHECK-NEXT:              m_local = T.alloc_local((block_x // 32, 32), "float32")
// CHECK-NEXT:              m_result = T.alloc_local((block_x // 32,), "float32")
// CHECK-NEXT:              T.copy(m_staged, m_local)
// CHECK-NEXT:              T.reduce_max(m_local, m_result, dim=1)
// CHECK-NEXT:              for m_warp in T.serial(block_x // 32):  # C runs the block's code once, in order
// CHECK-NEXT:                  warp_exchange_float32_0[m_warp * 32] = m_result[m_warp]
// CHECK-NEXT:          else:
// CHECK-NEXT:              m_result = T.alloc_fragment((block_x // 32,), "float32")
// CHECK-NEXT:              T.reduce_max(m_staged, m_result, dim=1)
// CHECK-NEXT:              T.sync_threads()
// CHECK-NEXT:              for m_warp in T.Parallel(block_x // 32):
// CHECK-NEXT:                  warp_exchange_float32_0[m_warp * 32] = m_result[m_warp]
// CHECK-NEXT:          T.sync_threads()
// CHECK-NEXT:          for tx in T.Parallel(block_x):
// CHECK-NEXT:              m[tx] = warp_exchange_float32_0[tx - tx % 32]  # lane 0's slot holds the warp's result
// CHECK-NEXT:          T.sync_threads()  # the loop's last warp exchange
// CHECK-NEXT:      else:
// CHECK:               while mask_next >= 1:

// down-shuffle whose result only lane 0 reads
__global__ void warp_sums(const float* x, float* sums) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffff, v, off);
  if ((threadIdx.x & 31) == 0) sums[i / 32] = v;
}
// CHECK-LABEL: def warp_sums(
// CHECK:           # raised: warp_reduce; decided per launch, the faithful form runs otherwise
// CHECK:                   T.reduce_sum(v_staged, v_result, dim=1)

// two levels: each warp's sum to shared memory, then warp 0 reduces the warp sums under a
// warp-uniform guard; the guarded loop is raised too, since only thread 0 reads its result
__global__ void two_level_sum(int n, const float* x, float* out) {
  __shared__ float sums[32];
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (i < n) ? x[i] : 0.0f;
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffff, v, off);
  if (lane == 0) sums[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = (lane < blockDim.x / 32) ? sums[lane] : 0.0f;
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffff, v, off);
    if (lane == 0) out[blockIdx.x] = v;
  }
}
// CHECK-LABEL: def two_level_sum(
// CHECK:           # raised: warp_reduce; decided per launch, the faithful form runs otherwise
// CHECK:                   T.reduce_sum(v_staged, v_result, dim=1)
// CHECK:           # raised: warp_reduce; decided per launch, the faithful form runs otherwise
// CHECK:                   T.reduce_sum(v_staged_1, v_result_1, dim=1)
// CHECK:           return two_level_sum

// a helper returning the down-shuffle's result, which the caller copies and reads in lane 0 only
__device__ float warp_total(float v) {
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffff, v, off);
  return v;
}
__global__ void helper_sums(const float* x, float* sums) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = warp_total(x[i]);
  if ((threadIdx.x & 31) == 0) sums[i / 32] = v;
}
// CHECK-LABEL: def helper_sums(
// CHECK:           # raised: warp_reduce; decided per launch, the faithful form runs otherwise
// CHECK:               warp_total_result = v[tx]
// CHECK-NEXT:          v_1 = warp_total_result
// CHECK:               if tx & 31 == 0:
// CHECK-NEXT:              sums[T.truncdiv(i, 32)] = v_1

// ---- near misses: each keeps the lowered exchanges

// down-shuffle whose partial sums in lanes 1..31 are stored too
__global__ void all_lanes_store(const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffff, v, off);
  y[i] = v;
}
// CHECK-LABEL: def all_lanes_store(
// CHECK-NOT:   raised: warp_reduce
// CHECK:           while off_next > 0:

// a guarded reduction whose value every thread reads afterwards: threads outside the guard keep
// their own value in CUDA
__global__ void guarded_read_by_all(const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  if (threadIdx.x < 32) {
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffff, v, off);
  }
  y[i] = v;
}
// CHECK-LABEL: def guarded_read_by_all(
// CHECK-NOT:   raised: warp_reduce
// CHECK:           while off_next > 0:

// a half-warp reduction (offsets 8, 4, 2, 1): each half of the warp keeps its own sum
__global__ void half_warp(const float* x, float* sums) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = x[i];
  for (int off = 8; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffff, v, off);
  if ((threadIdx.x & 31) == 0) sums[i / 32] = v;
}
// CHECK-LABEL: def half_warp(
// CHECK-NOT:   raised: warp_reduce
// CHECK:           while off_next > 0:
// CHECK:       KERNELS = {
