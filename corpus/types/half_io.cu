// Half-precision I/O: __half buffers read with __half2float and written with
// __float2half; the arithmetic itself is done in float.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// y = half(a * float(x) + b)
__global__ void half_scale_bias(int n, float a, float b, const __half* x, __half* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = __half2float(x[i]);
    y[i] = __float2half(a * v + b);
}

// y = float(x)   (exact widening)
__global__ void half_to_float(int n, const __half* __restrict__ x, float* __restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = __half2float(x[i]);
}

// y = half(x)    (round to nearest even, overflow to inf not exercised)
__global__ void float_to_half(int n, const float* __restrict__ x, __half* __restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = __float2half(x[i]);
}

// y = half(float(a) * float(b) + c) with a float32 accumulator input c
__global__ void half_mul_add_mixed(int n, const __half* a, const __half* b, const float* c, __half* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float prod = __half2float(a[i]) * __half2float(b[i]);
    y[i] = __float2half(prod + c[i]);
}

int main()
{
    const int N = 5000;
    __half *xh, *yh, *bh;
    float *xf, *yf;
    cudaMalloc(&xh, N * sizeof(__half));
    cudaMalloc(&yh, N * sizeof(__half));
    cudaMalloc(&bh, N * sizeof(__half));
    cudaMalloc(&xf, N * sizeof(float));
    cudaMalloc(&yf, N * sizeof(float));
    cudaMemset(xh, 0, N * sizeof(__half));
    cudaMemset(bh, 0, N * sizeof(__half));
    cudaMemset(xf, 0, N * sizeof(float));

    half_scale_bias<<<(N + 255) / 256, 256>>>(N, 1.5f, -0.25f, xh, yh);
    half_to_float<<<(N + 255) / 256, 256>>>(N, xh, yf);
    float_to_half<<<(N + 255) / 256, 256>>>(N, xf, yh);
    half_mul_add_mixed<<<(N + 127) / 128, 128>>>(N, xh, bh, xf, yh);
    cudaDeviceSynchronize();

    cudaFree(xh);
    cudaFree(yh);
    cudaFree(bh);
    cudaFree(xf);
    cudaFree(yf);
    return 0;
}
