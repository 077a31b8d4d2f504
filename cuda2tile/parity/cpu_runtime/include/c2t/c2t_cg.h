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
[[noreturn]] inline void abort_kernel(int code, const char* what) {
    fail(code, "%s", what);
    if (rt.mode == 1) longjmp(rt.fast_jmp, 1);
    if (rt.mode == 2 && rt.cur) {
        rt.cur->state = ST_BAR;  // never resumed: the scheduler stops on the error
        ctx_switch(&rt.cur->ctx, &rt.sched);
    }
    std::fprintf(stderr, "cuda2tile cpu runtime: %s\n", what);
    std::abort();
}
inline unsigned linear_tid() { return threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y; }
inline unsigned block_threads() { return blockDim.x * blockDim.y * blockDim.z; }
}  // namespace c2t

namespace cooperative_groups {

template <class Ty> struct plus { Ty operator()(Ty a, Ty b) const { return a + b; } };
template <class Ty> struct less { Ty operator()(Ty a, Ty b) const { return (b < a) ? b : a; } };
template <class Ty> struct greater { Ty operator()(Ty a, Ty b) const { return (a < b) ? b : a; } };
template <class Ty> struct bit_and { Ty operator()(Ty a, Ty b) const { return a & b; } };
template <class Ty> struct bit_or { Ty operator()(Ty a, Ty b) const { return a | b; } };
template <class Ty> struct bit_xor { Ty operator()(Ty a, Ty b) const { return a ^ b; } };

// A group described at run time: the whole block (kind 0) or a set of lanes of
// one warp (kind 1).
class thread_group {
  protected:
    unsigned kind_ = 0;
    unsigned mask_ = 0;   // lanes (warp-level groups)
    unsigned size_ = 0;
    unsigned rank_ = 0;
    unsigned meta_rank_ = 0, meta_size_ = 1;
  public:
    thread_group() = default;
    thread_group(unsigned kind, unsigned mask, unsigned size, unsigned rank, unsigned mr = 0, unsigned ms = 1)
        : kind_(kind), mask_(mask), size_(size), rank_(rank), meta_rank_(mr), meta_size_(ms) {}
    void sync(std::source_location loc = std::source_location::current()) const {
        if (kind_ == 0) c2t::block_barrier(c2t::B_SYNC, 0, loc);
        else c2t::warp_op(c2t::W_SYNC, mask_, 0, 0, 32, loc);
    }
    unsigned long long size() const { return size_; }
    unsigned long long num_threads() const { return size_; }
    unsigned long long thread_rank() const { return rank_; }
    unsigned meta_group_rank() const { return meta_rank_; }
    unsigned meta_group_size() const { return meta_size_; }
    bool is_valid() const { return size_ != 0; }
    unsigned get_type() const { return kind_; }
    unsigned c2t_mask() const { return mask_; }
};

class thread_block : public thread_group {
  public:
    thread_block() : thread_group(0, 0, c2t::block_threads(), c2t::linear_tid()) {}
    void sync(std::source_location loc = std::source_location::current()) const {
        c2t::block_barrier(c2t::B_SYNC, 0, loc);
    }
    static unsigned long long size() { return c2t::block_threads(); }
    static unsigned long long num_threads() { return c2t::block_threads(); }
    static unsigned long long thread_rank() { return c2t::linear_tid(); }
    static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    static dim3 group_dim() { return blockDim; }
    static dim3 dim_threads() { return blockDim; }
    static bool is_valid() { return true; }
};
inline thread_block this_thread_block() { return thread_block(); }

class grid_group {
  public:
    void sync(std::source_location = std::source_location::current()) const {
        c2t::abort_kernel(C2T_ERR_UNSUPPORTED,
                          "cooperative_groups::grid_group::sync() is not supported: the CPU runtime runs "
                          "blocks one after another");
    }
    static bool is_valid() { return true; }
    static unsigned long long size() {
        return (unsigned long long)c2t::block_threads() * gridDim.x * gridDim.y * gridDim.z;
    }
    static unsigned long long num_threads() { return size(); }
    static unsigned long long thread_rank() {
        const unsigned long long b = blockIdx.x + (unsigned long long)blockIdx.y * gridDim.x +
                                     (unsigned long long)blockIdx.z * gridDim.x * gridDim.y;
        return b * c2t::block_threads() + c2t::linear_tid();
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

namespace details {
// Shared implementation of the warp-level collectives of a group of lanes.
// `mask` = member lanes, `base` = first lane, `width` = shuffle segment.
struct lanes {
    unsigned mask, base, width, rank, size;
    template <class T> T shfl(T v, int src, std::source_location loc) const {
        return __shfl_sync(mask, v, src, int(width), loc);
    }
    template <class T> T shfl_down(T v, unsigned d, std::source_location loc) const {
        return __shfl_down_sync(mask, v, d, int(width), loc);
    }
    template <class T> T shfl_up(T v, unsigned d, std::source_location loc) const {
        return __shfl_up_sync(mask, v, d, int(width), loc);
    }
    template <class T> T shfl_xor(T v, int m, std::source_location loc) const {
        return __shfl_xor_sync(mask, v, m, int(width), loc);
    }
};
}  // namespace details

template <unsigned Size, class ParentT = void>
class thread_block_tile : public thread_group {
    static_assert(Size >= 1 && Size <= 32 && (Size & (Size - 1)) == 0,
                  "cuda2tile CPU runtime: thread_block_tile<Size> supports powers of two up to 32");
    unsigned base_ = 0;
  public:
    thread_block_tile() {
        const unsigned lin = c2t::linear_tid();
        const unsigned lane = lin & 31u;
        base_ = lane & ~(Size - 1);
        const unsigned m = Size == 32 ? 0xffffffffu : (((1u << Size) - 1u) << base_);
        kind_ = 1;
        mask_ = m;
        size_ = Size;
        rank_ = lane & (Size - 1);
        meta_rank_ = lin / Size;
        meta_size_ = (c2t::block_threads() + Size - 1) / Size;
    }
    template <class P> thread_block_tile(const thread_block_tile<Size, P>& o) : thread_group(o) {
        base_ = o.c2t_base();
    }
    unsigned c2t_base() const { return base_; }
    void c2t_set_meta(unsigned r, unsigned s) { meta_rank_ = r; meta_size_ = s; }
    void sync(std::source_location loc = std::source_location::current()) const {
        c2t::warp_op(c2t::W_SYNC, mask_, 0, 0, 32, loc);
    }
    static constexpr unsigned long long size() { return Size; }
    static constexpr unsigned long long num_threads() { return Size; }
    unsigned long long thread_rank() const { return rank_; }
    details::lanes l() const { return details::lanes{mask_, base_, Size, rank_, Size}; }
    template <class T> T shfl(T v, int src, std::source_location loc = std::source_location::current()) const {
        return l().shfl(v, src, loc);
    }
    template <class T> T shfl_down(T v, unsigned d, std::source_location loc = std::source_location::current()) const {
        return l().shfl_down(v, d, loc);
    }
    template <class T> T shfl_up(T v, unsigned d, std::source_location loc = std::source_location::current()) const {
        return l().shfl_up(v, d, loc);
    }
    template <class T> T shfl_xor(T v, int m, std::source_location loc = std::source_location::current()) const {
        return l().shfl_xor(v, m, loc);
    }
    int any(int pred, std::source_location loc = std::source_location::current()) const {
        return __any_sync(mask_, pred, loc);
    }
    int all(int pred, std::source_location loc = std::source_location::current()) const {
        return __all_sync(mask_, pred, loc);
    }
    unsigned ballot(int pred, std::source_location loc = std::source_location::current()) const {
        return __ballot_sync(mask_, pred, loc) >> base_;
    }
    template <class T> unsigned match_any(T v, std::source_location loc = std::source_location::current()) const {
        return __match_any_sync(mask_, v, loc) >> base_;
    }
    template <class T> unsigned match_all(T v, int& pred, std::source_location loc = std::source_location::current()) const {
        return __match_all_sync(mask_, v, &pred, loc) >> base_;
    }
};

template <unsigned Size, class ParentT>
inline thread_block_tile<Size, ParentT> tiled_partition(const ParentT& parent) {
    thread_block_tile<Size, ParentT> t;
    if constexpr (!std::is_same_v<ParentT, thread_block>) {
        // meta rank relative to the parent tile
        const unsigned psize = unsigned(parent.num_threads());
        t.c2t_set_meta(unsigned(parent.thread_rank()) / Size, (psize + Size - 1) / Size);
    }
    return t;
}

// Dynamic partition: tiles of `n` threads (a power of two up to 32) or, for a
// larger n, groups of whole warps synchronised with the block barrier is not
// supported (CUDA also restricts this to n <= 32 for sync on older versions).
inline thread_group tiled_partition(const thread_group& parent, unsigned n) {
    if (n == 0 || n > 32 || (n & (n - 1)))
        c2t::abort_kernel(C2T_ERR_UNSUPPORTED,
                          "cooperative_groups::tiled_partition(parent, n): the CPU runtime supports n = 1, 2, 4, 8, 16, 32");
    const unsigned lin = c2t::linear_tid();
    const unsigned lane = lin & 31u;
    const unsigned base = lane & ~(n - 1);
    const unsigned m = n == 32 ? 0xffffffffu : (((1u << n) - 1u) << base);
    const unsigned prank = unsigned(parent.thread_rank()), psize = unsigned(parent.num_threads());
    return thread_group(1, m, n, lane & (n - 1), prank / n, (psize + n - 1) / n);
}

class coalesced_group : public thread_group {
    unsigned lane_ = 0;
  public:
    explicit coalesced_group(unsigned mask) {
        lane_ = c2t::linear_tid() & 31u;
        kind_ = 1;
        mask_ = mask;
        size_ = unsigned(c2t::popc32(mask));
        rank_ = unsigned(c2t::popc32(mask & ((1u << lane_) - 1u)));
    }
    void sync(std::source_location loc = std::source_location::current()) const {
        c2t::warp_op(c2t::W_SYNC, mask_, 0, 0, 32, loc);
    }
    // rank -> lane
    unsigned lane_of(unsigned rank) const {
        unsigned m = mask_;
        for (unsigned i = 0; i < rank && m; ++i) m &= m - 1;
        return m ? unsigned(__builtin_ctz(m)) : 0u;
    }
    template <class T> T shfl(T v, unsigned src_rank, std::source_location loc = std::source_location::current()) const {
        return __shfl_sync(mask_, v, int(lane_of(src_rank)), 32, loc);
    }
    template <class T> T shfl_down(T v, unsigned d, std::source_location loc = std::source_location::current()) const {
        const unsigned r = rank_ + d;
        return __shfl_sync(mask_, v, int(r < size_ ? lane_of(r) : lane_), 32, loc);
    }
    template <class T> T shfl_up(T v, unsigned d, std::source_location loc = std::source_location::current()) const {
        return __shfl_sync(mask_, v, int(rank_ >= d ? lane_of(rank_ - d) : lane_), 32, loc);
    }
    int any(int p, std::source_location loc = std::source_location::current()) const { return __any_sync(mask_, p, loc); }
    int all(int p, std::source_location loc = std::source_location::current()) const { return __all_sync(mask_, p, loc); }
    unsigned ballot(int p, std::source_location loc = std::source_location::current()) const {
        const unsigned b = __ballot_sync(mask_, p, loc);
        unsigned r = 0, k = 0;
        for (unsigned m = mask_; m; m &= m - 1, ++k)
            if (b >> __builtin_ctz(m) & 1u) r |= 1u << k;
        return r;
    }
};
inline coalesced_group coalesced_threads(std::source_location loc = std::source_location::current()) {
    return coalesced_group(__activemask(loc));
}

template <class G> inline void sync(const G& g, std::source_location loc = std::source_location::current()) {
    g.sync(loc);
}

// cg::reduce: the tile form uses the same butterfly (shfl_xor, largest
// distance first) as CUDA's implementation, so float results match bit for bit.
template <unsigned Size, class P, class T, class Op>
inline auto reduce(const thread_block_tile<Size, P>& g, T val, Op op,
                   std::source_location loc = std::source_location::current()) -> decltype(op(val, val)) {
    using R = decltype(op(val, val));
    R v = val;
    for (unsigned m = Size >> 1; m > 0; m >>= 1) v = op(v, g.shfl_xor(v, int(m), loc));
    return v;
}
template <class T, class Op>
inline auto reduce(const coalesced_group& g, T val, Op op,
                   std::source_location loc = std::source_location::current()) -> decltype(op(val, val)) {
    using R = decltype(op(val, val));
    R v = val;
    const unsigned n = unsigned(g.size());
    if ((n & (n - 1)) == 0) {
        for (unsigned off = n >> 1; off > 0; off >>= 1) v = op(v, g.shfl_down(v, off, loc));
        return g.shfl(v, 0, loc);
    }
    // general size: reduce ranks in a shfl_down tree with bounds checks
    for (unsigned off = 1; off < n; off <<= 1) {
        R o = g.shfl_down(v, off, loc);
        if (g.thread_rank() + off < n && (g.thread_rank() % (2 * off)) == 0) v = op(v, o);
    }
    return g.shfl(v, 0, loc);
}
template <class T, class Op>
inline auto reduce(const thread_group& g, T val, Op op,
                   std::source_location loc = std::source_location::current()) -> decltype(op(val, val)) {
    using R = decltype(op(val, val));
    R v = val;
    const unsigned n = unsigned(g.size());
    for (unsigned m = n >> 1; m > 0; m >>= 1) v = op(v, __shfl_xor_sync(g.c2t_mask(), v, int(m), int(n), loc));
    return v;
}

template <unsigned Size, class P, class T, class Op>
inline auto inclusive_scan(const thread_block_tile<Size, P>& g, T val, Op op,
                           std::source_location loc = std::source_location::current()) -> decltype(op(val, val)) {
    using R = decltype(op(val, val));
    R v = val;
    const unsigned r = unsigned(g.thread_rank());
    for (unsigned d = 1; d < Size; d <<= 1) {
        R o = g.shfl_up(v, d, loc);
        if (r >= d) v = op(o, v);
    }
    return v;
}
template <unsigned Size, class P, class T>
inline T inclusive_scan(const thread_block_tile<Size, P>& g, T val,
                        std::source_location loc = std::source_location::current()) {
    return inclusive_scan(g, val, plus<T>(), loc);
}
template <unsigned Size, class P, class T, class Op>
inline auto exclusive_scan(const thread_block_tile<Size, P>& g, T val, Op op,
                           std::source_location loc = std::source_location::current()) -> decltype(op(val, val)) {
    using R = decltype(op(val, val));
    R inc = inclusive_scan(g, val, op, loc);
    R ex = g.shfl_up(inc, 1, loc);
    return g.thread_rank() == 0 ? R{} : ex;
}
template <unsigned Size, class P, class T>
inline T exclusive_scan(const thread_block_tile<Size, P>& g, T val,
                        std::source_location loc = std::source_location::current()) {
    return exclusive_scan(g, val, plus<T>(), loc);
}

// memcpy_async: the group copies cooperatively (strided by rank); wait() is a
// group barrier, after which the data is visible to the whole group.
template <class G>
inline void memcpy_async(const G& g, void* dst, const void* src, size_t bytes) {
    unsigned char* d = static_cast<unsigned char*>(dst);
    const unsigned char* s = static_cast<const unsigned char*>(src);
    const size_t n = size_t(g.num_threads()), r = size_t(g.thread_rank());
    for (size_t i = r; i < bytes; i += n) d[i] = s[i];
}
template <class G, class T>
inline void memcpy_async(const G& g, T* dst, const T* src, size_t bytes) {
    memcpy_async(g, static_cast<void*>(dst), static_cast<const void*>(src), bytes);
}
template <class G, class T>
inline void memcpy_async(const G& g, T* dst, size_t dst_count, const T* src, size_t src_count) {
    memcpy_async(g, static_cast<void*>(dst), static_cast<const void*>(src), std::min(dst_count, src_count) * sizeof(T));
}
template <class G> inline void wait(const G& g, std::source_location loc = std::source_location::current()) { g.sync(loc); }
template <unsigned N, class G> inline void wait_prior(const G& g, std::source_location loc = std::source_location::current()) {
    g.sync(loc);
}

}  // namespace cooperative_groups
