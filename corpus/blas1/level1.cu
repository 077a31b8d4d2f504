// BLAS level-1 style kernels: saxpy (in place), axpby (out of place), and
// per-thread partial dot / absolute sums computed with grid-stride loops
// (no reduction across threads: each thread writes its own partial).
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

// y = a * x + y
__global__ void saxpy(int n, float a, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

// z = alpha * x + beta * y
__global__ void axpby(int n, float alpha, const float* __restrict__ x, float beta,
                      const float* __restrict__ y, float* __restrict__ z)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    z[i] = alpha * x[i] + beta * y[i];
}

// partial[t] = sum over i = t, t + T, t + 2T, ... < n of x[i] * y[i], T = total threads
__global__ void partial_dot(int n, const float* x, const float* y, float* partial)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int stride = blockDim.x * gridDim.x;
    float acc = 0.0f;
    for (int i = tid; i < n; i += stride) {
        acc += x[i] * y[i];
    }
    partial[tid] = acc;
}

// partial[t] = sum of |x[i]| over the same grid-stride set of indices
__global__ void partial_asum(int n, const float* x, float* partial)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    for (int i = tid; i < n; i += blockDim.x * gridDim.x) {
        acc += fabsf(x[i]);
    }
    partial[tid] = acc;
}

int main()
{
    const int N = 10000;
    const int BIG = 50000;
    float *x, *y, *z, *partial;
    cudaMalloc(&x, BIG * sizeof(float));
    cudaMalloc(&y, BIG * sizeof(float));
    cudaMalloc(&z, N * sizeof(float));
    cudaMalloc(&partial, 8 * 128 * sizeof(float));
    cudaMemset(x, 0, BIG * sizeof(float));
    cudaMemset(y, 0, BIG * sizeof(float));

    saxpy<<<(N + 255) / 256, 256>>>(N, 2.5f, x, y);
    axpby<<<(N + 255) / 256, 256>>>(N, 0.75f, x, -1.25f, y, z);
    partial_dot<<<8, 128>>>(BIG, x, y, partial);
    partial_asum<<<8, 128>>>(BIG, x, partial);
    cudaDeviceSynchronize();

    float* host = (float*)malloc(8 * 128 * sizeof(float));
    cudaMemcpy(host, partial, 8 * 128 * sizeof(float), cudaMemcpyDeviceToHost);
    printf("partial[0] = %f\n", host[0]);
    free(host);

    cudaFree(x);
    cudaFree(y);
    cudaFree(z);
    cudaFree(partial);
    return 0;
}
