// Tiled matrix multiply: C = A * B with A (M x K), B (K x N), row-major.
// A 16x16 block stages one 16x16 tile of A and one of B in shared memory per
// step along K; elements past the matrix edges are staged as 0. M, N and K are
// not multiples of 16, so edge tiles are partial in all three dimensions.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define TILE 16

__global__ void matmul_tiled(int M, int N, int K, const float* A, const float* B, float* C)
{
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < (K + TILE - 1) / TILE; t++) {
        int ka = t * TILE + tx;
        int kb = t * TILE + ty;
        As[ty][tx] = (row < M && ka < K) ? A[row * K + ka] : 0.0f;
        Bs[ty][tx] = (kb < K && col < N) ? B[kb * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = acc;
}

int main()
{
    const int M = 70;
    const int N = 45;
    const int K = 53;
    float* ha = (float*)malloc(M * K * sizeof(float));
    float* hb = (float*)malloc(K * N * sizeof(float));
    float* hc = (float*)malloc(M * N * sizeof(float));
    for (int i = 0; i < M * K; i++) ha[i] = (float)(i % 11) * 0.1f;
    for (int i = 0; i < K * N; i++) hb[i] = (float)(i % 13) * 0.05f;

    float *A, *B, *C;
    cudaMalloc(&A, M * K * sizeof(float));
    cudaMalloc(&B, K * N * sizeof(float));
    cudaMalloc(&C, M * N * sizeof(float));
    cudaMemcpy(A, ha, M * K * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(B, hb, K * N * sizeof(float), cudaMemcpyHostToDevice);

    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    matmul_tiled<<<grid, block>>>(M, N, K, A, B, C);
    cudaDeviceSynchronize();

    cudaMemcpy(hc, C, M * N * sizeof(float), cudaMemcpyDeviceToHost);
    printf("C[0] = %f, C[last] = %f\n", hc[0], hc[M * N - 1]);
    free(ha);
    free(hb);
    free(hc);
    cudaFree(A);
    cudaFree(B);
    cudaFree(C);
    return 0;
}
