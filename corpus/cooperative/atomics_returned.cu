// Global atomics whose return value (the old contents) is used.
//   bucket_fill_int    stream compaction into per-bucket lists: the int
//                      atomicAdd on the bucket's counter hands out the slot
//   bucket_fill_float  the same with float counters: atomicAdd(&c, 1.0f)
//                      returns the old count as a float, cast to the slot index
//   scatter_add_prev   float atomicAdd through a permutation; the returned old
//                      value is stored per element
// The slot a thread gets depends on the order the atomics run in, so each
// list is filled with a value that is the same for every element of that
// bucket; the outputs (counts, filled prefixes) then do not depend on the
// order. Slots at or past cap are dropped (the count still goes up).
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

// key k (0 <= k < nbuckets) goes to list k: counts[k] += 1, lists[k * cap + slot] = k
__global__ void bucket_fill_int(int n, int cap, const int* keys, int* counts, int* lists)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int k = keys[i];
    int slot = atomicAdd(&counts[k], 1);
    if (slot < cap) lists[k * cap + slot] = k;
}

// value v in [0, 1) goes to bucket b = (int)(v * nbuckets); the list stores the
// bucket centre (b + 0.5) / nbuckets; the counters are floats holding integers
__global__ void bucket_fill_float(int n, int nbuckets, int cap, const float* x, float* counts, float* lists)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int b = (int)(x[i] * nbuckets);
        b = min(b, nbuckets - 1);
        float old = atomicAdd(&counts[b], 1.0f);
        int slot = (int)old;
        if (slot < cap) lists[b * cap + slot] = ((float)b + 0.5f) / (float)nbuckets;
    }
}

// acc[perm[i]] += x[i] with prev[i] = the value it replaced; every target is hit once
__global__ void scatter_add_prev(int n, const int* perm, const float* x, float* acc, float* prev)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) prev[i] = atomicAdd(&acc[perm[i]], x[i]);
}

int main()
{
    const int N = 3000;
    const int NBUCKETS = 16;   // bucket_fill_int: 16 lists of 160 slots
    const int CAP = 160;
    const int NBUCKETS_F = 12; // bucket_fill_float: 12 lists of 320 slots
    const int CAP_F = 320;
    int* hk = (int*)malloc(N * sizeof(int));
    float* hx = (float*)malloc(N * sizeof(float));
    int* hc = (int*)malloc(NBUCKETS * sizeof(int));
    float* hf = (float*)malloc(NBUCKETS_F * sizeof(float));
    for (int i = 0; i < N; i++) {
        hk[i] = (i * 5) % NBUCKETS;
        hx[i] = (float)((i * 37) % 1000) / 1000.0f;
    }
    for (int b = 0; b < NBUCKETS; b++) hc[b] = 0;
    for (int b = 0; b < NBUCKETS_F; b++) hf[b] = 0.0f;

    int *keys, *counts, *lists, *perm;
    float *x, *fcounts, *flists, *acc, *prev;
    cudaMalloc(&keys, N * sizeof(int));
    cudaMalloc(&counts, NBUCKETS * sizeof(int));
    cudaMalloc(&lists, NBUCKETS * CAP * sizeof(int));
    cudaMalloc(&perm, N * sizeof(int));
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&fcounts, NBUCKETS_F * sizeof(float));
    cudaMalloc(&flists, NBUCKETS_F * CAP_F * sizeof(float));
    cudaMalloc(&acc, N * sizeof(float));
    cudaMalloc(&prev, N * sizeof(float));
    cudaMemcpy(keys, hk, N * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(counts, hc, NBUCKETS * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(x, hx, N * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(fcounts, hf, NBUCKETS_F * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(acc, hx, N * sizeof(float), cudaMemcpyHostToDevice);
    for (int i = 0; i < N; i++) hk[i] = N - 1 - i;
    cudaMemcpy(perm, hk, N * sizeof(int), cudaMemcpyHostToDevice);

    bucket_fill_int<<<(N + 255) / 256, 256>>>(N, CAP, keys, counts, lists);
    bucket_fill_float<<<(N + 255) / 256, 256>>>(N, NBUCKETS_F, CAP_F, x, fcounts, flists);
    scatter_add_prev<<<(N + 127) / 128, 128>>>(N, perm, x, acc, prev);
    cudaDeviceSynchronize();

    cudaMemcpy(hc, counts, NBUCKETS * sizeof(int), cudaMemcpyDeviceToHost);
    printf("counts[0] = %d\n", hc[0]);
    free(hk);
    free(hx);
    free(hc);
    free(hf);
    cudaFree(keys);
    cudaFree(counts);
    cudaFree(lists);
    cudaFree(perm);
    cudaFree(x);
    cudaFree(fcounts);
    cudaFree(flists);
    cudaFree(acc);
    cudaFree(prev);
    return 0;
}
