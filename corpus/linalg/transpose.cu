// Naive out-of-place transposes: a single matrix (2-D grid) and a batch of
// matrices with the batch index taken from blockIdx.z.
#include <cuda_runtime.h>

// out[cols, rows] = in[rows, cols]^T
__global__ void transpose_naive(int rows, int cols, const float* src, float* dst)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r < rows && c < cols) {
        dst[c * rows + r] = src[r * cols + c];
    }
}

// dst[b] = src[b]^T for b = blockIdx.z, int elements
__global__ void batched_transpose(int rows, int cols, const int* __restrict__ src, int* __restrict__ dst)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    int b = blockIdx.z;
    if (r >= rows || c >= cols) return;
    const int* s = src + b * rows * cols;
    int* d = dst + b * rows * cols;
    d[c * rows + r] = s[r * cols + c];
}

int main()
{
    const int ROWS = 70;
    const int COLS = 45;
    const int BATCH = 3;
    float *src, *dst;
    int *isrc, *idst;
    cudaMalloc(&src, ROWS * COLS * sizeof(float));
    cudaMalloc(&dst, ROWS * COLS * sizeof(float));
    cudaMalloc(&isrc, BATCH * ROWS * COLS * sizeof(int));
    cudaMalloc(&idst, BATCH * ROWS * COLS * sizeof(int));
    cudaMemset(src, 0, ROWS * COLS * sizeof(float));
    cudaMemset(isrc, 0, BATCH * ROWS * COLS * sizeof(int));

    dim3 block(32, 8);
    dim3 grid((COLS + 31) / 32, (ROWS + 7) / 8);
    transpose_naive<<<grid, block>>>(ROWS, COLS, src, dst);

    dim3 block3(16, 16, 1);
    dim3 grid3((COLS + 15) / 16, (ROWS + 15) / 16, BATCH);
    batched_transpose<<<grid3, block3>>>(ROWS, COLS, isrc, idst);
    cudaDeviceSynchronize();

    cudaFree(src);
    cudaFree(dst);
    cudaFree(isrc);
    cudaFree(idst);
    return 0;
}
