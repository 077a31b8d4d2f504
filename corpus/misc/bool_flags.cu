// bool scalar parameters steering control flow, and bool buffers
// (one byte per element) written and read by kernels.
#include <cuda_runtime.h>
#include <math.h>

// v = use_abs ? |x| : x; v *= s; y = accumulate ? y + v : v
__global__ void scale_flags(int n, float s, bool use_abs, bool accumulate, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    if (use_abs) {
        v = fabsf(v);
    }
    v = v * s;
    if (accumulate) {
        y[i] += v;
    } else {
        y[i] = v;
    }
}

// mask = x > t
__global__ void threshold_mask(int n, float t, const float* x, bool* mask)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) mask[i] = x[i] > t;
}

// y = value where mask (or where !mask if invert), else y unchanged
__global__ void masked_fill(int n, float value, bool invert, const bool* mask, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    bool m = mask[i];
    if (invert) m = !m;
    if (m) y[i] = value;
}

int main()
{
    const int N = 3000;
    float *x, *y;
    bool* mask;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMalloc(&mask, N * sizeof(bool));
    cudaMemset(x, 0, N * sizeof(float));
    cudaMemset(y, 0, N * sizeof(float));

    scale_flags<<<(N + 255) / 256, 256>>>(N, 0.5f, true, false, x, y);
    scale_flags<<<(N + 255) / 256, 256>>>(N, -2.0f, false, true, x, y);
    threshold_mask<<<(N + 255) / 256, 256>>>(N, 0.25f, x, mask);
    masked_fill<<<(N + 255) / 256, 256>>>(N, -7.0f, false, mask, y);
    masked_fill<<<(N + 255) / 256, 256>>>(N, 3.0f, true, mask, y);
    cudaDeviceSynchronize();

    cudaFree(x);
    cudaFree(y);
    cudaFree(mask);
    return 0;
}
