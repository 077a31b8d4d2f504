// Chains of fused multiply-adds: an explicit fmaf recurrence with a
// run-time trip count, and Horner evaluation of a polynomial whose
// coefficients live in a buffer.
#include <cuda_runtime.h>
#include <math.h>

// v <- fmaf(v, a, b), applied `iters` times starting from x[i]
__global__ void fma_chain(int n, int iters, float a, float b, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    for (int k = 0; k < iters; ++k) {
        v = fmaf(v, a, b);
    }
    y[i] = v;
}

// y = c[0] + c[1] x + ... + c[degree] x^degree, by Horner's rule
__global__ void horner_poly(int n, int degree, const float* __restrict__ coeffs,
                            const float* __restrict__ x, float* __restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float xv = x[i];
        float acc = coeffs[degree];
        int k = degree - 1;
        while (k >= 0) {
            acc = fmaf(acc, xv, coeffs[k]);
            k = k - 1;
        }
        y[i] = acc;
    }
}

int main()
{
    const int N = 4099;
    const int DEGREE = 6;
    float *x, *y, *coeffs;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMalloc(&coeffs, (DEGREE + 1) * sizeof(float));
    cudaMemset(x, 0, N * sizeof(float));
    cudaMemset(coeffs, 0, (DEGREE + 1) * sizeof(float));

    fma_chain<<<(N + 255) / 256, 256>>>(N, 8, 0.875f, 0.125f, x, y);
    horner_poly<<<(N + 63) / 64, 64>>>(N, DEGREE, coeffs, x, y);
    cudaDeviceSynchronize();

    cudaFree(x);
    cudaFree(y);
    cudaFree(coeffs);
    return 0;
}
