// Matrix-vector product with one row per thread, and an in-place rank-1
// update A += alpha * u v^T over a 2-D grid.
#include <cuda_runtime.h>

// y[rows] = A[rows, cols] * x[cols]
__global__ void matvec(int rows, int cols, const float* __restrict__ A, const float* __restrict__ x,
                       float* __restrict__ y)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    const float* a_row = A + r * cols;
    float acc = 0.0f;
    for (int j = 0; j < cols; ++j) {
        acc += a_row[j] * x[j];
    }
    y[r] = acc;
}

// A[r, c] += alpha * u[r] * v[c]
__global__ void outer_update(int rows, int cols, float alpha, const float* u, const float* v, float* A)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r >= rows || c >= cols) return;
    float* a_row = A + r * cols;
    a_row[c] += alpha * u[r] * v[c];
}
