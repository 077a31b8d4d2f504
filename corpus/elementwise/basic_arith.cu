// Basic element-wise float arithmetic: one element per thread, 1-D grid,
// plain bounds guard vs. early return.
#include <cuda_runtime.h>

// c = a + b
__global__ void vec_add(int n, const float* a, const float* b, float* c)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        c[i] = a[i] + b[i];
    }
}

// d = a * b - c   (nvcc may contract this into one fused multiply-add)
__global__ void vec_mul_sub(int n, const float* __restrict__ a, const float* __restrict__ b,
                            const float* __restrict__ c, float* __restrict__ d)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    d[i] = a[i] * b[i] - c[i];
}

// q = num / den   (den is kept away from zero by the test inputs)
__global__ void vec_div(int n, const float* num, const float* den, float* q)
{
    int i = threadIdx.x + blockDim.x * blockIdx.x;
    if (i >= n) return;
    float x = num[i];
    float y = den[i];
    q[i] = x / y;
}

int main()
{
    const int N = 5000;
    float *a, *b, *c, *d;
    cudaMalloc(&a, N * sizeof(float));
    cudaMalloc(&b, N * sizeof(float));
    cudaMalloc(&c, N * sizeof(float));
    cudaMalloc(&d, N * sizeof(float));
    cudaMemset(a, 0, N * sizeof(float));
    cudaMemset(b, 0, N * sizeof(float));
    cudaMemset(c, 0, N * sizeof(float));

    vec_add<<<(N + 255) / 256, 256>>>(N, a, b, c);
    vec_mul_sub<<<(N + 127) / 128, 128>>>(N, a, b, c, d);
    vec_div<<<(N + 255) / 256, 256>>>(N, a, b, d);
    cudaDeviceSynchronize();

    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    cudaFree(d);
    return 0;
}
