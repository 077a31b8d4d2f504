// Tiled transpose through shared memory: a 32x8 block moves a 32x32 tile, each
// thread handling 4 rows (j = 0, 8, 16, 24). The tile has 33 columns so that
// the column-wise reads of the second phase hit 32 different banks.
// in is rows x cols, out is cols x rows; neither is a multiple of 32.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transpose_tiled(int rows, int cols, const float* src, float* dst)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;   // column in src
    int y = blockIdx.y * TILE_DIM + threadIdx.y;   // row in src
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (x < cols && y + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = src[(y + j) * cols + x];
    }
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;       // column in dst (= row in src)
    y = blockIdx.x * TILE_DIM + threadIdx.y;       // row in dst
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (x < rows && y + j < cols)
            dst[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
    }
}

int main()
{
    const int ROWS = 100;
    const int COLS = 77;
    float* h = (float*)malloc(ROWS * COLS * sizeof(float));
    for (int i = 0; i < ROWS * COLS; i++) h[i] = (float)i;

    float *src, *dst;
    cudaMalloc(&src, ROWS * COLS * sizeof(float));
    cudaMalloc(&dst, ROWS * COLS * sizeof(float));
    cudaMemcpy(src, h, ROWS * COLS * sizeof(float), cudaMemcpyHostToDevice);

    dim3 block(TILE_DIM, BLOCK_ROWS);
    dim3 grid((COLS + TILE_DIM - 1) / TILE_DIM, (ROWS + TILE_DIM - 1) / TILE_DIM);
    transpose_tiled<<<grid, block>>>(ROWS, COLS, src, dst);
    cudaDeviceSynchronize();

    cudaMemcpy(h, dst, ROWS * COLS * sizeof(float), cudaMemcpyDeviceToHost);
    printf("dst[1] = %f (expected %d)\n", h[1], COLS);
    free(h);
    cudaFree(src);
    cudaFree(dst);
    return 0;
}
