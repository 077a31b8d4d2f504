// A kernel templated on its element type, instantiated for float and double.
#include <cuda_runtime.h>

// y = alpha * x
template <typename T>
__global__ void scale(int n, T alpha, const T* __restrict__ x, T* __restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = alpha * x[i];
}

int main()
{
    const int N = 7777;
    float *xf, *yf;
    double *xd, *yd;
    cudaMalloc(&xf, N * sizeof(float));
    cudaMalloc(&yf, N * sizeof(float));
    cudaMalloc(&xd, N * sizeof(double));
    cudaMalloc(&yd, N * sizeof(double));
    cudaMemset(xf, 0, N * sizeof(float));
    cudaMemset(xd, 0, N * sizeof(double));

    scale<float><<<(N + 255) / 256, 256>>>(N, 1.5f, xf, yf);
    scale<double><<<(N + 127) / 128, 128>>>(N, -0.3, xd, yd);
    cudaDeviceSynchronize();

    cudaFree(xf);
    cudaFree(yf);
    cudaFree(xd);
    cudaFree(yd);
    return 0;
}
