// GELU in its two usual forms: the tanh approximation and the exact erf form.
#include <cuda_runtime.h>
#include <math.h>

// 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
__global__ void gelu_tanh(int n, const float* __restrict__ x, float* __restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    float inner = 0.7978845608f * (v + 0.044715f * v * v * v);
    y[i] = 0.5f * v * (1.0f + tanhf(inner));
}

// 0.5 x (1 + erf(x / sqrt(2)))
__global__ void gelu_erf(int n, const float* __restrict__ x, float* __restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    y[i] = 0.5f * v * (1.0f + erff(v * 0.70710678118654752f));
}

int main()
{
    const int N = 3333;
    float *x, *y;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMemset(x, 0, N * sizeof(float));

    gelu_tanh<<<(N + 255) / 256, 256>>>(N, x, y);
    gelu_erf<<<(N + 255) / 256, 256>>>(N, x, y);
    cudaDeviceSynchronize();

    cudaFree(x);
    cudaFree(y);
    return 0;
}
