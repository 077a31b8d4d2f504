// Cooperative groups: warp reductions through a 32-thread tile
// (cg::tiled_partition<32>), tile.shfl_down / tile.sync / tile.thread_rank,
// and block barriers spelled block.sync() and cg::this_thread_block().sync().
// No host main(): the launch spec alone says how to run these.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

// warp_sums[w] = sum of x over the 32 threads of global warp w (0 past n)
__global__ void cg_warp_reduce(int n, const float* x, float* warp_sums)
{
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (i < n) ? x[i] : 0.0f;
    for (int off = 16; off > 0; off /= 2) {
        v += tile.shfl_down(v, off);
    }
    tile.sync();
    if (tile.thread_rank() == 0) warp_sums[i / 32] = v;
}

// partial[b] = block sum; the per-tile sums meet in shared memory
__global__ void cg_block_sum(int n, const float* x, float* partial)
{
    __shared__ float sums[32];
    cg::thread_block block = cg::this_thread_block();
    auto tile = cg::tiled_partition<32>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (i < n) ? x[i] : 0.0f;
    for (int off = 16; off > 0; off /= 2) {
        v += tile.shfl_down(v, off);
    }
    if (tile.thread_rank() == 0) sums[threadIdx.x / 32] = v;
    cg::this_thread_block().sync();
    if (threadIdx.x < 32) {
        int ntiles = blockDim.x / 32;
        v = ((int)threadIdx.x < ntiles) ? sums[threadIdx.x] : 0.0f;
        for (int off = 16; off > 0; off /= 2) {
            v += tile.shfl_down(v, off);
        }
        if (threadIdx.x == 0) partial[blockIdx.x] = v;
    }
    block.sync();
}
