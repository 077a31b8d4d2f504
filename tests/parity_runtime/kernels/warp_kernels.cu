// Warp primitives and cooperative groups.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

// mode: 0 idx, 1 up, 2 down, 3 xor
template <typename T>
__device__ T do_shfl(int mode, T v, int arg, int width) {
    switch (mode) {
        case 0: return __shfl_sync(0xffffffffu, v, arg, width);
        case 1: return __shfl_up_sync(0xffffffffu, v, (unsigned)arg, width);
        case 2: return __shfl_down_sync(0xffffffffu, v, (unsigned)arg, width);
        default: return __shfl_xor_sync(0xffffffffu, v, arg, width);
    }
}

__global__ void shuffles(const float* fin, float* fout, int* iout, double* dout, int mode, int arg, int width) {
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    fout[t] = do_shfl<float>(mode, fin[t], arg, width);
    iout[t] = do_shfl<int>(mode, t * 7 - 100, arg, width);
    dout[t] = do_shfl<double>(mode, fin[t] * 1e10, arg, width);
}

__global__ void votes(const int* pred, unsigned* ballot, int* any, int* all, unsigned* half_ballot) {
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x & 31;
    const int p = pred[t];
    ballot[t] = __ballot_sync(0xffffffffu, p);
    any[t] = __any_sync(0xffffffffu, p);
    all[t] = __all_sync(0xffffffffu, p);
    if (lane < 16) half_ballot[t] = __ballot_sync(0x0000ffffu, p);
    else half_ballot[t] = __ballot_sync(0xffff0000u, p);
}

__global__ void match_and_reduce(const int* v, unsigned* match_any, unsigned* match_all, int* match_pred,
                                 int* red_add, int* red_min, int* red_max, unsigned* red_or) {
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const int x = v[t];
    match_any[t] = __match_any_sync(0xffffffffu, x);
    int pred = 0;
    match_all[t] = __match_all_sync(0xffffffffu, x & 1, &pred);
    match_pred[t] = pred;
    red_add[t] = __reduce_add_sync(0xffffffffu, x);
    red_min[t] = __reduce_min_sync(0xffffffffu, x);
    red_max[t] = __reduce_max_sync(0xffffffffu, x);
    red_or[t] = __reduce_or_sync(0xffffffffu, (unsigned)x);
}

// Warp-aggregated atomic increment: __activemask inside a divergent branch.
__global__ void aggregated_slots(const int* pred, int* counter, int* slot_of, unsigned* masks) {
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x & 31;
    slot_of[t] = -1;
    if (pred[t]) {
        const unsigned mask = __activemask();
        const int leader = __ffs(mask) - 1;
        int base = 0;
        if (lane == leader) base = atomicAdd(counter, __popc(mask));
        base = __shfl_sync(mask, base, leader);
        slot_of[t] = base + __popc(mask & ((1u << lane) - 1u));
        masks[t] = mask;
    }
}

__device__ float warp_sum_down(float v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffffu, v, o);
    return v;
}

__global__ void block_reduce_shfl(const float* in, float* out) {
    __shared__ float warp_sums[32];
    const int t = threadIdx.x;
    float v = warp_sum_down(in[blockIdx.x * blockDim.x + t]);
    if ((t & 31) == 0) warp_sums[t >> 5] = v;
    __syncthreads();
    if (t < 32) {
        v = t < (int)(blockDim.x >> 5) ? warp_sums[t] : 0.0f;
        v = warp_sum_down(v);
        if (t == 0) out[blockIdx.x] = v;
    }
}

__global__ void cg_reduce(const float* in, float* tile_out, float* block_out, int* ranks) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    __shared__ float partial[32];
    const float v = in[blockIdx.x * blockDim.x + block.thread_rank()];
    const float s = cg::reduce(tile, v, cg::plus<float>());
    tile_out[blockIdx.x * blockDim.x + block.thread_rank()] = s;
    ranks[blockIdx.x * blockDim.x + block.thread_rank()] = tile.thread_rank() + 100 * tile.meta_group_rank();
    if (tile.thread_rank() == 0) partial[tile.meta_group_rank()] = s;
    block.sync();
    if (tile.meta_group_rank() == 0) {
        float w = tile.thread_rank() < tile.meta_group_size() ? partial[tile.thread_rank()] : 0.0f;
        w = cg::reduce(tile, w, cg::plus<float>());
        if (tile.thread_rank() == 0) block_out[blockIdx.x] = w;
    }
}

__global__ void cg_small_tiles(const int* in, int* max16, int* min8, float* sum4) {
    cg::thread_block block = cg::this_thread_block();
    auto t16 = cg::tiled_partition<16>(block);
    auto t8 = cg::tiled_partition<8>(block);
    auto t4 = cg::tiled_partition<4>(t8);
    const int i = blockIdx.x * blockDim.x + block.thread_rank();
    max16[i] = cg::reduce(t16, in[i], cg::greater<int>());
    min8[i] = cg::reduce(t8, in[i], cg::less<int>());
    float v = (float)in[i];
    for (int o = t4.size() / 2; o > 0; o /= 2) v += t4.shfl_down(v, o);
    sum4[i] = t4.shfl(v, 0);
    t4.sync();
}

// Lanes 16..31 leave early; lanes 0..15 then shuffle with the full mask.
__global__ void bad_warp(float* out) {
    const int lane = threadIdx.x & 31;
    if (lane >= 16) return;
    out[threadIdx.x] = __shfl_down_sync(0xffffffffu, 1.0f, 1);
}
