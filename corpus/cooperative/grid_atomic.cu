// Two-pass grid reductions: each block reduces its share in shared memory,
// then thread 0 adds the block's partial into one global value with
// atomicAdd. The float versions accumulate blocks in whatever order they
// finish; the int version is exact.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK 256

// *sum += sum of x; a fixed grid strides over x, every thread keeps its own
// running sum, the block folds them in a tree, one atomicAdd per block
__global__ void sum_atomic_float(int n, const float* x, float* sum)
{
    __shared__ float sdata[BLOCK];
    int tid = threadIdx.x;
    float acc = 0.0f;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
        acc += x[i];
    sdata[tid] = acc;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(sum, sdata[0]);
}

// *sum += sum of x over int values, one element per thread: exact in any order
__global__ void sum_atomic_int(int n, const int* x, int* sum)
{
    __shared__ int sdata[BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    sdata[tid] = (i < n) ? x[i] : 0;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(sum, sdata[0]);
}

// *result += dot(x, y): grid-stride products per thread, block tree, atomicAdd
__global__ void dot_atomic(int n, const float* x, const float* y, float* result)
{
    __shared__ float cache[BLOCK];
    int tid = threadIdx.x;
    float acc = 0.0f;
    int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += stride)
        acc += x[i] * y[i];
    cache[tid] = acc;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) cache[tid] += cache[tid + s];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(result, cache[0]);
}

int main()
{
    const int N = 30000;
    const int NI = 20000;
    const int ND = 20000;
    float* hx = (float*)malloc(N * sizeof(float));
    int* hi = (int*)malloc(NI * sizeof(int));
    for (int i = 0; i < N; i++) hx[i] = 0.001f * (float)(i % 1000);
    for (int i = 0; i < NI; i++) hi[i] = (i % 201) - 100;
    float fzero = 0.0f;
    int izero = 0;

    float *x, *y, *fsum, *dot;
    int *xi, *isum;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMalloc(&xi, NI * sizeof(int));
    cudaMalloc(&fsum, sizeof(float));
    cudaMalloc(&dot, sizeof(float));
    cudaMalloc(&isum, sizeof(int));
    cudaMemcpy(x, hx, N * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(y, hx, N * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(xi, hi, NI * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(fsum, &fzero, sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dot, &fzero, sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(isum, &izero, sizeof(int), cudaMemcpyHostToDevice);

    sum_atomic_float<<<8, 256>>>(N, x, fsum);
    sum_atomic_int<<<(NI + 255) / 256, 256>>>(NI, xi, isum);
    dot_atomic<<<8, 128>>>(ND, x, y, dot);
    cudaDeviceSynchronize();

    float hs = 0.0f;
    int his = 0;
    cudaMemcpy(&hs, fsum, sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(&his, isum, sizeof(int), cudaMemcpyDeviceToHost);
    printf("sum = %f, int sum = %d\n", hs, his);
    free(hx);
    free(hi);
    cudaFree(x);
    cudaFree(y);
    cudaFree(xi);
    cudaFree(fsum);
    cudaFree(dot);
    cudaFree(isum);
    return 0;
}
