// cuda2tile CPU SIMT runtime -- __half / __half2 / __nv_bfloat16 / __nv_bfloat162.
//
// 16-bit storage types.  Conversions from float/double round to nearest even
// bit-exactly (subnormals, overflow to infinity, NaN -> canonical 0x7FFF as on
// the GPU).  Arithmetic is done in float (or double for fma) and rounded once
// to 16 bits: for +,-,*,/ and sqrt, float has more than 2p+2 bits, so the
// double rounding is innocuous and the results equal the GPU's correctly
// rounded native half / bfloat16 instructions.  fma is computed exactly in
// double with an error term and rounded to odd before the final rounding.
#pragma once
#include "c2t_intrinsics.h"

namespace c2t {
inline float sat01(float x) { return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f); }
// Rounding direction: 0 nearest-even, 1 toward zero, 2 up, 3 down.
inline bool round_up_needed(uint32_t kept, uint64_t rem, uint64_t half, bool neg, int mode) {
    if (rem == 0) return false;
    switch (mode) {
        case 0: return rem > half || (rem == half && (kept & 1u));
        case 1: return false;
        case 2: return !neg;
        default: return neg;
    }
}

// float -> binary16.
inline uint16_t f2h_bits(float f, int mode = 0) {
    const uint32_t x = std::bit_cast<uint32_t>(f);
    const uint32_t sign = (x >> 16) & 0x8000u;
    const bool neg = sign != 0;
    const uint32_t ax = x & 0x7fffffffu;
    if (ax > 0x7f800000u) return 0x7fffu;          // NaN
    if (ax == 0x7f800000u) return uint16_t(sign | 0x7c00u);
    const int e = int(ax >> 23);
    if (ax >= 0x47800000u) {                       // |x| >= 65536: overflow
        const bool to_inf = mode == 0 || (mode == 2 && !neg) || (mode == 3 && neg);
        return uint16_t(sign | (to_inf ? 0x7c00u : 0x7bffu));
    }
    if (ax < 0x38800000u) {                        // below the smallest normal half
        if (ax == 0) return uint16_t(sign);
        // value = mant * 2^(e-150) (e >= 1) ; half subnormal unit = 2^-24
        uint64_t mant = (e ? (ax & 0x7fffffu) | 0x800000u : (ax & 0x7fffffu));
        const int shift = (e ? 126 - e : 125);      // bits to drop
        if (shift >= 40) {
            const bool up = round_up_needed(0, 1, 2, neg, mode);  // tiny nonzero
            return uint16_t(sign | (up ? 1u : 0u));
        }
        const uint64_t kept = mant >> shift;
        const uint64_t rem = mant & ((uint64_t(1) << shift) - 1);
        const uint64_t half = uint64_t(1) << (shift - 1);
        uint32_t r = uint32_t(kept);
        if (round_up_needed(r, rem, half, neg, mode)) ++r;
        return uint16_t(sign | r);
    }
    uint32_t r = (ax - 0x38000000u) >> 13;          // rebias 127 -> 15
    const uint32_t rem = ax & 0x1fffu;
    if (round_up_needed(r, rem, 0x1000u, neg, mode)) ++r;
    if (r >= 0x7c00u) {                            // rounded past the largest finite value
        const bool to_inf = mode == 0 || (mode == 2 && !neg) || (mode == 3 && neg);
        r = to_inf ? 0x7c00u : 0x7bffu;
    }
    return uint16_t(sign | r);
}

inline float h2f_bits(uint16_t h) {
    const uint32_t sign = uint32_t(h & 0x8000u) << 16;
    const uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    uint32_t x;
    if (e == 0) {
        if (m == 0) x = sign;
        else return std::bit_cast<float>(sign | 0x3f800000u) * (float(m) * 0x1p-24f);  // exact
    } else if (e == 31) {
        x = sign | 0x7f800000u | (m << 13);
    } else {
        x = sign | ((e + 112u) << 23) | (m << 13);
    }
    return std::bit_cast<float>(x);
}

// float -> bfloat16.
inline uint16_t f2bf_bits(float f, int mode = 0) {
    const uint32_t x = std::bit_cast<uint32_t>(f);
    if ((x & 0x7fffffffu) > 0x7f800000u) return 0x7fffu;  // NaN
    const bool neg = (x >> 31) != 0;
    uint32_t r = x >> 16;
    const uint32_t rem = x & 0xffffu;
    if ((x & 0x7fffffffu) != 0x7f800000u && round_up_needed(r, rem, 0x8000u, neg, mode)) ++r;
    if (mode != 0 && (r & 0x7fffu) == 0x7f80u && (x & 0x7fffffffu) != 0x7f800000u) {
        const bool to_inf = (mode == 2 && !neg) || (mode == 3 && neg);
        if (!to_inf) r = (r & 0x8000u) | 0x7f7fu;
    }
    return uint16_t(r);
}
inline float bf2f_bits(uint16_t b) { return std::bit_cast<float>(uint32_t(b) << 16); }

// double -> float rounded to odd (sticky), so that a following rounding to
// 16 bits equals a direct rounding of the double (float keeps > p+2 bits).
inline float d2f_odd(double d) {
    if (std::isnan(d)) return float(d);
    float f = float(d);
    if (std::isinf(f) && !std::isinf(d)) f = std::copysign(FLT_MAX, float(d));
    if (double(f) == d) return f;
    if (std::fabs(double(f)) > std::fabs(d)) f = std::nextafter(f, 0.0f);
    return std::bit_cast<float>(std::bit_cast<uint32_t>(f) | 1u);
}
// (s + e) exactly, rounded to odd into a float (s = RN(s+e), |e| tiny).
inline float pair_to_float_odd(double s, double e) {
    if (e == 0.0 || std::isinf(s) || std::isnan(s)) return d2f_odd(s);
    float f = d2f_odd(s);
    if (std::bit_cast<uint32_t>(f) & 1u) return f;  // already sticky
    // f == s exactly (s representable in float): the sign of e decides.
    if ((e > 0) != (f > 0)) f = std::nextafter(f, 0.0f);
    return std::bit_cast<float>(std::bit_cast<uint32_t>(f) | 1u);
}
inline void two_sum(double a, double b, double& s, double& e) {
    s = a + b;
    const double bb = s - a;
    e = (a - (s - bb)) + (b - bb);
}
inline float fma_odd(float a, float b, float c) {
    const double p = double(a) * double(b);  // exact (48 bits)
    double s, e;
    two_sum(p, double(c), s, e);
    return pair_to_float_odd(s, e);
}
}  // namespace c2t

// ---------------------------------------------------------------------------
// __half
// ---------------------------------------------------------------------------
struct __half_raw { unsigned short x; };
struct __half2_raw { unsigned short x, y; };

struct __attribute__((aligned(2))) __half {
    unsigned short __x;
    __half() = default;
    constexpr __half(const __half_raw& r) : __x(r.x) {}
    __half(float f) : __x(c2t::f2h_bits(f)) {}
    __half(double d) : __x(c2t::f2h_bits(c2t::d2f_odd(d))) {}
    __half(short v) : __x(c2t::f2h_bits(float(v))) {}
    __half(unsigned short v) : __x(c2t::f2h_bits(float(v))) {}
    __half(int v) : __x(c2t::f2h_bits(c2t::d2f_odd(double(v)))) {}
    __half(unsigned int v) : __x(c2t::f2h_bits(c2t::d2f_odd(double(v)))) {}
    __half(long v) : __x(c2t::f2h_bits(c2t::d2f_odd(double(v)))) {}
    __half(unsigned long v) : __x(c2t::f2h_bits(c2t::d2f_odd(double(v)))) {}
    __half(long long v) : __x(c2t::f2h_bits(c2t::d2f_odd(double(v)))) {}
    __half(unsigned long long v) : __x(c2t::f2h_bits(c2t::d2f_odd(double(v)))) {}
    __half& operator=(const __half_raw& r) { __x = r.x; return *this; }
    __half& operator=(float f) { __x = c2t::f2h_bits(f); return *this; }
    __half& operator=(double d) { __x = c2t::f2h_bits(c2t::d2f_odd(d)); return *this; }
    operator __half_raw() const { return __half_raw{__x}; }
    operator float() const { return c2t::h2f_bits(__x); }
};
typedef __half half;

struct __attribute__((aligned(4))) __half2 {
    __half x, y;
    __half2() = default;
    constexpr __half2(const __half& a, const __half& b) : x(a), y(b) {}
    constexpr __half2(const __half2_raw& r) : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
    operator __half2_raw() const { return __half2_raw{x.__x, y.__x}; }
};
typedef __half2 half2;

// ---------------------------------------------------------------------------
// __nv_bfloat16
// ---------------------------------------------------------------------------
struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat162_raw { unsigned short x, y; };

struct __attribute__((aligned(2))) __nv_bfloat16 {
    unsigned short __x;
    __nv_bfloat16() = default;
    constexpr __nv_bfloat16(const __nv_bfloat16_raw& r) : __x(r.x) {}
    __nv_bfloat16(float f) : __x(c2t::f2bf_bits(f)) {}
    __nv_bfloat16(double d) : __x(c2t::f2bf_bits(c2t::d2f_odd(d))) {}
    __nv_bfloat16(short v) : __x(c2t::f2bf_bits(float(v))) {}
    __nv_bfloat16(unsigned short v) : __x(c2t::f2bf_bits(float(v))) {}
    __nv_bfloat16(int v) : __x(c2t::f2bf_bits(c2t::d2f_odd(double(v)))) {}
    __nv_bfloat16(unsigned int v) : __x(c2t::f2bf_bits(c2t::d2f_odd(double(v)))) {}
    __nv_bfloat16(long v) : __x(c2t::f2bf_bits(c2t::d2f_odd(double(v)))) {}
    __nv_bfloat16(unsigned long v) : __x(c2t::f2bf_bits(c2t::d2f_odd(double(v)))) {}
    __nv_bfloat16(long long v) : __x(c2t::f2bf_bits(c2t::d2f_odd(double(v)))) {}
    __nv_bfloat16(unsigned long long v) : __x(c2t::f2bf_bits(c2t::d2f_odd(double(v)))) {}
    __nv_bfloat16& operator=(const __nv_bfloat16_raw& r) { __x = r.x; return *this; }
    __nv_bfloat16& operator=(float f) { __x = c2t::f2bf_bits(f); return *this; }
    __nv_bfloat16& operator=(double d) { __x = c2t::f2bf_bits(c2t::d2f_odd(d)); return *this; }
    operator __nv_bfloat16_raw() const { return __nv_bfloat16_raw{__x}; }
    operator float() const { return c2t::bf2f_bits(__x); }
};
typedef __nv_bfloat16 nv_bfloat16;

struct __attribute__((aligned(4))) __nv_bfloat162 {
    __nv_bfloat16 x, y;
    __nv_bfloat162() = default;
    constexpr __nv_bfloat162(const __nv_bfloat16& a, const __nv_bfloat16& b) : x(a), y(b) {}
    constexpr __nv_bfloat162(const __nv_bfloat162_raw& r) : x(__nv_bfloat16_raw{r.x}), y(__nv_bfloat16_raw{r.y}) {}
    operator __nv_bfloat162_raw() const { return __nv_bfloat162_raw{x.__x, y.__x}; }
};
typedef __nv_bfloat162 nv_bfloat162;

namespace c2t {
template <> struct kind_of<__half> { static constexpr char value = 'h'; };
template <> struct kind_of<__nv_bfloat16> { static constexpr char value = 'B'; };
inline __half mkh(uint16_t b) { return __half(__half_raw{b}); }
inline __nv_bfloat16 mkb(uint16_t b) { return __nv_bfloat16(__nv_bfloat16_raw{b}); }
inline float hf(__half h) { return h2f_bits(h.__x); }
inline float bf(__nv_bfloat16 h) { return bf2f_bits(h.__x); }
inline __half hr(float f) { return mkh(f2h_bits(f)); }
inline __nv_bfloat16 br(float f) { return mkb(f2bf_bits(f)); }
}  // namespace c2t

// ---------------------------------------------------------------------------
// Conversions.
// ---------------------------------------------------------------------------
inline __half __float2half(float f) { return c2t::hr(f); }
inline __half __float2half_rn(float f) { return c2t::hr(f); }
inline __half __float2half_rz(float f) { return c2t::mkh(c2t::f2h_bits(f, 1)); }
inline __half __float2half_ru(float f) { return c2t::mkh(c2t::f2h_bits(f, 2)); }
inline __half __float2half_rd(float f) { return c2t::mkh(c2t::f2h_bits(f, 3)); }
inline __half __double2half(double d) { return c2t::hr(c2t::d2f_odd(d)); }
inline float __half2float(__half h) { return c2t::hf(h); }
inline __half2 __float2half2_rn(float f) { return __half2(c2t::hr(f), c2t::hr(f)); }
inline __half2 __floats2half2_rn(float a, float b) { return __half2(c2t::hr(a), c2t::hr(b)); }
inline __half2 __float22half2_rn(float2 v) { return __half2(c2t::hr(v.x), c2t::hr(v.y)); }
inline float2 __half22float2(__half2 h) { return make_float2(c2t::hf(h.x), c2t::hf(h.y)); }
inline float __low2float(__half2 h) { return c2t::hf(h.x); }
inline float __high2float(__half2 h) { return c2t::hf(h.y); }
inline __half __low2half(__half2 h) { return h.x; }
inline __half __high2half(__half2 h) { return h.y; }
inline __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
inline __half2 __half2half2(__half a) { return __half2(a, a); }
inline __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
inline __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
inline __half2 __low2half2(__half2 a) { return __half2(a.x, a.x); }
inline __half2 __high2half2(__half2 a) { return __half2(a.y, a.y); }
inline __half2 __lowhigh2highlow(__half2 a) { return __half2(a.y, a.x); }
inline __half2 make_half2(__half a, __half b) { return __half2(a, b); }
inline short __half_as_short(__half h) { return short(h.__x); }
inline unsigned short __half_as_ushort(__half h) { return h.__x; }
inline __half __short_as_half(short s) { return c2t::mkh(uint16_t(s)); }
inline __half __ushort_as_half(unsigned short s) { return c2t::mkh(s); }

#define C2T_H2I(TNAME, I)                                                                                      \
    inline I __half2##TNAME##_rn(__half h) { return c2t::sat_int<I>(c2t::round_mode(c2t::hf(h), 0)); }        \
    inline I __half2##TNAME##_rz(__half h) { return c2t::sat_int<I>(c2t::round_mode(c2t::hf(h), 1)); }        \
    inline I __half2##TNAME##_ru(__half h) { return c2t::sat_int<I>(c2t::round_mode(c2t::hf(h), 2)); }        \
    inline I __half2##TNAME##_rd(__half h) { return c2t::sat_int<I>(c2t::round_mode(c2t::hf(h), 3)); }        \
    inline I __bfloat162##TNAME##_rn(__nv_bfloat16 h) { return c2t::sat_int<I>(c2t::round_mode(c2t::bf(h), 0)); } \
    inline I __bfloat162##TNAME##_rz(__nv_bfloat16 h) { return c2t::sat_int<I>(c2t::round_mode(c2t::bf(h), 1)); } \
    inline I __bfloat162##TNAME##_ru(__nv_bfloat16 h) { return c2t::sat_int<I>(c2t::round_mode(c2t::bf(h), 2)); } \
    inline I __bfloat162##TNAME##_rd(__nv_bfloat16 h) { return c2t::sat_int<I>(c2t::round_mode(c2t::bf(h), 3)); }
C2T_H2I(int, int)
C2T_H2I(uint, unsigned int)
C2T_H2I(short, short)
C2T_H2I(ushort, unsigned short)
C2T_H2I(ll, long long)
C2T_H2I(ull, unsigned long long)
inline signed char __half2char_rz(__half h) { return c2t::sat_int<signed char>(std::trunc(c2t::hf(h))); }
inline unsigned char __half2uchar_rz(__half h) { return c2t::sat_int<unsigned char>(std::trunc(c2t::hf(h))); }

#define C2T_I2H(TNAME, I)                                                                                       \
    inline __half __##TNAME##2half_rn(I v) { return c2t::mkh(c2t::f2h_bits(c2t::d2f_odd(double(v)), 0)); }     \
    inline __half __##TNAME##2half_rz(I v) { return c2t::mkh(c2t::f2h_bits(c2t::d2f_odd(double(v)), 1)); }     \
    inline __half __##TNAME##2half_ru(I v) { return c2t::mkh(c2t::f2h_bits(c2t::d2f_odd(double(v)), 2)); }     \
    inline __half __##TNAME##2half_rd(I v) { return c2t::mkh(c2t::f2h_bits(c2t::d2f_odd(double(v)), 3)); }     \
    inline __nv_bfloat16 __##TNAME##2bfloat16_rn(I v) { return c2t::mkb(c2t::f2bf_bits(c2t::d2f_odd(double(v)), 0)); } \
    inline __nv_bfloat16 __##TNAME##2bfloat16_rz(I v) { return c2t::mkb(c2t::f2bf_bits(c2t::d2f_odd(double(v)), 1)); } \
    inline __nv_bfloat16 __##TNAME##2bfloat16_ru(I v) { return c2t::mkb(c2t::f2bf_bits(c2t::d2f_odd(double(v)), 2)); } \
    inline __nv_bfloat16 __##TNAME##2bfloat16_rd(I v) { return c2t::mkb(c2t::f2bf_bits(c2t::d2f_odd(double(v)), 3)); }
C2T_I2H(int, int)
C2T_I2H(uint, unsigned int)
C2T_I2H(short, short)
C2T_I2H(ushort, unsigned short)
C2T_I2H(ll, long long)
C2T_I2H(ull, unsigned long long)

inline __nv_bfloat16 __float2bfloat16(float f) { return c2t::br(f); }
inline __nv_bfloat16 __float2bfloat16_rn(float f) { return c2t::br(f); }
inline __nv_bfloat16 __float2bfloat16_rz(float f) { return c2t::mkb(c2t::f2bf_bits(f, 1)); }
inline __nv_bfloat16 __float2bfloat16_ru(float f) { return c2t::mkb(c2t::f2bf_bits(f, 2)); }
inline __nv_bfloat16 __float2bfloat16_rd(float f) { return c2t::mkb(c2t::f2bf_bits(f, 3)); }
inline __nv_bfloat16 __double2bfloat16(double d) { return c2t::br(c2t::d2f_odd(d)); }
inline float __bfloat162float(__nv_bfloat16 h) { return c2t::bf(h); }
inline __nv_bfloat162 __float2bfloat162_rn(float f) { return __nv_bfloat162(c2t::br(f), c2t::br(f)); }
inline __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { return __nv_bfloat162(c2t::br(a), c2t::br(b)); }
inline __nv_bfloat162 __float22bfloat162_rn(float2 v) { return __nv_bfloat162(c2t::br(v.x), c2t::br(v.y)); }
inline float2 __bfloat1622float2(__nv_bfloat162 h) { return make_float2(c2t::bf(h.x), c2t::bf(h.y)); }
inline float __low2float(__nv_bfloat162 h) { return c2t::bf(h.x); }
inline float __high2float(__nv_bfloat162 h) { return c2t::bf(h.y); }
inline __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) { return h.x; }
inline __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) { return h.y; }
inline __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
inline __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return __nv_bfloat162(a, a); }
inline __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(a.x, b.x); }
inline __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(a.y, b.y); }
inline __nv_bfloat162 __low2bfloat162(__nv_bfloat162 a) { return __nv_bfloat162(a.x, a.x); }
inline __nv_bfloat162 __high2bfloat162(__nv_bfloat162 a) { return __nv_bfloat162(a.y, a.y); }
inline __nv_bfloat162 __lowhigh2highlow(__nv_bfloat162 a) { return __nv_bfloat162(a.y, a.x); }
inline __nv_bfloat162 make_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
inline short __bfloat16_as_short(__nv_bfloat16 h) { return short(h.__x); }
inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.__x; }
inline __nv_bfloat16 __short_as_bfloat16(short s) { return c2t::mkb(uint16_t(s)); }
inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short s) { return c2t::mkb(s); }
inline __half __bfloat162half(__nv_bfloat16 b) { return c2t::hr(c2t::bf(b)); }  // exact float, one rounding

// ---------------------------------------------------------------------------
// Arithmetic, comparisons and math, generated for both 16-bit types.
//   H   = scalar type, H2 = pair type, TOF = to float, RND = float -> H
// ---------------------------------------------------------------------------
#define C2T_HALF_OPS(H, H2, TOF, RND, MK, NAN_BITS)                                                          \
    inline H __hadd(H a, H b) { return RND(TOF(a) + TOF(b)); }                                               \
    inline H __hsub(H a, H b) { return RND(TOF(a) - TOF(b)); }                                               \
    inline H __hmul(H a, H b) { return RND(TOF(a) * TOF(b)); }                                               \
    inline H __hdiv(H a, H b) { return RND(TOF(a) / TOF(b)); }                                               \
    inline H __hadd_rn(H a, H b) { return __hadd(a, b); }                                                    \
    inline H __hsub_rn(H a, H b) { return __hsub(a, b); }                                                    \
    inline H __hmul_rn(H a, H b) { return __hmul(a, b); }                                                    \
    inline H __hfma(H a, H b, H c) { return RND(c2t::fma_odd(TOF(a), TOF(b), TOF(c))); }                     \
    inline H __hadd_sat(H a, H b) { return RND(c2t::sat01(TOF(__hadd(a, b)))); }                              \
    inline H __hsub_sat(H a, H b) { return RND(c2t::sat01(TOF(__hsub(a, b)))); }                              \
    inline H __hmul_sat(H a, H b) { return RND(c2t::sat01(TOF(__hmul(a, b)))); }                              \
    inline H __hfma_sat(H a, H b, H c) { return RND(c2t::sat01(TOF(__hfma(a, b, c)))); }                      \
    inline H __hfma_relu(H a, H b, H c) {                                                                   \
        const H r = __hfma(a, b, c);                                                                         \
        const float f = TOF(r);                                                                              \
        return std::isnan(f) ? MK(NAN_BITS) : (f < 0.0f ? RND(0.0f) : r);                                    \
    }                                                                                                        \
    inline H __hneg(H a) { return MK(uint16_t(a.__x ^ 0x8000u)); }                                           \
    inline H __habs(H a) { return MK(uint16_t(a.__x & 0x7fffu)); }                                           \
    inline bool __heq(H a, H b) { return TOF(a) == TOF(b); }                                                 \
    inline bool __hne(H a, H b) { const float x = TOF(a), y = TOF(b); return x != y && !std::isnan(x) && !std::isnan(y); } \
    inline bool __hlt(H a, H b) { return TOF(a) < TOF(b); }                                                  \
    inline bool __hle(H a, H b) { return TOF(a) <= TOF(b); }                                                 \
    inline bool __hgt(H a, H b) { return TOF(a) > TOF(b); }                                                  \
    inline bool __hge(H a, H b) { return TOF(a) >= TOF(b); }                                                 \
    inline bool __hequ(H a, H b) { return !(TOF(a) != TOF(b)); }                                             \
    inline bool __hneu(H a, H b) { return TOF(a) != TOF(b); }                                                \
    inline bool __hltu(H a, H b) { return !(TOF(a) >= TOF(b)); }                                             \
    inline bool __hleu(H a, H b) { return !(TOF(a) > TOF(b)); }                                              \
    inline bool __hgtu(H a, H b) { return !(TOF(a) <= TOF(b)); }                                             \
    inline bool __hgeu(H a, H b) { return !(TOF(a) < TOF(b)); }                                              \
    inline bool __hisnan(H a) { return std::isnan(TOF(a)); }                                                 \
    inline int __hisinf(H a) { const float f = TOF(a); return std::isinf(f) ? (f > 0 ? 1 : -1) : 0; }         \
    inline H __hmax(H a, H b) {                                                                              \
        const float x = TOF(a), y = TOF(b);                                                                  \
        if (std::isnan(x)) { return std::isnan(y) ? MK(NAN_BITS) : b; }                                      \
        if (std::isnan(y)) { return a; }                                                                     \
        if (x == y) { return (a.__x & 0x8000u) ? b : a; }                                                    \
        return x > y ? a : b;                                                                                \
    }                                                                                                        \
    inline H __hmin(H a, H b) {                                                                              \
        const float x = TOF(a), y = TOF(b);                                                                  \
        if (std::isnan(x)) { return std::isnan(y) ? MK(NAN_BITS) : b; }                                      \
        if (std::isnan(y)) { return a; }                                                                     \
        if (x == y) { return (a.__x & 0x8000u) ? a : b; }                                                    \
        return x < y ? a : b;                                                                                \
    }                                                                                                        \
    inline H __hmax_nan(H a, H b) {                                                                          \
        return (std::isnan(TOF(a)) || std::isnan(TOF(b))) ? MK(NAN_BITS) : __hmax(a, b);                      \
    }                                                                                                        \
    inline H __hmin_nan(H a, H b) {                                                                          \
        return (std::isnan(TOF(a)) || std::isnan(TOF(b))) ? MK(NAN_BITS) : __hmin(a, b);                      \
    }                                                                                                        \
    inline H hsqrt(H a) { return RND(sqrtf(TOF(a))); }                                                       \
    inline H hrsqrt(H a) { return RND(float(1.0 / std::sqrt(double(TOF(a))))); }                             \
    inline H hrcp(H a) { return RND(1.0f / TOF(a)); }                                                        \
    inline H hexp(H a) { return RND(expf(TOF(a))); }                                                         \
    inline H hexp2(H a) { return RND(exp2f(TOF(a))); }                                                       \
    inline H hexp10(H a) { return RND(exp10f(TOF(a))); }                                                     \
    inline H hlog(H a) { return RND(logf(TOF(a))); }                                                         \
    inline H hlog2(H a) { return RND(log2f(TOF(a))); }                                                       \
    inline H hlog10(H a) { return RND(log10f(TOF(a))); }                                                     \
    inline H hsin(H a) { return RND(sinf(TOF(a))); }                                                         \
    inline H hcos(H a) { return RND(cosf(TOF(a))); }                                                         \
    inline H htanh(H a) { return RND(tanhf(TOF(a))); }                                                       \
    inline H htanh_approx(H a) { return RND(tanhf(TOF(a))); }                                                \
    inline H hceil(H a) { return RND(ceilf(TOF(a))); }                                                       \
    inline H hfloor(H a) { return RND(floorf(TOF(a))); }                                                     \
    inline H htrunc(H a) { return RND(truncf(TOF(a))); }                                                     \
    inline H hrint(H a) { return RND(rintf(TOF(a))); }                                                       \
    inline H operator+(const H& a, const H& b) { return __hadd(a, b); }                                      \
    inline H operator-(const H& a, const H& b) { return __hsub(a, b); }                                      \
    inline H operator*(const H& a, const H& b) { return __hmul(a, b); }                                      \
    inline H operator/(const H& a, const H& b) { return __hdiv(a, b); }                                      \
    inline H& operator+=(H& a, const H& b) { a = __hadd(a, b); return a; }                                   \
    inline H& operator-=(H& a, const H& b) { a = __hsub(a, b); return a; }                                   \
    inline H& operator*=(H& a, const H& b) { a = __hmul(a, b); return a; }                                   \
    inline H& operator/=(H& a, const H& b) { a = __hdiv(a, b); return a; }                                   \
    inline H operator+(const H& a) { return a; }                                                             \
    inline H operator-(const H& a) { return __hneg(a); }                                                     \
    inline H& operator++(H& a) { a = __hadd(a, RND(1.0f)); return a; }                                       \
    inline H& operator--(H& a) { a = __hsub(a, RND(1.0f)); return a; }                                       \
    inline H operator++(H& a, int) { H r = a; ++a; return r; }                                               \
    inline H operator--(H& a, int) { H r = a; --a; return r; }                                               \
    inline bool operator==(const H& a, const H& b) { return __heq(a, b); }                                   \
    inline bool operator!=(const H& a, const H& b) { return __hneu(a, b); }                                  \
    inline bool operator<(const H& a, const H& b) { return __hlt(a, b); }                                    \
    inline bool operator<=(const H& a, const H& b) { return __hle(a, b); }                                   \
    inline bool operator>(const H& a, const H& b) { return __hgt(a, b); }                                    \
    inline bool operator>=(const H& a, const H& b) { return __hge(a, b); }                                   \
    /* pairs */                                                                                              \
    inline H2 __hadd2(H2 a, H2 b) { return H2(__hadd(a.x, b.x), __hadd(a.y, b.y)); }                         \
    inline H2 __hsub2(H2 a, H2 b) { return H2(__hsub(a.x, b.x), __hsub(a.y, b.y)); }                         \
    inline H2 __hmul2(H2 a, H2 b) { return H2(__hmul(a.x, b.x), __hmul(a.y, b.y)); }                         \
    inline H2 __h2div(H2 a, H2 b) { return H2(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }                         \
    inline H2 __hfma2(H2 a, H2 b, H2 c) { return H2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }         \
    inline H2 __hadd2_sat(H2 a, H2 b) { return H2(__hadd_sat(a.x, b.x), __hadd_sat(a.y, b.y)); }             \
    inline H2 __hsub2_sat(H2 a, H2 b) { return H2(__hsub_sat(a.x, b.x), __hsub_sat(a.y, b.y)); }             \
    inline H2 __hmul2_sat(H2 a, H2 b) { return H2(__hmul_sat(a.x, b.x), __hmul_sat(a.y, b.y)); }             \
    inline H2 __hfma2_sat(H2 a, H2 b, H2 c) { return H2(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y)); } \
    inline H2 __hfma2_relu(H2 a, H2 b, H2 c) { return H2(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y)); } \
    inline H2 __hneg2(H2 a) { return H2(__hneg(a.x), __hneg(a.y)); }                                         \
    inline H2 __habs2(H2 a) { return H2(__habs(a.x), __habs(a.y)); }                                         \
    inline H2 __hmax2(H2 a, H2 b) { return H2(__hmax(a.x, b.x), __hmax(a.y, b.y)); }                         \
    inline H2 __hmin2(H2 a, H2 b) { return H2(__hmin(a.x, b.x), __hmin(a.y, b.y)); }                         \
    inline H2 __hmax2_nan(H2 a, H2 b) { return H2(__hmax_nan(a.x, b.x), __hmax_nan(a.y, b.y)); }             \
    inline H2 __hmin2_nan(H2 a, H2 b) { return H2(__hmin_nan(a.x, b.x), __hmin_nan(a.y, b.y)); }             \
    inline H2 __heq2(H2 a, H2 b) { return H2(RND(__heq(a.x, b.x)), RND(__heq(a.y, b.y))); }                  \
    inline H2 __hne2(H2 a, H2 b) { return H2(RND(__hne(a.x, b.x)), RND(__hne(a.y, b.y))); }                  \
    inline H2 __hlt2(H2 a, H2 b) { return H2(RND(__hlt(a.x, b.x)), RND(__hlt(a.y, b.y))); }                  \
    inline H2 __hle2(H2 a, H2 b) { return H2(RND(__hle(a.x, b.x)), RND(__hle(a.y, b.y))); }                  \
    inline H2 __hgt2(H2 a, H2 b) { return H2(RND(__hgt(a.x, b.x)), RND(__hgt(a.y, b.y))); }                  \
    inline H2 __hge2(H2 a, H2 b) { return H2(RND(__hge(a.x, b.x)), RND(__hge(a.y, b.y))); }                  \
    inline bool __hbeq2(H2 a, H2 b) { return __heq(a.x, b.x) && __heq(a.y, b.y); }                           \
    inline bool __hbne2(H2 a, H2 b) { return __hne(a.x, b.x) && __hne(a.y, b.y); }                           \
    inline bool __hblt2(H2 a, H2 b) { return __hlt(a.x, b.x) && __hlt(a.y, b.y); }                           \
    inline bool __hble2(H2 a, H2 b) { return __hle(a.x, b.x) && __hle(a.y, b.y); }                           \
    inline bool __hbgt2(H2 a, H2 b) { return __hgt(a.x, b.x) && __hgt(a.y, b.y); }                           \
    inline bool __hbge2(H2 a, H2 b) { return __hge(a.x, b.x) && __hge(a.y, b.y); }                           \
    inline H2 __hisnan2(H2 a) { return H2(RND(__hisnan(a.x)), RND(__hisnan(a.y))); }                         \
    inline H2 h2sqrt(H2 a) { return H2(hsqrt(a.x), hsqrt(a.y)); }                                            \
    inline H2 h2rsqrt(H2 a) { return H2(hrsqrt(a.x), hrsqrt(a.y)); }                                         \
    inline H2 h2rcp(H2 a) { return H2(hrcp(a.x), hrcp(a.y)); }                                               \
    inline H2 h2exp(H2 a) { return H2(hexp(a.x), hexp(a.y)); }                                               \
    inline H2 h2exp2(H2 a) { return H2(hexp2(a.x), hexp2(a.y)); }                                            \
    inline H2 h2exp10(H2 a) { return H2(hexp10(a.x), hexp10(a.y)); }                                         \
    inline H2 h2log(H2 a) { return H2(hlog(a.x), hlog(a.y)); }                                               \
    inline H2 h2log2(H2 a) { return H2(hlog2(a.x), hlog2(a.y)); }                                            \
    inline H2 h2log10(H2 a) { return H2(hlog10(a.x), hlog10(a.y)); }                                         \
    inline H2 h2sin(H2 a) { return H2(hsin(a.x), hsin(a.y)); }                                               \
    inline H2 h2cos(H2 a) { return H2(hcos(a.x), hcos(a.y)); }                                               \
    inline H2 h2ceil(H2 a) { return H2(hceil(a.x), hceil(a.y)); }                                            \
    inline H2 h2floor(H2 a) { return H2(hfloor(a.x), hfloor(a.y)); }                                         \
    inline H2 h2trunc(H2 a) { return H2(htrunc(a.x), htrunc(a.y)); }                                         \
    inline H2 h2rint(H2 a) { return H2(hrint(a.x), hrint(a.y)); }                                            \
    inline H2 operator+(const H2& a, const H2& b) { return __hadd2(a, b); }                                  \
    inline H2 operator-(const H2& a, const H2& b) { return __hsub2(a, b); }                                  \
    inline H2 operator*(const H2& a, const H2& b) { return __hmul2(a, b); }                                  \
    inline H2 operator/(const H2& a, const H2& b) { return __h2div(a, b); }                                  \
    inline H2& operator+=(H2& a, const H2& b) { a = __hadd2(a, b); return a; }                               \
    inline H2& operator-=(H2& a, const H2& b) { a = __hsub2(a, b); return a; }                               \
    inline H2& operator*=(H2& a, const H2& b) { a = __hmul2(a, b); return a; }                               \
    inline H2& operator/=(H2& a, const H2& b) { a = __h2div(a, b); return a; }                               \
    inline H2 operator-(const H2& a) { return __hneg2(a); }                                                  \
    inline H2 operator+(const H2& a) { return a; }                                                           \
    inline bool operator==(const H2& a, const H2& b) { return __hbeq2(a, b); }                               \
    inline bool operator!=(const H2& a, const H2& b) { return !(__heq(a.x, b.x) && __heq(a.y, b.y)); }       \
    /* atomics (single OS thread: plain read-modify-write, see c2t_intrinsics.h) */                          \
    inline H atomicAdd(H* p, H v) { H o = *p; *p = __hadd(o, v); return o; }                                 \
    inline H2 atomicAdd(H2* p, H2 v) { H2 o = *p; *p = __hadd2(o, v); return o; }                            \
    inline H atomicAdd_block(H* p, H v) { return atomicAdd(p, v); }                                         \
    inline H atomicAdd_system(H* p, H v) { return atomicAdd(p, v); }                                        \
    inline H2 atomicAdd_block(H2* p, H2 v) { return atomicAdd(p, v); }                                      \
    inline H2 atomicAdd_system(H2* p, H2 v) { return atomicAdd(p, v); }

namespace c2t {
inline float tof_h(__half h) { return hf(h); }
inline float tof_b(__nv_bfloat16 h) { return bf(h); }
}  // namespace c2t
#define C2T_TOF_H(a) c2t::tof_h(a)
#define C2T_RND_H(f) c2t::hr(float(f))
#define C2T_MK_H(b) c2t::mkh(b)
#define C2T_TOF_B(a) c2t::tof_b(a)
#define C2T_RND_B(f) c2t::br(float(f))
#define C2T_MK_B(b) c2t::mkb(b)
C2T_HALF_OPS(__half, __half2, C2T_TOF_H, C2T_RND_H, C2T_MK_H, 0x7fffu)
C2T_HALF_OPS(__nv_bfloat16, __nv_bfloat162, C2T_TOF_B, C2T_RND_B, C2T_MK_B, 0x7fffu)

// Constants (cuda_fp16.h / cuda_bf16.h).
#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)
#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)
