// Issue 15, item 7: a full warp mask held in a local was refused as partial (C2T1215). Only a mask
// written out as the constant 0xffffffff was recognised; `unsigned mask = 0xffffffff;` before the
// warp operation, as real reductions write it, was not. The mask is now folded with C's integer
// semantics, through locals that are never reassigned. A mask that may be partial stays refused:
// one that is reassigned, one computed from threadIdx or from a vote, and a constant that is not full.
// EXPECT: warp_sum_local_mask pass
// EXPECT: ballot_count_const_mask pass
// EXPECT: all_positive_not_zero pass
// EXPECT: any_active_mask pass
// EXPECT: xor_butterfly_define pass
// EXPECT: max_wide_constant_mask pass
// EXPECT: syncwarp_chained_mask pass
// EXPECT: mask_reassigned refused C2T1215
// EXPECT: mask_from_thread_index refused C2T1215
// EXPECT: mask_from_vote refused C2T1215
// EXPECT: mask_half_warp refused C2T1215

#define FULL_MASK 0xffffffff
#define WARP 32

// the common spelling: a local mask, a shuffle-down reduction per warp
__global__ void warp_sum_local_mask(const float* in, float* out)
{
    unsigned mask = 0xffffffff;
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int offset = WARP / 2; offset > 0; offset >>= 1)
        v += __shfl_down_sync(mask, v, offset);
    if (threadIdx.x % WARP == 0)
        out[(blockIdx.x * blockDim.x + threadIdx.x) / WARP] = v;
}

// a named constant; the ballot's population count is the warp's number of positive inputs
__global__ void ballot_count_const_mask(const float* in, int* count)
{
    const unsigned FULL = 0xffffffffu;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned bits = __ballot_sync(FULL, in[i] > 0.0f);
    count[i] = __popc(bits) + (int)(threadIdx.x % WARP);
}

// `~0u` and an `int` local holding -1 (converted to 0xffffffff by the call)
__global__ void all_positive_not_zero(const float* in, int* out)
{
    unsigned every = ~0u;
    int minus_one = -1;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int all = __all_sync(every, in[i] > -1.5f);
    int any = __any_sync(minus_one, in[i] > 1.5f);
    out[i] = all * 2 + any;
}

// the active mask of a converged warp is the full warp
__global__ void any_active_mask(const int* flags, int* out)
{
    unsigned active = __activemask();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = __any_sync(active, flags[i] > 0) ? 1 : 0;
}

// a `#define`d mask through a const local, an xor butterfly: every lane gets the warp maximum
__global__ void xor_butterfly_define(const float* in, float* out)
{
    const unsigned int m = FULL_MASK;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[i];
    for (int lane = 16; lane >= 1; lane /= 2)
        v = fmaxf(v, __shfl_xor_sync(m, v, lane, WARP));
    out[i] = v;
}

// a mask built by an expression the compiler folds, in 64 bits then narrowed
__global__ void max_wide_constant_mask(const int* in, int* out)
{
    const unsigned long long wide = (1ull << 32) - 1;
    unsigned mask = (unsigned)wide;
    unsigned low = 0xffff0000u;
    unsigned both = low | (mask >> 16);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    v = max(v, __shfl_down_sync(both, v, 1));
    __syncwarp(both);
    out[i] = v;
}

// __syncwarp and a shuffle with a mask copied from another constant local
__global__ void syncwarp_chained_mask(const float* in, float* out)
{
    __shared__ float s[64];
    const unsigned full = 0xffffffffu;
    unsigned copy = full;
    int t = threadIdx.x;
    s[t] = in[blockIdx.x * 64 + t];
    __syncwarp(copy);
    float v = s[t ^ 1] + __shfl_sync(copy, s[t], 0);
    out[blockIdx.x * 64 + t] = v;
}

// near misses, each refused: the mask may be partial (each is valid CUDA: the lanes it names call)

// reassigned: the first n lanes when n < 32
__global__ void mask_reassigned(const int* in, int* out, int n)
{
    unsigned mask = 0xffffffff;
    if (n < WARP)
        mask = (1u << n) - 1;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x % WARP < n)
        out[i] = __ballot_sync(mask, in[i] > 0);
}

// computed from threadIdx: each half warp names its own half
__global__ void mask_from_thread_index(const float* in, float* out)
{
    unsigned mask = (threadIdx.x & 16) ? 0xffff0000u : 0x0000ffffu;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = __shfl_down_sync(mask, in[i], 1, 16);
}

// the lanes a vote found
__global__ void mask_from_vote(const int* in, int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned mask = __ballot_sync(0xffffffff, i < n);
    if (i < n)
        out[i] = __any_sync(mask, in[i] > 0);
}

// a constant, but half a warp
__global__ void mask_half_warp(const int* in, int* out)
{
    const unsigned half = 0x0000ffffu;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x % WARP < 16)
        out[i] = __all_sync(half, in[i] > 0);
}
