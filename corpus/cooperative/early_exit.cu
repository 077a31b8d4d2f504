// Early returns in kernels with barriers.
//   block_uniform_return  the grid has spare blocks; the test is made per block
//                         (blockIdx.x * blockDim.x >= n), so either every
//                         thread of a block returns or none does
//   thread_early_return   threads past n return before the barrier. The
//                         remaining threads of the last block still meet at
//                         __syncthreads() (exited threads do not hold a barrier
//                         back on current GPUs) and never read a slot that an
//                         exited thread would have written.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK 128

// partial[b] = sum of block b's elements (tree order) for the blocks that
// cover some of x; spare blocks leave their entry untouched
__global__ void block_uniform_return(int n, const float* x, float* partial)
{
    if (blockIdx.x * blockDim.x >= n) return;
    __shared__ float sdata[BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    sdata[tid] = (i < n) ? x[i] : 0.0f;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) partial[blockIdx.x] = sdata[0];
}

// y[i] = x[i] - x[next index of the same block, wrapping within the block's
// in-range part]; active = number of in-range threads of the block
__global__ void thread_early_return(int n, const float* x, float* y)
{
    __shared__ float s[BLOCK];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    if (i >= n) return;
    s[t] = x[i];
    __syncthreads();
    int active = min((int)blockDim.x, n - (int)(blockIdx.x * blockDim.x));
    y[i] = s[t] - s[(t + 1) % active];
}

int main()
{
    const int N = 1000;
    const int SPARE = 3;
    const int BLOCKS = (N + BLOCK - 1) / BLOCK + SPARE;
    float* h = (float*)malloc(N * sizeof(float));
    for (int i = 0; i < N; i++) h[i] = (float)(i % 9) * 0.5f;

    float *x, *y, *partial;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMalloc(&partial, BLOCKS * sizeof(float));
    cudaMemcpy(x, h, N * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(partial, h, BLOCKS * sizeof(float), cudaMemcpyHostToDevice);

    block_uniform_return<<<BLOCKS, BLOCK>>>(N, x, partial);
    thread_early_return<<<(N + BLOCK - 1) / BLOCK, BLOCK>>>(N, x, y);
    cudaDeviceSynchronize();

    cudaMemcpy(h, partial, BLOCKS * sizeof(float), cudaMemcpyDeviceToHost);
    printf("partial[0] = %f, partial[last] = %f\n", h[0], h[BLOCKS - 1]);
    free(h);
    cudaFree(x);
    cudaFree(y);
    cudaFree(partial);
    return 0;
}
