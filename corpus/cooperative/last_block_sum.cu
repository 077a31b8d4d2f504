// One-launch sums whose last block combines the others' partial results: each
// block reduces its slice in shared memory and writes its partial; thread 0
// makes the write visible to the whole device (__threadfence), then takes a
// ticket from a global counter. The block that draws the last ticket adds the
// partials up and resets the counter for the next launch.
//   last_block_sum         __threadfence, one ticket per block
//   last_block_sum_scoped  the same over rows of a matrix, one counter per row,
//                          with __threadfence_block before the shared flag is read
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK 128

__global__ void last_block_sum(int n, const float* x, float* partial, int* ticket, float* total)
{
    __shared__ float s[BLOCK];
    __shared__ int is_last;
    int t = threadIdx.x;
    int i = blockIdx.x * BLOCK + t;
    s[t] = i < n ? x[i] : 0.0f;
    __syncthreads();
    for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0) {
        partial[blockIdx.x] = s[0];
        __threadfence();
        int done = atomicAdd(ticket, 1);
        is_last = done == (int)gridDim.x - 1;
    }
    __syncthreads();
    if (is_last && t == 0) {
        float sum = 0.0f;
        for (int b = 0; b < (int)gridDim.x; b++) sum += partial[b];
        total[0] = sum;
        ticket[0] = 0;
    }
}

// row r of x (rows x n) is summed by the blocks of grid row r (blockIdx.y)
__global__ void last_block_sum_scoped(int n, const float* x, float* partial, int* tickets, float* totals)
{
    __shared__ float s[BLOCK];
    __shared__ int is_last;
    int t = threadIdx.x;
    int r = blockIdx.y;
    int i = blockIdx.x * BLOCK + t;
    s[t] = i < n ? x[r * n + i] : 0.0f;
    __syncthreads();
    for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0) {
        partial[r * gridDim.x + blockIdx.x] = s[0];
        __threadfence_system();
        is_last = atomicAdd(&tickets[r], 1) == (int)gridDim.x - 1;
        __threadfence_block();
    }
    __syncthreads();
    if (is_last && t == 0) {
        float sum = 0.0f;
        for (int b = 0; b < (int)gridDim.x; b++) sum += partial[r * gridDim.x + b];
        totals[r] = sum;
        tickets[r] = 0;
    }
}

int main()
{
    const int N = 5000;
    const int ROWS = 3;
    const int NB = (N + BLOCK - 1) / BLOCK;
    float* hx = (float*)malloc(ROWS * N * sizeof(float));
    for (int i = 0; i < ROWS * N; i++) hx[i] = (float)((i * 13) % 100) / 100.0f;
    float *x, *partial, *total;
    int* ticket;
    cudaMalloc(&x, ROWS * N * sizeof(float));
    cudaMalloc(&partial, ROWS * NB * sizeof(float));
    cudaMalloc(&total, ROWS * sizeof(float));
    cudaMalloc(&ticket, ROWS * sizeof(int));
    cudaMemcpy(x, hx, ROWS * N * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(ticket, 0, ROWS * sizeof(int));
    last_block_sum<<<NB, BLOCK>>>(N, x, partial, ticket, total);
    last_block_sum_scoped<<<dim3(NB, ROWS), BLOCK>>>(N, x, partial, ticket, total);
    float h = 0.0f;
    cudaMemcpy(&h, total, sizeof(float), cudaMemcpyDeviceToHost);
    printf("total = %f\n", h);
    free(hx);
    cudaFree(x);
    cudaFree(partial);
    cudaFree(total);
    cudaFree(ticket);
    return 0;
}
