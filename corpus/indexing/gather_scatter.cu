// Indirect addressing through int32 index arrays: gather, scatter through a
// permutation (no two threads write the same element), and an embedding-style
// row gather with a local row pointer.
#include <cuda_runtime.h>

// out[i] = src[idx[i]]
__global__ void gather(int n, const int* __restrict__ idx, const float* __restrict__ src, float* __restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = src[idx[i]];
}

// out[perm[i]] = src[i]
__global__ void scatter(int n, const int* perm, const float* src, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int j = perm[i];
        out[j] = src[i];
    }
}

// out[r, c] = table[row_idx[r], c]; x -> column, y -> output row
__global__ void gather_rows(int rows, int cols, const int* row_idx, const float* table, float* out)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    if (r >= rows || c >= cols) return;
    const float* src_row = table + row_idx[r] * cols;
    out[r * cols + c] = src_row[c];
}

int main()
{
    const int N = 5000;
    const int M = 3000;
    const int ROWS = 37;
    const int COLS = 24;
    const int TABLE_ROWS = 100;
    int *idx, *row_idx;
    float *src, *out, *table, *emb;
    cudaMalloc(&idx, N * sizeof(int));
    cudaMalloc(&src, N * sizeof(float));
    cudaMalloc(&out, N * sizeof(float));
    cudaMalloc(&row_idx, ROWS * sizeof(int));
    cudaMalloc(&table, TABLE_ROWS * COLS * sizeof(float));
    cudaMalloc(&emb, ROWS * COLS * sizeof(float));
    cudaMemset(idx, 0, N * sizeof(int));
    cudaMemset(row_idx, 0, ROWS * sizeof(int));
    cudaMemset(src, 0, N * sizeof(float));
    cudaMemset(table, 0, TABLE_ROWS * COLS * sizeof(float));

    gather<<<(N + 255) / 256, 256>>>(N, idx, src, out);
    scatter<<<(M + 255) / 256, 256>>>(M, idx, src, out);
    dim3 block(32, 4);
    dim3 grid((COLS + 31) / 32, (ROWS + 3) / 4);
    gather_rows<<<grid, block>>>(ROWS, COLS, row_idx, table, emb);
    cudaDeviceSynchronize();

    cudaFree(idx);
    cudaFree(src);
    cudaFree(out);
    cudaFree(row_idx);
    cudaFree(table);
    cudaFree(emb);
    return 0;
}
