// cuda2tile CPU SIMT runtime -- device built-ins: barriers, warp primitives,
// atomics, fences, math library and integer/float intrinsics.
#pragma once
#include "c2t_sched.h"

#define C2T_LOC c2t::__c2t_srcloc __c2t_loc = c2t::__c2t_srcloc::__c2t_current()

// ---------------------------------------------------------------------------
// Block barriers.
// ---------------------------------------------------------------------------
inline void __syncthreads(C2T_LOC) { c2t::__c2t_block_barrier(c2t::__c2t_B_SYNC, 0, __c2t_loc); }
inline int __syncthreads_count(int __c2t_pred, C2T_LOC) { return c2t::__c2t_block_barrier(c2t::__c2t_B_COUNT, __c2t_pred != 0, __c2t_loc); }
inline int __syncthreads_and(int __c2t_pred, C2T_LOC) { return c2t::__c2t_block_barrier(c2t::__c2t_B_AND, __c2t_pred != 0, __c2t_loc); }
inline int __syncthreads_or(int __c2t_pred, C2T_LOC) { return c2t::__c2t_block_barrier(c2t::__c2t_B_OR, __c2t_pred != 0, __c2t_loc); }

// Memory fences: all CUDA threads of a launch run on one OS thread and only
// switch at barriers / warp operations, so every store is visible to every
// later load in program order; only the compiler must not move memory
// accesses across the fence.
inline void __threadfence() { __asm__ volatile("" ::: "memory"); }
inline void __threadfence_block() { __asm__ volatile("" ::: "memory"); }
inline void __threadfence_system() { __asm__ volatile("" ::: "memory"); }

// ---------------------------------------------------------------------------
// Warp primitives (lock-step rendezvous; see c2t_sched.h).
// ---------------------------------------------------------------------------
namespace c2t {
template <class __c2t_T> inline uint64_t __c2t_to_bits(const __c2t_T& __c2t_v) {
    static_assert(sizeof(__c2t_T) <= 8, "warp shuffles move at most 8 bytes");
    uint64_t __c2t_b = 0;
    std::memcpy(&__c2t_b, &__c2t_v, sizeof(__c2t_T));
    return __c2t_b;
}
template <class __c2t_T> inline __c2t_T __c2t_from_bits(uint64_t __c2t_b) {
    __c2t_T __c2t_v;
    std::memcpy(&__c2t_v, &__c2t_b, sizeof(__c2t_T));
    return __c2t_v;
}
}  // namespace c2t

template <class __c2t_T>
inline __c2t_T __shfl_sync(unsigned __c2t_mask, __c2t_T __c2t_var, int __c2t_srcLane, int __c2t_width = warpSize, C2T_LOC) {
    return c2t::__c2t_from_bits<__c2t_T>(c2t::__c2t_warp_op(c2t::__c2t_W_SHFL_IDX, __c2t_mask, c2t::__c2t_to_bits(__c2t_var), __c2t_srcLane, __c2t_width, __c2t_loc));
}
template <class __c2t_T>
inline __c2t_T __shfl_up_sync(unsigned __c2t_mask, __c2t_T __c2t_var, unsigned int __c2t_delta, int __c2t_width = warpSize, C2T_LOC) {
    return c2t::__c2t_from_bits<__c2t_T>(c2t::__c2t_warp_op(c2t::__c2t_W_SHFL_UP, __c2t_mask, c2t::__c2t_to_bits(__c2t_var), int(__c2t_delta), __c2t_width, __c2t_loc));
}
template <class __c2t_T>
inline __c2t_T __shfl_down_sync(unsigned __c2t_mask, __c2t_T __c2t_var, unsigned int __c2t_delta, int __c2t_width = warpSize, C2T_LOC) {
    return c2t::__c2t_from_bits<__c2t_T>(c2t::__c2t_warp_op(c2t::__c2t_W_SHFL_DOWN, __c2t_mask, c2t::__c2t_to_bits(__c2t_var), int(__c2t_delta), __c2t_width, __c2t_loc));
}
template <class __c2t_T>
inline __c2t_T __shfl_xor_sync(unsigned __c2t_mask, __c2t_T __c2t_var, int __c2t_laneMask, int __c2t_width = warpSize, C2T_LOC) {
    return c2t::__c2t_from_bits<__c2t_T>(c2t::__c2t_warp_op(c2t::__c2t_W_SHFL_XOR, __c2t_mask, c2t::__c2t_to_bits(__c2t_var), __c2t_laneMask, __c2t_width, __c2t_loc));
}
inline unsigned __ballot_sync(unsigned __c2t_mask, int __c2t_pred, C2T_LOC) {
    return unsigned(c2t::__c2t_warp_op(c2t::__c2t_W_BALLOT, __c2t_mask, __c2t_pred != 0, 0, 32, __c2t_loc));
}
inline int __any_sync(unsigned __c2t_mask, int __c2t_pred, C2T_LOC) {
    return int(c2t::__c2t_warp_op(c2t::__c2t_W_ANY, __c2t_mask, __c2t_pred != 0, 0, 32, __c2t_loc));
}
inline int __all_sync(unsigned __c2t_mask, int __c2t_pred, C2T_LOC) {
    return int(c2t::__c2t_warp_op(c2t::__c2t_W_ALL, __c2t_mask, __c2t_pred != 0, 0, 32, __c2t_loc));
}
inline int __uni_sync(unsigned __c2t_mask, int __c2t_pred, C2T_LOC) {
    const int __c2t_all = int(c2t::__c2t_warp_op(c2t::__c2t_W_ALL, __c2t_mask, __c2t_pred != 0, 0, 32, __c2t_loc));
    const int __c2t_any = int(c2t::__c2t_warp_op(c2t::__c2t_W_ANY, __c2t_mask, __c2t_pred != 0, 0, 32, __c2t_loc));
    return __c2t_all || !__c2t_any;
}
inline void __syncwarp(unsigned __c2t_mask = 0xffffffffu, C2T_LOC) { c2t::__c2t_warp_op(c2t::__c2t_W_SYNC, __c2t_mask, 0, 0, 32, __c2t_loc); }
inline unsigned __activemask(C2T_LOC) {
    if (c2t::__c2t_rt.__c2t_mode != 2) c2t::__c2t_fast_path_violation("__activemask", __c2t_loc);
    return unsigned(c2t::__c2t_warp_op(c2t::__c2t_W_ACTIVEMASK, 0, 0, 0, 32, __c2t_loc));
}
template <class __c2t_T> inline unsigned __match_any_sync(unsigned __c2t_mask, __c2t_T __c2t_value, C2T_LOC) {
    return unsigned(c2t::__c2t_warp_op(c2t::__c2t_W_MATCH_ANY, __c2t_mask, c2t::__c2t_to_bits(__c2t_value), 0, 32, __c2t_loc));
}
template <class __c2t_T> inline unsigned __match_all_sync(unsigned __c2t_mask, __c2t_T __c2t_value, int* __c2t_pred, C2T_LOC) {
    int __c2t_p = 0;
    const unsigned __c2t_r = unsigned(c2t::__c2t_warp_op(c2t::__c2t_W_MATCH_ALL, __c2t_mask, c2t::__c2t_to_bits(__c2t_value), 0, 32, __c2t_loc, &__c2t_p));
    if (__c2t_pred) *__c2t_pred = __c2t_p;
    return __c2t_r;
}
inline unsigned __reduce_add_sync(unsigned __c2t_mask, unsigned __c2t_value, C2T_LOC) {
    return unsigned(c2t::__c2t_warp_op(c2t::__c2t_W_RED_ADD, __c2t_mask, __c2t_value, 0, 32, __c2t_loc));
}
inline int __reduce_add_sync(unsigned __c2t_mask, int __c2t_value, C2T_LOC) {
    return int(unsigned(c2t::__c2t_warp_op(c2t::__c2t_W_RED_ADD, __c2t_mask, unsigned(__c2t_value), 0, 32, __c2t_loc)));
}
inline unsigned __reduce_min_sync(unsigned __c2t_mask, unsigned __c2t_value, C2T_LOC) {
    return unsigned(c2t::__c2t_warp_op(c2t::__c2t_W_RED_MIN_U, __c2t_mask, __c2t_value, 0, 32, __c2t_loc));
}
inline int __reduce_min_sync(unsigned __c2t_mask, int __c2t_value, C2T_LOC) {
    return int(unsigned(c2t::__c2t_warp_op(c2t::__c2t_W_RED_MIN_I, __c2t_mask, unsigned(__c2t_value), 0, 32, __c2t_loc)));
}
inline unsigned __reduce_max_sync(unsigned __c2t_mask, unsigned __c2t_value, C2T_LOC) {
    return unsigned(c2t::__c2t_warp_op(c2t::__c2t_W_RED_MAX_U, __c2t_mask, __c2t_value, 0, 32, __c2t_loc));
}
inline int __reduce_max_sync(unsigned __c2t_mask, int __c2t_value, C2T_LOC) {
    return int(unsigned(c2t::__c2t_warp_op(c2t::__c2t_W_RED_MAX_I, __c2t_mask, unsigned(__c2t_value), 0, 32, __c2t_loc)));
}
inline unsigned __reduce_and_sync(unsigned __c2t_mask, unsigned __c2t_value, C2T_LOC) {
    return unsigned(c2t::__c2t_warp_op(c2t::__c2t_W_RED_AND, __c2t_mask, __c2t_value, 0, 32, __c2t_loc));
}
inline unsigned __reduce_or_sync(unsigned __c2t_mask, unsigned __c2t_value, C2T_LOC) {
    return unsigned(c2t::__c2t_warp_op(c2t::__c2t_W_RED_OR, __c2t_mask, __c2t_value, 0, 32, __c2t_loc));
}
inline unsigned __reduce_xor_sync(unsigned __c2t_mask, unsigned __c2t_value, C2T_LOC) {
    return unsigned(c2t::__c2t_warp_op(c2t::__c2t_W_RED_XOR, __c2t_mask, __c2t_value, 0, 32, __c2t_loc));
}
// Pre-CUDA-9 forms (implicit full warp).
template <class __c2t_T> inline __c2t_T __shfl(__c2t_T __c2t_var, int __c2t_srcLane, int __c2t_width = warpSize, C2T_LOC) {
    return __shfl_sync(0xffffffffu, __c2t_var, __c2t_srcLane, __c2t_width, __c2t_loc);
}
template <class __c2t_T> inline __c2t_T __shfl_up(__c2t_T __c2t_var, unsigned __c2t_delta, int __c2t_width = warpSize, C2T_LOC) {
    return __shfl_up_sync(0xffffffffu, __c2t_var, __c2t_delta, __c2t_width, __c2t_loc);
}
template <class __c2t_T> inline __c2t_T __shfl_down(__c2t_T __c2t_var, unsigned __c2t_delta, int __c2t_width = warpSize, C2T_LOC) {
    return __shfl_down_sync(0xffffffffu, __c2t_var, __c2t_delta, __c2t_width, __c2t_loc);
}
template <class __c2t_T> inline __c2t_T __shfl_xor(__c2t_T __c2t_var, int __c2t_laneMask, int __c2t_width = warpSize, C2T_LOC) {
    return __shfl_xor_sync(0xffffffffu, __c2t_var, __c2t_laneMask, __c2t_width, __c2t_loc);
}
inline unsigned __ballot(int __c2t_pred, C2T_LOC) { return __ballot_sync(0xffffffffu, __c2t_pred, __c2t_loc); }
inline int __any(int __c2t_pred, C2T_LOC) { return __any_sync(0xffffffffu, __c2t_pred, __c2t_loc); }
inline int __all(int __c2t_pred, C2T_LOC) { return __all_sync(0xffffffffu, __c2t_pred, __c2t_loc); }

// Lane masks (normally read from PTX special registers).
inline unsigned __c2t_laneid() { return (threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y) & 31u; }
inline unsigned __lanemask_lt() { return (1u << __c2t_laneid()) - 1u; }
inline unsigned __lanemask_le() { return __lanemask_lt() | (1u << __c2t_laneid()); }
inline unsigned __lanemask_eq() { return 1u << __c2t_laneid(); }
inline unsigned __lanemask_gt() { return ~__lanemask_le(); }
inline unsigned __lanemask_ge() { return ~__lanemask_lt(); }

// ---------------------------------------------------------------------------
// Atomics.  One OS thread runs the whole launch and fibers only switch at
// barriers / warp operations / yields, so a plain read-modify-write cannot be
// interleaved with another CUDA thread: it is atomic.  A failing atomicCAS
// (only possible in spin locks) yields so that the lock holder can run.
// ---------------------------------------------------------------------------
#define C2T_ATOMIC_RMW(__c2t_NAME, __c2t_T, __c2t_EXPR)                         \
    inline __c2t_T __c2t_NAME(__c2t_T* __c2t_address, __c2t_T __c2t_val) {                        \
        __c2t_T __c2t_old = *__c2t_address;                                     \
        *__c2t_address = (__c2t_EXPR);                                    \
        return __c2t_old;                                           \
    }                                                         \
    inline __c2t_T __c2t_NAME##_block(__c2t_T* __c2t_address, __c2t_T __c2t_val) { return __c2t_NAME(__c2t_address, __c2t_val); } \
    inline __c2t_T __c2t_NAME##_system(__c2t_T* __c2t_address, __c2t_T __c2t_val) { return __c2t_NAME(__c2t_address, __c2t_val); }

C2T_ATOMIC_RMW(atomicAdd, int, __c2t_old + __c2t_val)
C2T_ATOMIC_RMW(atomicAdd, unsigned int, __c2t_old + __c2t_val)
C2T_ATOMIC_RMW(atomicAdd, unsigned long long, __c2t_old + __c2t_val)
C2T_ATOMIC_RMW(atomicAdd, long long, (long long)((unsigned long long)__c2t_old + (unsigned long long)__c2t_val))
C2T_ATOMIC_RMW(atomicAdd, float, __c2t_old + __c2t_val)
C2T_ATOMIC_RMW(atomicAdd, double, __c2t_old + __c2t_val)
C2T_ATOMIC_RMW(atomicSub, int, __c2t_old - __c2t_val)
C2T_ATOMIC_RMW(atomicSub, unsigned int, __c2t_old - __c2t_val)
C2T_ATOMIC_RMW(atomicSub, unsigned long long, __c2t_old - __c2t_val)
C2T_ATOMIC_RMW(atomicExch, int, __c2t_val)
C2T_ATOMIC_RMW(atomicExch, unsigned int, __c2t_val)
C2T_ATOMIC_RMW(atomicExch, unsigned long long, __c2t_val)
C2T_ATOMIC_RMW(atomicExch, long long, __c2t_val)
C2T_ATOMIC_RMW(atomicExch, float, __c2t_val)
C2T_ATOMIC_RMW(atomicExch, double, __c2t_val)
C2T_ATOMIC_RMW(atomicMin, int, __c2t_val < __c2t_old ? __c2t_val : __c2t_old)
C2T_ATOMIC_RMW(atomicMin, unsigned int, __c2t_val < __c2t_old ? __c2t_val : __c2t_old)
C2T_ATOMIC_RMW(atomicMin, long long, __c2t_val < __c2t_old ? __c2t_val : __c2t_old)
C2T_ATOMIC_RMW(atomicMin, unsigned long long, __c2t_val < __c2t_old ? __c2t_val : __c2t_old)
C2T_ATOMIC_RMW(atomicMax, int, __c2t_val > __c2t_old ? __c2t_val : __c2t_old)
C2T_ATOMIC_RMW(atomicMax, unsigned int, __c2t_val > __c2t_old ? __c2t_val : __c2t_old)
C2T_ATOMIC_RMW(atomicMax, long long, __c2t_val > __c2t_old ? __c2t_val : __c2t_old)
C2T_ATOMIC_RMW(atomicMax, unsigned long long, __c2t_val > __c2t_old ? __c2t_val : __c2t_old)
C2T_ATOMIC_RMW(atomicInc, unsigned int, __c2t_old >= __c2t_val ? 0u : __c2t_old + 1u)
C2T_ATOMIC_RMW(atomicDec, unsigned int, (__c2t_old == 0u || __c2t_old > __c2t_val) ? __c2t_val : __c2t_old - 1u)
C2T_ATOMIC_RMW(atomicAnd, int, __c2t_old & __c2t_val)
C2T_ATOMIC_RMW(atomicAnd, unsigned int, __c2t_old & __c2t_val)
C2T_ATOMIC_RMW(atomicAnd, unsigned long long, __c2t_old & __c2t_val)
C2T_ATOMIC_RMW(atomicAnd, long long, __c2t_old & __c2t_val)
C2T_ATOMIC_RMW(atomicOr, int, __c2t_old | __c2t_val)
C2T_ATOMIC_RMW(atomicOr, unsigned int, __c2t_old | __c2t_val)
C2T_ATOMIC_RMW(atomicOr, unsigned long long, __c2t_old | __c2t_val)
C2T_ATOMIC_RMW(atomicOr, long long, __c2t_old | __c2t_val)
C2T_ATOMIC_RMW(atomicXor, int, __c2t_old ^ __c2t_val)
C2T_ATOMIC_RMW(atomicXor, unsigned int, __c2t_old ^ __c2t_val)
C2T_ATOMIC_RMW(atomicXor, unsigned long long, __c2t_old ^ __c2t_val)
C2T_ATOMIC_RMW(atomicXor, long long, __c2t_old ^ __c2t_val)

inline float2 atomicAdd(float2* __c2t_a, float2 __c2t_v) { float2 __c2t_o = *__c2t_a; __c2t_a->x += __c2t_v.x; __c2t_a->y += __c2t_v.y; return __c2t_o; }
inline float4 atomicAdd(float4* __c2t_a, float4 __c2t_v) {
    float4 __c2t_o = *__c2t_a; __c2t_a->x += __c2t_v.x; __c2t_a->y += __c2t_v.y; __c2t_a->z += __c2t_v.z; __c2t_a->w += __c2t_v.w; return __c2t_o;
}

#define C2T_ATOMIC_CAS(__c2t_T)                                                \
    inline __c2t_T atomicCAS(__c2t_T* __c2t_address, __c2t_T __c2t_compare, __c2t_T __c2t_val) {                   \
        __c2t_T __c2t_old = *__c2t_address;                                                \
        if (__c2t_old == __c2t_compare) *__c2t_address = __c2t_val;                              \
        else c2t::__c2t_yield_now();                                           \
        return __c2t_old;                                                      \
    }                                                                    \
    inline __c2t_T atomicCAS_block(__c2t_T* __c2t_a, __c2t_T __c2t_c, __c2t_T __c2t_v) { return atomicCAS(__c2t_a, __c2t_c, __c2t_v); } \
    inline __c2t_T atomicCAS_system(__c2t_T* __c2t_a, __c2t_T __c2t_c, __c2t_T __c2t_v) { return atomicCAS(__c2t_a, __c2t_c, __c2t_v); }
C2T_ATOMIC_CAS(int)
C2T_ATOMIC_CAS(unsigned int)
C2T_ATOMIC_CAS(unsigned long long)
C2T_ATOMIC_CAS(long long)
C2T_ATOMIC_CAS(unsigned short)

// ---------------------------------------------------------------------------
// Misc device functions.
// ---------------------------------------------------------------------------
inline void __nanosleep(unsigned int) { c2t::__c2t_yield_now(); }
__attribute__((__noreturn__)) inline void __trap() { __builtin_trap(); }
__attribute__((__noreturn__)) inline void __brkpt() { __builtin_trap(); }
inline void __prof_trigger(int) {}
inline long long clock64() { return (long long)(c2t::__c2t_now_seconds() * 1e9); }
inline unsigned long long __globaltimer() { return (unsigned long long)(c2t::__c2t_now_seconds() * 1e9); }
inline unsigned int __isGlobal(const void*) { return 1; }
inline unsigned int __isShared(const void*) { return 0; }
inline unsigned int __isConstant(const void*) { return 0; }
inline unsigned int __isLocal(const void*) { return 0; }
#ifndef __builtin_assume
#define __builtin_assume(x) ((void)0)
#endif
#define __assume(x) ((void)0)

template <class __c2t_T> inline __c2t_T __ldg(const __c2t_T* __c2t_p) { return *__c2t_p; }
template <class __c2t_T> inline __c2t_T __ldcg(const __c2t_T* __c2t_p) { return *__c2t_p; }
template <class __c2t_T> inline __c2t_T __ldca(const __c2t_T* __c2t_p) { return *__c2t_p; }
template <class __c2t_T> inline __c2t_T __ldcs(const __c2t_T* __c2t_p) { return *__c2t_p; }
template <class __c2t_T> inline __c2t_T __ldlu(const __c2t_T* __c2t_p) { return *__c2t_p; }
template <class __c2t_T> inline __c2t_T __ldcv(const __c2t_T* __c2t_p) { return *__c2t_p; }
template <class __c2t_T> inline void __stwb(__c2t_T* __c2t_p, __c2t_T __c2t_v) { *__c2t_p = __c2t_v; }
template <class __c2t_T> inline void __stcg(__c2t_T* __c2t_p, __c2t_T __c2t_v) { *__c2t_p = __c2t_v; }
template <class __c2t_T> inline void __stcs(__c2t_T* __c2t_p, __c2t_T __c2t_v) { *__c2t_p = __c2t_v; }
template <class __c2t_T> inline void __stwt(__c2t_T* __c2t_p, __c2t_T __c2t_v) { *__c2t_p = __c2t_v; }

// ---------------------------------------------------------------------------
// Integer intrinsics.
// ---------------------------------------------------------------------------
inline int __popc(unsigned int x) { return c2t::__c2t_popc32(x); }
inline int __popcll(unsigned long long x) { return c2t::__c2t_popc64(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(unsigned(x)); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline unsigned int __brev(unsigned int x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}
inline unsigned long long __brevll(unsigned long long x) {
    return ((unsigned long long)__brev(unsigned(x)) << 32) | __brev(unsigned(x >> 32));
}
inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int __c2t_s) {
    const unsigned long long __c2t_v = ((unsigned long long)y << 32) | x;
    unsigned int __c2t_r = 0;
    for (int __c2t_i = 0; __c2t_i < 4; ++__c2t_i) __c2t_r |= unsigned((__c2t_v >> (8 * ((__c2t_s >> (4 * __c2t_i)) & 7u))) & 0xffu) << (8 * __c2t_i);
    return __c2t_r;
}
inline unsigned int __funnelshift_l(unsigned int __c2t_lo, unsigned int __c2t_hi, unsigned int __c2t_shift) {
    const unsigned long long __c2t_v = ((unsigned long long)__c2t_hi << 32) | __c2t_lo;
    return unsigned((__c2t_v << (__c2t_shift & 31u)) >> 32);
}
inline unsigned int __funnelshift_lc(unsigned int __c2t_lo, unsigned int __c2t_hi, unsigned int __c2t_shift) {
    const unsigned __c2t_s = __c2t_shift > 32u ? 32u : __c2t_shift;
    const unsigned long long __c2t_v = ((unsigned long long)__c2t_hi << 32) | __c2t_lo;
    return __c2t_s == 32u ? __c2t_lo : unsigned((__c2t_v << __c2t_s) >> 32);
}
inline unsigned int __funnelshift_r(unsigned int __c2t_lo, unsigned int __c2t_hi, unsigned int __c2t_shift) {
    const unsigned long long __c2t_v = ((unsigned long long)__c2t_hi << 32) | __c2t_lo;
    return unsigned(__c2t_v >> (__c2t_shift & 31u));
}
inline unsigned int __funnelshift_rc(unsigned int __c2t_lo, unsigned int __c2t_hi, unsigned int __c2t_shift) {
    const unsigned __c2t_s = __c2t_shift > 32u ? 32u : __c2t_shift;
    const unsigned long long __c2t_v = ((unsigned long long)__c2t_hi << 32) | __c2t_lo;
    return __c2t_s == 32u ? __c2t_hi : unsigned(__c2t_v >> __c2t_s);
}
inline int __mulhi(int x, int y) { return int(((long long)x * (long long)y) >> 32); }
inline unsigned int __umulhi(unsigned int x, unsigned int y) {
    return unsigned(((unsigned long long)x * (unsigned long long)y) >> 32);
}
inline long long __mul64hi(long long x, long long y) { return (long long)(((__int128)x * (__int128)y) >> 64); }
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
    return (unsigned long long)(((unsigned __int128)x * (unsigned __int128)y) >> 64);
}
inline int __mul24(int x, int y) {
    const int __c2t_a = (x << 8) >> 8, __c2t_b = (y << 8) >> 8;
    return int((unsigned)__c2t_a * (unsigned)__c2t_b);
}
inline unsigned int __umul24(unsigned int x, unsigned int y) { return (x & 0xffffffu) * (y & 0xffffffu); }
inline unsigned int __sad(int x, int y, unsigned int z) { return unsigned(x > y ? (long long)x - y : (long long)y - x) + z; }
inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) { return (x > y ? x - y : y - x) + z; }
inline int __hadd(int x, int y) { return int(((long long)x + (long long)y) >> 1); }
inline int __rhadd(int x, int y) { return int(((long long)x + (long long)y + 1) >> 1); }
inline unsigned int __uhadd(unsigned int x, unsigned int y) { return unsigned(((unsigned long long)x + y) >> 1); }
inline unsigned int __urhadd(unsigned int x, unsigned int y) { return unsigned(((unsigned long long)x + y + 1) >> 1); }
inline int __dp4a(int __c2t_a, int __c2t_b, int __c2t_c) {
    int __c2t_r = __c2t_c;
    for (int __c2t_i = 0; __c2t_i < 4; ++__c2t_i) __c2t_r += int(int8_t(__c2t_a >> (8 * __c2t_i))) * int(int8_t(__c2t_b >> (8 * __c2t_i)));
    return __c2t_r;
}
inline unsigned int __dp4a(unsigned int __c2t_a, unsigned int __c2t_b, unsigned int __c2t_c) {
    unsigned __c2t_r = __c2t_c;
    for (int __c2t_i = 0; __c2t_i < 4; ++__c2t_i) __c2t_r += ((__c2t_a >> (8 * __c2t_i)) & 0xffu) * ((__c2t_b >> (8 * __c2t_i)) & 0xffu);
    return __c2t_r;
}
inline int __dp2a_lo(int __c2t_a, int __c2t_b, int __c2t_c) {
    return __c2t_c + int(int16_t(__c2t_a)) * int(int8_t(__c2t_b)) + int(int16_t(__c2t_a >> 16)) * int(int8_t(__c2t_b >> 8));
}
inline int __dp2a_hi(int __c2t_a, int __c2t_b, int __c2t_c) {
    return __c2t_c + int(int16_t(__c2t_a)) * int(int8_t(__c2t_b >> 16)) + int(int16_t(__c2t_a >> 16)) * int(int8_t(__c2t_b >> 24));
}

// ---------------------------------------------------------------------------
// Reinterpretation.
// ---------------------------------------------------------------------------
inline int __float_as_int(float x) { return c2t::__c2t_bit_cast<int>(x); }
inline unsigned int __float_as_uint(float x) { return c2t::__c2t_bit_cast<unsigned int>(x); }
inline float __int_as_float(int x) { return c2t::__c2t_bit_cast<float>(x); }
inline float __uint_as_float(unsigned int x) { return c2t::__c2t_bit_cast<float>(x); }
inline long long __double_as_longlong(double x) { return c2t::__c2t_bit_cast<long long>(x); }
inline double __longlong_as_double(long long x) { return c2t::__c2t_bit_cast<double>(x); }
inline int __double2hiint(double x) { return int(c2t::__c2t_bit_cast<unsigned long long>(x) >> 32); }
inline int __double2loint(double x) { return int(unsigned(c2t::__c2t_bit_cast<unsigned long long>(x))); }
inline double __hiloint2double(int __c2t_hi, int __c2t_lo) {
    return c2t::__c2t_bit_cast<double>(((unsigned long long)(unsigned)__c2t_hi << 32) | (unsigned)__c2t_lo);
}

// ---------------------------------------------------------------------------
// Directed rounding helpers.
// ---------------------------------------------------------------------------
namespace c2t {
#define C2T_OPAQUE(x) __asm__ volatile("" : "+m"(x))
template <class __c2t_T, class __c2t_F> inline __c2t_T __c2t_with_rounding(int __c2t_mode, __c2t_F __c2t_f) {
    const int __c2t_old = fegetround();
    fesetround(__c2t_mode);
    __c2t_T __c2t_r = __c2t_f();
    C2T_OPAQUE(__c2t_r);
    fesetround(__c2t_old);
    return __c2t_r;
}
#define C2T_RMODES(__c2t_X) __c2t_X(rn, FE_TONEAREST) __c2t_X(rz, FE_TOWARDZERO) __c2t_X(ru, FE_UPWARD) __c2t_X(rd, FE_DOWNWARD)

// Saturating float -> integer conversion (as cvt.*.sat on the GPU): NaN -> 0.
template <class __c2t_I> inline __c2t_I __c2t_sat_int(double __c2t_v) {
    if (std::isnan(__c2t_v)) return __c2t_I(0);
    if (__c2t_v <= (double)std::numeric_limits<__c2t_I>::min()) return std::numeric_limits<__c2t_I>::min();
    if (__c2t_v >= (double)std::numeric_limits<__c2t_I>::max()) return std::numeric_limits<__c2t_I>::max();
    return __c2t_I(__c2t_v);
}
template <class __c2t_I> inline __c2t_I __c2t_sat_int_ld(long double __c2t_v) {
    if (std::isnan(__c2t_v)) return __c2t_I(0);
    if (__c2t_v <= (long double)std::numeric_limits<__c2t_I>::min()) return std::numeric_limits<__c2t_I>::min();
    if (__c2t_v >= (long double)std::numeric_limits<__c2t_I>::max()) return std::numeric_limits<__c2t_I>::max();
    return __c2t_I(__c2t_v);
}
inline double __c2t_round_mode(double __c2t_v, int __c2t_m) {
    switch (__c2t_m) {
        case 0: return std::nearbyint(__c2t_v);
        case 1: return std::trunc(__c2t_v);
        case 2: return std::ceil(__c2t_v);
        default: return std::floor(__c2t_v);
    }
}
// Integer -> floating conversion with a rounding direction (0 rn, 1 rz, 2 ru, 3 rd).
template <class __c2t_F, class __c2t_I> inline __c2t_F __c2t_int_to_fp(__c2t_I x, int __c2t_m) {
    __c2t_F __c2t_r = __c2t_F(x);
    const long double __c2t_lx = (long double)x, __c2t_lr = (long double)__c2t_r;
    if (__c2t_lr == __c2t_lx || __c2t_m == 0) return __c2t_r;
    if (__c2t_m == 1) { if (std::fabs(__c2t_lr) > std::fabs(__c2t_lx)) __c2t_r = std::nextafter(__c2t_r, __c2t_F(0)); }
    else if (__c2t_m == 2) { if (__c2t_lr < __c2t_lx) __c2t_r = std::nextafter(__c2t_r, std::numeric_limits<__c2t_F>::infinity()); }
    else { if (__c2t_lr > __c2t_lx) __c2t_r = std::nextafter(__c2t_r, -std::numeric_limits<__c2t_F>::infinity()); }
    return __c2t_r;
}
inline int __c2t_fe_mode(int __c2t_m) { return __c2t_m == 0 ? FE_TONEAREST : __c2t_m == 1 ? FE_TOWARDZERO : __c2t_m == 2 ? FE_UPWARD : FE_DOWNWARD; }
}  // namespace c2t

#define C2T_CVT_F2I(__c2t_SRC, __c2t_PFX, __c2t_I, __c2t_TNAME)                                                                      \
    inline __c2t_I __##__c2t_PFX##2##__c2t_TNAME##_rn(__c2t_SRC x) { return c2t::__c2t_sat_int<__c2t_I>(c2t::__c2t_round_mode(double(x), 0)); }     \
    inline __c2t_I __##__c2t_PFX##2##__c2t_TNAME##_rz(__c2t_SRC x) { return c2t::__c2t_sat_int<__c2t_I>(c2t::__c2t_round_mode(double(x), 1)); }     \
    inline __c2t_I __##__c2t_PFX##2##__c2t_TNAME##_ru(__c2t_SRC x) { return c2t::__c2t_sat_int<__c2t_I>(c2t::__c2t_round_mode(double(x), 2)); }     \
    inline __c2t_I __##__c2t_PFX##2##__c2t_TNAME##_rd(__c2t_SRC x) { return c2t::__c2t_sat_int<__c2t_I>(c2t::__c2t_round_mode(double(x), 3)); }
C2T_CVT_F2I(float, float, int, int)
C2T_CVT_F2I(float, float, unsigned int, uint)
C2T_CVT_F2I(float, float, long long, __c2t_ll)
C2T_CVT_F2I(float, float, unsigned long long, __c2t_ull)
C2T_CVT_F2I(double, double, int, int)
C2T_CVT_F2I(double, double, unsigned int, uint)
C2T_CVT_F2I(double, double, long long, __c2t_ll)
C2T_CVT_F2I(double, double, unsigned long long, __c2t_ull)

#define C2T_CVT_I2F(__c2t_I, __c2t_INAME, __c2t_F, __c2t_FNAME)                                                       \
    inline __c2t_F __##__c2t_INAME##2##__c2t_FNAME##_rn(__c2t_I x) { return c2t::__c2t_int_to_fp<__c2t_F>(x, 0); }                \
    inline __c2t_F __##__c2t_INAME##2##__c2t_FNAME##_rz(__c2t_I x) { return c2t::__c2t_int_to_fp<__c2t_F>(x, 1); }                \
    inline __c2t_F __##__c2t_INAME##2##__c2t_FNAME##_ru(__c2t_I x) { return c2t::__c2t_int_to_fp<__c2t_F>(x, 2); }                \
    inline __c2t_F __##__c2t_INAME##2##__c2t_FNAME##_rd(__c2t_I x) { return c2t::__c2t_int_to_fp<__c2t_F>(x, 3); }
C2T_CVT_I2F(int, int, float, float)
C2T_CVT_I2F(unsigned int, uint, float, float)
C2T_CVT_I2F(long long, __c2t_ll, float, float)
C2T_CVT_I2F(unsigned long long, __c2t_ull, float, float)
C2T_CVT_I2F(long long, __c2t_ll, double, double)
C2T_CVT_I2F(unsigned long long, __c2t_ull, double, double)
inline double __int2double_rn(int x) { return double(x); }
inline double __uint2double_rn(unsigned int x) { return double(x); }
inline float __double2float_rn(double x) { return float(x); }
inline float __double2float_rz(double x) { return c2t::__c2t_with_rounding<float>(FE_TOWARDZERO, [&] { double __c2t_v = x; C2T_OPAQUE(__c2t_v); return float(__c2t_v); }); }
inline float __double2float_ru(double x) { return c2t::__c2t_with_rounding<float>(FE_UPWARD, [&] { double __c2t_v = x; C2T_OPAQUE(__c2t_v); return float(__c2t_v); }); }
inline float __double2float_rd(double x) { return c2t::__c2t_with_rounding<float>(FE_DOWNWARD, [&] { double __c2t_v = x; C2T_OPAQUE(__c2t_v); return float(__c2t_v); }); }

// Single / double precision arithmetic with explicit rounding.
#define C2T_BINOP_R(__c2t_NAME, __c2t_T, __c2t_OP, __c2t_SUF, __c2t_MODE)                                                   \
    inline __c2t_T __c2t_NAME##_##__c2t_SUF(__c2t_T __c2t_a, __c2t_T __c2t_b) {                                                          \
        return c2t::__c2t_with_rounding<__c2t_T>(__c2t_MODE, [&] { __c2t_T x = __c2t_a, y = __c2t_b; C2T_OPAQUE(x); C2T_OPAQUE(y); return __c2t_T(x __c2t_OP y); }); \
    }
#define C2T_BINOP_ALL(__c2t_NAME, __c2t_T, __c2t_OP) \
    C2T_BINOP_R(__c2t_NAME, __c2t_T, __c2t_OP, rn, FE_TONEAREST) C2T_BINOP_R(__c2t_NAME, __c2t_T, __c2t_OP, rz, FE_TOWARDZERO) \
    C2T_BINOP_R(__c2t_NAME, __c2t_T, __c2t_OP, ru, FE_UPWARD) C2T_BINOP_R(__c2t_NAME, __c2t_T, __c2t_OP, rd, FE_DOWNWARD)
C2T_BINOP_ALL(__fadd, float, +)
C2T_BINOP_ALL(__fsub, float, -)
C2T_BINOP_ALL(__fmul, float, *)
C2T_BINOP_ALL(__fdiv, float, /)
C2T_BINOP_ALL(__dadd, double, +)
C2T_BINOP_ALL(__dsub, double, -)
C2T_BINOP_ALL(__dmul, double, *)
C2T_BINOP_ALL(__ddiv, double, /)
#define C2T_UNOP_R(__c2t_NAME, __c2t_T, __c2t_EXPR, __c2t_SUF, __c2t_MODE)                                                  \
    inline __c2t_T __c2t_NAME##_##__c2t_SUF(__c2t_T __c2t_a) {                                                               \
        return c2t::__c2t_with_rounding<__c2t_T>(__c2t_MODE, [&] { __c2t_T x = __c2t_a; C2T_OPAQUE(x); return __c2t_T(__c2t_EXPR); });  \
    }
#define C2T_UNOP_ALL(__c2t_NAME, __c2t_T, __c2t_EXPR) \
    C2T_UNOP_R(__c2t_NAME, __c2t_T, __c2t_EXPR, rn, FE_TONEAREST) C2T_UNOP_R(__c2t_NAME, __c2t_T, __c2t_EXPR, rz, FE_TOWARDZERO) \
    C2T_UNOP_R(__c2t_NAME, __c2t_T, __c2t_EXPR, ru, FE_UPWARD) C2T_UNOP_R(__c2t_NAME, __c2t_T, __c2t_EXPR, rd, FE_DOWNWARD)
C2T_UNOP_ALL(__frcp, float, 1.0f / x)
C2T_UNOP_ALL(__fsqrt, float, std::sqrt(x))
C2T_UNOP_ALL(__drcp, double, 1.0 / x)
C2T_UNOP_ALL(__dsqrt, double, std::sqrt(x))
#define C2T_FMA_R(__c2t_NAME, __c2t_T, __c2t_FN, __c2t_SUF, __c2t_MODE)                                                     \
    inline __c2t_T __c2t_NAME##_##__c2t_SUF(__c2t_T __c2t_a, __c2t_T __c2t_b, __c2t_T __c2t_c) {                                                     \
        return c2t::__c2t_with_rounding<__c2t_T>(__c2t_MODE, [&] { __c2t_T x = __c2t_a, y = __c2t_b, z = __c2t_c; C2T_OPAQUE(x); C2T_OPAQUE(y); C2T_OPAQUE(z); return __c2t_FN(x, y, z); }); \
    }
C2T_FMA_R(__fmaf, float, fmaf, rn, FE_TONEAREST) C2T_FMA_R(__fmaf, float, fmaf, rz, FE_TOWARDZERO)
C2T_FMA_R(__fmaf, float, fmaf, ru, FE_UPWARD) C2T_FMA_R(__fmaf, float, fmaf, rd, FE_DOWNWARD)
C2T_FMA_R(__fma, double, fma, rn, FE_TONEAREST) C2T_FMA_R(__fma, double, fma, rz, FE_TOWARDZERO)
C2T_FMA_R(__fma, double, fma, ru, FE_UPWARD) C2T_FMA_R(__fma, double, fma, rd, FE_DOWNWARD)
inline float __fmaf_ieee_rn(float __c2t_a, float __c2t_b, float __c2t_c) { return fmaf(__c2t_a, __c2t_b, __c2t_c); }
inline float __frsqrt_rn(float x) { return float(1.0 / std::sqrt(double(x))); }

// ---------------------------------------------------------------------------
// Fast-math intrinsics.  The GPU evaluates these with approximate hardware
// instructions (ex2/lg2/sin/cos/rcp .approx); the emulation keeps their
// structure (e.g. __expf(x) = 2^(x*log2(e)) with the product rounded to float)
// so the dominant error term matches, and uses accurate libm for the rest.
// ---------------------------------------------------------------------------
inline float __expf(float x) { return exp2f(x * 1.44269504088896340736f); }
inline float __exp10f(float x) { return exp2f(x * 3.32192809488736234787f); }
inline float __logf(float x) { return log2f(x) * 0.693147180559945309417f; }
inline float __log2f(float x) { return log2f(x); }
inline float __log10f(float x) { return log2f(x) * 0.301029995663981195214f; }
inline float __sinf(float x) { return sinf(x); }
inline float __cosf(float x) { return cosf(x); }
inline float __tanf(float x) { return sinf(x) / cosf(x); }
inline void __sincosf(float x, float* __c2t_s, float* __c2t_c) { *__c2t_s = sinf(x); *__c2t_c = cosf(x); }
inline float __powf(float x, float y) { return exp2f(y * log2f(x)); }
inline float __fdividef(float x, float y) {
    // rcp.approx flushes 1/y to zero for 2^126 < |y| < 2^128.
    const float __c2t_ay = fabsf(y);
    if (__c2t_ay > 0x1p126f && __c2t_ay < INFINITY) return std::isinf(x) ? NAN : std::copysign(0.0f, x) * std::copysign(1.0f, y);
    return x / y;
}
inline float fdividef(float x, float y) { return x / y; }
inline float __saturatef(float x) { return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f); }
inline float __frcp_approx(float x) { return 1.0f / x; }

// ---------------------------------------------------------------------------
// CUDA math library functions that glibc does not provide.
// ---------------------------------------------------------------------------
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / std::sqrt(x); }
inline float rcbrtf(float x) { return float(1.0 / std::cbrt(double(x))); }
inline double rcbrt(double x) { return 1.0 / std::cbrt(x); }
inline float rhypotf(float x, float y) { return float(1.0 / std::hypot(double(x), double(y))); }
inline double rhypot(double x, double y) { return 1.0 / std::hypot(x, y); }
inline float norm3df(float __c2t_a, float __c2t_b, float __c2t_c) { return float(std::sqrt(double(__c2t_a) * __c2t_a + double(__c2t_b) * __c2t_b + double(__c2t_c) * __c2t_c)); }
inline float rnorm3df(float __c2t_a, float __c2t_b, float __c2t_c) { return float(1.0 / std::sqrt(double(__c2t_a) * __c2t_a + double(__c2t_b) * __c2t_b + double(__c2t_c) * __c2t_c)); }
inline float norm4df(float __c2t_a, float __c2t_b, float __c2t_c, float __c2t_d) {
    return float(std::sqrt(double(__c2t_a) * __c2t_a + double(__c2t_b) * __c2t_b + double(__c2t_c) * __c2t_c + double(__c2t_d) * __c2t_d));
}
inline float rnorm4df(float __c2t_a, float __c2t_b, float __c2t_c, float __c2t_d) {
    return float(1.0 / std::sqrt(double(__c2t_a) * __c2t_a + double(__c2t_b) * __c2t_b + double(__c2t_c) * __c2t_c + double(__c2t_d) * __c2t_d));
}
inline double norm3d(double __c2t_a, double __c2t_b, double __c2t_c) { return std::sqrt(__c2t_a * __c2t_a + __c2t_b * __c2t_b + __c2t_c * __c2t_c); }
inline double rnorm3d(double __c2t_a, double __c2t_b, double __c2t_c) { return 1.0 / std::sqrt(__c2t_a * __c2t_a + __c2t_b * __c2t_b + __c2t_c * __c2t_c); }
inline double norm4d(double __c2t_a, double __c2t_b, double __c2t_c, double __c2t_d) { return std::sqrt(__c2t_a * __c2t_a + __c2t_b * __c2t_b + __c2t_c * __c2t_c + __c2t_d * __c2t_d); }
inline double rnorm4d(double __c2t_a, double __c2t_b, double __c2t_c, double __c2t_d) { return 1.0 / std::sqrt(__c2t_a * __c2t_a + __c2t_b * __c2t_b + __c2t_c * __c2t_c + __c2t_d * __c2t_d); }
inline float normf(int __c2t_dim, const float* __c2t_p) {
    double __c2t_s = 0;
    for (int __c2t_i = 0; __c2t_i < __c2t_dim; ++__c2t_i) __c2t_s += double(__c2t_p[__c2t_i]) * __c2t_p[__c2t_i];
    return float(std::sqrt(__c2t_s));
}
inline float rnormf(int __c2t_dim, const float* __c2t_p) { return 1.0f / normf(__c2t_dim, __c2t_p); }
inline double norm(int __c2t_dim, const double* __c2t_p) {
    double __c2t_s = 0;
    for (int __c2t_i = 0; __c2t_i < __c2t_dim; ++__c2t_i) __c2t_s += __c2t_p[__c2t_i] * __c2t_p[__c2t_i];
    return std::sqrt(__c2t_s);
}
inline double rnorm(int __c2t_dim, const double* __c2t_p) { return 1.0 / norm(__c2t_dim, __c2t_p); }

namespace c2t {
inline double __c2t_sinpi_d(double x) {
    if (!std::isfinite(x)) return NAN;
    const double __c2t_r = std::remainder(x, 2.0);  // exact, in [-1, 1]
    if (__c2t_r == 0.0 || std::fabs(__c2t_r) == 1.0) return std::copysign(0.0, x);
    return std::sin(3.14159265358979323846 * __c2t_r);
}
inline double __c2t_cospi_d(double x) {
    if (!std::isfinite(x)) return NAN;
    const double __c2t_r = std::fabs(std::remainder(x, 2.0));
    if (__c2t_r == 0.5) return 0.0;
    return std::sin(3.14159265358979323846 * (0.5 - __c2t_r));
}
inline double __c2t_erfinv_d(double y) {
    if (y <= -1.0) return y == -1.0 ? -INFINITY : NAN;
    if (y >= 1.0) return y == 1.0 ? INFINITY : NAN;
    // Giles' single-precision approximation as a start, then Newton steps.
    double w = -std::log((1.0 - y) * (1.0 + y)), x;
    if (w < 5.0) {
        w -= 2.5;
        double __c2t_p = 2.81022636e-08;
        __c2t_p = 3.43273939e-07 + __c2t_p * w; __c2t_p = -3.5233877e-06 + __c2t_p * w; __c2t_p = -4.39150654e-06 + __c2t_p * w;
        __c2t_p = 0.00021858087 + __c2t_p * w; __c2t_p = -0.00125372503 + __c2t_p * w; __c2t_p = -0.00417768164 + __c2t_p * w;
        __c2t_p = 0.246640727 + __c2t_p * w; __c2t_p = 1.50140941 + __c2t_p * w;
        x = __c2t_p * y;
    } else {
        w = std::sqrt(w) - 3.0;
        double __c2t_p = -0.000200214257;
        __c2t_p = 0.000100950558 + __c2t_p * w; __c2t_p = 0.00134934322 + __c2t_p * w; __c2t_p = -0.00367342844 + __c2t_p * w;
        __c2t_p = 0.00573950773 + __c2t_p * w; __c2t_p = -0.0076224613 + __c2t_p * w; __c2t_p = 0.00943887047 + __c2t_p * w;
        __c2t_p = 1.00167406 + __c2t_p * w; __c2t_p = 2.83297682 + __c2t_p * w;
        x = __c2t_p * y;
    }
    for (int __c2t_i = 0; __c2t_i < 3; ++__c2t_i) {
        const double __c2t_err = std::erf(x) - y;
        x -= __c2t_err / (1.12837916709551257390 * std::exp(-x * x));
    }
    return x;
}
inline double __c2t_erfcinv_d(double y) {
    if (y <= 0.0) return y == 0.0 ? INFINITY : NAN;
    if (y >= 2.0) return y == 2.0 ? -INFINITY : NAN;
    if (y > 0.0625 && y < 1.9375) return __c2t_erfinv_d(1.0 - y);
    const bool __c2t_neg = y > 1.0;
    const double __c2t_t = __c2t_neg ? 2.0 - y : y;
    double x = std::sqrt(-std::log(__c2t_t));  // rough start
    for (int __c2t_i = 0; __c2t_i < 60; ++__c2t_i) {
        const double __c2t_f = std::erfc(x) - __c2t_t;
        const double __c2t_d = -1.12837916709551257390 * std::exp(-x * x);
        if (__c2t_d == 0.0) break;
        const double __c2t_nx = x - __c2t_f / __c2t_d;
        if (std::fabs(__c2t_nx - x) <= 1e-16 * std::fabs(__c2t_nx)) { x = __c2t_nx; break; }
        x = __c2t_nx;
    }
    return __c2t_neg ? -x : x;
}
inline double __c2t_erfcx_d(double x) {
    if (x < 25.0) return std::exp(x * x) * std::erfc(x);
    const double __c2t_x2 = x * x;
    return (1.0 / (x * 1.77245385090551602730)) * (1.0 - 0.5 / __c2t_x2 + 0.75 / (__c2t_x2 * __c2t_x2) - 1.875 / (__c2t_x2 * __c2t_x2 * __c2t_x2));
}
}  // namespace c2t

#if !(defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 41)))
inline float sinpif(float x) { return float(c2t::__c2t_sinpi_d(x)); }
inline float cospif(float x) { return float(c2t::__c2t_cospi_d(x)); }
inline double sinpi(double x) { return c2t::__c2t_sinpi_d(x); }
inline double cospi(double x) { return c2t::__c2t_cospi_d(x); }
#endif
inline void sincospif(float x, float* __c2t_s, float* __c2t_c) { *__c2t_s = float(c2t::__c2t_sinpi_d(x)); *__c2t_c = float(c2t::__c2t_cospi_d(x)); }
inline void sincospi(double x, double* __c2t_s, double* __c2t_c) { *__c2t_s = c2t::__c2t_sinpi_d(x); *__c2t_c = c2t::__c2t_cospi_d(x); }
inline float erfinvf(float x) { return float(c2t::__c2t_erfinv_d(x)); }
inline double erfinv(double x) { return c2t::__c2t_erfinv_d(x); }
inline float erfcinvf(float x) { return float(c2t::__c2t_erfcinv_d(x)); }
inline double erfcinv(double x) { return c2t::__c2t_erfcinv_d(x); }
inline float erfcxf(float x) { return float(c2t::__c2t_erfcx_d(x)); }
inline double erfcx(double x) { return c2t::__c2t_erfcx_d(x); }
inline float normcdff(float x) { return float(0.5 * std::erfc(-double(x) * 0.70710678118654752440)); }
inline double normcdf(double x) { return 0.5 * std::erfc(-x * 0.70710678118654752440); }
inline float normcdfinvf(float __c2t_p) { return float(-1.41421356237309504880 * c2t::__c2t_erfcinv_d(2.0 * double(__c2t_p))); }
inline double normcdfinv(double __c2t_p) { return -1.41421356237309504880 * c2t::__c2t_erfcinv_d(2.0 * __c2t_p); }
inline float cyl_bessel_i0f(float x) { return float(std::cyl_bessel_i(0.0, std::fabs(double(x)))); }
inline float cyl_bessel_i1f(float x) {
    const double __c2t_r = std::cyl_bessel_i(1.0, std::fabs(double(x)));
    return float(x < 0 ? -__c2t_r : __c2t_r);
}
inline double cyl_bessel_i0(double x) { return std::cyl_bessel_i(0.0, std::fabs(x)); }
inline double cyl_bessel_i1(double x) { const double __c2t_r = std::cyl_bessel_i(1.0, std::fabs(x)); return x < 0 ? -__c2t_r : __c2t_r; }

// ---------------------------------------------------------------------------
// min / max overloads of CUDA's math_functions.hpp.
// ---------------------------------------------------------------------------
#define C2T_MINMAX(__c2t_R, __c2t_A, __c2t_B)                                                \
    inline __c2t_R min(__c2t_A __c2t_a, __c2t_B __c2t_b) { return static_cast<__c2t_R>(__c2t_a) < static_cast<__c2t_R>(__c2t_b) ? static_cast<__c2t_R>(__c2t_a) : static_cast<__c2t_R>(__c2t_b); } \
    inline __c2t_R max(__c2t_A __c2t_a, __c2t_B __c2t_b) { return static_cast<__c2t_R>(__c2t_a) > static_cast<__c2t_R>(__c2t_b) ? static_cast<__c2t_R>(__c2t_a) : static_cast<__c2t_R>(__c2t_b); }
C2T_MINMAX(int, int, int)
C2T_MINMAX(unsigned int, unsigned int, unsigned int)
C2T_MINMAX(unsigned int, int, unsigned int)
C2T_MINMAX(unsigned int, unsigned int, int)
C2T_MINMAX(long, long, long)
C2T_MINMAX(unsigned long, unsigned long, unsigned long)
C2T_MINMAX(unsigned long, long, unsigned long)
C2T_MINMAX(unsigned long, unsigned long, long)
C2T_MINMAX(long long, long long, long long)
C2T_MINMAX(unsigned long long, unsigned long long, unsigned long long)
C2T_MINMAX(unsigned long long, long long, unsigned long long)
C2T_MINMAX(unsigned long long, unsigned long long, long long)
inline float min(float __c2t_a, float __c2t_b) { return fminf(__c2t_a, __c2t_b); }
inline float max(float __c2t_a, float __c2t_b) { return fmaxf(__c2t_a, __c2t_b); }
inline double min(double __c2t_a, double __c2t_b) { return fmin(__c2t_a, __c2t_b); }
inline double max(double __c2t_a, double __c2t_b) { return fmax(__c2t_a, __c2t_b); }
inline double min(float __c2t_a, double __c2t_b) { return fmin(double(__c2t_a), __c2t_b); }
inline double max(float __c2t_a, double __c2t_b) { return fmax(double(__c2t_a), __c2t_b); }
inline double min(double __c2t_a, float __c2t_b) { return fmin(__c2t_a, double(__c2t_b)); }
inline double max(double __c2t_a, float __c2t_b) { return fmax(__c2t_a, double(__c2t_b)); }
inline unsigned int __c2t_umin(unsigned int __c2t_a, unsigned int __c2t_b) { return __c2t_a < __c2t_b ? __c2t_a : __c2t_b; }
inline unsigned int __c2t_umax(unsigned int __c2t_a, unsigned int __c2t_b) { return __c2t_a > __c2t_b ? __c2t_a : __c2t_b; }
inline long long __c2t_llmin(long long __c2t_a, long long __c2t_b) { return __c2t_a < __c2t_b ? __c2t_a : __c2t_b; }
inline long long __c2t_llmax(long long __c2t_a, long long __c2t_b) { return __c2t_a > __c2t_b ? __c2t_a : __c2t_b; }
inline unsigned long long __c2t_ullmin(unsigned long long __c2t_a, unsigned long long __c2t_b) { return __c2t_a < __c2t_b ? __c2t_a : __c2t_b; }
inline unsigned long long __c2t_ullmax(unsigned long long __c2t_a, unsigned long long __c2t_b) { return __c2t_a > __c2t_b ? __c2t_a : __c2t_b; }

// ---------------------------------------------------------------------------
// SIMD video intrinsics (CUDA Math API "SIMD Intrinsics"): a 32-bit word holds two 16-bit or four
// 8-bit lanes; each operation works lane by lane.  Suffixes as in CUDA: s/u = signed/unsigned
// lanes, ss/us = saturating to the signed/unsigned lane range, e.g. __vaddss4(0x7f, 0x01) = 0x7f
// while __vadd4(0x7f, 0x01) = 0x80 (wraps).  Comparisons: __vcmp* give all-ones lanes, __vset* 1.
// ---------------------------------------------------------------------------
namespace c2t {
template <int __c2t_Bits, bool __c2t_Signed> inline long long __c2t_lane_get(unsigned __c2t_w, int __c2t_i) {
    const unsigned __c2t_m = (1u << __c2t_Bits) - 1u;
    const unsigned __c2t_u = (__c2t_w >> (__c2t_i * __c2t_Bits)) & __c2t_m;
    if (__c2t_Signed && (__c2t_u >> (__c2t_Bits - 1))) return (long long)__c2t_u - (1ll << __c2t_Bits);
    return (long long)__c2t_u;
}
// applies `op(lane_a, lane_b)` to every lane; the result lane keeps its low bits (wrap-around)
template <int __c2t_Bits, bool __c2t_Signed, class __c2t_Op>
inline unsigned __c2t_simd(unsigned __c2t_a, unsigned __c2t_b, __c2t_Op __c2t_op) {
    const unsigned __c2t_m = (1u << __c2t_Bits) - 1u;
    unsigned __c2t_r = 0;
    for (int __c2t_i = 0; __c2t_i < 32 / __c2t_Bits; ++__c2t_i) {
        const long long __c2t_v = __c2t_op(__c2t_lane_get<__c2t_Bits, __c2t_Signed>(__c2t_a, __c2t_i),
                                           __c2t_lane_get<__c2t_Bits, __c2t_Signed>(__c2t_b, __c2t_i));
        __c2t_r |= (unsigned(__c2t_v) & __c2t_m) << (__c2t_i * __c2t_Bits);
    }
    return __c2t_r;
}
template <int __c2t_Bits, bool __c2t_Signed> inline long long __c2t_lane_sat(long long __c2t_v) {
    const long long __c2t_lo = __c2t_Signed ? -(1ll << (__c2t_Bits - 1)) : 0;
    const long long __c2t_hi = __c2t_Signed ? (1ll << (__c2t_Bits - 1)) - 1 : (1ll << __c2t_Bits) - 1;
    return __c2t_v < __c2t_lo ? __c2t_lo : (__c2t_v > __c2t_hi ? __c2t_hi : __c2t_v);
}
template <int __c2t_Bits, bool __c2t_Signed> inline unsigned __c2t_simd_sad(unsigned __c2t_a, unsigned __c2t_b) {
    unsigned __c2t_s = 0;
    for (int __c2t_i = 0; __c2t_i < 32 / __c2t_Bits; ++__c2t_i) {
        const long long __c2t_d = __c2t_lane_get<__c2t_Bits, __c2t_Signed>(__c2t_a, __c2t_i) -
                                  __c2t_lane_get<__c2t_Bits, __c2t_Signed>(__c2t_b, __c2t_i);
        __c2t_s += unsigned(__c2t_d < 0 ? -__c2t_d : __c2t_d);
    }
    return __c2t_s;
}
}  // namespace c2t

#define C2T_SIMD2(NAME, BITS, SIGNED, EXPR)                                                          \
    inline unsigned int NAME(unsigned int __c2t_a, unsigned int __c2t_b) {                            \
        return c2t::__c2t_simd<BITS, SIGNED>(__c2t_a, __c2t_b, [](long long __c2t_x, long long __c2t_y) { \
            (void)__c2t_y;                                                                            \
            return (long long)(EXPR);                                                                 \
        });                                                                                           \
    }
#define C2T_SIMD_BOTH(SUFFIX_NAME2, SUFFIX_NAME4, SIGNED, EXPR) \
    C2T_SIMD2(SUFFIX_NAME2, 16, SIGNED, EXPR) C2T_SIMD2(SUFFIX_NAME4, 8, SIGNED, EXPR)
C2T_SIMD_BOTH(__vadd2, __vadd4, false, __c2t_x + __c2t_y)
C2T_SIMD_BOTH(__vsub2, __vsub4, false, __c2t_x - __c2t_y)
C2T_SIMD_BOTH(__vmaxs2, __vmaxs4, true, __c2t_x > __c2t_y ? __c2t_x : __c2t_y)
C2T_SIMD_BOTH(__vmaxu2, __vmaxu4, false, __c2t_x > __c2t_y ? __c2t_x : __c2t_y)
C2T_SIMD_BOTH(__vmins2, __vmins4, true, __c2t_x < __c2t_y ? __c2t_x : __c2t_y)
C2T_SIMD_BOTH(__vminu2, __vminu4, false, __c2t_x < __c2t_y ? __c2t_x : __c2t_y)
C2T_SIMD_BOTH(__vabsdiffs2, __vabsdiffs4, true, __c2t_x > __c2t_y ? __c2t_x - __c2t_y : __c2t_y - __c2t_x)
C2T_SIMD_BOTH(__vabsdiffu2, __vabsdiffu4, false, __c2t_x > __c2t_y ? __c2t_x - __c2t_y : __c2t_y - __c2t_x)
C2T_SIMD_BOTH(__vavgs2, __vavgs4, true, (__c2t_x + __c2t_y + ((__c2t_x + __c2t_y) >= 0 ? 1 : 0)) >> 1)
C2T_SIMD_BOTH(__vavgu2, __vavgu4, false, (__c2t_x + __c2t_y + 1) >> 1)
C2T_SIMD_BOTH(__vhaddu2, __vhaddu4, false, (__c2t_x + __c2t_y) >> 1)
C2T_SIMD_BOTH(__vcmpeq2, __vcmpeq4, false, __c2t_x == __c2t_y ? -1 : 0)
C2T_SIMD_BOTH(__vcmpne2, __vcmpne4, false, __c2t_x != __c2t_y ? -1 : 0)
C2T_SIMD_BOTH(__vcmpges2, __vcmpges4, true, __c2t_x >= __c2t_y ? -1 : 0)
C2T_SIMD_BOTH(__vcmpgts2, __vcmpgts4, true, __c2t_x > __c2t_y ? -1 : 0)
C2T_SIMD_BOTH(__vcmples2, __vcmples4, true, __c2t_x <= __c2t_y ? -1 : 0)
C2T_SIMD_BOTH(__vcmplts2, __vcmplts4, true, __c2t_x < __c2t_y ? -1 : 0)
C2T_SIMD_BOTH(__vcmpgeu2, __vcmpgeu4, false, __c2t_x >= __c2t_y ? -1 : 0)
C2T_SIMD_BOTH(__vcmpgtu2, __vcmpgtu4, false, __c2t_x > __c2t_y ? -1 : 0)
C2T_SIMD_BOTH(__vcmpleu2, __vcmpleu4, false, __c2t_x <= __c2t_y ? -1 : 0)
C2T_SIMD_BOTH(__vcmpltu2, __vcmpltu4, false, __c2t_x < __c2t_y ? -1 : 0)
C2T_SIMD_BOTH(__vseteq2, __vseteq4, false, __c2t_x == __c2t_y)
C2T_SIMD_BOTH(__vsetne2, __vsetne4, false, __c2t_x != __c2t_y)
C2T_SIMD_BOTH(__vsetges2, __vsetges4, true, __c2t_x >= __c2t_y)
C2T_SIMD_BOTH(__vsetgts2, __vsetgts4, true, __c2t_x > __c2t_y)
C2T_SIMD_BOTH(__vsetles2, __vsetles4, true, __c2t_x <= __c2t_y)
C2T_SIMD_BOTH(__vsetlts2, __vsetlts4, true, __c2t_x < __c2t_y)
C2T_SIMD_BOTH(__vsetgeu2, __vsetgeu4, false, __c2t_x >= __c2t_y)
C2T_SIMD_BOTH(__vsetgtu2, __vsetgtu4, false, __c2t_x > __c2t_y)
C2T_SIMD_BOTH(__vsetleu2, __vsetleu4, false, __c2t_x <= __c2t_y)
C2T_SIMD_BOTH(__vsetltu2, __vsetltu4, false, __c2t_x < __c2t_y)
// saturating forms
C2T_SIMD2(__vaddss2, 16, true, (c2t::__c2t_lane_sat<16, true>(__c2t_x + __c2t_y)))
C2T_SIMD2(__vaddss4, 8, true, (c2t::__c2t_lane_sat<8, true>(__c2t_x + __c2t_y)))
C2T_SIMD2(__vaddus2, 16, false, (c2t::__c2t_lane_sat<16, false>(__c2t_x + __c2t_y)))
C2T_SIMD2(__vaddus4, 8, false, (c2t::__c2t_lane_sat<8, false>(__c2t_x + __c2t_y)))
C2T_SIMD2(__vsubss2, 16, true, (c2t::__c2t_lane_sat<16, true>(__c2t_x - __c2t_y)))
C2T_SIMD2(__vsubss4, 8, true, (c2t::__c2t_lane_sat<8, true>(__c2t_x - __c2t_y)))
C2T_SIMD2(__vsubus2, 16, false, (c2t::__c2t_lane_sat<16, false>(__c2t_x - __c2t_y)))
C2T_SIMD2(__vsubus4, 8, false, (c2t::__c2t_lane_sat<8, false>(__c2t_x - __c2t_y)))
// one-operand forms: abs / neg wrap (abs(-128) = -128), the ss forms saturate (abs(-128) = 127)
inline unsigned int __vabs2(unsigned int __c2t_a) { return __vabsdiffs2(__c2t_a, 0u); }
inline unsigned int __vabs4(unsigned int __c2t_a) { return __vabsdiffs4(__c2t_a, 0u); }
inline unsigned int __vabsss2(unsigned int __c2t_a) {
    return c2t::__c2t_simd<16, true>(__c2t_a, 0u, [](long long __c2t_x, long long) { return c2t::__c2t_lane_sat<16, true>(__c2t_x < 0 ? -__c2t_x : __c2t_x); });
}
inline unsigned int __vabsss4(unsigned int __c2t_a) {
    return c2t::__c2t_simd<8, true>(__c2t_a, 0u, [](long long __c2t_x, long long) { return c2t::__c2t_lane_sat<8, true>(__c2t_x < 0 ? -__c2t_x : __c2t_x); });
}
inline unsigned int __vneg2(unsigned int __c2t_a) { return __vsub2(0u, __c2t_a); }
inline unsigned int __vneg4(unsigned int __c2t_a) { return __vsub4(0u, __c2t_a); }
inline unsigned int __vnegss2(unsigned int __c2t_a) { return __vsubss2(0u, __c2t_a); }
inline unsigned int __vnegss4(unsigned int __c2t_a) { return __vsubss4(0u, __c2t_a); }
inline unsigned int __vsads2(unsigned int __c2t_a, unsigned int __c2t_b) { return c2t::__c2t_simd_sad<16, true>(__c2t_a, __c2t_b); }
inline unsigned int __vsads4(unsigned int __c2t_a, unsigned int __c2t_b) { return c2t::__c2t_simd_sad<8, true>(__c2t_a, __c2t_b); }
inline unsigned int __vsadu2(unsigned int __c2t_a, unsigned int __c2t_b) { return c2t::__c2t_simd_sad<16, false>(__c2t_a, __c2t_b); }
inline unsigned int __vsadu4(unsigned int __c2t_a, unsigned int __c2t_b) { return c2t::__c2t_simd_sad<8, false>(__c2t_a, __c2t_b); }
