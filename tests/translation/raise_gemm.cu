// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Matrix-product kernels become one tiled product over the launch (raise_gemm): shared tiles of A
// and B, zero-padded where CUDA's guards would not read, an accumulator fragment, then the kernel's
// epilogue once per element. float32 keeps CUDA's k order (a multiply-add per k); float16 operands
// with a float32 accumulator go to T.gemm. Near misses stay on the faithful SIMT form.
#include <cuda_fp16.h>
#define TILE 16

// naive, one output per thread
__global__ void sgemm_naive(int M, int N, int K, const float* A, const float* B, float* C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N) return;
  float acc = 0.0f;
  for (int k = 0; k < K; ++k) acc += A[row * K + k] * B[k * N + col];
  C[row * N + col] = acc;
}
// CHECK-LABEL: def sgemm_naive(*, block=None, target="cuda", tile=None):
// CHECK:           # raised: gemm (exact tiled product); the faithful form below runs for other targets and blocks
// CHECK-NEXT:      if target in ("c", "cuda", "hip"):
// CHECK-NEXT:          tile_m, tile_n, tile_k, tile_threads, tile_stages = _gemm_tile(tile, target, "exact")
// CHECK:                   with T.Kernel(T.ceildiv(grid_x * block_x, tile_n), T.ceildiv(grid_y * block_y, tile_m), threads=tile_threads) as (bx, by):
// CHECK-NEXT:                  A_tile = T.alloc_shared((tile_m, tile_k), "float32", scope=smem_scope)
// CHECK-NEXT:                  B_tile = T.alloc_shared((tile_k, tile_n), "float32", scope=smem_scope)
// CHECK-NEXT:                  acc_tile = T.alloc_fragment((tile_m, tile_n), "float32")
// CHECK:                       for k_tile in T.Pipelined(T.ceildiv(K, tile_k), num_stages=tile_stages):
// CHECK-NEXT:                      for ty, k_in_tile in T.Parallel(tile_m, tile_k):
// CHECK-NEXT:                          row = by * tile_m + ty
// CHECK-NEXT:                          k = k_tile * tile_k + k_in_tile
// CHECK-NEXT:                          A_tile[ty, k_in_tile] = T.if_then_else(row < grid_y * block_y and (row < M and k < K), A[row * K + k], T.float32(0.0))
// CHECK-NEXT:                      for k_in_tile, tx in T.Parallel(tile_k, tile_n):
// CHECK-NEXT:                          col = bx * tile_n + tx
// CHECK-NEXT:                          k = k_tile * tile_k + k_in_tile
// CHECK-NEXT:                          B_tile[k_in_tile, tx] = T.if_then_else(col < grid_x * block_x and (col < N and k < K), B[k * N + col], T.float32(0.0))
// CHECK-NEXT:                      for k_in_tile in T.serial(tile_k):  # in k order, as CUDA's loop
// CHECK-NEXT:                          for ty, tx in T.Parallel(tile_m, tile_n):
// CHECK-NEXT:                              acc_tile[ty, tx] = acc_tile[ty, tx] + A_tile[ty, k_in_tile] * B_tile[k_in_tile, tx]
// CHECK-NEXT:                  for ty, tx in T.Parallel(tile_m, tile_n):
// CHECK-NEXT:                      row = by * tile_m + ty
// CHECK-NEXT:                      col = bx * tile_n + tx
// CHECK-NEXT:                      if row < grid_y * block_y and col < grid_x * block_x:
// CHECK:                               acc = acc_tile[ty, tx]
// CHECK:                               C[row * N + col] = acc{{$}}
// CHECK-NEXT:          return sgemm_naive
// CHECK:           @T.prim_func
// CHECK:               with T.Kernel(grid_x, grid_y, threads=block_x * block_y) as (bx, by):
// CHECK:                           acc = acc + A[row * K + k] * B[k * N + col]

// B given transposed (rows of Bt contiguous in k), an epilogue reading the thread index directly
__global__ void sgemm_nt_epilogue(int M, int N, int K, float alpha, const float* A, const float* Bt,
                                  const float* bias, float* C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M && col < N) {
    const float* a = A + row * K;
    float acc = 0.0f;
    for (int k = 0; k < K; k++) acc += a[k] * Bt[col * K + k];
    float v = alpha * acc + bias[col] + (threadIdx.x == 0 ? 1.0f : 0.0f);
    C[row * N + col] = v > 0.0f ? v : 0.0f;
  }
}
// CHECK-LABEL: def sgemm_nt_epilogue(
// CHECK:                   Bt_tile = T.alloc_shared((tile_n, tile_k), "float32", scope=smem_scope)
// CHECK:                       for tx, k_in_tile in T.Parallel(tile_n, tile_k):
// CHECK:                           Bt_tile[tx, k_in_tile] = T.if_then_else(col < grid_x * block_x and (col < N and k < K), Bt[col * K + k], T.float32(0.0))
// CHECK:                              acc_tile[ty, tx] = acc_tile[ty, tx] + A_tile[ty, k_in_tile] * Bt_tile[tx, k_in_tile]
// the element's CUDA thread: threadIdx.x = col % blockDim.x
// CHECK:                               v = alpha * acc + bias[col] + T.if_then_else(T.truncmod(col, block_x) == 0, T.float32(1.0), T.float32(0.0))

// half operands, float accumulator, 16x16 shared tiles: T.gemm, only for a 16x16 block
__global__ void hgemm_tiles(int M, int N, int K, const __half* A, const __half* B, __half* C) {
  __shared__ __half As[TILE][TILE];
  __shared__ __half Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < (K + TILE - 1) / TILE; t++) {
    As[ty][tx] = (row < M && t * TILE + tx < K) ? A[row * K + t * TILE + tx] : __float2half(0.0f);
    Bs[ty][tx] = (t * TILE + ty < K && col < N) ? B[(t * TILE + ty) * N + col] : __float2half(0.0f);
    __syncthreads();
    for (int k = 0; k < TILE; k++) acc += __half2float(As[ty][k]) * __half2float(Bs[k][tx]);
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = __float2half(acc);
}
// CHECK-LABEL: def hgemm_tiles(
// CHECK:           # raised: gemm (mma tiled product); the faithful form below runs for other targets and blocks
// CHECK-NEXT:      if target in ("c", "cuda", "hip") and block_x == 16 and block_y == 16:
// CHECK-NEXT:          tile_m, tile_n, tile_k, tile_threads, tile_stages = _gemm_tile(tile, target, "mma")
// CHECK:                   A_tile = T.alloc_shared((tile_m, tile_k), "float16", scope=smem_scope)
// CHECK:                           A_tile[ty, k_in_tile] = T.if_then_else(row < grid_y * block_y and (row < M and k < K), A[row * K + k], T.float16(0.0))
// CHECK:                       T.gemm(A_tile, B_tile, acc_tile)
// CHECK:                           C[row * N + col] = T.cast(acc_tile[ty, tx], "float16")
// CHECK:               for t in T.serial(T.truncdiv(K + 16 - 1, 16)):

// ---- near misses: each stays faithful

// a guard that mixes row and column
__global__ void mixed_guard(int M, int N, int K, int total, const float* A, const float* B, float* C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row * N + col < total) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k) acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}
// CHECK-LABEL: def mixed_guard(*, block=None, target="cuda"):
// CHECK-NOT:   raised: gemm
// CHECK:           acc = acc + A[row * K + k] * B[k * N + col]

// the kernel writes an operand
__global__ void writes_operand(int M, int N, int K, float* A, const float* B) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k) acc += A[row * K + k] * B[k * N + col];
    A[row * K + col] = acc;
  }
}
// CHECK-LABEL: def writes_operand(*, block=None, target="cuda"):
// CHECK-NOT:   raised: gemm
// CHECK:           acc = acc + A[row * K + k] * B[k * N + col]

// an accumulator that does not start at zero, and one whose stride along k depends on the thread
__global__ void biased_start(int M, int N, int K, const float* A, const float* B, float* C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M && col < N) {
    float acc = C[row * N + col];
    for (int k = 0; k < K; ++k) acc += A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}
// CHECK-LABEL: def biased_start(*, block=None, target="cuda"):
// CHECK-NOT:   raised: gemm
__global__ void thread_stride(int M, int N, int K, const float* A, const float* B, float* C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < K; ++k) acc += A[row * K + k * (threadIdx.x + 1)] * B[k * N + col];
    C[row * N + col] = acc;
  }
}
// CHECK-LABEL: def thread_stride(*, block=None, target="cuda"):
// CHECK-NOT:   raised: gemm

// a half accumulator (each step rounds to half: T.gemm's float32 sums would differ)
__global__ void half_accumulator(int M, int N, int K, const __half* A, const __half* B, __half* C) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < M && col < N) {
    __half acc = __float2half(0.0f);
    for (int k = 0; k < K; ++k) acc = acc + A[row * K + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}
// CHECK-LABEL: def half_accumulator(*, block=None, target="cuda"):
// CHECK-NOT:   raised: gemm

// shared tiles whose B tile is not masked along k (past K it reads B's next rows, not zeros)
__global__ void tiles_unmasked_k(int M, int N, int K, const float* A, const float* B, float* C) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < (K + TILE - 1) / TILE; t++) {
    As[ty][tx] = (row < M && t * TILE + tx < K) ? A[row * K + t * TILE + tx] : 0.0f;
    Bs[ty][tx] = col < N ? B[(t * TILE + ty) * N + col] : 0.0f;
    __syncthreads();
    for (int k = 0; k < TILE; k++) acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = acc;
}
// CHECK-LABEL: def tiles_unmasked_k(*, block=None, target="cuda"):
// CHECK-NOT:   raised: gemm
// CHECK:       KERNELS = {
