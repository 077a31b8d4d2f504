// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// cooperative_groups: a thread_block_tile<32>'s shuffles and ranks are warp operations; block.sync()
// is __syncthreads().
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_sum(int n, const float* x, float* out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (i < n) ? x[i] : 0.0f;
  for (int off = tile.size() / 2; off > 0; off /= 2) v += tile.shfl_down(v, off);
  block.sync();
  if (tile.thread_rank() == 0) atomicAdd(out, v);
}
// CHECK:      off_next = 16
// CHECK:      v[tx] = v[tx] + T.if_then_else(T.truncmod(tx, 32) + off < 32 and tx + off < block_x, warp_exchange_float32_0[tx + off], warp_exchange_float32_0[tx])
// CHECK:      # cooperative_groups.cu:13: block.sync();
// CHECK-NEXT: T.sync_threads()  # __syncthreads()
// CHECK:      if T.cast(T.truncmod(tx, 32), "uint32") == T.uint32(0):
