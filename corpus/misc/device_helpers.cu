// Kernels built from __device__ helper functions: a helper that calls
// another helper, helpers that return from both branches of an if/else,
// and an integer index helper with several returns.
#include <cuda_runtime.h>
#include <math.h>

__device__ float clamp01(float v)
{
    return fminf(fmaxf(v, 0.0f), 1.0f);
}

// Hermite smoothstep between e0 and e1 (calls clamp01)
__device__ float smoothstep(float e0, float e1, float v)
{
    float t = clamp01((v - e0) / (e1 - e0));
    return t * t * (3.0f - 2.0f * t);
}

// -v/2 for negative v, v^2 otherwise
__device__ float piecewise(float v)
{
    if (v < 0.0f) {
        return -v * 0.5f;
    } else {
        return v * v;
    }
}

// Periodic wrap of an index that is at most one period outside [0, n)
__device__ int wrap_index(int i, int n)
{
    if (i < 0) {
        return i + n;
    } else if (i >= n) {
        return i - n;
    }
    return i;
}

// y = smoothstep(e0, e1, x) + piecewise(x)
__global__ void shade(int n, float e0, float e1, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    y[i] = smoothstep(e0, e1, v) + piecewise(v);
}

// y[i] = (x[i+1] - x[i-1]) * inv_2h with periodic boundaries
__global__ void periodic_diff(int n, float inv_2h, const float* __restrict__ x, float* __restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float right = x[wrap_index(i + 1, n)];
    float left = x[wrap_index(i - 1, n)];
    y[i] = (right - left) * inv_2h;
}

int main()
{
    const int N = 2049;
    float *x, *y;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMemset(x, 0, N * sizeof(float));

    shade<<<(N + 255) / 256, 256>>>(N, -0.5f, 1.5f, x, y);
    periodic_diff<<<(N + 127) / 128, 128>>>(N, 50.0f, x, y);
    cudaDeviceSynchronize();

    cudaFree(x);
    cudaFree(y);
    return 0;
}
