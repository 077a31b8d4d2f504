// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Pass volatile_store_syncs: a store through a volatile pointer is lifted as read, warp barrier,
// write, warp barrier; the barriers are dropped where no lane reads the buffer across them before a
// block barrier (a tile filled by a loop that differs between threads, read after __syncthreads),
// and kept where a lane reads its neighbour's store (the warp-synchronous tail).

__global__ void fill_then_tail(const float* f, float* out) {
  __shared__ volatile float taps[8];
  __shared__ float part[64];
  for (int k = threadIdx.x; k < 8; k += blockDim.x) taps[k] = f[k];
  __syncthreads();
  part[threadIdx.x] = taps[threadIdx.x % 8];
  __syncthreads();
  if (threadIdx.x < 32) {
    volatile float* v = part;
    v[threadIdx.x] += v[threadIdx.x + 32];
    v[threadIdx.x] += v[threadIdx.x + 16];
  }
  if (threadIdx.x == 0) out[blockIdx.x] = part[0];
}
// CHECK-LABEL: def fill_then_tail(
// CHECK:      # volatile_store_syncs.cu:10: for (int k = threadIdx.x; k < 8; k += blockDim.x) taps[k] = f[k];
// CHECK:      while k_next < 8:
// CHECK-NOT:  __syncwarp()
// CHECK:      taps[k] = taps_read
// CHECK-NOT:  __syncwarp()
// CHECK:      T.sync_threads()  # __syncthreads()
// CHECK:      # volatile_store_syncs.cu:16: v[threadIdx.x] += v[threadIdx.x + 32];
// CHECK:      part_read[tx] = part[tx] + part[tx + 32]
// CHECK:      T.sync_threads()  # warp exchange / __syncwarp()
// CHECK:      part[tx] = part_read[tx]
// CHECK:      T.sync_threads()  # warp exchange / __syncwarp()
// CHECK:      part_read_1[tx] = part[tx] + part[tx + 16]
// CHECK:      T.sync_threads()  # warp exchange / __syncwarp()
// CHECK:      part[tx] = part_read_1[tx]
// CHECK:      T.sync_threads()  # warp exchange / __syncwarp()
