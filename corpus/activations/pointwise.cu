// Common neural-network activations, one element per thread.
#include <cuda_runtime.h>
#include <math.h>

// y = max(x, 0)
__global__ void relu(int n, const float* __restrict__ x, float* __restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = fmaxf(x[i], 0.0f);
}

// x = max(x, 0), in place (the output buffer is also the input)
__global__ void relu_inplace(int n, float* x)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && x[i] < 0.0f) {
        x[i] = 0.0f;
    }
}

// y = x > 0 ? x : slope * x
__global__ void leaky_relu(int n, float slope, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    y[i] = v > 0.0f ? v : slope * v;
}

// y = 1 / (1 + exp(-x))
__global__ void sigmoid(int n, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = 1.0f / (1.0f + expf(-x[i]));
}

// y = x * sigmoid(x) = x / (1 + exp(-x))
__global__ void silu(int n, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    y[i] = v / (1.0f + expf(-v));
}

// y = log(1 + exp(beta * x)) / beta, or x once beta * x exceeds threshold
__global__ void softplus(int n, float beta, float threshold, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    float z = beta * v;
    if (z > threshold) {
        y[i] = v;
    } else {
        y[i] = logf(1.0f + expf(z)) / beta;
    }
}

int main()
{
    const int N = 6000;
    float *x, *y;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMemset(x, 0, N * sizeof(float));

    relu<<<(N + 255) / 256, 256>>>(N, x, y);
    relu_inplace<<<(N + 255) / 256, 256>>>(N, y);
    leaky_relu<<<(N + 255) / 256, 256>>>(N, 0.01f, x, y);
    sigmoid<<<(N + 511) / 512, 512>>>(N, x, y);
    silu<<<(N + 255) / 256, 256>>>(N, x, y);
    softplus<<<(N + 255) / 256, 256>>>(N, 2.0f, 20.0f, x, y);
    cudaDeviceSynchronize();

    cudaFree(x);
    cudaFree(y);
    return 0;
}
