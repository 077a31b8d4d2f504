// Loads and stores with cache hints, as streaming kernels write them: the data are read once
// (__ldcs: evict first, __ldlu: last use), reused across blocks (__ldcg: cache at L2 only), and the
// results written once (__stcs: streaming, __stwt: write through, __stcg, __stwb). The hints change
// where the bytes are cached, never the values: each is a plain load or store.
//   scale_shift_stream   y = a * x + b[col] over rows, every access hinted
//   axpy_hinted_ptr      the hinted pointer advanced by hand (`__ldca(x + i)`, `__stwb(y + i, v)`)
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

__global__ void scale_shift_stream(int rows, int cols, float a, const float* x, const float* b, float* y,
                                   float* row_last)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows * cols) {
        int col = i % cols;
        float v = a * __ldcs(&x[i]) + __ldcg(&b[col]);
        __stcs(&y[i], v);
        if (col == cols - 1)
            __stwt(&row_last[i / cols], __ldlu(&x[i]) + __ldcv(&b[col]));
    }
}

__global__ void axpy_hinted_ptr(int n, double a, const double* x, double* y, double* old)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double prev = __ldca(y + i);
        __stcg(old + i, prev);
        __stwb(y + i, a * __ldca(x + i) + prev);
    }
}

int main()
{
    const int ROWS = 37, COLS = 53, N = ROWS * COLS;
    float *x, *b, *y, *last;
    double *dx, *dy, *dold;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&b, COLS * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMalloc(&last, ROWS * sizeof(float));
    cudaMalloc(&dx, N * sizeof(double));
    cudaMalloc(&dy, N * sizeof(double));
    cudaMalloc(&dold, N * sizeof(double));
    scale_shift_stream<<<(N + 127) / 128, 128>>>(ROWS, COLS, 1.5f, x, b, y, last);
    axpy_hinted_ptr<<<(N + 255) / 256, 256>>>(N, -0.25, dx, dy, dold);
    cudaDeviceSynchronize();
    printf("done\n");
    cudaFree(x);
    cudaFree(b);
    cudaFree(y);
    cudaFree(last);
    cudaFree(dx);
    cudaFree(dy);
    cudaFree(dold);
    return 0;
}
