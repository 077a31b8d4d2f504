// RUN: %cuda2tile convert %s -o - --quiet --no-raise=warp_reduce | %filecheck %s
// A shuffle is an exchange through shared scratch across a barrier; a helper that shuffles is
// inlined (its phases split the caller's); the warp-uniform loop runs at the block level (raising off: raise_warp_reduce.cu shows the tile form).

__device__ float warp_sum(float v) {
  for (int off = 16; off > 0; off /= 2) v += __shfl_down_sync(0xffffffff, v, off);
  return v;
}

__global__ void sum(int n, const float* x, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (i < n) ? x[i] : 0.0f;
  float s = warp_sum(v);
  if ((threadIdx.x & 31) == 0) atomicAdd(out, s);
}
// CHECK:      v_1 = T.alloc_fragment((block_x,), "float32")
// CHECK-NEXT: warp_exchange_float32_0 = T.alloc_shared((block_x,), "float32", scope=smem_scope)
// CHECK:      # lower_warp_ops.cu:6: for (int off = 16; off > 0; off /= 2) v += __shfl_down_sync(0xffffffff, v, off);
// CHECK-NEXT: off_next = 16
// CHECK-NEXT: while off_next > 0:
// CHECK:          for tx in T.Parallel(block_x):
// CHECK-NEXT:         warp_exchange_float32_0[tx] = v_1[tx]
// CHECK-NEXT:     T.sync_threads()  # warp exchange / __syncwarp()
// CHECK-NEXT:     for tx in T.Parallel(block_x):
// CHECK-NEXT:         v_1[tx] = v_1[tx] + T.if_then_else(T.truncmod(tx, 32) + off < 32 and tx + off < block_x, warp_exchange_float32_0[tx + off], warp_exchange_float32_0[tx])
// CHECK-NEXT:     T.sync_threads()  # warp exchange / __syncwarp()
// CHECK:      warp_sum_result = v_1[tx]
// CHECK:      if tx & 31 == 0:
// CHECK-NEXT:     T.atomic_add(out[0], s)
