// Row-wise normalisations, one block per row of a rows x cols matrix (cols is
// not a multiple of blockDim.x). Each thread strides over the row, keeping a
// private partial; the block combines the partials with a shared-memory tree
// (written out in each kernel). Results every thread needs (max, sum, mean,
// 1/std) travel through __shared__ scalars written by thread 0 and read after
// a barrier.
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK 128

// y = exp(x - max) / sum(exp(x - max)) along each row
__global__ void softmax_row(int rows, int cols, const float* x, float* y)
{
    __shared__ float red[BLOCK];
    __shared__ float row_max;
    __shared__ float row_sum;
    int tid = threadIdx.x;
    const float* xr = x + blockIdx.x * cols;
    float* yr = y + blockIdx.x * cols;

    float m = -INFINITY;
    for (int c = tid; c < cols; c += blockDim.x) m = fmaxf(m, xr[c]);
    red[tid] = m;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] = fmaxf(red[tid], red[tid + s]);
        __syncthreads();
    }
    if (tid == 0) row_max = red[0];
    __syncthreads();

    float sum = 0.0f;
    for (int c = tid; c < cols; c += blockDim.x) sum += expf(xr[c] - row_max);
    red[tid] = sum;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    if (tid == 0) row_sum = red[0];
    __syncthreads();

    for (int c = tid; c < cols; c += blockDim.x) yr[c] = expf(xr[c] - row_max) / row_sum;
}

// y = (x - mean) / sqrt(var + eps) * gamma + beta, two-pass mean and variance
__global__ void layernorm_row(int rows, int cols, float eps, const float* x, const float* gamma,
                              const float* beta, float* y)
{
    __shared__ float red[BLOCK];
    __shared__ float mean;
    __shared__ float rstd;
    int tid = threadIdx.x;
    const float* xr = x + blockIdx.x * cols;
    float* yr = y + blockIdx.x * cols;

    float acc = 0.0f;
    for (int c = tid; c < cols; c += blockDim.x) acc += xr[c];
    red[tid] = acc;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    if (tid == 0) mean = red[0] / cols;
    __syncthreads();

    float sq = 0.0f;
    for (int c = tid; c < cols; c += blockDim.x) {
        float d = xr[c] - mean;
        sq += d * d;
    }
    red[tid] = sq;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    if (tid == 0) rstd = rsqrtf(red[0] / cols + eps);
    __syncthreads();

    for (int c = tid; c < cols; c += blockDim.x)
        yr[c] = (xr[c] - mean) * rstd * gamma[c] + beta[c];
}

// y = x / sqrt(mean(x^2) + eps) * w
__global__ void rmsnorm_row(int rows, int cols, float eps, const float* x, const float* w, float* y)
{
    __shared__ float red[BLOCK];
    __shared__ float inv_rms;
    int tid = threadIdx.x;
    int row = blockIdx.x;
    float sq = 0.0f;
    for (int c = tid; c < cols; c += blockDim.x) {
        float v = x[row * cols + c];
        sq += v * v;
    }
    red[tid] = sq;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) red[tid] += red[tid + s];
        __syncthreads();
    }
    if (tid == 0) inv_rms = rsqrtf(red[0] / cols + eps);
    __syncthreads();
    for (int c = tid; c < cols; c += blockDim.x)
        y[row * cols + c] = x[row * cols + c] * inv_rms * w[c];
}

int main()
{
    const int ROWS = 37;
    const int COLS = 300;
    float* h = (float*)malloc(ROWS * COLS * sizeof(float));
    for (int i = 0; i < ROWS * COLS; i++) h[i] = (float)(i % 23) * 0.1f - 1.0f;
    float* hw = (float*)malloc(COLS * sizeof(float));
    for (int c = 0; c < COLS; c++) hw[c] = 1.0f;

    float *x, *y, *gamma, *beta;
    cudaMalloc(&x, ROWS * COLS * sizeof(float));
    cudaMalloc(&y, ROWS * COLS * sizeof(float));
    cudaMalloc(&gamma, COLS * sizeof(float));
    cudaMalloc(&beta, COLS * sizeof(float));
    cudaMemcpy(x, h, ROWS * COLS * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(gamma, hw, COLS * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(beta, hw, COLS * sizeof(float), cudaMemcpyHostToDevice);

    softmax_row<<<ROWS, BLOCK>>>(ROWS, COLS, x, y);
    layernorm_row<<<ROWS, BLOCK>>>(ROWS, COLS, 1e-5f, x, gamma, beta, y);
    rmsnorm_row<<<ROWS, BLOCK>>>(ROWS, COLS, 1e-6f, x, gamma, y);
    cudaDeviceSynchronize();

    cudaMemcpy(h, y, ROWS * COLS * sizeof(float), cudaMemcpyDeviceToHost);
    printf("y[0] = %f\n", h[0]);
    free(h);
    free(hw);
    cudaFree(x);
    cudaFree(y);
    cudaFree(gamma);
    cudaFree(beta);
    return 0;
}
