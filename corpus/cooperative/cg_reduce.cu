// Cooperative groups: warp reductions through a 32-thread tile
// (cg::tiled_partition<32>), tile.shfl_down / tile.sync / tile.thread_rank,
// block barriers spelled block.sync() and cg::this_thread_block().sync(), and
// cg::reduce with its operator functors over 32- and 16-thread tiles.
// No host main(): the launch spec alone says how to run these.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

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

// tile_sums[w] = sum of x over 32-thread tile w; tile_max[w] = its largest element;
// every lane holds both results (cg::reduce returns them to the whole tile)
__global__ void cg_reduce_sum_max(int n, const float* x, float* tile_sums, float* tile_max)
{
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (i < n) ? x[i] : 0.0f;
    float s = cg::reduce(tile, v, cg::plus<float>());
    float m = cg::reduce(tile, (i < n) ? x[i] : -1.0e30f, cg::greater<float>());
    if (tile.thread_rank() == 31) {
        tile_sums[i / 32] = s;
        tile_max[i / 32] = m;
    }
}

// flags[q] = OR of the bits of the 16 ints of quarter-warp tile q, and low[q] = their minimum
__global__ void cg_reduce_bits16(int n, const int* bits, int* flags, int* low)
{
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int b = (i < n) ? bits[i] : 0;
    int any = cg::reduce(tile, b, cg::bit_or<int>());
    int least = cg::reduce(tile, (i < n) ? bits[i] : 2147483647, cg::less<int>());
    if (tile.thread_rank() == 0) {
        flags[i / 16] = any;
        low[i / 16] = least;
    }
}
