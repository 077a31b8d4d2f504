// __nv_bfloat16 as mixed-precision libraries write it: inputs and outputs in bfloat16, math in float
// (`__bfloat162float`, `__float2bfloat16`, `static_cast`), bfloat16 arithmetic rounded after every
// operation (`a[i] * b[i] + c[i]` is two roundings), a templated kernel instantiated for float and
// for bfloat16, and a `__shared__ __nv_bfloat16` tile.
//   bf16_scale_bias   y = x * scale + bias[channel], in float, stored rounded to bfloat16
//   bf16_mul_add      out = a * b + c in bfloat16 arithmetic (each operation rounded)
//   row_max_shift     one block per row: the row's maximum through a shared tile, then x - max
//   tile_reverse      a block's elements reversed through a __shared__ __nv_bfloat16 tile
#include <cuda_bf16.h>

__global__ void bf16_scale_bias(const __nv_bfloat16* x, const __nv_bfloat16* bias, __nv_bfloat16* y,
                                float scale, int n, int channels) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = __bfloat162float(x[i]) * scale + __bfloat162float(bias[i % channels]);
  y[i] = __float2bfloat16(v);
}

__global__ void bf16_mul_add(const __nv_bfloat16* a, const __nv_bfloat16* b, const __nv_bfloat16* c,
                             __nv_bfloat16* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __nv_bfloat16 p = a[i] * b[i];
    out[i] = p + c[i];
  }
}

#define ROW_THREADS 128
template <typename scalar_t>
__global__ void row_max_shift(const scalar_t* x, scalar_t* y, float* row_max, int cols) {
  __shared__ float best[ROW_THREADS];
  const scalar_t* row = x + blockIdx.x * cols;
  float m = -1e30f;
  for (int k = threadIdx.x; k < cols; k += blockDim.x) m = fmaxf(m, static_cast<float>(row[k]));
  best[threadIdx.x] = m;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) best[threadIdx.x] = fmaxf(best[threadIdx.x], best[threadIdx.x + s]);
    __syncthreads();
  }
  float top = best[0];
  for (int k = threadIdx.x; k < cols; k += blockDim.x)
    y[blockIdx.x * cols + k] = static_cast<scalar_t>(static_cast<float>(row[k]) - top);
  if (threadIdx.x == 0) row_max[blockIdx.x] = top;
}

__global__ void tile_reverse(const __nv_bfloat16* x, __nv_bfloat16* y, int n) {
  __shared__ __nv_bfloat16 tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? x[i] : __float2bfloat16(0.0f);
  __syncthreads();
  int j = blockIdx.x * blockDim.x + (blockDim.x - 1 - threadIdx.x);
  if (j < n) y[j] = tile[threadIdx.x];
}

int main() {
  const int n = 1000, channels = 16, rows = 24, cols = 300;
  __nv_bfloat16 *x, *bias, *y, *a, *b, *c, *bx, *by;
  float *fx, *fy, *row_max;
  cudaMalloc(&x, n * sizeof(__nv_bfloat16));
  cudaMalloc(&bias, channels * sizeof(__nv_bfloat16));
  cudaMalloc(&y, n * sizeof(__nv_bfloat16));
  cudaMalloc(&a, n * sizeof(__nv_bfloat16));
  cudaMalloc(&b, n * sizeof(__nv_bfloat16));
  cudaMalloc(&c, n * sizeof(__nv_bfloat16));
  cudaMalloc(&bx, rows * cols * sizeof(__nv_bfloat16));
  cudaMalloc(&by, rows * cols * sizeof(__nv_bfloat16));
  cudaMalloc(&fx, rows * cols * sizeof(float));
  cudaMalloc(&fy, rows * cols * sizeof(float));
  cudaMalloc(&row_max, rows * sizeof(float));
  bf16_scale_bias<<<(n + 255) / 256, 256>>>(x, bias, y, 0.5f, n, channels);
  bf16_mul_add<<<(n + 255) / 256, 256>>>(a, b, c, y, n);
  row_max_shift<float><<<rows, ROW_THREADS>>>(fx, fy, row_max, cols);
  row_max_shift<__nv_bfloat16><<<rows, ROW_THREADS>>>(bx, by, row_max, cols);
  tile_reverse<<<(n + 255) / 256, 256>>>(x, y, n);
  cudaDeviceSynchronize();
  return 0;
}
