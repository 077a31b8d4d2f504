// Block reductions through shared memory. Each block writes one partial
// result; elements past n count as the identity (0 for sums, -INFINITY for
// the max).
//   reduce_tree               plain tree; the barrier sits in a loop whose trip
//                             count is the same for every thread
//   reduce_unrolled_syncwarp  tree down to 64 values, then the last warp
//                             unrolled with __syncwarp() between the steps
//   reduce_unrolled_volatile  legacy warp-synchronous form: two loads per
//                             thread, last warp through a local volatile pointer
//                             and no __syncwarp (relies on lockstep lanes)
//   reduce_max_block          strided loop over a chunk, then an fmaxf tree
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK 256

// partial[b] = sum of x[b * blockDim.x .. (b + 1) * blockDim.x) in tree order
__global__ void reduce_tree(int n, const float* x, float* partial)
{
    __shared__ float sdata[BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? x[i] : 0.0f;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) partial[blockIdx.x] = sdata[0];
}

// same sum; the last 64 values are folded by warp 0 with explicit __syncwarp()
// between reading a neighbour and overwriting its own slot (needs blockDim.x >= 64)
__global__ void reduce_unrolled_syncwarp(int n, const float* x, float* partial)
{
    __shared__ float sdata[BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    sdata[tid] = (i < n) ? x[i] : 0.0f;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        float v = sdata[tid];
        v += sdata[tid + 32]; __syncwarp(); sdata[tid] = v; __syncwarp();
        v += sdata[tid + 16]; __syncwarp(); sdata[tid] = v; __syncwarp();
        v += sdata[tid + 8];  __syncwarp(); sdata[tid] = v; __syncwarp();
        v += sdata[tid + 4];  __syncwarp(); sdata[tid] = v; __syncwarp();
        v += sdata[tid + 2];  __syncwarp(); sdata[tid] = v; __syncwarp();
        v += sdata[tid + 1];  __syncwarp(); sdata[tid] = v;
        if (tid == 0) partial[blockIdx.x] = v;
    }
}

// each block sums 2 * blockDim.x elements: the first add happens during the load.
// Legacy last-warp unrolling: the volatile pointer stops the compiler from
// keeping vs[] in registers, and the 32 lanes are assumed to run each line in
// lockstep (every lane reads before any lane writes); there is no __syncwarp
__global__ void reduce_unrolled_volatile(int n, const float* x, float* partial)
{
    __shared__ float sdata[BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * (blockDim.x * 2) + tid;
    float v = (i < n) ? x[i] : 0.0f;
    if (i + (int)blockDim.x < n) v += x[i + blockDim.x];
    sdata[tid] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 32; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid < 32) {
        volatile float* vs = sdata;
        vs[tid] += vs[tid + 32];
        vs[tid] += vs[tid + 16];
        vs[tid] += vs[tid + 8];
        vs[tid] += vs[tid + 4];
        vs[tid] += vs[tid + 2];
        vs[tid] += vs[tid + 1];
    }
    if (tid == 0) partial[blockIdx.x] = sdata[0];
}

// block_max[b] = max of x[b * chunk .. min((b + 1) * chunk, n))
__global__ void reduce_max_block(int n, int chunk, const float* x, float* block_max)
{
    __shared__ float smax[BLOCK];
    int tid = threadIdx.x;
    int start = blockIdx.x * chunk;
    float m = -INFINITY;
    for (int k = tid; k < chunk; k += blockDim.x) {
        int i = start + k;
        if (i < n) m = fmaxf(m, x[i]);
    }
    smax[tid] = m;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) smax[tid] = fmaxf(smax[tid], smax[tid + s]);
        __syncthreads();
    }
    if (tid == 0) block_max[blockIdx.x] = smax[0];
}

int main()
{
    const int N = 5000;
    const int N2 = 3001;
    const int N3 = 4001;
    const int NMAX = 8500;
    const int CHUNK = 1000;
    float* host = (float*)malloc(NMAX * sizeof(float));
    for (int i = 0; i < NMAX; i++) host[i] = (float)(i % 17) * 0.25f;

    float *x, *partial;
    cudaMalloc(&x, NMAX * sizeof(float));
    cudaMalloc(&partial, 64 * sizeof(float));
    cudaMemcpy(x, host, NMAX * sizeof(float), cudaMemcpyHostToDevice);

    reduce_tree<<<(N + 255) / 256, 256>>>(N, x, partial);
    reduce_unrolled_syncwarp<<<(N2 + 127) / 128, 128>>>(N2, x, partial);
    reduce_unrolled_volatile<<<(N3 + 255) / 256, 128>>>(N3, x, partial);
    reduce_max_block<<<(NMAX + CHUNK - 1) / CHUNK, 256>>>(NMAX, CHUNK, x, partial);
    cudaDeviceSynchronize();

    cudaMemcpy(host, partial, 9 * sizeof(float), cudaMemcpyDeviceToHost);
    printf("block_max[0] = %f\n", host[0]);
    free(host);
    cudaFree(x);
    cudaFree(partial);
    return 0;
}
