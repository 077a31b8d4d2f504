// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Phases in which every thread moves one element between global and shared memory become T.copy of
// the block's span where the guards hold for every thread (decided per block at run time); the
// block where they do not (the tail) keeps the element-wise phase. Near misses keep the phase only.
#define BLOCK 256

// a guarded load and a guarded store around a per-thread step
__global__ void stage_double(int n, const float* x, float* y) {
  __shared__ float sh[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  sh[tid] = (i < n) ? x[i] : 0.0f;
  __syncthreads();
  float v = sh[blockDim.x - 1 - tid];
  __syncthreads();
  sh[tid] = 2.0f * v;
  __syncthreads();
  if (i < n) y[i] = sh[tid];
}
// CHECK-LABEL: def stage_double(
// CHECK:           # raise_tile_copy.cu:12: sh[tid] = (i < n) ? x[i] : 0.0f;
// CHECK-NEXT:      # raised: tile_copy; decided per launch, the faithful form runs otherwise
// CHECK-NEXT:      if target in ("c", "cuda", "hip"):
// CHECK-NEXT:          if bx * block_x + block_x <= n:
// CHECK-NEXT:              T.copy(x[bx * block_x:bx * block_x + block_x], sh[0:block_x])
// CHECK-NEXT:          else:
// CHECK-NEXT:              for tx in T.Parallel(block_x):
// CHECK:                       sh[tid] = T.if_then_else(i < n, x[i], T.float32(0.0))
// CHECK:           T.sync_threads()  # __syncthreads()
// CHECK:           # raised: tile_copy; decided per launch, the faithful form runs otherwise
// CHECK-NEXT:      if target in ("c", "cuda", "hip"):
// CHECK-NEXT:          if bx * block_x + block_x <= n:
// CHECK-NEXT:              T.copy(sh[0:block_x], y[bx * block_x:bx * block_x + block_x])
// CHECK-NEXT:          else:
// CHECK-NEXT:              for tx in T.Parallel(block_x):
// CHECK:                       if i < n:
// CHECK-NEXT:                      y[i] = sh[tid]

// unguarded, with an offset into the global array: a plain tile copy
__global__ void stage_offset(int base, const int* x, int* y) {
  __shared__ int sh[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  sh[tid] = x[base + i];
  __syncthreads();
  y[i] = sh[(tid + 1) % blockDim.x];
}
// CHECK-LABEL: def stage_offset(
// CHECK:           # raised: tile_copy; decided per launch, the faithful form runs otherwise
// CHECK-NEXT:      if target in ("c", "cuda", "hip"):
// CHECK-NEXT:          T.copy(x[base + bx * block_x:base + bx * block_x + block_x], sh[0:block_x])
// CHECK-NEXT:      else:

// near miss: every other element (a strided index is no span)
__global__ void stage_strided(int n, const float* x, float* y) {
  __shared__ float sh[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  sh[tid] = (2 * i < n) ? x[2 * i] : 0.0f;
  __syncthreads();
  if (i < n) y[i] = sh[blockDim.x - 1 - tid];
}
// CHECK-LABEL: def stage_strided(
// CHECK-NOT:       raised: tile_copy
// CHECK:           return stage_strided

// near miss: the guard is no bound on the index
__global__ void stage_even(int n, const float* x, float* y) {
  __shared__ float sh[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  sh[tid] = (i % 2 == 0) ? x[i] : 0.0f;
  __syncthreads();
  if (i < n) y[i] = sh[blockDim.x - 1 - tid];
}
// CHECK-LABEL: def stage_even(
// CHECK-NOT:       raised: tile_copy
// CHECK:           return stage_even

// near miss: the phase also computes (the copy is not all it does)
__global__ void stage_scaled(int n, float a, const float* x, float* y) {
  __shared__ float sh[BLOCK];
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  sh[tid] = (i < n) ? a * x[i] : 0.0f;
  __syncthreads();
  if (i < n) y[i] = sh[blockDim.x - 1 - tid] + a;
}
// CHECK-LABEL: def stage_scaled(
// CHECK-NOT:       raised: tile_copy
// CHECK:           return stage_scaled
