// Half-precision matrix multiplication with a float accumulator: A (M x K) and
// B (K x N) are __half, row-major; each product is widened to float, summed in
// float over k = 0 .. K-1, and the sum is rounded to __half once at the end.
// A naive kernel (one output per thread, operands from global memory) and a
// shared-memory tiled one (16x16 tiles of A and B staged per step along K,
// elements past the edges staged as 0). M, N and K are not multiples of 16 in
// the test sizes, so edge tiles are partial in all three dimensions.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define TILE 16

// C[M,N] = half(sum_k float(A[m,k]) * float(B[k,n]))
__global__ void hgemm_naive(int M, int N, int K, const __half* A, const __half* B, __half* C)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N) return;
    float acc = 0.0f;
    for (int k = 0; k < K; ++k) {
        acc += __half2float(A[row * K + k]) * __half2float(B[k * N + col]);
    }
    C[row * N + col] = __float2half(acc);
}

// the same product through 16x16 shared-memory tiles
__global__ void hgemm_tiled(int M, int N, int K, const __half* A, const __half* B, __half* C)
{
    __shared__ __half As[TILE][TILE];
    __shared__ __half Bs[TILE][TILE];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < (K + TILE - 1) / TILE; t++) {
        int ka = t * TILE + tx;
        int kb = t * TILE + ty;
        As[ty][tx] = (row < M && ka < K) ? A[row * K + ka] : __float2half(0.0f);
        Bs[ty][tx] = (kb < K && col < N) ? B[kb * N + col] : __float2half(0.0f);
        __syncthreads();
        for (int k = 0; k < TILE; k++)
            acc += __half2float(As[ty][k]) * __half2float(Bs[k][tx]);
        __syncthreads();
    }
    if (row < M && col < N) C[row * N + col] = __float2half(acc);
}

int main()
{
    const int M = 70;
    const int N = 45;
    const int K = 53;
    __half *A, *B, *C;
    cudaMalloc(&A, M * K * sizeof(__half));
    cudaMalloc(&B, K * N * sizeof(__half));
    cudaMalloc(&C, M * N * sizeof(__half));
    cudaMemset(A, 0, M * K * sizeof(__half));
    cudaMemset(B, 0, K * N * sizeof(__half));

    dim3 block(TILE, TILE);
    dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
    hgemm_naive<<<grid, block>>>(M, N, K, A, B, C);
    hgemm_tiled<<<grid, block>>>(M, N, K, A, B, C);
    cudaDeviceSynchronize();

    cudaFree(A);
    cudaFree(B);
    cudaFree(C);
    return 0;
}
