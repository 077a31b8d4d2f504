// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// A value loaded before a barrier and used after it gets one slot per thread (a fragment); a 2-D
// shared tile is flattened; a __shared__ scalar is a one-element buffer.

__global__ void normalise(int n, const float* x, float* y) {
  __shared__ float tile[4][33];
  __shared__ float total;
  int tid = threadIdx.x;
  float v = x[blockIdx.x * 128 + tid];
  tile[tid / 32][tid % 32] = v;
  if (tid == 0) total = 0.0f;
  __syncthreads();
  if (tid == 0) {
    for (int k = 0; k < 128; ++k) total += tile[k / 32][k % 32];
  }
  __syncthreads();
  y[blockIdx.x * 128 + tid] = v / total;
}
// CHECK:      v = T.alloc_fragment((block_x,), "float32")
// CHECK-NEXT: tile = T.alloc_shared((132,), "float32", scope=smem_scope)
// CHECK-NEXT: total = T.alloc_shared((1,), "float32", scope=smem_scope)
// CHECK:      v[tx] = x[
// CHECK-NEXT: # privatize.cu:10: tile[tid / 32][tid % 32] = v;
// CHECK-NEXT: tile[T.truncdiv(tid, 32) * 33 + T.truncmod(tid, 32)] = v[tx]
// CHECK:          total[0] = T.float32(0.0)
// CHECK:      T.sync_threads()  # __syncthreads()
// CHECK:              total[0] = total[0] + tile[T.truncdiv(k, 32) * 33 + T.truncmod(k, 32)]
// CHECK:      y[{{.*}}] = v[tx] / total[0]
