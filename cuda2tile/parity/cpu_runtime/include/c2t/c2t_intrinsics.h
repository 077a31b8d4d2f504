// cuda2tile CPU SIMT runtime -- device built-ins: barriers, warp primitives,
// atomics, fences, math library and integer/float intrinsics.
#pragma once
#include "c2t_sched.h"

#define C2T_LOC std::source_location loc = std::source_location::current()

// ---------------------------------------------------------------------------
// Block barriers.
// ---------------------------------------------------------------------------
inline void __syncthreads(C2T_LOC) { c2t::block_barrier(c2t::B_SYNC, 0, loc); }
inline int __syncthreads_count(int pred, C2T_LOC) { return c2t::block_barrier(c2t::B_COUNT, pred != 0, loc); }
inline int __syncthreads_and(int pred, C2T_LOC) { return c2t::block_barrier(c2t::B_AND, pred != 0, loc); }
inline int __syncthreads_or(int pred, C2T_LOC) { return c2t::block_barrier(c2t::B_OR, pred != 0, loc); }

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
template <class T> inline uint64_t to_bits(const T& v) {
    static_assert(sizeof(T) <= 8, "warp shuffles move at most 8 bytes");
    uint64_t b = 0;
    std::memcpy(&b, &v, sizeof(T));
    return b;
}
template <class T> inline T from_bits(uint64_t b) {
    T v;
    std::memcpy(&v, &b, sizeof(T));
    return v;
}
}  // namespace c2t

template <class T>
inline T __shfl_sync(unsigned mask, T var, int srcLane, int width = warpSize, C2T_LOC) {
    return c2t::from_bits<T>(c2t::warp_op(c2t::W_SHFL_IDX, mask, c2t::to_bits(var), srcLane, width, loc));
}
template <class T>
inline T __shfl_up_sync(unsigned mask, T var, unsigned int delta, int width = warpSize, C2T_LOC) {
    return c2t::from_bits<T>(c2t::warp_op(c2t::W_SHFL_UP, mask, c2t::to_bits(var), int(delta), width, loc));
}
template <class T>
inline T __shfl_down_sync(unsigned mask, T var, unsigned int delta, int width = warpSize, C2T_LOC) {
    return c2t::from_bits<T>(c2t::warp_op(c2t::W_SHFL_DOWN, mask, c2t::to_bits(var), int(delta), width, loc));
}
template <class T>
inline T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = warpSize, C2T_LOC) {
    return c2t::from_bits<T>(c2t::warp_op(c2t::W_SHFL_XOR, mask, c2t::to_bits(var), laneMask, width, loc));
}
inline unsigned __ballot_sync(unsigned mask, int pred, C2T_LOC) {
    return unsigned(c2t::warp_op(c2t::W_BALLOT, mask, pred != 0, 0, 32, loc));
}
inline int __any_sync(unsigned mask, int pred, C2T_LOC) {
    return int(c2t::warp_op(c2t::W_ANY, mask, pred != 0, 0, 32, loc));
}
inline int __all_sync(unsigned mask, int pred, C2T_LOC) {
    return int(c2t::warp_op(c2t::W_ALL, mask, pred != 0, 0, 32, loc));
}
inline int __uni_sync(unsigned mask, int pred, C2T_LOC) {
    const int all = int(c2t::warp_op(c2t::W_ALL, mask, pred != 0, 0, 32, loc));
    const int any = int(c2t::warp_op(c2t::W_ANY, mask, pred != 0, 0, 32, loc));
    return all || !any;
}
inline void __syncwarp(unsigned mask = 0xffffffffu, C2T_LOC) { c2t::warp_op(c2t::W_SYNC, mask, 0, 0, 32, loc); }
inline unsigned __activemask(C2T_LOC) {
    if (c2t::rt.mode != 2) c2t::fast_path_violation("__activemask", loc);
    return unsigned(c2t::warp_op(c2t::W_ACTIVEMASK, 0, 0, 0, 32, loc));
}
template <class T> inline unsigned __match_any_sync(unsigned mask, T value, C2T_LOC) {
    return unsigned(c2t::warp_op(c2t::W_MATCH_ANY, mask, c2t::to_bits(value), 0, 32, loc));
}
template <class T> inline unsigned __match_all_sync(unsigned mask, T value, int* pred, C2T_LOC) {
    int p = 0;
    const unsigned r = unsigned(c2t::warp_op(c2t::W_MATCH_ALL, mask, c2t::to_bits(value), 0, 32, loc, &p));
    if (pred) *pred = p;
    return r;
}
inline unsigned __reduce_add_sync(unsigned mask, unsigned value, C2T_LOC) {
    return unsigned(c2t::warp_op(c2t::W_RED_ADD, mask, value, 0, 32, loc));
}
inline int __reduce_add_sync(unsigned mask, int value, C2T_LOC) {
    return int(unsigned(c2t::warp_op(c2t::W_RED_ADD, mask, unsigned(value), 0, 32, loc)));
}
inline unsigned __reduce_min_sync(unsigned mask, unsigned value, C2T_LOC) {
    return unsigned(c2t::warp_op(c2t::W_RED_MIN_U, mask, value, 0, 32, loc));
}
inline int __reduce_min_sync(unsigned mask, int value, C2T_LOC) {
    return int(unsigned(c2t::warp_op(c2t::W_RED_MIN_I, mask, unsigned(value), 0, 32, loc)));
}
inline unsigned __reduce_max_sync(unsigned mask, unsigned value, C2T_LOC) {
    return unsigned(c2t::warp_op(c2t::W_RED_MAX_U, mask, value, 0, 32, loc));
}
inline int __reduce_max_sync(unsigned mask, int value, C2T_LOC) {
    return int(unsigned(c2t::warp_op(c2t::W_RED_MAX_I, mask, unsigned(value), 0, 32, loc)));
}
inline unsigned __reduce_and_sync(unsigned mask, unsigned value, C2T_LOC) {
    return unsigned(c2t::warp_op(c2t::W_RED_AND, mask, value, 0, 32, loc));
}
inline unsigned __reduce_or_sync(unsigned mask, unsigned value, C2T_LOC) {
    return unsigned(c2t::warp_op(c2t::W_RED_OR, mask, value, 0, 32, loc));
}
inline unsigned __reduce_xor_sync(unsigned mask, unsigned value, C2T_LOC) {
    return unsigned(c2t::warp_op(c2t::W_RED_XOR, mask, value, 0, 32, loc));
}
// Pre-CUDA-9 forms (implicit full warp).
template <class T> inline T __shfl(T var, int srcLane, int width = warpSize, C2T_LOC) {
    return __shfl_sync(0xffffffffu, var, srcLane, width, loc);
}
template <class T> inline T __shfl_up(T var, unsigned delta, int width = warpSize, C2T_LOC) {
    return __shfl_up_sync(0xffffffffu, var, delta, width, loc);
}
template <class T> inline T __shfl_down(T var, unsigned delta, int width = warpSize, C2T_LOC) {
    return __shfl_down_sync(0xffffffffu, var, delta, width, loc);
}
template <class T> inline T __shfl_xor(T var, int laneMask, int width = warpSize, C2T_LOC) {
    return __shfl_xor_sync(0xffffffffu, var, laneMask, width, loc);
}
inline unsigned __ballot(int pred, C2T_LOC) { return __ballot_sync(0xffffffffu, pred, loc); }
inline int __any(int pred, C2T_LOC) { return __any_sync(0xffffffffu, pred, loc); }
inline int __all(int pred, C2T_LOC) { return __all_sync(0xffffffffu, pred, loc); }

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
#define C2T_ATOMIC_RMW(NAME, T, EXPR)                         \
    inline T NAME(T* address, T val) {                        \
        T old = *address;                                     \
        *address = (EXPR);                                    \
        return old;                                           \
    }                                                         \
    inline T NAME##_block(T* address, T val) { return NAME(address, val); } \
    inline T NAME##_system(T* address, T val) { return NAME(address, val); }

C2T_ATOMIC_RMW(atomicAdd, int, old + val)
C2T_ATOMIC_RMW(atomicAdd, unsigned int, old + val)
C2T_ATOMIC_RMW(atomicAdd, unsigned long long, old + val)
C2T_ATOMIC_RMW(atomicAdd, long long, (long long)((unsigned long long)old + (unsigned long long)val))
C2T_ATOMIC_RMW(atomicAdd, float, old + val)
C2T_ATOMIC_RMW(atomicAdd, double, old + val)
C2T_ATOMIC_RMW(atomicSub, int, old - val)
C2T_ATOMIC_RMW(atomicSub, unsigned int, old - val)
C2T_ATOMIC_RMW(atomicSub, unsigned long long, old - val)
C2T_ATOMIC_RMW(atomicExch, int, val)
C2T_ATOMIC_RMW(atomicExch, unsigned int, val)
C2T_ATOMIC_RMW(atomicExch, unsigned long long, val)
C2T_ATOMIC_RMW(atomicExch, long long, val)
C2T_ATOMIC_RMW(atomicExch, float, val)
C2T_ATOMIC_RMW(atomicExch, double, val)
C2T_ATOMIC_RMW(atomicMin, int, val < old ? val : old)
C2T_ATOMIC_RMW(atomicMin, unsigned int, val < old ? val : old)
C2T_ATOMIC_RMW(atomicMin, long long, val < old ? val : old)
C2T_ATOMIC_RMW(atomicMin, unsigned long long, val < old ? val : old)
C2T_ATOMIC_RMW(atomicMax, int, val > old ? val : old)
C2T_ATOMIC_RMW(atomicMax, unsigned int, val > old ? val : old)
C2T_ATOMIC_RMW(atomicMax, long long, val > old ? val : old)
C2T_ATOMIC_RMW(atomicMax, unsigned long long, val > old ? val : old)
C2T_ATOMIC_RMW(atomicInc, unsigned int, old >= val ? 0u : old + 1u)
C2T_ATOMIC_RMW(atomicDec, unsigned int, (old == 0u || old > val) ? val : old - 1u)
C2T_ATOMIC_RMW(atomicAnd, int, old & val)
C2T_ATOMIC_RMW(atomicAnd, unsigned int, old & val)
C2T_ATOMIC_RMW(atomicAnd, unsigned long long, old & val)
C2T_ATOMIC_RMW(atomicAnd, long long, old & val)
C2T_ATOMIC_RMW(atomicOr, int, old | val)
C2T_ATOMIC_RMW(atomicOr, unsigned int, old | val)
C2T_ATOMIC_RMW(atomicOr, unsigned long long, old | val)
C2T_ATOMIC_RMW(atomicOr, long long, old | val)
C2T_ATOMIC_RMW(atomicXor, int, old ^ val)
C2T_ATOMIC_RMW(atomicXor, unsigned int, old ^ val)
C2T_ATOMIC_RMW(atomicXor, unsigned long long, old ^ val)
C2T_ATOMIC_RMW(atomicXor, long long, old ^ val)

inline float2 atomicAdd(float2* a, float2 v) { float2 o = *a; a->x += v.x; a->y += v.y; return o; }
inline float4 atomicAdd(float4* a, float4 v) {
    float4 o = *a; a->x += v.x; a->y += v.y; a->z += v.z; a->w += v.w; return o;
}

#define C2T_ATOMIC_CAS(T)                                                \
    inline T atomicCAS(T* address, T compare, T val) {                   \
        T old = *address;                                                \
        if (old == compare) *address = val;                              \
        else c2t::yield_now();                                           \
        return old;                                                      \
    }                                                                    \
    inline T atomicCAS_block(T* a, T c, T v) { return atomicCAS(a, c, v); } \
    inline T atomicCAS_system(T* a, T c, T v) { return atomicCAS(a, c, v); }
C2T_ATOMIC_CAS(int)
C2T_ATOMIC_CAS(unsigned int)
C2T_ATOMIC_CAS(unsigned long long)
C2T_ATOMIC_CAS(long long)
C2T_ATOMIC_CAS(unsigned short)

// ---------------------------------------------------------------------------
// Misc device functions.
// ---------------------------------------------------------------------------
inline void __nanosleep(unsigned int) { c2t::yield_now(); }
[[noreturn]] inline void __trap() { __builtin_trap(); }
[[noreturn]] inline void __brkpt() { __builtin_trap(); }
inline void __prof_trigger(int) {}
inline long long clock64() { return (long long)(c2t::now_seconds() * 1e9); }
inline unsigned long long __globaltimer() { return (unsigned long long)(c2t::now_seconds() * 1e9); }
inline unsigned int __isGlobal(const void*) { return 1; }
inline unsigned int __isShared(const void*) { return 0; }
inline unsigned int __isConstant(const void*) { return 0; }
inline unsigned int __isLocal(const void*) { return 0; }
#ifndef __builtin_assume
#define __builtin_assume(x) ((void)0)
#endif
#define __assume(x) ((void)0)

template <class T> inline T __ldg(const T* p) { return *p; }
template <class T> inline T __ldcg(const T* p) { return *p; }
template <class T> inline T __ldca(const T* p) { return *p; }
template <class T> inline T __ldcs(const T* p) { return *p; }
template <class T> inline T __ldlu(const T* p) { return *p; }
template <class T> inline T __ldcv(const T* p) { return *p; }
template <class T> inline void __stwb(T* p, T v) { *p = v; }
template <class T> inline void __stcg(T* p, T v) { *p = v; }
template <class T> inline void __stcs(T* p, T v) { *p = v; }
template <class T> inline void __stwt(T* p, T v) { *p = v; }

// ---------------------------------------------------------------------------
// Integer intrinsics.
// ---------------------------------------------------------------------------
inline int __popc(unsigned int x) { return c2t::popc32(x); }
inline int __popcll(unsigned long long x) { return c2t::popc64(x); }
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
inline unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
    const unsigned long long v = ((unsigned long long)y << 32) | x;
    unsigned int r = 0;
    for (int i = 0; i < 4; ++i) r |= unsigned((v >> (8 * ((s >> (4 * i)) & 7u))) & 0xffu) << (8 * i);
    return r;
}
inline unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) {
    const unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return unsigned((v << (shift & 31u)) >> 32);
}
inline unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift) {
    const unsigned s = shift > 32u ? 32u : shift;
    const unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return s == 32u ? lo : unsigned((v << s) >> 32);
}
inline unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) {
    const unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return unsigned(v >> (shift & 31u));
}
inline unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift) {
    const unsigned s = shift > 32u ? 32u : shift;
    const unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return s == 32u ? hi : unsigned(v >> s);
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
    const int a = (x << 8) >> 8, b = (y << 8) >> 8;
    return int((unsigned)a * (unsigned)b);
}
inline unsigned int __umul24(unsigned int x, unsigned int y) { return (x & 0xffffffu) * (y & 0xffffffu); }
inline unsigned int __sad(int x, int y, unsigned int z) { return unsigned(x > y ? (long long)x - y : (long long)y - x) + z; }
inline unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) { return (x > y ? x - y : y - x) + z; }
inline int __hadd(int x, int y) { return int(((long long)x + (long long)y) >> 1); }
inline int __rhadd(int x, int y) { return int(((long long)x + (long long)y + 1) >> 1); }
inline unsigned int __uhadd(unsigned int x, unsigned int y) { return unsigned(((unsigned long long)x + y) >> 1); }
inline unsigned int __urhadd(unsigned int x, unsigned int y) { return unsigned(((unsigned long long)x + y + 1) >> 1); }
inline int __dp4a(int a, int b, int c) {
    int r = c;
    for (int i = 0; i < 4; ++i) r += int(int8_t(a >> (8 * i))) * int(int8_t(b >> (8 * i)));
    return r;
}
inline unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c) {
    unsigned r = c;
    for (int i = 0; i < 4; ++i) r += ((a >> (8 * i)) & 0xffu) * ((b >> (8 * i)) & 0xffu);
    return r;
}
inline int __dp2a_lo(int a, int b, int c) {
    return c + int(int16_t(a)) * int(int8_t(b)) + int(int16_t(a >> 16)) * int(int8_t(b >> 8));
}
inline int __dp2a_hi(int a, int b, int c) {
    return c + int(int16_t(a)) * int(int8_t(b >> 16)) + int(int16_t(a >> 16)) * int(int8_t(b >> 24));
}

// ---------------------------------------------------------------------------
// Reinterpretation.
// ---------------------------------------------------------------------------
inline int __float_as_int(float x) { return std::bit_cast<int>(x); }
inline unsigned int __float_as_uint(float x) { return std::bit_cast<unsigned int>(x); }
inline float __int_as_float(int x) { return std::bit_cast<float>(x); }
inline float __uint_as_float(unsigned int x) { return std::bit_cast<float>(x); }
inline long long __double_as_longlong(double x) { return std::bit_cast<long long>(x); }
inline double __longlong_as_double(long long x) { return std::bit_cast<double>(x); }
inline int __double2hiint(double x) { return int(std::bit_cast<unsigned long long>(x) >> 32); }
inline int __double2loint(double x) { return int(unsigned(std::bit_cast<unsigned long long>(x))); }
inline double __hiloint2double(int hi, int lo) {
    return std::bit_cast<double>(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo);
}

// ---------------------------------------------------------------------------
// Directed rounding helpers.
// ---------------------------------------------------------------------------
namespace c2t {
#define C2T_OPAQUE(x) __asm__ volatile("" : "+m"(x))
template <class T, class F> inline T with_rounding(int mode, F f) {
    const int old = fegetround();
    fesetround(mode);
    T r = f();
    C2T_OPAQUE(r);
    fesetround(old);
    return r;
}
#define C2T_RMODES(X) X(rn, FE_TONEAREST) X(rz, FE_TOWARDZERO) X(ru, FE_UPWARD) X(rd, FE_DOWNWARD)

// Saturating float -> integer conversion (as cvt.*.sat on the GPU): NaN -> 0.
template <class I> inline I sat_int(double v) {
    if (std::isnan(v)) return I(0);
    if (v <= (double)std::numeric_limits<I>::min()) return std::numeric_limits<I>::min();
    if (v >= (double)std::numeric_limits<I>::max()) return std::numeric_limits<I>::max();
    return I(v);
}
template <class I> inline I sat_int_ld(long double v) {
    if (std::isnan(v)) return I(0);
    if (v <= (long double)std::numeric_limits<I>::min()) return std::numeric_limits<I>::min();
    if (v >= (long double)std::numeric_limits<I>::max()) return std::numeric_limits<I>::max();
    return I(v);
}
inline double round_mode(double v, int m) {
    switch (m) {
        case 0: return std::nearbyint(v);
        case 1: return std::trunc(v);
        case 2: return std::ceil(v);
        default: return std::floor(v);
    }
}
// Integer -> floating conversion with a rounding direction (0 rn, 1 rz, 2 ru, 3 rd).
template <class F, class I> inline F int_to_fp(I x, int m) {
    F r = F(x);
    const long double lx = (long double)x, lr = (long double)r;
    if (lr == lx || m == 0) return r;
    if (m == 1) { if (std::fabs(lr) > std::fabs(lx)) r = std::nextafter(r, F(0)); }
    else if (m == 2) { if (lr < lx) r = std::nextafter(r, std::numeric_limits<F>::infinity()); }
    else { if (lr > lx) r = std::nextafter(r, -std::numeric_limits<F>::infinity()); }
    return r;
}
inline int fe_mode(int m) { return m == 0 ? FE_TONEAREST : m == 1 ? FE_TOWARDZERO : m == 2 ? FE_UPWARD : FE_DOWNWARD; }
}  // namespace c2t

#define C2T_CVT_F2I(SRC, PFX, I, TNAME)                                                                      \
    inline I __##PFX##2##TNAME##_rn(SRC x) { return c2t::sat_int<I>(c2t::round_mode(double(x), 0)); }     \
    inline I __##PFX##2##TNAME##_rz(SRC x) { return c2t::sat_int<I>(c2t::round_mode(double(x), 1)); }     \
    inline I __##PFX##2##TNAME##_ru(SRC x) { return c2t::sat_int<I>(c2t::round_mode(double(x), 2)); }     \
    inline I __##PFX##2##TNAME##_rd(SRC x) { return c2t::sat_int<I>(c2t::round_mode(double(x), 3)); }
C2T_CVT_F2I(float, float, int, int)
C2T_CVT_F2I(float, float, unsigned int, uint)
C2T_CVT_F2I(float, float, long long, ll)
C2T_CVT_F2I(float, float, unsigned long long, ull)
C2T_CVT_F2I(double, double, int, int)
C2T_CVT_F2I(double, double, unsigned int, uint)
C2T_CVT_F2I(double, double, long long, ll)
C2T_CVT_F2I(double, double, unsigned long long, ull)

#define C2T_CVT_I2F(I, INAME, F, FNAME)                                                       \
    inline F __##INAME##2##FNAME##_rn(I x) { return c2t::int_to_fp<F>(x, 0); }                \
    inline F __##INAME##2##FNAME##_rz(I x) { return c2t::int_to_fp<F>(x, 1); }                \
    inline F __##INAME##2##FNAME##_ru(I x) { return c2t::int_to_fp<F>(x, 2); }                \
    inline F __##INAME##2##FNAME##_rd(I x) { return c2t::int_to_fp<F>(x, 3); }
C2T_CVT_I2F(int, int, float, float)
C2T_CVT_I2F(unsigned int, uint, float, float)
C2T_CVT_I2F(long long, ll, float, float)
C2T_CVT_I2F(unsigned long long, ull, float, float)
C2T_CVT_I2F(long long, ll, double, double)
C2T_CVT_I2F(unsigned long long, ull, double, double)
inline double __int2double_rn(int x) { return double(x); }
inline double __uint2double_rn(unsigned int x) { return double(x); }
inline float __double2float_rn(double x) { return float(x); }
inline float __double2float_rz(double x) { return c2t::with_rounding<float>(FE_TOWARDZERO, [&] { double v = x; C2T_OPAQUE(v); return float(v); }); }
inline float __double2float_ru(double x) { return c2t::with_rounding<float>(FE_UPWARD, [&] { double v = x; C2T_OPAQUE(v); return float(v); }); }
inline float __double2float_rd(double x) { return c2t::with_rounding<float>(FE_DOWNWARD, [&] { double v = x; C2T_OPAQUE(v); return float(v); }); }

// Single / double precision arithmetic with explicit rounding.
#define C2T_BINOP_R(NAME, T, OP, SUF, MODE)                                                   \
    inline T NAME##_##SUF(T a, T b) {                                                          \
        return c2t::with_rounding<T>(MODE, [&] { T x = a, y = b; C2T_OPAQUE(x); C2T_OPAQUE(y); return T(x OP y); }); \
    }
#define C2T_BINOP_ALL(NAME, T, OP) \
    C2T_BINOP_R(NAME, T, OP, rn, FE_TONEAREST) C2T_BINOP_R(NAME, T, OP, rz, FE_TOWARDZERO) \
    C2T_BINOP_R(NAME, T, OP, ru, FE_UPWARD) C2T_BINOP_R(NAME, T, OP, rd, FE_DOWNWARD)
C2T_BINOP_ALL(__fadd, float, +)
C2T_BINOP_ALL(__fsub, float, -)
C2T_BINOP_ALL(__fmul, float, *)
C2T_BINOP_ALL(__fdiv, float, /)
C2T_BINOP_ALL(__dadd, double, +)
C2T_BINOP_ALL(__dsub, double, -)
C2T_BINOP_ALL(__dmul, double, *)
C2T_BINOP_ALL(__ddiv, double, /)
#define C2T_UNOP_R(NAME, T, EXPR, SUF, MODE)                                                  \
    inline T NAME##_##SUF(T a) {                                                               \
        return c2t::with_rounding<T>(MODE, [&] { T x = a; C2T_OPAQUE(x); return T(EXPR); });  \
    }
#define C2T_UNOP_ALL(NAME, T, EXPR) \
    C2T_UNOP_R(NAME, T, EXPR, rn, FE_TONEAREST) C2T_UNOP_R(NAME, T, EXPR, rz, FE_TOWARDZERO) \
    C2T_UNOP_R(NAME, T, EXPR, ru, FE_UPWARD) C2T_UNOP_R(NAME, T, EXPR, rd, FE_DOWNWARD)
C2T_UNOP_ALL(__frcp, float, 1.0f / x)
C2T_UNOP_ALL(__fsqrt, float, std::sqrt(x))
C2T_UNOP_ALL(__drcp, double, 1.0 / x)
C2T_UNOP_ALL(__dsqrt, double, std::sqrt(x))
#define C2T_FMA_R(NAME, T, FN, SUF, MODE)                                                     \
    inline T NAME##_##SUF(T a, T b, T c) {                                                     \
        return c2t::with_rounding<T>(MODE, [&] { T x = a, y = b, z = c; C2T_OPAQUE(x); C2T_OPAQUE(y); C2T_OPAQUE(z); return FN(x, y, z); }); \
    }
C2T_FMA_R(__fmaf, float, fmaf, rn, FE_TONEAREST) C2T_FMA_R(__fmaf, float, fmaf, rz, FE_TOWARDZERO)
C2T_FMA_R(__fmaf, float, fmaf, ru, FE_UPWARD) C2T_FMA_R(__fmaf, float, fmaf, rd, FE_DOWNWARD)
C2T_FMA_R(__fma, double, fma, rn, FE_TONEAREST) C2T_FMA_R(__fma, double, fma, rz, FE_TOWARDZERO)
C2T_FMA_R(__fma, double, fma, ru, FE_UPWARD) C2T_FMA_R(__fma, double, fma, rd, FE_DOWNWARD)
inline float __fmaf_ieee_rn(float a, float b, float c) { return fmaf(a, b, c); }
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
inline void __sincosf(float x, float* s, float* c) { *s = sinf(x); *c = cosf(x); }
inline float __powf(float x, float y) { return exp2f(y * log2f(x)); }
inline float __fdividef(float x, float y) {
    // rcp.approx flushes 1/y to zero for 2^126 < |y| < 2^128.
    const float ay = fabsf(y);
    if (ay > 0x1p126f && ay < INFINITY) return std::isinf(x) ? NAN : std::copysign(0.0f, x) * std::copysign(1.0f, y);
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
inline float norm3df(float a, float b, float c) { return float(std::sqrt(double(a) * a + double(b) * b + double(c) * c)); }
inline float rnorm3df(float a, float b, float c) { return float(1.0 / std::sqrt(double(a) * a + double(b) * b + double(c) * c)); }
inline float norm4df(float a, float b, float c, float d) {
    return float(std::sqrt(double(a) * a + double(b) * b + double(c) * c + double(d) * d));
}
inline float rnorm4df(float a, float b, float c, float d) {
    return float(1.0 / std::sqrt(double(a) * a + double(b) * b + double(c) * c + double(d) * d));
}
inline double norm3d(double a, double b, double c) { return std::sqrt(a * a + b * b + c * c); }
inline double rnorm3d(double a, double b, double c) { return 1.0 / std::sqrt(a * a + b * b + c * c); }
inline double norm4d(double a, double b, double c, double d) { return std::sqrt(a * a + b * b + c * c + d * d); }
inline double rnorm4d(double a, double b, double c, double d) { return 1.0 / std::sqrt(a * a + b * b + c * c + d * d); }
inline float normf(int dim, const float* p) {
    double s = 0;
    for (int i = 0; i < dim; ++i) s += double(p[i]) * p[i];
    return float(std::sqrt(s));
}
inline float rnormf(int dim, const float* p) { return 1.0f / normf(dim, p); }
inline double norm(int dim, const double* p) {
    double s = 0;
    for (int i = 0; i < dim; ++i) s += p[i] * p[i];
    return std::sqrt(s);
}
inline double rnorm(int dim, const double* p) { return 1.0 / norm(dim, p); }

namespace c2t {
inline double sinpi_d(double x) {
    if (!std::isfinite(x)) return NAN;
    const double r = std::remainder(x, 2.0);  // exact, in [-1, 1]
    if (r == 0.0 || std::fabs(r) == 1.0) return std::copysign(0.0, x);
    return std::sin(3.14159265358979323846 * r);
}
inline double cospi_d(double x) {
    if (!std::isfinite(x)) return NAN;
    const double r = std::fabs(std::remainder(x, 2.0));
    if (r == 0.5) return 0.0;
    return std::sin(3.14159265358979323846 * (0.5 - r));
}
inline double erfinv_d(double y) {
    if (y <= -1.0) return y == -1.0 ? -INFINITY : NAN;
    if (y >= 1.0) return y == 1.0 ? INFINITY : NAN;
    // Giles' single-precision approximation as a start, then Newton steps.
    double w = -std::log((1.0 - y) * (1.0 + y)), x;
    if (w < 5.0) {
        w -= 2.5;
        double p = 2.81022636e-08;
        p = 3.43273939e-07 + p * w; p = -3.5233877e-06 + p * w; p = -4.39150654e-06 + p * w;
        p = 0.00021858087 + p * w; p = -0.00125372503 + p * w; p = -0.00417768164 + p * w;
        p = 0.246640727 + p * w; p = 1.50140941 + p * w;
        x = p * y;
    } else {
        w = std::sqrt(w) - 3.0;
        double p = -0.000200214257;
        p = 0.000100950558 + p * w; p = 0.00134934322 + p * w; p = -0.00367342844 + p * w;
        p = 0.00573950773 + p * w; p = -0.0076224613 + p * w; p = 0.00943887047 + p * w;
        p = 1.00167406 + p * w; p = 2.83297682 + p * w;
        x = p * y;
    }
    for (int i = 0; i < 3; ++i) {
        const double err = std::erf(x) - y;
        x -= err / (1.12837916709551257390 * std::exp(-x * x));
    }
    return x;
}
inline double erfcinv_d(double y) {
    if (y <= 0.0) return y == 0.0 ? INFINITY : NAN;
    if (y >= 2.0) return y == 2.0 ? -INFINITY : NAN;
    if (y > 0.0625 && y < 1.9375) return erfinv_d(1.0 - y);
    const bool neg = y > 1.0;
    const double t = neg ? 2.0 - y : y;
    double x = std::sqrt(-std::log(t));  // rough start
    for (int i = 0; i < 60; ++i) {
        const double f = std::erfc(x) - t;
        const double d = -1.12837916709551257390 * std::exp(-x * x);
        if (d == 0.0) break;
        const double nx = x - f / d;
        if (std::fabs(nx - x) <= 1e-16 * std::fabs(nx)) { x = nx; break; }
        x = nx;
    }
    return neg ? -x : x;
}
inline double erfcx_d(double x) {
    if (x < 25.0) return std::exp(x * x) * std::erfc(x);
    const double x2 = x * x;
    return (1.0 / (x * 1.77245385090551602730)) * (1.0 - 0.5 / x2 + 0.75 / (x2 * x2) - 1.875 / (x2 * x2 * x2));
}
}  // namespace c2t

#if !(defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 41)))
inline float sinpif(float x) { return float(c2t::sinpi_d(x)); }
inline float cospif(float x) { return float(c2t::cospi_d(x)); }
inline double sinpi(double x) { return c2t::sinpi_d(x); }
inline double cospi(double x) { return c2t::cospi_d(x); }
#endif
inline void sincospif(float x, float* s, float* c) { *s = float(c2t::sinpi_d(x)); *c = float(c2t::cospi_d(x)); }
inline void sincospi(double x, double* s, double* c) { *s = c2t::sinpi_d(x); *c = c2t::cospi_d(x); }
inline float erfinvf(float x) { return float(c2t::erfinv_d(x)); }
inline double erfinv(double x) { return c2t::erfinv_d(x); }
inline float erfcinvf(float x) { return float(c2t::erfcinv_d(x)); }
inline double erfcinv(double x) { return c2t::erfcinv_d(x); }
inline float erfcxf(float x) { return float(c2t::erfcx_d(x)); }
inline double erfcx(double x) { return c2t::erfcx_d(x); }
inline float normcdff(float x) { return float(0.5 * std::erfc(-double(x) * 0.70710678118654752440)); }
inline double normcdf(double x) { return 0.5 * std::erfc(-x * 0.70710678118654752440); }
inline float normcdfinvf(float p) { return float(-1.41421356237309504880 * c2t::erfcinv_d(2.0 * double(p))); }
inline double normcdfinv(double p) { return -1.41421356237309504880 * c2t::erfcinv_d(2.0 * p); }
inline float cyl_bessel_i0f(float x) { return float(std::cyl_bessel_i(0.0, std::fabs(double(x)))); }
inline float cyl_bessel_i1f(float x) {
    const double r = std::cyl_bessel_i(1.0, std::fabs(double(x)));
    return float(x < 0 ? -r : r);
}
inline double cyl_bessel_i0(double x) { return std::cyl_bessel_i(0.0, std::fabs(x)); }
inline double cyl_bessel_i1(double x) { const double r = std::cyl_bessel_i(1.0, std::fabs(x)); return x < 0 ? -r : r; }

// ---------------------------------------------------------------------------
// min / max overloads of CUDA's math_functions.hpp.
// ---------------------------------------------------------------------------
#define C2T_MINMAX(R, A, B)                                                \
    inline R min(A a, B b) { return static_cast<R>(a) < static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b); } \
    inline R max(A a, B b) { return static_cast<R>(a) > static_cast<R>(b) ? static_cast<R>(a) : static_cast<R>(b); }
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
inline float min(float a, float b) { return fminf(a, b); }
inline float max(float a, float b) { return fmaxf(a, b); }
inline double min(double a, double b) { return fmin(a, b); }
inline double max(double a, double b) { return fmax(a, b); }
inline double min(float a, double b) { return fmin(double(a), b); }
inline double max(float a, double b) { return fmax(double(a), b); }
inline double min(double a, float b) { return fmin(a, double(b)); }
inline double max(double a, float b) { return fmax(a, double(b)); }
inline unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
inline unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
inline long long llmin(long long a, long long b) { return a < b ? a : b; }
inline long long llmax(long long a, long long b) { return a > b ? a : b; }
inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a > b ? a : b; }
