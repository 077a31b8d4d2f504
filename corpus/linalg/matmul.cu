// Naive matrix multiplication, one output element per thread with 2-D
// blocks (x -> column, y -> row). Row-major storage; local row pointers.
#include <cuda_runtime.h>

// C[M,N] = A[M,K] * B[K,N]
__global__ void matmul_naive(int M, int N, int K, const float* A, const float* B, float* C)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N) return;
    const float* a_row = A + row * K;
    float acc = 0.0f;
    for (int k = 0; k < K; ++k) {
        acc += a_row[k] * B[k * N + col];
    }
    C[row * N + col] = acc;
}

// C[M,N] = relu(alpha * A[M,K] * Bt[N,K]^T + bias[N])   (B given transposed)
__global__ void matmul_bias_relu(int M, int N, int K, float alpha, const float* __restrict__ A,
                                 const float* __restrict__ Bt, const float* __restrict__ bias,
                                 float* __restrict__ C)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < M && col < N) {
        const float* a_row = A + row * K;
        const float* b_row = Bt + col * K;
        float acc = 0.0f;
        for (int k = 0; k < K; k++) {
            acc += a_row[k] * b_row[k];
        }
        float v = alpha * acc + bias[col];
        C[row * N + col] = v > 0.0f ? v : 0.0f;
    }
}

int main()
{
    const int M = 67;
    const int N = 45;
    const int K = 40;
    float *A, *B, *C, *bias;
    cudaMalloc(&A, M * K * sizeof(float));
    cudaMalloc(&B, K * N * sizeof(float));
    cudaMalloc(&C, M * N * sizeof(float));
    cudaMalloc(&bias, N * sizeof(float));
    cudaMemset(A, 0, M * K * sizeof(float));
    cudaMemset(B, 0, K * N * sizeof(float));
    cudaMemset(bias, 0, N * sizeof(float));

    dim3 block(16, 16);
    dim3 grid((N + 15) / 16, (M + 15) / 16);
    matmul_naive<<<grid, block>>>(M, N, K, A, B, C);

    dim3 block2(8, 32);
    dim3 grid2((N + 7) / 8, (M + 31) / 32);
    matmul_bias_relu<<<grid2, block2>>>(M, N, K, 0.5f, A, B, bias, C);
    cudaDeviceSynchronize();

    cudaFree(A);
    cudaFree(B);
    cudaFree(C);
    cudaFree(bias);
    return 0;
}
