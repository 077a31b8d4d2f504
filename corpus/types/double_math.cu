// Double-precision kernels: double scalars and buffers, exp/sqrt in double,
// and float data accumulated in double.
#include <cuda_runtime.h>
#include <math.h>

// y = a * x + y
__global__ void daxpy(int n, double a, const double* x, double* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = a * x[i] + y[i];
}

// Normal probability density with mean mu and standard deviation sigma
__global__ void gauss_pdf(int n, double mu, double sigma, const double* __restrict__ x, double* __restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double z = (x[i] - mu) / sigma;
    y[i] = exp(-0.5 * z * z) / (sigma * sqrt(2.0 * 3.14159265358979323846));
}

// r = sqrt(a^2 + b^2 + c^2)
__global__ void hypot3(int n, const double* a, const double* b, const double* c, double* r)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double x = a[i];
        double y = b[i];
        double z = c[i];
        r[i] = sqrt(x * x + y * y + z * z);
    }
}

// out[r] = sum over the row of (double)x[r, j]; one row per thread
__global__ void row_sum_double(int rows, int cols, const float* x, double* out)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* row = x + r * cols;
    double acc = 0.0;
    for (int j = 0; j < cols; ++j) {
        acc += (double)row[j];
    }
    out[r] = acc;
}

int main()
{
    const int N = 2000;
    const int ROWS = 100;
    const int COLS = 77;
    double *a, *b, *c, *r, *sums;
    float* x;
    cudaMalloc(&a, N * sizeof(double));
    cudaMalloc(&b, N * sizeof(double));
    cudaMalloc(&c, N * sizeof(double));
    cudaMalloc(&r, N * sizeof(double));
    cudaMalloc(&sums, ROWS * sizeof(double));
    cudaMalloc(&x, ROWS * COLS * sizeof(float));
    cudaMemset(a, 0, N * sizeof(double));
    cudaMemset(b, 0, N * sizeof(double));
    cudaMemset(c, 0, N * sizeof(double));
    cudaMemset(x, 0, ROWS * COLS * sizeof(float));

    daxpy<<<(N + 255) / 256, 256>>>(N, -1.75, a, b);
    gauss_pdf<<<(N + 255) / 256, 256>>>(N, 0.5, 2.0, a, r);
    hypot3<<<(N + 127) / 128, 128>>>(N, a, b, c, r);
    row_sum_double<<<(ROWS + 31) / 32, 32>>>(ROWS, COLS, x, sums);
    cudaDeviceSynchronize();

    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    cudaFree(r);
    cudaFree(sums);
    cudaFree(x);
    return 0;
}
