// cuda2tile CPU SIMT runtime -- cooperative_groups subset.
//
// thread_block (sync, thread_rank, size, group_index, thread_index, dim_threads),
// thread_block_tile<N> for N = 1..32 (sync, shfl*, any/all/ballot, match_*,
// thread_rank, meta_group_*), tiled_partition (static and dynamic),
// coalesced_threads(), cg::reduce / inclusive_scan / exclusive_scan with
// cg::plus / less / greater / bit_and / bit_or / bit_xor, memcpy_async + wait.
// grid_group::sync() is not supported (blocks run sequentially) and stops the
// launch with an error.
#pragma once
#include "c2t_fp16.h"

namespace c2t {
__attribute__((__noreturn__)) inline void __c2t_abort_kernel(int __c2t_code, const char* __c2t_what) {
    __c2t_fail(__c2t_code, "%s", __c2t_what);
    if (__c2t_rt.__c2t_mode == 1) longjmp(__c2t_rt.__c2t_fast_jmp, 1);
    if (__c2t_rt.__c2t_mode == 2 && __c2t_rt.__c2t_cur) {
        __c2t_rt.__c2t_cur->__c2t_state = __c2t_ST_BAR;  // never resumed: the scheduler stops on the error
        __c2t_ctx_switch(&__c2t_rt.__c2t_cur->__c2t_ctx, &__c2t_rt.__c2t_sched);
    }
    std::fprintf(stderr, "cuda2tile cpu runtime: %s\n", __c2t_what);
    std::abort();
}
inline unsigned __c2t_linear_tid() { return threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y; }
inline unsigned __c2t_block_threads() { return blockDim.x * blockDim.y * blockDim.z; }
}  // namespace c2t

namespace cooperative_groups {

template <class __c2t_Ty> struct plus { __c2t_Ty operator()(__c2t_Ty __c2t_a, __c2t_Ty __c2t_b) const { return __c2t_a + __c2t_b; } };
template <class __c2t_Ty> struct less { __c2t_Ty operator()(__c2t_Ty __c2t_a, __c2t_Ty __c2t_b) const { return (__c2t_b < __c2t_a) ? __c2t_b : __c2t_a; } };
template <class __c2t_Ty> struct greater { __c2t_Ty operator()(__c2t_Ty __c2t_a, __c2t_Ty __c2t_b) const { return (__c2t_a < __c2t_b) ? __c2t_b : __c2t_a; } };
template <class __c2t_Ty> struct bit_and { __c2t_Ty operator()(__c2t_Ty __c2t_a, __c2t_Ty __c2t_b) const { return __c2t_a & __c2t_b; } };
template <class __c2t_Ty> struct bit_or { __c2t_Ty operator()(__c2t_Ty __c2t_a, __c2t_Ty __c2t_b) const { return __c2t_a | __c2t_b; } };
template <class __c2t_Ty> struct bit_xor { __c2t_Ty operator()(__c2t_Ty __c2t_a, __c2t_Ty __c2t_b) const { return __c2t_a ^ __c2t_b; } };

// A group described at run time: the whole block (kind 0) or a set of lanes of
// one warp (kind 1).
class thread_group {
  protected:
    unsigned __c2t_kind_ = 0;
    unsigned __c2t_mask_ = 0;   // lanes (warp-level groups)
    unsigned __c2t_size_ = 0;
    unsigned __c2t_rank_ = 0;
    unsigned __c2t_meta_rank_ = 0, __c2t_meta_size_ = 1;
  public:
    thread_group() = default;
    thread_group(unsigned __c2t_kind, unsigned __c2t_mask, unsigned __c2t_size, unsigned __c2t_rank, unsigned __c2t_mr = 0, unsigned __c2t_ms = 1)
        : __c2t_kind_(__c2t_kind), __c2t_mask_(__c2t_mask), __c2t_size_(__c2t_size), __c2t_rank_(__c2t_rank), __c2t_meta_rank_(__c2t_mr), __c2t_meta_size_(__c2t_ms) {}
    void sync(c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        if (__c2t_kind_ == 0) c2t::__c2t_block_barrier(c2t::__c2t_B_SYNC, 0, __c2t_loc);
        else c2t::__c2t_warp_op(c2t::__c2t_W_SYNC, __c2t_mask_, 0, 0, 32, __c2t_loc);
    }
    unsigned long long size() const { return __c2t_size_; }
    unsigned long long num_threads() const { return __c2t_size_; }
    unsigned long long thread_rank() const { return __c2t_rank_; }
    unsigned meta_group_rank() const { return __c2t_meta_rank_; }
    unsigned meta_group_size() const { return __c2t_meta_size_; }
    bool is_valid() const { return __c2t_size_ != 0; }
    unsigned get_type() const { return __c2t_kind_; }
    unsigned c2t_mask() const { return __c2t_mask_; }
};

class thread_block : public thread_group {
  public:
    thread_block() : thread_group(0, 0, c2t::__c2t_block_threads(), c2t::__c2t_linear_tid()) {}
    void sync(c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        c2t::__c2t_block_barrier(c2t::__c2t_B_SYNC, 0, __c2t_loc);
    }
    static unsigned long long size() { return c2t::__c2t_block_threads(); }
    static unsigned long long num_threads() { return c2t::__c2t_block_threads(); }
    static unsigned long long thread_rank() { return c2t::__c2t_linear_tid(); }
    static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    static dim3 group_dim() { return blockDim; }
    static dim3 dim_threads() { return blockDim; }
    static bool is_valid() { return true; }
};
inline thread_block this_thread_block() { return thread_block(); }
// Scratch space CUDA 11+ asks for before tiles larger than a warp (`block_tile_memory<256>`); tiles here
// keep their state in the group objects, so the memory is only accepted and never used.
template <unsigned int __c2t_MaxBlockSize = 1024>
struct block_tile_memory {
    unsigned char __c2t_unused[8];
};
template <unsigned int __c2t_MaxBlockSize>
inline thread_block this_thread_block(block_tile_memory<__c2t_MaxBlockSize>&) { return thread_block(); }

class grid_group {
  public:
    void sync(c2t::__c2t_srcloc = c2t::__c2t_srcloc::__c2t_current()) const {
        c2t::__c2t_abort_kernel(C2T_ERR_UNSUPPORTED,
                          "cooperative_groups::grid_group::sync() is not supported: the CPU runtime runs "
                          "blocks one after another");
    }
    static bool is_valid() { return true; }
    static unsigned long long size() {
        return (unsigned long long)c2t::__c2t_block_threads() * gridDim.x * gridDim.y * gridDim.z;
    }
    static unsigned long long num_threads() { return size(); }
    static unsigned long long thread_rank() {
        const unsigned long long __c2t_b = blockIdx.x + (unsigned long long)blockIdx.y * gridDim.x +
                                     (unsigned long long)blockIdx.z * gridDim.x * gridDim.y;
        return __c2t_b * c2t::__c2t_block_threads() + c2t::__c2t_linear_tid();
    }
    static unsigned long long num_blocks() { return (unsigned long long)gridDim.x * gridDim.y * gridDim.z; }
    static unsigned long long block_rank() {
        return blockIdx.x + (unsigned long long)blockIdx.y * gridDim.x +
               (unsigned long long)blockIdx.z * gridDim.x * gridDim.y;
    }
    static dim3 group_dim() { return gridDim; }
    static dim3 dim_blocks() { return gridDim; }
    static dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
};
inline grid_group this_grid() { return grid_group(); }

namespace __c2t_details {
// Shared implementation of the warp-level collectives of a group of lanes.
// `mask` = member lanes, `base` = first lane, `width` = shuffle segment.
struct __c2t_lanes {
    unsigned __c2t_mask, __c2t_base, __c2t_width, __c2t_rank, __c2t_size;
    template <class __c2t_T> __c2t_T shfl(__c2t_T __c2t_v, int __c2t_src, c2t::__c2t_srcloc __c2t_loc) const {
        return __shfl_sync(__c2t_mask, __c2t_v, __c2t_src, int(__c2t_width), __c2t_loc);
    }
    template <class __c2t_T> __c2t_T shfl_down(__c2t_T __c2t_v, unsigned __c2t_d, c2t::__c2t_srcloc __c2t_loc) const {
        return __shfl_down_sync(__c2t_mask, __c2t_v, __c2t_d, int(__c2t_width), __c2t_loc);
    }
    template <class __c2t_T> __c2t_T shfl_up(__c2t_T __c2t_v, unsigned __c2t_d, c2t::__c2t_srcloc __c2t_loc) const {
        return __shfl_up_sync(__c2t_mask, __c2t_v, __c2t_d, int(__c2t_width), __c2t_loc);
    }
    template <class __c2t_T> __c2t_T shfl_xor(__c2t_T __c2t_v, int __c2t_m, c2t::__c2t_srcloc __c2t_loc) const {
        return __shfl_xor_sync(__c2t_mask, __c2t_v, __c2t_m, int(__c2t_width), __c2t_loc);
    }
};
}  // namespace __c2t_details

template <unsigned __c2t_Size, class __c2t_ParentT = void>
class thread_block_tile : public thread_group {
    static_assert(__c2t_Size >= 1 && __c2t_Size <= 32 && (__c2t_Size & (__c2t_Size - 1)) == 0,
                  "cuda2tile CPU runtime: thread_block_tile<Size> supports powers of two up to 32");
    unsigned __c2t_base_ = 0;
  public:
    thread_block_tile() {
        const unsigned __c2t_lin = c2t::__c2t_linear_tid();
        const unsigned __c2t_lane = __c2t_lin & 31u;
        __c2t_base_ = __c2t_lane & ~(__c2t_Size - 1);
        const unsigned __c2t_m = __c2t_Size == 32 ? 0xffffffffu : (((1u << __c2t_Size) - 1u) << __c2t_base_);
        __c2t_kind_ = 1;
        __c2t_mask_ = __c2t_m;
        __c2t_size_ = __c2t_Size;
        __c2t_rank_ = __c2t_lane & (__c2t_Size - 1);
        __c2t_meta_rank_ = __c2t_lin / __c2t_Size;
        __c2t_meta_size_ = (c2t::__c2t_block_threads() + __c2t_Size - 1) / __c2t_Size;
    }
    template <class __c2t_P> thread_block_tile(const thread_block_tile<__c2t_Size, __c2t_P>& __c2t_o) : thread_group(__c2t_o) {
        __c2t_base_ = __c2t_o.c2t_base();
    }
    unsigned c2t_base() const { return __c2t_base_; }
    void c2t_set_meta(unsigned __c2t_r, unsigned __c2t_s) { __c2t_meta_rank_ = __c2t_r; __c2t_meta_size_ = __c2t_s; }
    void sync(c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        c2t::__c2t_warp_op(c2t::__c2t_W_SYNC, __c2t_mask_, 0, 0, 32, __c2t_loc);
    }
    static constexpr unsigned long long size() { return __c2t_Size; }
    static constexpr unsigned long long num_threads() { return __c2t_Size; }
    unsigned long long thread_rank() const { return __c2t_rank_; }
    __c2t_details::__c2t_lanes __c2t_l() const { return __c2t_details::__c2t_lanes{__c2t_mask_, __c2t_base_, __c2t_Size, __c2t_rank_, __c2t_Size}; }
    template <class __c2t_T> __c2t_T shfl(__c2t_T __c2t_v, int __c2t_src, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        return __c2t_l().shfl(__c2t_v, __c2t_src, __c2t_loc);
    }
    template <class __c2t_T> __c2t_T shfl_down(__c2t_T __c2t_v, unsigned __c2t_d, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        return __c2t_l().shfl_down(__c2t_v, __c2t_d, __c2t_loc);
    }
    template <class __c2t_T> __c2t_T shfl_up(__c2t_T __c2t_v, unsigned __c2t_d, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        return __c2t_l().shfl_up(__c2t_v, __c2t_d, __c2t_loc);
    }
    template <class __c2t_T> __c2t_T shfl_xor(__c2t_T __c2t_v, int __c2t_m, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        return __c2t_l().shfl_xor(__c2t_v, __c2t_m, __c2t_loc);
    }
    int any(int __c2t_pred, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        return __any_sync(__c2t_mask_, __c2t_pred, __c2t_loc);
    }
    int all(int __c2t_pred, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        return __all_sync(__c2t_mask_, __c2t_pred, __c2t_loc);
    }
    unsigned ballot(int __c2t_pred, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        return __ballot_sync(__c2t_mask_, __c2t_pred, __c2t_loc) >> __c2t_base_;
    }
    template <class __c2t_T> unsigned match_any(__c2t_T __c2t_v, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        return __match_any_sync(__c2t_mask_, __c2t_v, __c2t_loc) >> __c2t_base_;
    }
    template <class __c2t_T> unsigned match_all(__c2t_T __c2t_v, int& __c2t_pred, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        return __match_all_sync(__c2t_mask_, __c2t_v, &__c2t_pred, __c2t_loc) >> __c2t_base_;
    }
};

template <unsigned __c2t_Size, class __c2t_ParentT>
inline thread_block_tile<__c2t_Size, __c2t_ParentT> tiled_partition(const __c2t_ParentT& __c2t_parent) {
    thread_block_tile<__c2t_Size, __c2t_ParentT> __c2t_t;
    if constexpr (!std::is_same_v<__c2t_ParentT, thread_block>) {
        // meta rank relative to the parent tile
        const unsigned __c2t_psize = unsigned(__c2t_parent.num_threads());
        __c2t_t.c2t_set_meta(unsigned(__c2t_parent.thread_rank()) / __c2t_Size, (__c2t_psize + __c2t_Size - 1) / __c2t_Size);
    }
    return __c2t_t;
}

// Dynamic partition: tiles of `n` threads (a power of two up to 32) or, for a
// larger n, groups of whole warps synchronised with the block barrier is not
// supported (CUDA also restricts this to n <= 32 for sync on older versions).
inline thread_group tiled_partition(const thread_group& __c2t_parent, unsigned __c2t_n) {
    if (__c2t_n == 0 || __c2t_n > 32 || (__c2t_n & (__c2t_n - 1)))
        c2t::__c2t_abort_kernel(C2T_ERR_UNSUPPORTED,
                          "cooperative_groups::tiled_partition(parent, n): the CPU runtime supports n = 1, 2, 4, 8, 16, 32");
    const unsigned __c2t_lin = c2t::__c2t_linear_tid();
    const unsigned __c2t_lane = __c2t_lin & 31u;
    const unsigned __c2t_base = __c2t_lane & ~(__c2t_n - 1);
    const unsigned __c2t_m = __c2t_n == 32 ? 0xffffffffu : (((1u << __c2t_n) - 1u) << __c2t_base);
    const unsigned __c2t_prank = unsigned(__c2t_parent.thread_rank()), __c2t_psize = unsigned(__c2t_parent.num_threads());
    return thread_group(1, __c2t_m, __c2t_n, __c2t_lane & (__c2t_n - 1), __c2t_prank / __c2t_n, (__c2t_psize + __c2t_n - 1) / __c2t_n);
}

class coalesced_group : public thread_group {
    unsigned __c2t_lane_ = 0;
  public:
    explicit coalesced_group(unsigned __c2t_mask) {
        __c2t_lane_ = c2t::__c2t_linear_tid() & 31u;
        __c2t_kind_ = 1;
        __c2t_mask_ = __c2t_mask;
        __c2t_size_ = unsigned(c2t::__c2t_popc32(__c2t_mask));
        __c2t_rank_ = unsigned(c2t::__c2t_popc32(__c2t_mask & ((1u << __c2t_lane_) - 1u)));
    }
    void sync(c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        c2t::__c2t_warp_op(c2t::__c2t_W_SYNC, __c2t_mask_, 0, 0, 32, __c2t_loc);
    }
    // rank -> lane
    unsigned __c2t_lane_of(unsigned __c2t_rank) const {
        unsigned __c2t_m = __c2t_mask_;
        for (unsigned __c2t_i = 0; __c2t_i < __c2t_rank && __c2t_m; ++__c2t_i) __c2t_m &= __c2t_m - 1;
        return __c2t_m ? unsigned(__builtin_ctz(__c2t_m)) : 0u;
    }
    template <class __c2t_T> __c2t_T shfl(__c2t_T __c2t_v, unsigned __c2t_src_rank, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        return __shfl_sync(__c2t_mask_, __c2t_v, int(__c2t_lane_of(__c2t_src_rank)), 32, __c2t_loc);
    }
    template <class __c2t_T> __c2t_T shfl_down(__c2t_T __c2t_v, unsigned __c2t_d, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        const unsigned __c2t_r = __c2t_rank_ + __c2t_d;
        return __shfl_sync(__c2t_mask_, __c2t_v, int(__c2t_r < __c2t_size_ ? __c2t_lane_of(__c2t_r) : __c2t_lane_), 32, __c2t_loc);
    }
    template <class __c2t_T> __c2t_T shfl_up(__c2t_T __c2t_v, unsigned __c2t_d, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        return __shfl_sync(__c2t_mask_, __c2t_v, int(__c2t_rank_ >= __c2t_d ? __c2t_lane_of(__c2t_rank_ - __c2t_d) : __c2t_lane_), 32, __c2t_loc);
    }
    int any(int __c2t_p, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const { return __any_sync(__c2t_mask_, __c2t_p, __c2t_loc); }
    int all(int __c2t_p, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const { return __all_sync(__c2t_mask_, __c2t_p, __c2t_loc); }
    unsigned ballot(int __c2t_p, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) const {
        const unsigned __c2t_b = __ballot_sync(__c2t_mask_, __c2t_p, __c2t_loc);
        unsigned __c2t_r = 0, __c2t_k = 0;
        for (unsigned __c2t_m = __c2t_mask_; __c2t_m; __c2t_m &= __c2t_m - 1, ++__c2t_k)
            if (__c2t_b >> __builtin_ctz(__c2t_m) & 1u) __c2t_r |= 1u << __c2t_k;
        return __c2t_r;
    }
};
inline coalesced_group coalesced_threads(c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) {
    return coalesced_group(__activemask(__c2t_loc));
}

template <class __c2t_G> inline void sync(const __c2t_G& __c2t_g, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) {
    __c2t_g.sync(__c2t_loc);
}

// cg::reduce: the tile form uses the same butterfly (shfl_xor, largest
// distance first) as CUDA's implementation, so float results match bit for bit.
template <unsigned __c2t_Size, class __c2t_P, class __c2t_T, class __c2t_Op>
inline auto reduce(const thread_block_tile<__c2t_Size, __c2t_P>& __c2t_g, __c2t_T __c2t_val, __c2t_Op __c2t_op,
                   c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) -> decltype(__c2t_op(__c2t_val, __c2t_val)) {
    using __c2t_R = decltype(__c2t_op(__c2t_val, __c2t_val));
    __c2t_R __c2t_v = __c2t_val;
    for (unsigned __c2t_m = __c2t_Size >> 1; __c2t_m > 0; __c2t_m >>= 1) __c2t_v = __c2t_op(__c2t_v, __c2t_g.shfl_xor(__c2t_v, int(__c2t_m), __c2t_loc));
    return __c2t_v;
}
template <class __c2t_T, class __c2t_Op>
inline auto reduce(const coalesced_group& __c2t_g, __c2t_T __c2t_val, __c2t_Op __c2t_op,
                   c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) -> decltype(__c2t_op(__c2t_val, __c2t_val)) {
    using __c2t_R = decltype(__c2t_op(__c2t_val, __c2t_val));
    __c2t_R __c2t_v = __c2t_val;
    const unsigned __c2t_n = unsigned(__c2t_g.size());
    if ((__c2t_n & (__c2t_n - 1)) == 0) {
        for (unsigned __c2t_off = __c2t_n >> 1; __c2t_off > 0; __c2t_off >>= 1) __c2t_v = __c2t_op(__c2t_v, __c2t_g.shfl_down(__c2t_v, __c2t_off, __c2t_loc));
        return __c2t_g.shfl(__c2t_v, 0, __c2t_loc);
    }
    // general size: reduce ranks in a shfl_down tree with bounds checks
    for (unsigned __c2t_off = 1; __c2t_off < __c2t_n; __c2t_off <<= 1) {
        __c2t_R __c2t_o = __c2t_g.shfl_down(__c2t_v, __c2t_off, __c2t_loc);
        if (__c2t_g.thread_rank() + __c2t_off < __c2t_n && (__c2t_g.thread_rank() % (2 * __c2t_off)) == 0) __c2t_v = __c2t_op(__c2t_v, __c2t_o);
    }
    return __c2t_g.shfl(__c2t_v, 0, __c2t_loc);
}
template <class __c2t_T, class __c2t_Op>
inline auto reduce(const thread_group& __c2t_g, __c2t_T __c2t_val, __c2t_Op __c2t_op,
                   c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) -> decltype(__c2t_op(__c2t_val, __c2t_val)) {
    using __c2t_R = decltype(__c2t_op(__c2t_val, __c2t_val));
    __c2t_R __c2t_v = __c2t_val;
    const unsigned __c2t_n = unsigned(__c2t_g.size());
    for (unsigned __c2t_m = __c2t_n >> 1; __c2t_m > 0; __c2t_m >>= 1) __c2t_v = __c2t_op(__c2t_v, __shfl_xor_sync(__c2t_g.c2t_mask(), __c2t_v, int(__c2t_m), int(__c2t_n), __c2t_loc));
    return __c2t_v;
}

template <unsigned __c2t_Size, class __c2t_P, class __c2t_T, class __c2t_Op>
inline auto inclusive_scan(const thread_block_tile<__c2t_Size, __c2t_P>& __c2t_g, __c2t_T __c2t_val, __c2t_Op __c2t_op,
                           c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) -> decltype(__c2t_op(__c2t_val, __c2t_val)) {
    using __c2t_R = decltype(__c2t_op(__c2t_val, __c2t_val));
    __c2t_R __c2t_v = __c2t_val;
    const unsigned __c2t_r = unsigned(__c2t_g.thread_rank());
    for (unsigned __c2t_d = 1; __c2t_d < __c2t_Size; __c2t_d <<= 1) {
        __c2t_R __c2t_o = __c2t_g.shfl_up(__c2t_v, __c2t_d, __c2t_loc);
        if (__c2t_r >= __c2t_d) __c2t_v = __c2t_op(__c2t_o, __c2t_v);
    }
    return __c2t_v;
}
template <unsigned __c2t_Size, class __c2t_P, class __c2t_T>
inline __c2t_T inclusive_scan(const thread_block_tile<__c2t_Size, __c2t_P>& __c2t_g, __c2t_T __c2t_val,
                        c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) {
    return inclusive_scan(__c2t_g, __c2t_val, plus<__c2t_T>(), __c2t_loc);
}
template <unsigned __c2t_Size, class __c2t_P, class __c2t_T, class __c2t_Op>
inline auto exclusive_scan(const thread_block_tile<__c2t_Size, __c2t_P>& __c2t_g, __c2t_T __c2t_val, __c2t_Op __c2t_op,
                           c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) -> decltype(__c2t_op(__c2t_val, __c2t_val)) {
    using __c2t_R = decltype(__c2t_op(__c2t_val, __c2t_val));
    __c2t_R __c2t_inc = inclusive_scan(__c2t_g, __c2t_val, __c2t_op, __c2t_loc);
    __c2t_R __c2t_ex = __c2t_g.shfl_up(__c2t_inc, 1, __c2t_loc);
    return __c2t_g.thread_rank() == 0 ? __c2t_R{} : __c2t_ex;
}
template <unsigned __c2t_Size, class __c2t_P, class __c2t_T>
inline __c2t_T exclusive_scan(const thread_block_tile<__c2t_Size, __c2t_P>& __c2t_g, __c2t_T __c2t_val,
                        c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) {
    return exclusive_scan(__c2t_g, __c2t_val, plus<__c2t_T>(), __c2t_loc);
}

// memcpy_async: the group copies cooperatively (strided by rank); wait() is a
// group barrier, after which the data is visible to the whole group.
template <class __c2t_G>
inline void memcpy_async(const __c2t_G& __c2t_g, void* __c2t_dst, const void* __c2t_src, size_t __c2t_bytes) {
    unsigned char* __c2t_d = static_cast<unsigned char*>(__c2t_dst);
    const unsigned char* __c2t_s = static_cast<const unsigned char*>(__c2t_src);
    const size_t __c2t_n = size_t(__c2t_g.num_threads()), __c2t_r = size_t(__c2t_g.thread_rank());
    for (size_t __c2t_i = __c2t_r; __c2t_i < __c2t_bytes; __c2t_i += __c2t_n) __c2t_d[__c2t_i] = __c2t_s[__c2t_i];
}
template <class __c2t_G, class __c2t_T>
inline void memcpy_async(const __c2t_G& __c2t_g, __c2t_T* __c2t_dst, const __c2t_T* __c2t_src, size_t __c2t_bytes) {
    memcpy_async(__c2t_g, static_cast<void*>(__c2t_dst), static_cast<const void*>(__c2t_src), __c2t_bytes);
}
template <class __c2t_G, class __c2t_T>
inline void memcpy_async(const __c2t_G& __c2t_g, __c2t_T* __c2t_dst, size_t __c2t_dst_count, const __c2t_T* __c2t_src, size_t __c2t_src_count) {
    memcpy_async(__c2t_g, static_cast<void*>(__c2t_dst), static_cast<const void*>(__c2t_src), std::min(__c2t_dst_count, __c2t_src_count) * sizeof(__c2t_T));
}
template <class __c2t_G> inline void wait(const __c2t_G& __c2t_g, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) { __c2t_g.sync(__c2t_loc); }
template <unsigned __c2t_N, class __c2t_G> inline void wait_prior(const __c2t_G& __c2t_g, c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()) {
    __c2t_g.sync(__c2t_loc);
}

}  // namespace cooperative_groups
