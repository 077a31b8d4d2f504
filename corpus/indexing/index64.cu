// 64-bit integer indexing and accumulation with long long values that do not
// fit in 32 bits.
#include <cuda_runtime.h>

// out[i] = base + i * stride, computed with a 64-bit thread index
__global__ void affine_index64(long long n, long long base, long long stride, long long* out)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = base + i * stride;
}

// out[i] = x[i] + x[i+1] + ... + x[i+w-1] (the window is cut at the end of the array)
__global__ void window_sum64(int n, int w, const long long* __restrict__ x, long long* __restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long acc = 0;
    for (int k = 0; k < w && i + k < n; ++k) {
        acc += x[i + k];
    }
    out[i] = acc;
}

// out[i] = (long long)a[i] * (long long)b[i] + offset, products of 32-bit ints widened to 64 bits
__global__ void widen_mul64(int n, long long offset, const int* a, const int* b, long long* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = (long long)a[i] * (long long)b[i] + offset;
    }
}

int main()
{
    const int N = 3000;
    long long *out, *x;
    int *a, *b;
    cudaMalloc(&out, N * sizeof(long long));
    cudaMalloc(&x, N * sizeof(long long));
    cudaMalloc(&a, N * sizeof(int));
    cudaMalloc(&b, N * sizeof(int));
    cudaMemset(x, 0, N * sizeof(long long));
    cudaMemset(a, 0, N * sizeof(int));
    cudaMemset(b, 0, N * sizeof(int));

    affine_index64<<<(N + 255) / 256, 256>>>(N, 5000000000LL, 3000000007LL, out);
    window_sum64<<<(N + 127) / 128, 128>>>(N, 9, x, out);
    widen_mul64<<<(N + 255) / 256, 256>>>(N, -4000000000LL, a, b, out);
    cudaDeviceSynchronize();

    cudaFree(out);
    cudaFree(x);
    cudaFree(a);
    cudaFree(b);
    return 0;
}
