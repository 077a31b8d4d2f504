// Naive 5-point Laplacian on a row-major height x width grid, 2-D blocks.
// Only interior points are written; the boundary of `out` keeps its contents.
// The input parameter is deliberately named `in`, a keyword in Python.
#include <cuda_runtime.h>

__global__ void laplace2d(int width, int height, float inv_h2, const float* in, float* out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) return;
    int c = y * width + x;
    float sum = in[c - 1] + in[c + 1] + in[c - width] + in[c + width];
    out[c] = (sum - 4.0f * in[c]) * inv_h2;
}

int main()
{
    const int W = 100;
    const int H = 70;
    float *in, *out;
    cudaMalloc(&in, W * H * sizeof(float));
    cudaMalloc(&out, W * H * sizeof(float));
    cudaMemset(in, 0, W * H * sizeof(float));
    cudaMemset(out, 0, W * H * sizeof(float));

    dim3 block(16, 16);
    dim3 grid((W + 15) / 16, (H + 15) / 16);
    laplace2d<<<grid, block>>>(W, H, 4.0f, in, out);
    cudaDeviceSynchronize();

    cudaFree(in);
    cudaFree(out);
    return 0;
}
