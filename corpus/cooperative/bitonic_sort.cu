// Bitonic sort of 256 int keys per block in shared memory. The nested loops
// over the stage size k and the distance j have uniform trip counts, with a
// __syncthreads() after every compare-exchange step; the partner of thread t
// is t ^ j, and the lower thread of each pair does the exchange. The last
// block is padded with keys that sort to the end and are not written back.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define SORT_N 256
#define KEY_MAX 0x7fffffff
#define KEY_MIN (-KEY_MAX - 1)

// sorts each 256-key segment of keys ascending, in place; blockDim.x == SORT_N
__global__ void bitonic_sort256(int n, int* keys)
{
    __shared__ int s[SORT_N];
    int t = threadIdx.x;
    int i = blockIdx.x * SORT_N + t;
    s[t] = (i < n) ? keys[i] : KEY_MAX;
    __syncthreads();
    for (int k = 2; k <= SORT_N; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            int p = t ^ j;
            if (p > t) {
                int a = s[t];
                int b = s[p];
                bool up = (t & k) == 0;
                if (up ? (a > b) : (a < b)) {
                    s[t] = b;
                    s[p] = a;
                }
            }
            __syncthreads();
        }
    }
    if (i < n) keys[i] = s[t];
}

// sorts (key, value) pairs of each segment by key, ascending or descending;
// keys must be distinct (the sort is not stable)
__global__ void bitonic_sort_kv(int n, bool descending, const int* keys, const float* vals, int* keys_out,
                                float* vals_out)
{
    __shared__ int sk[SORT_N];
    __shared__ float sv[SORT_N];
    int t = threadIdx.x;
    int i = blockIdx.x * SORT_N + t;
    int pad = descending ? KEY_MIN : KEY_MAX;
    sk[t] = (i < n) ? keys[i] : pad;
    sv[t] = (i < n) ? vals[i] : 0.0f;
    __syncthreads();
    for (int k = 2; k <= SORT_N; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            int p = t ^ j;
            if (p > t) {
                bool up = ((t & k) == 0) != descending;
                int a = sk[t];
                int b = sk[p];
                if (up ? (a > b) : (a < b)) {
                    float va = sv[t];
                    sk[t] = b;
                    sk[p] = a;
                    sv[t] = sv[p];
                    sv[p] = va;
                }
            }
            __syncthreads();
        }
    }
    if (i < n) {
        keys_out[i] = sk[t];
        vals_out[i] = sv[t];
    }
}

int main()
{
    const int N = 1243;
    const int NKV = 1000;
    int* hk = (int*)malloc(N * sizeof(int));
    float* hv = (float*)malloc(NKV * sizeof(float));
    for (int i = 0; i < N; i++) hk[i] = (i * 7919) % 2003 - 1000;
    for (int i = 0; i < NKV; i++) hv[i] = (float)i;

    int *keys, *keys_out;
    float *vals, *vals_out;
    cudaMalloc(&keys, N * sizeof(int));
    cudaMalloc(&keys_out, NKV * sizeof(int));
    cudaMalloc(&vals, NKV * sizeof(float));
    cudaMalloc(&vals_out, NKV * sizeof(float));
    cudaMemcpy(keys, hk, N * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(vals, hv, NKV * sizeof(float), cudaMemcpyHostToDevice);

    bitonic_sort256<<<(N + SORT_N - 1) / SORT_N, SORT_N>>>(N, keys);
    cudaDeviceSynchronize();
    // keys of the first NKV positions are distinct: (i * 7919) % 2003 is a bijection below 2003
    bitonic_sort_kv<<<(NKV + SORT_N - 1) / SORT_N, SORT_N>>>(NKV, false, keys, vals, keys_out, vals_out);
    bitonic_sort_kv<<<(NKV + SORT_N - 1) / SORT_N, SORT_N>>>(NKV, true, keys, vals, keys_out, vals_out);
    cudaDeviceSynchronize();

    cudaMemcpy(hk, keys_out, NKV * sizeof(int), cudaMemcpyDeviceToHost);
    printf("smallest key of segment 0 (descending run) = %d\n", hk[255]);
    free(hk);
    free(hv);
    cudaFree(keys);
    cudaFree(keys_out);
    cudaFree(vals);
    cudaFree(vals_out);
    return 0;
}
