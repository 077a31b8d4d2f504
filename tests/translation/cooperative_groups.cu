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

// cg::reduce is the xor butterfly CUDA runs, written out as a loop (lower_warp_ops emulates it; a
// sum over 32-thread tiles is raised to T.reduce_sum, see raise_warp_reduce.cu); the operator
// functors keep their definitions: bit_and is &, bit_xor ^
#include <cooperative_groups/reduce.h>
__global__ void cg_reduce_bits(int n, const int* x, int* out) {
  auto tile = cg::tiled_partition<8>(cg::this_thread_block());
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = (i < n) ? x[i] : 0;
  int all = cg::reduce(tile, v, cg::bit_and<int>());
  int odd = cg::reduce(tile, v, cg::bit_xor<int>());
  if (tile.thread_rank() == 0) out[i / 8] = all ^ odd;
}
// CHECK-LABEL: def cg_reduce_bits(
// CHECK:               # cooperative_groups.cu:30: int all = cg::reduce(tile, v, cg::bit_and<int>());
// CHECK-NEXT:          reduced[tx] = v[tx]
// CHECK-NEXT:      reduce_off_next = 4
// CHECK-NEXT:      while reduce_off_next > 0:
// CHECK-NEXT:          reduce_off = reduce_off_next
// CHECK-NEXT:          reduce_off_next = reduce_off_next >> 1
// CHECK:                   reduced[tx] = reduced[tx] & T.if_then_else(tx ^ reduce_off < tx - T.truncmod(tx, 8) + 8
// CHECK:                   reduced_1[tx] = reduced_1[tx] ^ T.if_then_else(
// CHECK-NOT:       raised: warp_reduce
// CHECK:           return cg_reduce_bits

// the other tile members: shfl (a lane's value), shfl_up, votes, the tile count and index
__global__ void cg_tile_members(int n, const float* x, float* y, unsigned int* votes) {
  auto tile = cg::tiled_partition<32>(cg::this_thread_block());
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = (i < n) ? x[i] : 0.0f;
  float first = tile.shfl(v, 0) + tile.shfl_xor(v, 1);
  float left = tile.shfl_up(v, 1);
  unsigned int big = tile.ballot(v > 0.5f);
  int any_big = tile.any(v > 0.5f);
  int all_big = tile.all(v > 0.5f);
  if (i < n) y[i] = first + left + tile.num_threads() * tile.meta_group_rank();
  if (tile.thread_rank() == 0) votes[i / 32] = big + any_big + all_big;
}
// CHECK-LABEL: def cg_tile_members(
// CHECK:           # cooperative_groups.cu:{{[0-9]+}}: float first = tile.shfl(v, 0) + tile.shfl_xor(v, 1);
// CHECK:           # cooperative_groups.cu:{{[0-9]+}}: float left = tile.shfl_up(v, 1);
// CHECK:           # cooperative_groups.cu:{{[0-9]+}}: unsigned int big = tile.ballot(v > 0.5f);
// CHECK:           # cooperative_groups.cu:{{[0-9]+}}: int any_big = tile.any(v > 0.5f);
// CHECK:           # cooperative_groups.cu:{{[0-9]+}}: int all_big = tile.all(v > 0.5f);
// CHECK:           y[i] = first[tx] + left[tx] + T.cast(T.uint32(32) * T.cast(T.truncdiv(tx, 32), "uint32"), "float32")
// CHECK:           return cg_tile_members
