// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// A stride loop whose body holds __syncthreads() counts the block's own base index (no thread's index
// is below it) at the block level; each thread tests its index in every phase of a trip. Threads that
// CUDA would have let leave the loop idle through the trip and still reach its barriers. Only the
// form where that is so converts: an offset from threadIdx that is never negative, a positive step
// of blockDim, gridDim and constants, an upward test against a bound. The others keep C2T1214.

__global__ void grid_stride_rows(const int n, const float* x, float* out) {
  __shared__ float cache[64];
  for (int index = blockIdx.x * blockDim.x + threadIdx.x; index < n; index += blockDim.x * gridDim.x) {
    cache[threadIdx.x] = x[index];
    __syncthreads();
    if (threadIdx.x == 0) out[index / 64] = cache[0] + cache[63];
    __syncthreads();
  }
}
// CHECK-LABEL: def grid_stride_rows(
// CHECK:          index_next = bx * block_x
// CHECK-NEXT:     while index_next < n:
// CHECK-NEXT:         index_start = index_next
// CHECK-NEXT:         index_next = index_next + block_x * grid_x
// CHECK-NEXT:         for tx in T.Parallel(block_x):
// CHECK-NEXT:             index = index_start + tx
// CHECK-NEXT:             if index_start + tx < n:
// CHECK:                      cache[tx] = x[index]
// CHECK:              T.sync_threads()  # __syncthreads()
// CHECK-NEXT:         for tx in T.Parallel(block_x):
// CHECK-NEXT:             index = index_start + tx
// CHECK:                  if index_start + tx < n:
// CHECK-NEXT:                 if tx == 0:
// CHECK:              T.sync_threads()  # __syncthreads()

// a constant step: the counted loop runs over the block's base index
__global__ void block_stride_pairs(const int n, const float* x, float* y) {
  __shared__ float tile[128];
  for (int i = threadIdx.x; i < n; i += 128) {
    tile[threadIdx.x] = x[i];
    __syncthreads();
    y[i] = tile[threadIdx.x ^ 1];
    __syncthreads();
  }
}
// CHECK-LABEL: def block_stride_pairs(
// CHECK:          for i_start in T.serial(0, n, 128):
// CHECK-NEXT:         for tx in T.Parallel(block_x):
// CHECK-NEXT:             i = i_start + tx
// CHECK-NEXT:             if i_start + tx < n:

// a step read from a parameter may be zero or negative: a thread past the bound could come back
__global__ void parameter_step(const int n, const int stride, const float* x, float* y) {
  __shared__ float tile[128];
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    tile[threadIdx.x] = x[i];
    __syncthreads();
    y[i] = tile[127 - threadIdx.x];
    __syncthreads();
  }
}
// DIAG: grid_stride_barriers.cu:55:5: warning: C2T1214: kernel 'parameter_step' is not converted: barrier under thread-dependent control: the loop's condition differs between threads

// an offset subtracted from the base: a thread's index may be below the base
__global__ void descending_offset(const int n, const float* x, float* y) {
  __shared__ float tile[128];
  for (int i = (blockIdx.x + 1) * blockDim.x - threadIdx.x - 1; i < n; i += blockDim.x * gridDim.x) {
    tile[threadIdx.x] = x[i];
    __syncthreads();
    y[i] = tile[127 - threadIdx.x];
    __syncthreads();
  }
}
// DIAG: grid_stride_barriers.cu:67:5: warning: C2T1214: kernel 'descending_offset' is not converted: barrier under thread-dependent control

// a bound that names the thread
__global__ void thread_bound(const int n, const float* x, float* y) {
  __shared__ float tile[128];
  for (int i = threadIdx.x; i < n - (int)threadIdx.x; i += 128) {
    tile[threadIdx.x] = x[i];
    __syncthreads();
    y[i] = tile[127 - threadIdx.x];
    __syncthreads();
  }
}
// DIAG: grid_stride_barriers.cu:79:5: warning: C2T1214: kernel 'thread_bound' is not converted: barrier under thread-dependent control
