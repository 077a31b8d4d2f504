// Explicit conversions between float, int, unsigned, long long and double.
// float -> integer casts truncate toward zero.
#include <cuda_runtime.h>
#include <math.h>

// yi = (int)x, yu = (unsigned)max(x, 0), yl = (long long)(x * 1e7f)
__global__ void float_to_int(int n, const float* x, int* yi, unsigned* yu, long long* yl)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    yi[i] = (int)v;
    yu[i] = (unsigned)fmaxf(v, 0.0f);
    yl[i] = (long long)(v * 1.0e7f);
}

// y = (float)x * scale   (int -> float rounds to nearest for |x| > 2^24)
__global__ void int_to_float(int n, float scale, const int* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = (float)x[i] * scale;
}

// wide = (double)x / 3.0 computed in double; narrow = (float)wide
__global__ void float_double_roundtrip(int n, const float* x, double* wide, float* narrow)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double d = (double)x[i] / 3.0;
    wide[i] = d;
    narrow[i] = (float)d;
}

// bucket = ((int)(x * 10.0f)) % 7 (the sign follows the dividend) and
// frac = x - (float)(int)x
__global__ void trunc_mod(int n, const float* x, int* bucket, float* frac)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        int t = (int)(v * 10.0f);
        bucket[i] = t % 7;
        frac[i] = v - (float)(int)v;
    }
}

int main()
{
    const int N = 4000;
    float *x, *y, *narrow;
    int *xi, *yi;
    unsigned* yu;
    long long* yl;
    double* wide;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMalloc(&narrow, N * sizeof(float));
    cudaMalloc(&xi, N * sizeof(int));
    cudaMalloc(&yi, N * sizeof(int));
    cudaMalloc(&yu, N * sizeof(unsigned));
    cudaMalloc(&yl, N * sizeof(long long));
    cudaMalloc(&wide, N * sizeof(double));
    cudaMemset(x, 0, N * sizeof(float));
    cudaMemset(xi, 0, N * sizeof(int));

    float_to_int<<<(N + 255) / 256, 256>>>(N, x, yi, yu, yl);
    int_to_float<<<(N + 255) / 256, 256>>>(N, 0.001f, xi, y);
    float_double_roundtrip<<<(N + 255) / 256, 256>>>(N, x, wide, narrow);
    trunc_mod<<<(N + 255) / 256, 256>>>(N, x, yi, y);
    cudaDeviceSynchronize();

    cudaFree(x);
    cudaFree(y);
    cudaFree(narrow);
    cudaFree(xi);
    cudaFree(yi);
    cudaFree(yu);
    cudaFree(yl);
    cudaFree(wide);
    return 0;
}
