// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// A per-thread array kept across a barrier is a fragment, one row per thread; when one phase indexes
// it two ways (a loop's `v[j]` and `v[0]`), TileLang cannot lay the fragment out, so it is kept in
// shared memory with the same shape (passes/private_arrays_in_shared.py).
__global__ void two_ways(const float* x, float* out) {
  __shared__ float tile[64];
  int t = threadIdx.x;
  float v[3];
  for (int j = 0; j < 3; ++j) v[j] = x[t] * (j + 1);
  tile[t] = v[0];
  __syncthreads();
  out[t] = v[2] + tile[(t + 1) % 64];
}
// CHECK-LABEL: def two_ways(
// CHECK:       v = T.alloc_shared((block_x, 3,), "float32", scope=smem_scope)

__global__ void one_way(const float* x, float* out) {
  __shared__ float tile[64];
  int t = threadIdx.x;
  float acc[2];
  for (int j = 0; j < 2; ++j) acc[j] = x[t] * j;
  tile[t] = x[t];
  __syncthreads();
  for (int j = 0; j < 2; ++j) out[t * 2 + j] = acc[j] + tile[(t + j) % 64];
}
// CHECK-LABEL: def one_way(
// CHECK:       acc = T.alloc_fragment((block_x, 2,), "float32")
