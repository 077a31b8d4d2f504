// Privatised histograms: each block counts into __shared__ int bins with
// atomicAdd, then adds its bins to the global histogram with atomicAdd.
// Integer counts, so the result is exact whatever order the atomics run in.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define NBINS 64

// bins[k % NBINS] += 1 for every key k (keys are >= 0); a fixed grid strides over the keys
__global__ void histogram_shared(int n, const int* keys, int* bins)
{
    __shared__ int sbins[NBINS];
    for (int b = threadIdx.x; b < NBINS; b += blockDim.x) sbins[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&sbins[keys[i] % NBINS], 1);
    __syncthreads();
    for (int b = threadIdx.x; b < NBINS; b += blockDim.x) {
        if (sbins[b] != 0) atomicAdd(&bins[b], sbins[b]);
    }
}

// bins[(int)((x - lo) * scale)] += 1, bin clamped to [0, nbins); nbins <= NBINS,
// one element per thread
__global__ void histogram_float_bins(int n, int nbins, float lo, float scale, const float* x, int* bins)
{
    __shared__ int sbins[NBINS];
    int tid = threadIdx.x;
    if (tid < nbins) sbins[tid] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + tid;
    if (i < n) {
        int b = (int)((x[i] - lo) * scale);
        b = min(max(b, 0), nbins - 1);
        atomicAdd(&sbins[b], 1);
    }
    __syncthreads();
    if (tid < nbins) atomicAdd(&bins[tid], sbins[tid]);
}

int main()
{
    const int N = 20000;
    const int NF = 5000;
    const int NB = 40;
    int* hk = (int*)malloc(N * sizeof(int));
    float* hx = (float*)malloc(NF * sizeof(float));
    int* hb = (int*)malloc(NBINS * sizeof(int));
    for (int i = 0; i < N; i++) hk[i] = (i * 7919) % 1000;
    for (int i = 0; i < NF; i++) hx[i] = -2.0f + 4.0f * (float)(i % 997) / 997.0f;
    for (int b = 0; b < NBINS; b++) hb[b] = 0;

    int *keys, *bins, *fbins;
    float* x;
    cudaMalloc(&keys, N * sizeof(int));
    cudaMalloc(&bins, NBINS * sizeof(int));
    cudaMalloc(&fbins, NB * sizeof(int));
    cudaMalloc(&x, NF * sizeof(float));
    cudaMemcpy(keys, hk, N * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(bins, hb, NBINS * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(fbins, hb, NB * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(x, hx, NF * sizeof(float), cudaMemcpyHostToDevice);

    histogram_shared<<<8, 256>>>(N, keys, bins);
    histogram_float_bins<<<(NF + 127) / 128, 128>>>(NF, NB, -2.0f, 10.0f, x, fbins);
    cudaDeviceSynchronize();

    cudaMemcpy(hb, bins, NBINS * sizeof(int), cudaMemcpyDeviceToHost);
    printf("bins[0] = %d\n", hb[0]);
    free(hk);
    free(hx);
    free(hb);
    cudaFree(keys);
    cudaFree(bins);
    cudaFree(fbins);
    cudaFree(x);
    return 0;
}
