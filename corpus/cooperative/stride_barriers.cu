// Stride loops whose body synchronises the block, as detection and attention
// libraries write their backward passes: a grid-stride loop
// (`CUDA_1D_KERNEL_LOOP`) where each trip stages per-thread values in shared
// memory, waits, and lets one thread or a tree of threads combine them. CUDA
// defines such a loop only when every thread of a block makes the same number
// of trips, which the launches arrange (blocks of exactly one segment, sizes in
// whole blocks). Also a block-stride loop with a constant step and a 2-D block
// flattened into one stride.
#include <cuda_runtime.h>

#define CUDA_1D_KERNEL_LOOP(i, n)                              \
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); \
       i += blockDim.x * gridDim.x)

// One segment of blockSize values per trip: thread 0 adds up the block's
// weighted values serially, in thread order.
template <typename scalar_t, unsigned int blockSize>
__global__ void segment_sums(const int n, const scalar_t *x, const scalar_t *w,
                             scalar_t *sums) {
  __shared__ scalar_t cache[blockSize];
  unsigned int tid = threadIdx.x;
  CUDA_1D_KERNEL_LOOP(index, n) {
    const int segment = index / blockSize;
    cache[tid] = x[index] * w[segment];
    __syncthreads();
    if (tid == 0) {
      scalar_t total = cache[0];
      for (unsigned int t = 1; t < blockSize; ++t) total += cache[t];
      sums[segment] = total;
    }
    __syncthreads();
  }
}

// The same loop with a tree reduction over blockDim.x (a power of two) and a
// second output, written by the thread that owns the segment's first value.
__global__ void segment_max_argmax(const int n, const float *x, float *peak,
                                   int *where) {
  extern __shared__ float pool[];
  float *vals = pool;
  int *idx = (int *)&pool[blockDim.x];
  CUDA_1D_KERNEL_LOOP(index, n) {
    vals[threadIdx.x] = x[index];
    idx[threadIdx.x] = index;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
      if (threadIdx.x < s && vals[threadIdx.x + s] > vals[threadIdx.x]) {
        vals[threadIdx.x] = vals[threadIdx.x + s];
        idx[threadIdx.x] = idx[threadIdx.x + s];
      }
      __syncthreads();
    }
    if (threadIdx.x == 0) {
      peak[index / blockDim.x] = vals[0];
      where[index / blockDim.x] = idx[0];
    }
    __syncthreads();
  }
}

// A block walks its own chunk of 1024 values 128 at a time and reverses each
// group of 128 through shared memory (constant step: a counted loop).
__global__ void chunk_reverse(const float *x, float *y) {
  __shared__ float tile[128];
  const int end = (blockIdx.x + 1) * 1024;
  for (int i = blockIdx.x * 1024 + threadIdx.x; i < end; i += 128) {
    tile[threadIdx.x] = x[i];
    __syncthreads();
    y[i] = tile[127 - threadIdx.x] + 0.5f * tile[threadIdx.x];
    __syncthreads();
  }
}

// Sizes that are not a whole number of blocks: in the last trip the threads
// past n have left the loop (CUDA leaves the barriers then undefined; GPUs count
// exited threads as arrived). Each thread reads only a neighbour below n, so
// the result is the same either way. Grid-stride, then block-stride with a
// constant step.
__global__ void pair_swap(const int n, const float *x, float *y) {
  __shared__ float tile[64];
  CUDA_1D_KERNEL_LOOP(i, n) {
    tile[threadIdx.x] = x[i];
    __syncthreads();
    y[i] = ((i ^ 1) < n) ? tile[threadIdx.x ^ 1] : -tile[threadIdx.x];
    __syncthreads();
  }
}

__global__ void pair_swap_block(const int n, const float *x, float *y) {
  __shared__ float tile[128];
  for (int i = threadIdx.x; i < n; i += 128) {
    tile[threadIdx.x] = 2.0f * x[i];
    __syncthreads();
    y[i] = ((i ^ 1) < n) ? tile[threadIdx.x ^ 1] : -tile[threadIdx.x];
    __syncthreads();
  }
}

// A 2-D block flattened into one stride: each trip rotates the block's values
// by one thread (the last thread takes the first's).
__global__ void rotate_rounds(const int n, const int *x, int *y) {
  __shared__ int ring[256];
  const int threads = blockDim.x * blockDim.y;
  const int t = threadIdx.x + threadIdx.y * blockDim.x;
  for (int i = threadIdx.x + threadIdx.y * blockDim.x; i < n;
       i += blockDim.x * blockDim.y) {
    ring[t] = x[i] * 3 + 1;
    __syncthreads();
    y[i] = ring[(t + 1) % threads] - ring[t];
    __syncthreads();
  }
}

void launch_all(const float *xf, const float *wf, float *sf, const double *xd,
                const double *wd, double *sd, float *peak, int *where,
                float *y, const int *xi, int *yi) {
  segment_sums<float, 64><<<3, 64>>>(64 * 10, xf, wf, sf);
  segment_sums<double, 128><<<4, 128>>>(128 * 9, xd, wd, sd);
  segment_max_argmax<<<5, 128, 128 * (sizeof(float) + sizeof(int))>>>(
      128 * 12, xf, peak, where);
  chunk_reverse<<<6, 128>>>(xf, y);
  rotate_rounds<<<1, dim3(16, 8)>>>(128 * 5, xi, yi);
  pair_swap<<<4, 64>>>(999, xf, y);
  pair_swap_block<<<1, 128>>>(301, xf, y);
}

int main() {
  float *xf, *wf, *sf, *peak, *y;
  double *xd, *wd, *sd;
  int *where, *xi, *yi;
  cudaMalloc(&xf, 6144 * sizeof(float));
  cudaMalloc(&wf, 16 * sizeof(float));
  cudaMalloc(&sf, 16 * sizeof(float));
  cudaMalloc(&xd, 1152 * sizeof(double));
  cudaMalloc(&wd, 16 * sizeof(double));
  cudaMalloc(&sd, 16 * sizeof(double));
  cudaMalloc(&peak, 16 * sizeof(float));
  cudaMalloc(&where, 16 * sizeof(int));
  cudaMalloc(&y, 6144 * sizeof(float));
  cudaMalloc(&xi, 640 * sizeof(int));
  cudaMalloc(&yi, 640 * sizeof(int));
  launch_all(xf, wf, sf, xd, wd, sd, peak, where, y, xi, yi);
  cudaDeviceSynchronize();
  return 0;
}
