// Warp-level cooperation without shared memory (except to combine warps):
//   reduce_shfl_down     __shfl_down_sync loop in a __device__ helper, warp
//                        sums combined through shared memory by warp 0
//   allreduce_shfl_xor   __shfl_xor_sync butterfly: every lane ends with the sum
//   warp_broadcast_lane  lane / warp arithmetic (% 32, & 31, >> 5) and
//                        __shfl_sync from lane 0 and from a computed lane
//   ballot_vote          __ballot_sync counted with __popc, __any_sync, __all_sync
//   legacy_warp_sum      the pre-CUDA 9 spellings older samples use (no mask): an int warp sum with
//                        __shfl_down, broadcast back with __shfl, inside a branch some lanes skip
// Threads past n take part in every shuffle and vote with a neutral value;
// only their stores are skipped.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

// sum of v over the 32 lanes, valid in lane 0
__device__ float warp_reduce_sum(float v)
{
    for (int off = 16; off > 0; off >>= 1)
        v += __shfl_down_sync(0xffffffff, v, off);
    return v;
}

// partial[b] = sum of block b's elements: shuffle reduction per warp, warp sums
// in shared memory, then warp 0 reduces them with the same helper
__global__ void reduce_shfl_down(int n, const float* x, float* partial)
{
    __shared__ float warp_sums[32];
    int tid = threadIdx.x;
    int lane = tid % 32;
    int warp = tid / 32;
    int i = blockIdx.x * blockDim.x + tid;
    float v = (i < n) ? x[i] : 0.0f;
    v = warp_reduce_sum(v);
    if (lane == 0) warp_sums[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int nwarps = blockDim.x / 32;
        v = (lane < nwarps) ? warp_sums[lane] : 0.0f;
        v = warp_reduce_sum(v);
        if (lane == 0) partial[blockIdx.x] = v;
    }
}

// y[i] = x[i] - (sum over the thread's warp) / 32; the butterfly leaves the same
// sum in every lane, so no broadcast is needed
__global__ void allreduce_shfl_xor(int n, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (i < n) ? x[i] : 0.0f;
    float s = v;
    for (int mask = 16; mask >= 1; mask /= 2)
        s += __shfl_xor_sync(0xffffffff, s, mask);
    if (i < n) y[i] = v - s * (1.0f / 32.0f);
}

// y[i] = x[i] - (first element of its warp), rev[i] = element of the mirrored lane;
// leaders[global warp index] = the warp's first element (0 for a warp wholly past n)
__global__ void warp_broadcast_lane(int n, const float* x, float* y, float* rev, float* leaders)
{
    int lane = threadIdx.x & 31;
    int warp = threadIdx.x >> 5;
    int warps_per_block = blockDim.x >> 5;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (i < n) ? x[i] : 0.0f;
    float first = __shfl_sync(0xffffffff, v, 0);
    float mirrored = __shfl_sync(0xffffffff, v, 31 - lane);
    if (i < n) {
        y[i] = v - first;
        rev[i] = mirrored;
    }
    if (threadIdx.x % 32 == 31) leaders[blockIdx.x * warps_per_block + warp] = first;
}

// per warp w (global index): masks[w] = ballot of x > hi, counts[w] = its popcount,
// any_hi[w] = any lane with x > hi, all_lo[w] = every lane has x > lo (lanes past n vote false)
__global__ void ballot_vote(int n, float lo, float hi, const float* x, unsigned int* masks, int* counts,
                            int* any_hi, int* all_lo)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    int w = i / 32;
    float v = (i < n) ? x[i] : 0.0f;
    int above_hi = (i < n) && (v > hi);
    int above_lo = (i < n) && (v > lo);
    unsigned int ballot = __ballot_sync(0xffffffff, above_hi);
    int any = __any_sync(0xffffffff, above_hi);
    int all = __all_sync(0xffffffff, above_lo);
    if (lane == 0) {
        masks[w] = ballot;
        counts[w] = __popc(ballot);
        any_hi[w] = any ? 1 : 0;
        all_lo[w] = all ? 1 : 0;
    }
}

// per warp: the sum of x (ints, exact) at lane 0; every lane of the first half of each block adds it to
// its element through __shfl (exchanges among the lanes of that branch only, as CUDA 8 defines them)
__global__ void legacy_warp_sum(int n, const int* x, int* sums, int* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? x[i] : 0;
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down(v, offset);
    if (threadIdx.x % 32 == 0) sums[i / 32] = v;
    if (threadIdx.x < 64) {
        int total = __shfl(v, 0);
        int next = __shfl_down(i < n ? x[i] : 0, 1, 16);
        if (i < n) y[i] = x[i] + total + (threadIdx.x % 16 == 15 ? 0 : next);
    }
}

int main()
{
    const int N = 3000;
    const int BLOCKS = (N + 127) / 128;
    const int WARPS = BLOCKS * 4;
    float* host = (float*)malloc(N * sizeof(float));
    for (int i = 0; i < N; i++) host[i] = (float)((i * 37) % 101) / 101.0f;

    float *x, *y, *rev, *partial, *leaders;
    unsigned int* masks;
    int *counts, *any_hi, *all_lo;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMalloc(&rev, N * sizeof(float));
    cudaMalloc(&partial, 16 * sizeof(float));
    cudaMalloc(&leaders, WARPS * sizeof(float));
    cudaMalloc(&masks, WARPS * sizeof(unsigned int));
    cudaMalloc(&counts, WARPS * sizeof(int));
    cudaMalloc(&any_hi, WARPS * sizeof(int));
    cudaMalloc(&all_lo, WARPS * sizeof(int));
    cudaMemcpy(x, host, N * sizeof(float), cudaMemcpyHostToDevice);

    reduce_shfl_down<<<(N + 255) / 256, 256>>>(N, x, partial);
    allreduce_shfl_xor<<<BLOCKS, 128>>>(N, x, y);
    warp_broadcast_lane<<<BLOCKS, 128>>>(N, x, y, rev, leaders);
    ballot_vote<<<BLOCKS, 128>>>(N, 0.02f, 0.97f, x, masks, counts, any_hi, all_lo);
    cudaDeviceSynchronize();

    int* hc = (int*)malloc(WARPS * sizeof(int));
    cudaMemcpy(hc, counts, WARPS * sizeof(int), cudaMemcpyDeviceToHost);
    printf("counts[0] = %d\n", hc[0]);
    free(hc);
    free(host);
    cudaFree(x);
    cudaFree(y);
    cudaFree(rev);
    cudaFree(partial);
    cudaFree(leaders);
    cudaFree(masks);
    cudaFree(counts);
    cudaFree(any_hi);
    cudaFree(all_lo);
    return 0;
}
