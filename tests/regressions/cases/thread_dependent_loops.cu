// Found by building pytorch_cluster's converted kernels (fps_kernel, nearest_kernel): a counted loop
// whose bounds name the thread (`for (n = start_idx + thread_idx; n < end_idx; n += THREADS)`) around
// another counted loop converted, but TileLang refused to build the conversion: "Trying to update var
// '_tmp' with a different maximum value: original=... tx ..., new=... i ...". Such loops now count with
// a cursor, as grid-stride loops do (cuda2tile/passes/thread_dependent_loops.py).
// EXPECT: farthest_in_segment pass
// EXPECT: farthest_points_in_turns pass
// EXPECT: rows_below_lane pass
// EXPECT: skip_negative_rows pass
// EXPECT: tails_by_helper pass
#include <cstdint>
#define THREADS 64

// fps_kernel's shape: a block per segment, each thread strides over it by a constant, an inner loop
// over the coordinates, then a race-free tree for the farthest point
__global__ void farthest_in_segment(const float* pos, const int64_t* ptr, float* dist, int64_t* out,
                                    int64_t dim) {
  const int64_t t = threadIdx.x;
  const int64_t b = blockIdx.x;
  const int64_t s0 = ptr[b], s1 = ptr[b + 1];
  __shared__ float best_dist[THREADS];
  __shared__ int64_t best_at[THREADS];
  float best = -1.0f;
  int64_t best_idx = 0;
  for (int64_t p = s0 + t; p < s1; p += THREADS) {
    float tmp, dd = 0.0f;
    for (int64_t d = 0; d < dim; d++) {
      tmp = pos[dim * s0 + d] - pos[dim * p + d];
      dd += tmp * tmp;
    }
    dd = min(dist[p], dd);
    dist[p] = dd;
    if (dd > best) {
      best = dd;
      best_idx = p;
    }
  }
  best_dist[t] = best;
  best_at[t] = best_idx;
  __syncthreads();
  for (int s = THREADS / 2; s > 0; s >>= 1) {
    if (t < s && best_dist[t + s] > best_dist[t]) {
      best_dist[t] = best_dist[t + s];
      best_at[t] = best_at[t + s];
    }
    __syncthreads();
  }
  if (t == 0) out[b] = best_at[0];
}

// fps_kernel's outer loop: turns of a uniform loop around barriers, so the strided loop is in a phase
// inside that loop, not at the kernel's top
__global__ void farthest_points_in_turns(const float* pos, float* dist, int* picked, int n, int dim, int turns) {
  const int t = threadIdx.x;
  __shared__ float best_dist[THREADS];
  __shared__ int best_at[THREADS];
  if (t == 0) picked[0] = 0;
  for (int m = 1; m < turns; m++) {
    __syncthreads();
    int last = picked[m - 1];
    float best = -1.0f;
    int best_idx = 0;
    for (int p = t; p < n; p += THREADS) {
      float dd = 0.0f;
      for (int d = 0; d < dim; d++) {
        float tmp = pos[dim * last + d] - pos[dim * p + d];
        dd += tmp * tmp;
      }
      dd = min(dist[p], dd);
      dist[p] = dd;
      if (dd > best) {
        best = dd;
        best_idx = p;
      }
    }
    best_dist[t] = best;
    best_at[t] = best_idx;
    __syncthreads();
    for (int s = THREADS / 2; s > 0; s >>= 1) {
      if (t < s && best_dist[t + s] > best_dist[t]) {
        best_dist[t] = best_dist[t + s];
        best_at[t] = best_at[t + s];
      }
      __syncthreads();
    }
    if (t == 0) picked[m] = best_at[0];
  }
}

// the stop names the thread: a triangle of rows, three columns each
__global__ void rows_below_lane(int n, const float* x, float* out) {
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  if (i >= n) return;
  float acc = 0.0f;
  for (int j = 0; j < t; ++j) {
    for (int k = 0; k < 3; ++k) acc += x[(j * 3 + k + blockIdx.x) % n];
  }
  out[i] = acc;
}

// an unsigned counter from the lane, to a constant (counted in a signed copy), `continue` before the
// inner loop (the cursor advances first, so `continue` cannot skip it)
#define ROWS 150u
__global__ void skip_negative_rows(unsigned cols, const float* x, float* out) {
  float s = 0.0f;
  for (unsigned r = threadIdx.x; r < ROWS; r += 32u) {
    if (x[r * cols] < 0.0f) continue;
    for (unsigned c = 0; c < cols; ++c) s += x[r * cols + c];
  }
  out[blockIdx.x * 32 + threadIdx.x] = s;
}

// in a __device__ function, the bound is a parameter some call passes the lane
__device__ float tail_sum(const float* x, int from, int rows, int cols) {
  float s = 0.0f;
  for (int r = from; r < rows; r += 8) {
    for (int c = 0; c < cols; ++c) s += x[r * cols + c] * (float)(c + 1);
  }
  return s;
}

__global__ void tails_by_helper(int rows, int cols, const float* x, float* out) {
  int lane = threadIdx.x % 8;
  out[blockIdx.x * blockDim.x + threadIdx.x] = tail_sum(x, lane, rows, cols) + tail_sum(x, 0, 2, cols);
}
