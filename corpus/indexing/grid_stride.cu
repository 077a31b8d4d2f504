// Grid-stride loops: the grid is deliberately smaller than the problem, so
// each thread handles several elements. 1-D and 2-D variants.
#include <cuda_runtime.h>

// y = a * x + b for every element
__global__ void gs_scale_shift(int n, float a, float b, const float* x, float* y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        y[i] = a * x[i] + b;
    }
}

// out = reverse(in)
__global__ void gs_reverse(int n, const int* __restrict__ src, int* __restrict__ dst)
{
    int stride = gridDim.x * blockDim.x;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    while (i < n) {
        dst[n - 1 - i] = src[i];
        i += stride;
    }
}

// Fill the w x h top-left sub-rectangle of a pitched (row length `pitch`)
// array with value + row; columns w .. pitch-1 are left untouched.
__global__ void gs_fill2d(int w, int h, int pitch, float value, float* out)
{
    for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < h; y += blockDim.y * gridDim.y) {
        for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < w; x += blockDim.x * gridDim.x) {
            out[y * pitch + x] = value + (float)y;
        }
    }
}

int main()
{
    const int N = 40000;
    const int W = 50;
    const int H = 33;
    const int PITCH = 64;
    float *x, *y, *img;
    int *src, *dst;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMalloc(&src, N * sizeof(int));
    cudaMalloc(&dst, N * sizeof(int));
    cudaMalloc(&img, H * PITCH * sizeof(float));
    cudaMemset(x, 0, N * sizeof(float));
    cudaMemset(src, 0, N * sizeof(int));
    cudaMemset(img, 0, H * PITCH * sizeof(float));

    gs_scale_shift<<<16, 128>>>(N, 3.0f, -1.0f, x, y);
    gs_reverse<<<7, 256>>>(N, src, dst);
    dim3 block(8, 8);
    dim3 grid(2, 2);
    gs_fill2d<<<grid, block>>>(W, H, PITCH, 0.5f, img);
    cudaDeviceSynchronize();

    cudaFree(x);
    cudaFree(y);
    cudaFree(src);
    cudaFree(dst);
    cudaFree(img);
    return 0;
}
