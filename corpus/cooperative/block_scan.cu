// Prefix sums within a block (each block scans its own segment; there is no
// carry between blocks):
//   scan_hillis_steele  inclusive, double-buffered shared array, log2(B) steps
//   scan_blelloch       exclusive, work-efficient up-sweep / down-sweep over
//                       2 * blockDim.x ints, block totals written separately
//   scan_warp_shfl_up   inclusive, __shfl_up_sync within warps, then a scan
//                       of the warp totals by warp 0
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK 256
#define SCAN_N 256   // elements per block in scan_blelloch (blockDim.x == SCAN_N / 2)

// y[i] = x[b*B] + ... + x[i] for i in block b's segment of B = blockDim.x elements
__global__ void scan_hillis_steele(int n, const float* x, float* y)
{
    __shared__ float temp[2 * BLOCK];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    int pout = 0, pin = 1;
    temp[tid] = (i < n) ? x[i] : 0.0f;
    __syncthreads();
    for (int off = 1; off < blockDim.x; off *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        if (tid >= off)
            temp[pout * blockDim.x + tid] = temp[pin * blockDim.x + tid] + temp[pin * blockDim.x + tid - off];
        else
            temp[pout * blockDim.x + tid] = temp[pin * blockDim.x + tid];
        __syncthreads();
    }
    if (i < n) y[i] = temp[pout * blockDim.x + tid];
}

// y[i] = sum of the elements before i in block b's segment of SCAN_N ints;
// block_sums[b] = the segment's total
__global__ void scan_blelloch(int n, const int* x, int* y, int* block_sums)
{
    __shared__ int temp[SCAN_N];
    int tid = threadIdx.x;
    int base = blockIdx.x * SCAN_N;
    int a = 2 * tid;
    int b = 2 * tid + 1;
    temp[a] = (base + a < n) ? x[base + a] : 0;
    temp[b] = (base + b < n) ? x[base + b] : 0;
    int offset = 1;
    for (int d = SCAN_N >> 1; d > 0; d >>= 1) {   // up-sweep (reduce)
        __syncthreads();
        if (tid < d) {
            int ai = offset * (2 * tid + 1) - 1;
            int bi = offset * (2 * tid + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (tid == 0) {
        block_sums[blockIdx.x] = temp[SCAN_N - 1];
        temp[SCAN_N - 1] = 0;
    }
    for (int d = 1; d < SCAN_N; d *= 2) {         // down-sweep
        offset >>= 1;
        __syncthreads();
        if (tid < d) {
            int ai = offset * (2 * tid + 1) - 1;
            int bi = offset * (2 * tid + 2) - 1;
            int t = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += t;
        }
    }
    __syncthreads();
    if (base + a < n) y[base + a] = temp[a];
    if (base + b < n) y[base + b] = temp[b];
}

// inclusive scan of block b's segment: lanes add the value shuffled up from
// lane - off, warp 0 scans the warp totals, every warp adds its predecessors'
__global__ void scan_warp_shfl_up(int n, const float* x, float* y)
{
    __shared__ float warp_tot[32];
    int tid = threadIdx.x;
    int lane = tid & 31;
    int warp = tid >> 5;
    int i = blockIdx.x * blockDim.x + tid;
    float v = (i < n) ? x[i] : 0.0f;
    for (int off = 1; off < 32; off <<= 1) {
        float up = __shfl_up_sync(0xffffffff, v, off);
        if (lane >= off) v += up;
    }
    if (lane == 31) warp_tot[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int nwarps = blockDim.x >> 5;
        float t = (lane < nwarps) ? warp_tot[lane] : 0.0f;
        for (int off = 1; off < 32; off <<= 1) {
            float up = __shfl_up_sync(0xffffffff, t, off);
            if (lane >= off) t += up;
        }
        if (lane < nwarps) warp_tot[lane] = t;
    }
    __syncthreads();
    if (warp > 0) v += warp_tot[warp - 1];
    if (i < n) y[i] = v;
}

int main()
{
    const int N = 3000;
    const int NB = 1700;
    float* hx = (float*)malloc(N * sizeof(float));
    int* hi = (int*)malloc(NB * sizeof(int));
    for (int i = 0; i < N; i++) hx[i] = (float)(i % 7) * 0.5f;
    for (int i = 0; i < NB; i++) hi[i] = (i % 9) - 4;

    float *x, *y;
    int *xi, *yi, *sums;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMalloc(&xi, NB * sizeof(int));
    cudaMalloc(&yi, NB * sizeof(int));
    cudaMalloc(&sums, ((NB + SCAN_N - 1) / SCAN_N) * sizeof(int));
    cudaMemcpy(x, hx, N * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(xi, hi, NB * sizeof(int), cudaMemcpyHostToDevice);

    scan_hillis_steele<<<(N + 255) / 256, 256>>>(N, x, y);
    scan_blelloch<<<(NB + SCAN_N - 1) / SCAN_N, SCAN_N / 2>>>(NB, xi, yi, sums);
    scan_warp_shfl_up<<<(N + 255) / 256, 256>>>(N, x, y);
    cudaDeviceSynchronize();

    cudaMemcpy(hi, yi, NB * sizeof(int), cudaMemcpyDeviceToHost);
    printf("y[255] = %d\n", hi[255]);
    free(hx);
    free(hi);
    cudaFree(x);
    cudaFree(y);
    cudaFree(xi);
    cudaFree(yi);
    cudaFree(sums);
    return 0;
}
