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
inline float __c2t_sat01(float x) { return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f); }
// Rounding direction: 0 nearest-even, 1 toward zero, 2 up, 3 down.
inline bool __c2t_round_up_needed(uint32_t __c2t_kept, uint64_t __c2t_rem, uint64_t __c2t_half_ulp, bool __c2t_neg, int __c2t_mode) {
    if (__c2t_rem == 0) return false;
    switch (__c2t_mode) {
        case 0: return __c2t_rem > __c2t_half_ulp || (__c2t_rem == __c2t_half_ulp && (__c2t_kept & 1u));
        case 1: return false;
        case 2: return !__c2t_neg;
        default: return __c2t_neg;
    }
}

// float -> binary16.
inline uint16_t __c2t_f2h_bits(float __c2t_f, int __c2t_mode = 0) {
    const uint32_t x = c2t::__c2t_bit_cast<uint32_t>(__c2t_f);
    const uint32_t __c2t_sign = (x >> 16) & 0x8000u;
    const bool __c2t_neg = __c2t_sign != 0;
    const uint32_t __c2t_ax = x & 0x7fffffffu;
    if (__c2t_ax > 0x7f800000u) return 0x7fffu;          // NaN
    if (__c2t_ax == 0x7f800000u) return uint16_t(__c2t_sign | 0x7c00u);
    const int __c2t_e = int(__c2t_ax >> 23);
    if (__c2t_ax >= 0x47800000u) {                       // |x| >= 65536: overflow
        const bool __c2t_to_inf = __c2t_mode == 0 || (__c2t_mode == 2 && !__c2t_neg) || (__c2t_mode == 3 && __c2t_neg);
        return uint16_t(__c2t_sign | (__c2t_to_inf ? 0x7c00u : 0x7bffu));
    }
    if (__c2t_ax < 0x38800000u) {                        // below the smallest normal half
        if (__c2t_ax == 0) return uint16_t(__c2t_sign);
        // value = mant * 2^(e-150) (e >= 1) ; half subnormal unit = 2^-24
        uint64_t __c2t_mant = (__c2t_e ? (__c2t_ax & 0x7fffffu) | 0x800000u : (__c2t_ax & 0x7fffffu));
        const int __c2t_shift = (__c2t_e ? 126 - __c2t_e : 125);      // bits to drop
        if (__c2t_shift >= 40) {
            const bool __c2t_up = __c2t_round_up_needed(0, 1, 2, __c2t_neg, __c2t_mode);  // tiny nonzero
            return uint16_t(__c2t_sign | (__c2t_up ? 1u : 0u));
        }
        const uint64_t __c2t_kept = __c2t_mant >> __c2t_shift;
        const uint64_t __c2t_rem = __c2t_mant & ((uint64_t(1) << __c2t_shift) - 1);
        const uint64_t __c2t_half_ulp = uint64_t(1) << (__c2t_shift - 1);
        uint32_t __c2t_r = uint32_t(__c2t_kept);
        if (__c2t_round_up_needed(__c2t_r, __c2t_rem, __c2t_half_ulp, __c2t_neg, __c2t_mode)) ++__c2t_r;
        return uint16_t(__c2t_sign | __c2t_r);
    }
    uint32_t __c2t_r = (__c2t_ax - 0x38000000u) >> 13;          // rebias 127 -> 15
    const uint32_t __c2t_rem = __c2t_ax & 0x1fffu;
    if (__c2t_round_up_needed(__c2t_r, __c2t_rem, 0x1000u, __c2t_neg, __c2t_mode)) ++__c2t_r;
    if (__c2t_r >= 0x7c00u) {                            // rounded past the largest finite value
        const bool __c2t_to_inf = __c2t_mode == 0 || (__c2t_mode == 2 && !__c2t_neg) || (__c2t_mode == 3 && __c2t_neg);
        __c2t_r = __c2t_to_inf ? 0x7c00u : 0x7bffu;
    }
    return uint16_t(__c2t_sign | __c2t_r);
}

inline float __c2t_h2f_bits(uint16_t __c2t_h) {
    const uint32_t __c2t_sign = uint32_t(__c2t_h & 0x8000u) << 16;
    const uint32_t __c2t_e = (__c2t_h >> 10) & 0x1fu, __c2t_m = __c2t_h & 0x3ffu;
    uint32_t x;
    if (__c2t_e == 0) {
        if (__c2t_m == 0) x = __c2t_sign;
        else return c2t::__c2t_bit_cast<float>(__c2t_sign | 0x3f800000u) * (float(__c2t_m) * 0x1p-24f);  // exact
    } else if (__c2t_e == 31) {
        x = __c2t_sign | 0x7f800000u | (__c2t_m << 13);
    } else {
        x = __c2t_sign | ((__c2t_e + 112u) << 23) | (__c2t_m << 13);
    }
    return c2t::__c2t_bit_cast<float>(x);
}

// float -> bfloat16.
inline uint16_t __c2t_f2bf_bits(float __c2t_f, int __c2t_mode = 0) {
    const uint32_t x = c2t::__c2t_bit_cast<uint32_t>(__c2t_f);
    if ((x & 0x7fffffffu) > 0x7f800000u) return 0x7fffu;  // NaN
    const bool __c2t_neg = (x >> 31) != 0;
    uint32_t __c2t_r = x >> 16;
    const uint32_t __c2t_rem = x & 0xffffu;
    if ((x & 0x7fffffffu) != 0x7f800000u && __c2t_round_up_needed(__c2t_r, __c2t_rem, 0x8000u, __c2t_neg, __c2t_mode)) ++__c2t_r;
    if (__c2t_mode != 0 && (__c2t_r & 0x7fffu) == 0x7f80u && (x & 0x7fffffffu) != 0x7f800000u) {
        const bool __c2t_to_inf = (__c2t_mode == 2 && !__c2t_neg) || (__c2t_mode == 3 && __c2t_neg);
        if (!__c2t_to_inf) __c2t_r = (__c2t_r & 0x8000u) | 0x7f7fu;
    }
    return uint16_t(__c2t_r);
}
inline float __c2t_bf2f_bits(uint16_t __c2t_b) { return c2t::__c2t_bit_cast<float>(uint32_t(__c2t_b) << 16); }

// double -> float rounded to odd (sticky), so that a following rounding to
// 16 bits equals a direct rounding of the double (float keeps > p+2 bits).
inline float __c2t_d2f_odd(double __c2t_d) {
    if (std::isnan(__c2t_d)) return float(__c2t_d);
    float __c2t_f = float(__c2t_d);
    if (std::isinf(__c2t_f) && !std::isinf(__c2t_d)) __c2t_f = std::copysign(FLT_MAX, float(__c2t_d));
    if (double(__c2t_f) == __c2t_d) return __c2t_f;
    if (std::fabs(double(__c2t_f)) > std::fabs(__c2t_d)) __c2t_f = std::nextafter(__c2t_f, 0.0f);
    return c2t::__c2t_bit_cast<float>(c2t::__c2t_bit_cast<uint32_t>(__c2t_f) | 1u);
}
// (s + e) exactly, rounded to odd into a float (s = RN(s+e), |e| tiny).
inline float __c2t_pair_to_float_odd(double __c2t_s, double __c2t_e) {
    if (__c2t_e == 0.0 || std::isinf(__c2t_s) || std::isnan(__c2t_s)) return __c2t_d2f_odd(__c2t_s);
    float __c2t_f = __c2t_d2f_odd(__c2t_s);
    if (c2t::__c2t_bit_cast<uint32_t>(__c2t_f) & 1u) return __c2t_f;  // already sticky
    // f == s exactly (s representable in float): the sign of e decides.
    if ((__c2t_e > 0) != (__c2t_f > 0)) __c2t_f = std::nextafter(__c2t_f, 0.0f);
    return c2t::__c2t_bit_cast<float>(c2t::__c2t_bit_cast<uint32_t>(__c2t_f) | 1u);
}
inline void __c2t_two_sum(double __c2t_a, double __c2t_b, double& __c2t_s, double& __c2t_e) {
    __c2t_s = __c2t_a + __c2t_b;
    const double __c2t_bb = __c2t_s - __c2t_a;
    __c2t_e = (__c2t_a - (__c2t_s - __c2t_bb)) + (__c2t_b - __c2t_bb);
}
inline float __c2t_fma_odd(float __c2t_a, float __c2t_b, float __c2t_c) {
    const double __c2t_p = double(__c2t_a) * double(__c2t_b);  // exact (48 bits)
    double __c2t_s, __c2t_e;
    __c2t_two_sum(__c2t_p, double(__c2t_c), __c2t_s, __c2t_e);
    return __c2t_pair_to_float_odd(__c2t_s, __c2t_e);
}
}  // namespace c2t

// ---------------------------------------------------------------------------
// __half
// ---------------------------------------------------------------------------
struct __half_raw { unsigned short x; };
struct __half2_raw { unsigned short x, y; };

struct __attribute__((__aligned__(2))) __half {
    unsigned short __x;
    __half() = default;
    constexpr __half(const __half_raw& __c2t_r) : __x(__c2t_r.x) {}
    __half(float __c2t_f) : __x(c2t::__c2t_f2h_bits(__c2t_f)) {}
    __half(double __c2t_d) : __x(c2t::__c2t_f2h_bits(c2t::__c2t_d2f_odd(__c2t_d))) {}
    __half(short __c2t_v) : __x(c2t::__c2t_f2h_bits(float(__c2t_v))) {}
    __half(unsigned short __c2t_v) : __x(c2t::__c2t_f2h_bits(float(__c2t_v))) {}
    __half(int __c2t_v) : __x(c2t::__c2t_f2h_bits(c2t::__c2t_d2f_odd(double(__c2t_v)))) {}
    __half(unsigned int __c2t_v) : __x(c2t::__c2t_f2h_bits(c2t::__c2t_d2f_odd(double(__c2t_v)))) {}
    __half(long __c2t_v) : __x(c2t::__c2t_f2h_bits(c2t::__c2t_d2f_odd(double(__c2t_v)))) {}
    __half(unsigned long __c2t_v) : __x(c2t::__c2t_f2h_bits(c2t::__c2t_d2f_odd(double(__c2t_v)))) {}
    __half(long long __c2t_v) : __x(c2t::__c2t_f2h_bits(c2t::__c2t_d2f_odd(double(__c2t_v)))) {}
    __half(unsigned long long __c2t_v) : __x(c2t::__c2t_f2h_bits(c2t::__c2t_d2f_odd(double(__c2t_v)))) {}
    __half& operator=(const __half_raw& __c2t_r) { __x = __c2t_r.x; return *this; }
    __half& operator=(float __c2t_f) { __x = c2t::__c2t_f2h_bits(__c2t_f); return *this; }
    __half& operator=(double __c2t_d) { __x = c2t::__c2t_f2h_bits(c2t::__c2t_d2f_odd(__c2t_d)); return *this; }
    operator __half_raw() const { return __half_raw{__x}; }
    operator float() const { return c2t::__c2t_h2f_bits(__x); }
};
typedef __half half;

struct __attribute__((__aligned__(4))) __half2 {
    __half x, y;
    __half2() = default;
    constexpr __half2(const __half& __c2t_a, const __half& __c2t_b) : x(__c2t_a), y(__c2t_b) {}
    constexpr __half2(const __half2_raw& __c2t_r) : x(__half_raw{__c2t_r.x}), y(__half_raw{__c2t_r.y}) {}
    operator __half2_raw() const { return __half2_raw{x.__x, y.__x}; }
};
typedef __half2 half2;

// ---------------------------------------------------------------------------
// __nv_bfloat16
// ---------------------------------------------------------------------------
struct __nv_bfloat16_raw { unsigned short x; };
struct __nv_bfloat162_raw { unsigned short x, y; };

struct __attribute__((__aligned__(2))) __nv_bfloat16 {
    unsigned short __x;
    __nv_bfloat16() = default;
    constexpr __nv_bfloat16(const __nv_bfloat16_raw& __c2t_r) : __x(__c2t_r.x) {}
    __nv_bfloat16(float __c2t_f) : __x(c2t::__c2t_f2bf_bits(__c2t_f)) {}
    __nv_bfloat16(double __c2t_d) : __x(c2t::__c2t_f2bf_bits(c2t::__c2t_d2f_odd(__c2t_d))) {}
    __nv_bfloat16(short __c2t_v) : __x(c2t::__c2t_f2bf_bits(float(__c2t_v))) {}
    __nv_bfloat16(unsigned short __c2t_v) : __x(c2t::__c2t_f2bf_bits(float(__c2t_v))) {}
    __nv_bfloat16(int __c2t_v) : __x(c2t::__c2t_f2bf_bits(c2t::__c2t_d2f_odd(double(__c2t_v)))) {}
    __nv_bfloat16(unsigned int __c2t_v) : __x(c2t::__c2t_f2bf_bits(c2t::__c2t_d2f_odd(double(__c2t_v)))) {}
    __nv_bfloat16(long __c2t_v) : __x(c2t::__c2t_f2bf_bits(c2t::__c2t_d2f_odd(double(__c2t_v)))) {}
    __nv_bfloat16(unsigned long __c2t_v) : __x(c2t::__c2t_f2bf_bits(c2t::__c2t_d2f_odd(double(__c2t_v)))) {}
    __nv_bfloat16(long long __c2t_v) : __x(c2t::__c2t_f2bf_bits(c2t::__c2t_d2f_odd(double(__c2t_v)))) {}
    __nv_bfloat16(unsigned long long __c2t_v) : __x(c2t::__c2t_f2bf_bits(c2t::__c2t_d2f_odd(double(__c2t_v)))) {}
    __nv_bfloat16& operator=(const __nv_bfloat16_raw& __c2t_r) { __x = __c2t_r.x; return *this; }
    __nv_bfloat16& operator=(float __c2t_f) { __x = c2t::__c2t_f2bf_bits(__c2t_f); return *this; }
    __nv_bfloat16& operator=(double __c2t_d) { __x = c2t::__c2t_f2bf_bits(c2t::__c2t_d2f_odd(__c2t_d)); return *this; }
    operator __nv_bfloat16_raw() const { return __nv_bfloat16_raw{__x}; }
    operator float() const { return c2t::__c2t_bf2f_bits(__x); }
};
typedef __nv_bfloat16 nv_bfloat16;

struct __attribute__((__aligned__(4))) __nv_bfloat162 {
    __nv_bfloat16 x, y;
    __nv_bfloat162() = default;
    constexpr __nv_bfloat162(const __nv_bfloat16& __c2t_a, const __nv_bfloat16& __c2t_b) : x(__c2t_a), y(__c2t_b) {}
    constexpr __nv_bfloat162(const __nv_bfloat162_raw& __c2t_r) : x(__nv_bfloat16_raw{__c2t_r.x}), y(__nv_bfloat16_raw{__c2t_r.y}) {}
    operator __nv_bfloat162_raw() const { return __nv_bfloat162_raw{x.__x, y.__x}; }
};
typedef __nv_bfloat162 nv_bfloat162;

namespace c2t {
template <> struct __c2t_kind_of<__half> { static constexpr char __c2t_value = 'h'; };
template <> struct __c2t_kind_of<__nv_bfloat16> { static constexpr char __c2t_value = 'B'; };
inline __half __c2t_mkh(uint16_t __c2t_b) { return __half(__half_raw{__c2t_b}); }
inline __nv_bfloat16 __c2t_mkb(uint16_t __c2t_b) { return __nv_bfloat16(__nv_bfloat16_raw{__c2t_b}); }
inline float __c2t_hf(__half __c2t_h) { return __c2t_h2f_bits(__c2t_h.__x); }
inline float __c2t_bf(__nv_bfloat16 __c2t_h) { return __c2t_bf2f_bits(__c2t_h.__x); }
inline __half __c2t_hr(float __c2t_f) { return __c2t_mkh(__c2t_f2h_bits(__c2t_f)); }
inline __nv_bfloat16 __c2t_br(float __c2t_f) { return __c2t_mkb(__c2t_f2bf_bits(__c2t_f)); }
}  // namespace c2t

// ---------------------------------------------------------------------------
// Conversions.
// ---------------------------------------------------------------------------
inline __half __float2half(float __c2t_f) { return c2t::__c2t_hr(__c2t_f); }
inline __half __float2half_rn(float __c2t_f) { return c2t::__c2t_hr(__c2t_f); }
inline __half __float2half_rz(float __c2t_f) { return c2t::__c2t_mkh(c2t::__c2t_f2h_bits(__c2t_f, 1)); }
inline __half __float2half_ru(float __c2t_f) { return c2t::__c2t_mkh(c2t::__c2t_f2h_bits(__c2t_f, 2)); }
inline __half __float2half_rd(float __c2t_f) { return c2t::__c2t_mkh(c2t::__c2t_f2h_bits(__c2t_f, 3)); }
inline __half __double2half(double __c2t_d) { return c2t::__c2t_hr(c2t::__c2t_d2f_odd(__c2t_d)); }
inline float __half2float(__half __c2t_h) { return c2t::__c2t_hf(__c2t_h); }
inline __half2 __float2half2_rn(float __c2t_f) { return __half2(c2t::__c2t_hr(__c2t_f), c2t::__c2t_hr(__c2t_f)); }
inline __half2 __floats2half2_rn(float __c2t_a, float __c2t_b) { return __half2(c2t::__c2t_hr(__c2t_a), c2t::__c2t_hr(__c2t_b)); }
inline __half2 __float22half2_rn(float2 __c2t_v) { return __half2(c2t::__c2t_hr(__c2t_v.x), c2t::__c2t_hr(__c2t_v.y)); }
inline float2 __half22float2(__half2 __c2t_h) { return make_float2(c2t::__c2t_hf(__c2t_h.x), c2t::__c2t_hf(__c2t_h.y)); }
inline float __low2float(__half2 __c2t_h) { return c2t::__c2t_hf(__c2t_h.x); }
inline float __high2float(__half2 __c2t_h) { return c2t::__c2t_hf(__c2t_h.y); }
inline __half __low2half(__half2 __c2t_h) { return __c2t_h.x; }
inline __half __high2half(__half2 __c2t_h) { return __c2t_h.y; }
inline __half2 __halves2half2(__half __c2t_a, __half __c2t_b) { return __half2(__c2t_a, __c2t_b); }
inline __half2 __half2half2(__half __c2t_a) { return __half2(__c2t_a, __c2t_a); }
inline __half2 __lows2half2(__half2 __c2t_a, __half2 __c2t_b) { return __half2(__c2t_a.x, __c2t_b.x); }
inline __half2 __highs2half2(__half2 __c2t_a, __half2 __c2t_b) { return __half2(__c2t_a.y, __c2t_b.y); }
inline __half2 __low2half2(__half2 __c2t_a) { return __half2(__c2t_a.x, __c2t_a.x); }
inline __half2 __high2half2(__half2 __c2t_a) { return __half2(__c2t_a.y, __c2t_a.y); }
inline __half2 __lowhigh2highlow(__half2 __c2t_a) { return __half2(__c2t_a.y, __c2t_a.x); }
inline __half2 make_half2(__half __c2t_a, __half __c2t_b) { return __half2(__c2t_a, __c2t_b); }
inline short __half_as_short(__half __c2t_h) { return short(__c2t_h.__x); }
inline unsigned short __half_as_ushort(__half __c2t_h) { return __c2t_h.__x; }
inline __half __short_as_half(short __c2t_s) { return c2t::__c2t_mkh(uint16_t(__c2t_s)); }
inline __half __ushort_as_half(unsigned short __c2t_s) { return c2t::__c2t_mkh(__c2t_s); }

#define C2T_H2I(__c2t_TNAME, __c2t_I)                                                                                      \
    inline __c2t_I __half2##__c2t_TNAME##_rn(__half __c2t_h) { return c2t::__c2t_sat_int<__c2t_I>(c2t::__c2t_round_mode(c2t::__c2t_hf(__c2t_h), 0)); }        \
    inline __c2t_I __half2##__c2t_TNAME##_rz(__half __c2t_h) { return c2t::__c2t_sat_int<__c2t_I>(c2t::__c2t_round_mode(c2t::__c2t_hf(__c2t_h), 1)); }        \
    inline __c2t_I __half2##__c2t_TNAME##_ru(__half __c2t_h) { return c2t::__c2t_sat_int<__c2t_I>(c2t::__c2t_round_mode(c2t::__c2t_hf(__c2t_h), 2)); }        \
    inline __c2t_I __half2##__c2t_TNAME##_rd(__half __c2t_h) { return c2t::__c2t_sat_int<__c2t_I>(c2t::__c2t_round_mode(c2t::__c2t_hf(__c2t_h), 3)); }        \
    inline __c2t_I __bfloat162##__c2t_TNAME##_rn(__nv_bfloat16 __c2t_h) { return c2t::__c2t_sat_int<__c2t_I>(c2t::__c2t_round_mode(c2t::__c2t_bf(__c2t_h), 0)); } \
    inline __c2t_I __bfloat162##__c2t_TNAME##_rz(__nv_bfloat16 __c2t_h) { return c2t::__c2t_sat_int<__c2t_I>(c2t::__c2t_round_mode(c2t::__c2t_bf(__c2t_h), 1)); } \
    inline __c2t_I __bfloat162##__c2t_TNAME##_ru(__nv_bfloat16 __c2t_h) { return c2t::__c2t_sat_int<__c2t_I>(c2t::__c2t_round_mode(c2t::__c2t_bf(__c2t_h), 2)); } \
    inline __c2t_I __bfloat162##__c2t_TNAME##_rd(__nv_bfloat16 __c2t_h) { return c2t::__c2t_sat_int<__c2t_I>(c2t::__c2t_round_mode(c2t::__c2t_bf(__c2t_h), 3)); }
C2T_H2I(int, int)
C2T_H2I(uint, unsigned int)
C2T_H2I(short, short)
C2T_H2I(ushort, unsigned short)
C2T_H2I(__c2t_ll, long long)
C2T_H2I(__c2t_ull, unsigned long long)
inline signed char __half2char_rz(__half __c2t_h) { return c2t::__c2t_sat_int<signed char>(std::trunc(c2t::__c2t_hf(__c2t_h))); }
inline unsigned char __half2uchar_rz(__half __c2t_h) { return c2t::__c2t_sat_int<unsigned char>(std::trunc(c2t::__c2t_hf(__c2t_h))); }

#define C2T_I2H(__c2t_TNAME, __c2t_I)                                                                                       \
    inline __half __##__c2t_TNAME##2half_rn(__c2t_I __c2t_v) { return c2t::__c2t_mkh(c2t::__c2t_f2h_bits(c2t::__c2t_d2f_odd(double(__c2t_v)), 0)); }     \
    inline __half __##__c2t_TNAME##2half_rz(__c2t_I __c2t_v) { return c2t::__c2t_mkh(c2t::__c2t_f2h_bits(c2t::__c2t_d2f_odd(double(__c2t_v)), 1)); }     \
    inline __half __##__c2t_TNAME##2half_ru(__c2t_I __c2t_v) { return c2t::__c2t_mkh(c2t::__c2t_f2h_bits(c2t::__c2t_d2f_odd(double(__c2t_v)), 2)); }     \
    inline __half __##__c2t_TNAME##2half_rd(__c2t_I __c2t_v) { return c2t::__c2t_mkh(c2t::__c2t_f2h_bits(c2t::__c2t_d2f_odd(double(__c2t_v)), 3)); }     \
    inline __nv_bfloat16 __##__c2t_TNAME##2bfloat16_rn(__c2t_I __c2t_v) { return c2t::__c2t_mkb(c2t::__c2t_f2bf_bits(c2t::__c2t_d2f_odd(double(__c2t_v)), 0)); } \
    inline __nv_bfloat16 __##__c2t_TNAME##2bfloat16_rz(__c2t_I __c2t_v) { return c2t::__c2t_mkb(c2t::__c2t_f2bf_bits(c2t::__c2t_d2f_odd(double(__c2t_v)), 1)); } \
    inline __nv_bfloat16 __##__c2t_TNAME##2bfloat16_ru(__c2t_I __c2t_v) { return c2t::__c2t_mkb(c2t::__c2t_f2bf_bits(c2t::__c2t_d2f_odd(double(__c2t_v)), 2)); } \
    inline __nv_bfloat16 __##__c2t_TNAME##2bfloat16_rd(__c2t_I __c2t_v) { return c2t::__c2t_mkb(c2t::__c2t_f2bf_bits(c2t::__c2t_d2f_odd(double(__c2t_v)), 3)); }
C2T_I2H(int, int)
C2T_I2H(uint, unsigned int)
C2T_I2H(short, short)
C2T_I2H(ushort, unsigned short)
C2T_I2H(__c2t_ll, long long)
C2T_I2H(__c2t_ull, unsigned long long)

inline __nv_bfloat16 __float2bfloat16(float __c2t_f) { return c2t::__c2t_br(__c2t_f); }
inline __nv_bfloat16 __float2bfloat16_rn(float __c2t_f) { return c2t::__c2t_br(__c2t_f); }
inline __nv_bfloat16 __float2bfloat16_rz(float __c2t_f) { return c2t::__c2t_mkb(c2t::__c2t_f2bf_bits(__c2t_f, 1)); }
inline __nv_bfloat16 __float2bfloat16_ru(float __c2t_f) { return c2t::__c2t_mkb(c2t::__c2t_f2bf_bits(__c2t_f, 2)); }
inline __nv_bfloat16 __float2bfloat16_rd(float __c2t_f) { return c2t::__c2t_mkb(c2t::__c2t_f2bf_bits(__c2t_f, 3)); }
inline __nv_bfloat16 __double2bfloat16(double __c2t_d) { return c2t::__c2t_br(c2t::__c2t_d2f_odd(__c2t_d)); }
inline float __bfloat162float(__nv_bfloat16 __c2t_h) { return c2t::__c2t_bf(__c2t_h); }
inline __nv_bfloat162 __float2bfloat162_rn(float __c2t_f) { return __nv_bfloat162(c2t::__c2t_br(__c2t_f), c2t::__c2t_br(__c2t_f)); }
inline __nv_bfloat162 __floats2bfloat162_rn(float __c2t_a, float __c2t_b) { return __nv_bfloat162(c2t::__c2t_br(__c2t_a), c2t::__c2t_br(__c2t_b)); }
inline __nv_bfloat162 __float22bfloat162_rn(float2 __c2t_v) { return __nv_bfloat162(c2t::__c2t_br(__c2t_v.x), c2t::__c2t_br(__c2t_v.y)); }
inline float2 __bfloat1622float2(__nv_bfloat162 __c2t_h) { return make_float2(c2t::__c2t_bf(__c2t_h.x), c2t::__c2t_bf(__c2t_h.y)); }
inline float __low2float(__nv_bfloat162 __c2t_h) { return c2t::__c2t_bf(__c2t_h.x); }
inline float __high2float(__nv_bfloat162 __c2t_h) { return c2t::__c2t_bf(__c2t_h.y); }
inline __nv_bfloat16 __low2bfloat16(__nv_bfloat162 __c2t_h) { return __c2t_h.x; }
inline __nv_bfloat16 __high2bfloat16(__nv_bfloat162 __c2t_h) { return __c2t_h.y; }
inline __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 __c2t_a, __nv_bfloat16 __c2t_b) { return __nv_bfloat162(__c2t_a, __c2t_b); }
inline __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 __c2t_a) { return __nv_bfloat162(__c2t_a, __c2t_a); }
inline __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 __c2t_a, __nv_bfloat162 __c2t_b) { return __nv_bfloat162(__c2t_a.x, __c2t_b.x); }
inline __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 __c2t_a, __nv_bfloat162 __c2t_b) { return __nv_bfloat162(__c2t_a.y, __c2t_b.y); }
inline __nv_bfloat162 __low2bfloat162(__nv_bfloat162 __c2t_a) { return __nv_bfloat162(__c2t_a.x, __c2t_a.x); }
inline __nv_bfloat162 __high2bfloat162(__nv_bfloat162 __c2t_a) { return __nv_bfloat162(__c2t_a.y, __c2t_a.y); }
inline __nv_bfloat162 __lowhigh2highlow(__nv_bfloat162 __c2t_a) { return __nv_bfloat162(__c2t_a.y, __c2t_a.x); }
inline __nv_bfloat162 make_bfloat162(__nv_bfloat16 __c2t_a, __nv_bfloat16 __c2t_b) { return __nv_bfloat162(__c2t_a, __c2t_b); }
inline short __bfloat16_as_short(__nv_bfloat16 __c2t_h) { return short(__c2t_h.__x); }
inline unsigned short __bfloat16_as_ushort(__nv_bfloat16 __c2t_h) { return __c2t_h.__x; }
inline __nv_bfloat16 __short_as_bfloat16(short __c2t_s) { return c2t::__c2t_mkb(uint16_t(__c2t_s)); }
inline __nv_bfloat16 __ushort_as_bfloat16(unsigned short __c2t_s) { return c2t::__c2t_mkb(__c2t_s); }
inline __half __bfloat162half(__nv_bfloat16 __c2t_b) { return c2t::__c2t_hr(c2t::__c2t_bf(__c2t_b)); }  // exact float, one rounding

// ---------------------------------------------------------------------------
// Arithmetic, comparisons and math, generated for both 16-bit types.
//   H   = scalar type, H2 = pair type, TOF = to float, RND = float -> H
// ---------------------------------------------------------------------------
#define C2T_HALF_OPS(__c2t_H, __c2t_H2, __c2t_TOF, __c2t_RND, __c2t_MK, __c2t_NAN_BITS)                                                          \
    inline __c2t_H __hadd(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __c2t_RND(__c2t_TOF(__c2t_a) + __c2t_TOF(__c2t_b)); }                                               \
    inline __c2t_H __hsub(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __c2t_RND(__c2t_TOF(__c2t_a) - __c2t_TOF(__c2t_b)); }                                               \
    inline __c2t_H __hmul(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __c2t_RND(__c2t_TOF(__c2t_a) * __c2t_TOF(__c2t_b)); }                                               \
    inline __c2t_H __hdiv(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __c2t_RND(__c2t_TOF(__c2t_a) / __c2t_TOF(__c2t_b)); }                                               \
    inline __c2t_H __hadd_rn(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __hadd(__c2t_a, __c2t_b); }                                                    \
    inline __c2t_H __hsub_rn(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __hsub(__c2t_a, __c2t_b); }                                                    \
    inline __c2t_H __hmul_rn(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __hmul(__c2t_a, __c2t_b); }                                                    \
    inline __c2t_H __hfma(__c2t_H __c2t_a, __c2t_H __c2t_b, __c2t_H __c2t_c) { return __c2t_RND(c2t::__c2t_fma_odd(__c2t_TOF(__c2t_a), __c2t_TOF(__c2t_b), __c2t_TOF(__c2t_c))); }                     \
    inline __c2t_H __hadd_sat(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __c2t_RND(c2t::__c2t_sat01(__c2t_TOF(__hadd(__c2t_a, __c2t_b)))); }                              \
    inline __c2t_H __hsub_sat(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __c2t_RND(c2t::__c2t_sat01(__c2t_TOF(__hsub(__c2t_a, __c2t_b)))); }                              \
    inline __c2t_H __hmul_sat(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __c2t_RND(c2t::__c2t_sat01(__c2t_TOF(__hmul(__c2t_a, __c2t_b)))); }                              \
    inline __c2t_H __hfma_sat(__c2t_H __c2t_a, __c2t_H __c2t_b, __c2t_H __c2t_c) { return __c2t_RND(c2t::__c2t_sat01(__c2t_TOF(__hfma(__c2t_a, __c2t_b, __c2t_c)))); }                      \
    inline __c2t_H __hfma_relu(__c2t_H __c2t_a, __c2t_H __c2t_b, __c2t_H __c2t_c) {                                                                   \
        const __c2t_H __c2t_r = __hfma(__c2t_a, __c2t_b, __c2t_c);                                                                         \
        const float __c2t_f = __c2t_TOF(__c2t_r);                                                                              \
        return std::isnan(__c2t_f) ? __c2t_MK(__c2t_NAN_BITS) : (__c2t_f < 0.0f ? __c2t_RND(0.0f) : __c2t_r);                                    \
    }                                                                                                        \
    inline __c2t_H __hneg(__c2t_H __c2t_a) { return __c2t_MK(uint16_t(__c2t_a.__x ^ 0x8000u)); }                                           \
    inline __c2t_H __habs(__c2t_H __c2t_a) { return __c2t_MK(uint16_t(__c2t_a.__x & 0x7fffu)); }                                           \
    inline bool __heq(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __c2t_TOF(__c2t_a) == __c2t_TOF(__c2t_b); }                                                 \
    inline bool __hne(__c2t_H __c2t_a, __c2t_H __c2t_b) { const float x = __c2t_TOF(__c2t_a), y = __c2t_TOF(__c2t_b); return x != y && !std::isnan(x) && !std::isnan(y); } \
    inline bool __hlt(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __c2t_TOF(__c2t_a) < __c2t_TOF(__c2t_b); }                                                  \
    inline bool __hle(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __c2t_TOF(__c2t_a) <= __c2t_TOF(__c2t_b); }                                                 \
    inline bool __hgt(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __c2t_TOF(__c2t_a) > __c2t_TOF(__c2t_b); }                                                  \
    inline bool __hge(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __c2t_TOF(__c2t_a) >= __c2t_TOF(__c2t_b); }                                                 \
    inline bool __hequ(__c2t_H __c2t_a, __c2t_H __c2t_b) { return !(__c2t_TOF(__c2t_a) != __c2t_TOF(__c2t_b)); }                                             \
    inline bool __hneu(__c2t_H __c2t_a, __c2t_H __c2t_b) { return __c2t_TOF(__c2t_a) != __c2t_TOF(__c2t_b); }                                                \
    inline bool __hltu(__c2t_H __c2t_a, __c2t_H __c2t_b) { return !(__c2t_TOF(__c2t_a) >= __c2t_TOF(__c2t_b)); }                                             \
    inline bool __hleu(__c2t_H __c2t_a, __c2t_H __c2t_b) { return !(__c2t_TOF(__c2t_a) > __c2t_TOF(__c2t_b)); }                                              \
    inline bool __hgtu(__c2t_H __c2t_a, __c2t_H __c2t_b) { return !(__c2t_TOF(__c2t_a) <= __c2t_TOF(__c2t_b)); }                                             \
    inline bool __hgeu(__c2t_H __c2t_a, __c2t_H __c2t_b) { return !(__c2t_TOF(__c2t_a) < __c2t_TOF(__c2t_b)); }                                              \
    inline bool __hisnan(__c2t_H __c2t_a) { return std::isnan(__c2t_TOF(__c2t_a)); }                                                 \
    inline int __hisinf(__c2t_H __c2t_a) { const float __c2t_f = __c2t_TOF(__c2t_a); return std::isinf(__c2t_f) ? (__c2t_f > 0 ? 1 : -1) : 0; }         \
    inline __c2t_H __hmax(__c2t_H __c2t_a, __c2t_H __c2t_b) {                                                                              \
        const float x = __c2t_TOF(__c2t_a), y = __c2t_TOF(__c2t_b);                                                                  \
        if (std::isnan(x)) { return std::isnan(y) ? __c2t_MK(__c2t_NAN_BITS) : __c2t_b; }                                      \
        if (std::isnan(y)) { return __c2t_a; }                                                                     \
        if (x == y) { return (__c2t_a.__x & 0x8000u) ? __c2t_b : __c2t_a; }                                                    \
        return x > y ? __c2t_a : __c2t_b;                                                                                \
    }                                                                                                        \
    inline __c2t_H __hmin(__c2t_H __c2t_a, __c2t_H __c2t_b) {                                                                              \
        const float x = __c2t_TOF(__c2t_a), y = __c2t_TOF(__c2t_b);                                                                  \
        if (std::isnan(x)) { return std::isnan(y) ? __c2t_MK(__c2t_NAN_BITS) : __c2t_b; }                                      \
        if (std::isnan(y)) { return __c2t_a; }                                                                     \
        if (x == y) { return (__c2t_a.__x & 0x8000u) ? __c2t_a : __c2t_b; }                                                    \
        return x < y ? __c2t_a : __c2t_b;                                                                                \
    }                                                                                                        \
    inline __c2t_H __hmax_nan(__c2t_H __c2t_a, __c2t_H __c2t_b) {                                                                          \
        return (std::isnan(__c2t_TOF(__c2t_a)) || std::isnan(__c2t_TOF(__c2t_b))) ? __c2t_MK(__c2t_NAN_BITS) : __hmax(__c2t_a, __c2t_b);                      \
    }                                                                                                        \
    inline __c2t_H __hmin_nan(__c2t_H __c2t_a, __c2t_H __c2t_b) {                                                                          \
        return (std::isnan(__c2t_TOF(__c2t_a)) || std::isnan(__c2t_TOF(__c2t_b))) ? __c2t_MK(__c2t_NAN_BITS) : __hmin(__c2t_a, __c2t_b);                      \
    }                                                                                                        \
    inline __c2t_H hsqrt(__c2t_H __c2t_a) { return __c2t_RND(sqrtf(__c2t_TOF(__c2t_a))); }                                                       \
    inline __c2t_H hrsqrt(__c2t_H __c2t_a) { return __c2t_RND(float(1.0 / std::sqrt(double(__c2t_TOF(__c2t_a))))); }                             \
    inline __c2t_H hrcp(__c2t_H __c2t_a) { return __c2t_RND(1.0f / __c2t_TOF(__c2t_a)); }                                                        \
    inline __c2t_H hexp(__c2t_H __c2t_a) { return __c2t_RND(expf(__c2t_TOF(__c2t_a))); }                                                         \
    inline __c2t_H hexp2(__c2t_H __c2t_a) { return __c2t_RND(exp2f(__c2t_TOF(__c2t_a))); }                                                       \
    inline __c2t_H hexp10(__c2t_H __c2t_a) { return __c2t_RND(exp10f(__c2t_TOF(__c2t_a))); }                                                     \
    inline __c2t_H hlog(__c2t_H __c2t_a) { return __c2t_RND(logf(__c2t_TOF(__c2t_a))); }                                                         \
    inline __c2t_H hlog2(__c2t_H __c2t_a) { return __c2t_RND(log2f(__c2t_TOF(__c2t_a))); }                                                       \
    inline __c2t_H hlog10(__c2t_H __c2t_a) { return __c2t_RND(log10f(__c2t_TOF(__c2t_a))); }                                                     \
    inline __c2t_H hsin(__c2t_H __c2t_a) { return __c2t_RND(sinf(__c2t_TOF(__c2t_a))); }                                                         \
    inline __c2t_H hcos(__c2t_H __c2t_a) { return __c2t_RND(cosf(__c2t_TOF(__c2t_a))); }                                                         \
    inline __c2t_H htanh(__c2t_H __c2t_a) { return __c2t_RND(tanhf(__c2t_TOF(__c2t_a))); }                                                       \
    inline __c2t_H htanh_approx(__c2t_H __c2t_a) { return __c2t_RND(tanhf(__c2t_TOF(__c2t_a))); }                                                \
    inline __c2t_H hceil(__c2t_H __c2t_a) { return __c2t_RND(ceilf(__c2t_TOF(__c2t_a))); }                                                       \
    inline __c2t_H hfloor(__c2t_H __c2t_a) { return __c2t_RND(floorf(__c2t_TOF(__c2t_a))); }                                                     \
    inline __c2t_H htrunc(__c2t_H __c2t_a) { return __c2t_RND(truncf(__c2t_TOF(__c2t_a))); }                                                     \
    inline __c2t_H hrint(__c2t_H __c2t_a) { return __c2t_RND(rintf(__c2t_TOF(__c2t_a))); }                                                       \
    inline __c2t_H operator+(const __c2t_H& __c2t_a, const __c2t_H& __c2t_b) { return __hadd(__c2t_a, __c2t_b); }                                      \
    inline __c2t_H operator-(const __c2t_H& __c2t_a, const __c2t_H& __c2t_b) { return __hsub(__c2t_a, __c2t_b); }                                      \
    inline __c2t_H operator*(const __c2t_H& __c2t_a, const __c2t_H& __c2t_b) { return __hmul(__c2t_a, __c2t_b); }                                      \
    inline __c2t_H operator/(const __c2t_H& __c2t_a, const __c2t_H& __c2t_b) { return __hdiv(__c2t_a, __c2t_b); }                                      \
    inline __c2t_H& operator+=(__c2t_H& __c2t_a, const __c2t_H& __c2t_b) { __c2t_a = __hadd(__c2t_a, __c2t_b); return __c2t_a; }                                   \
    inline __c2t_H& operator-=(__c2t_H& __c2t_a, const __c2t_H& __c2t_b) { __c2t_a = __hsub(__c2t_a, __c2t_b); return __c2t_a; }                                   \
    inline __c2t_H& operator*=(__c2t_H& __c2t_a, const __c2t_H& __c2t_b) { __c2t_a = __hmul(__c2t_a, __c2t_b); return __c2t_a; }                                   \
    inline __c2t_H& operator/=(__c2t_H& __c2t_a, const __c2t_H& __c2t_b) { __c2t_a = __hdiv(__c2t_a, __c2t_b); return __c2t_a; }                                   \
    inline __c2t_H operator+(const __c2t_H& __c2t_a) { return __c2t_a; }                                                             \
    inline __c2t_H operator-(const __c2t_H& __c2t_a) { return __hneg(__c2t_a); }                                                     \
    inline __c2t_H& operator++(__c2t_H& __c2t_a) { __c2t_a = __hadd(__c2t_a, __c2t_RND(1.0f)); return __c2t_a; }                                       \
    inline __c2t_H& operator--(__c2t_H& __c2t_a) { __c2t_a = __hsub(__c2t_a, __c2t_RND(1.0f)); return __c2t_a; }                                       \
    inline __c2t_H operator++(__c2t_H& __c2t_a, int) { __c2t_H __c2t_r = __c2t_a; ++__c2t_a; return __c2t_r; }                                               \
    inline __c2t_H operator--(__c2t_H& __c2t_a, int) { __c2t_H __c2t_r = __c2t_a; --__c2t_a; return __c2t_r; }                                               \
    inline bool operator==(const __c2t_H& __c2t_a, const __c2t_H& __c2t_b) { return __heq(__c2t_a, __c2t_b); }                                   \
    inline bool operator!=(const __c2t_H& __c2t_a, const __c2t_H& __c2t_b) { return __hneu(__c2t_a, __c2t_b); }                                  \
    inline bool operator<(const __c2t_H& __c2t_a, const __c2t_H& __c2t_b) { return __hlt(__c2t_a, __c2t_b); }                                    \
    inline bool operator<=(const __c2t_H& __c2t_a, const __c2t_H& __c2t_b) { return __hle(__c2t_a, __c2t_b); }                                   \
    inline bool operator>(const __c2t_H& __c2t_a, const __c2t_H& __c2t_b) { return __hgt(__c2t_a, __c2t_b); }                                    \
    inline bool operator>=(const __c2t_H& __c2t_a, const __c2t_H& __c2t_b) { return __hge(__c2t_a, __c2t_b); }                                   \
    /* pairs */                                                                                              \
    inline __c2t_H2 __hadd2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__hadd(__c2t_a.x, __c2t_b.x), __hadd(__c2t_a.y, __c2t_b.y)); }                         \
    inline __c2t_H2 __hsub2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__hsub(__c2t_a.x, __c2t_b.x), __hsub(__c2t_a.y, __c2t_b.y)); }                         \
    inline __c2t_H2 __hmul2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__hmul(__c2t_a.x, __c2t_b.x), __hmul(__c2t_a.y, __c2t_b.y)); }                         \
    inline __c2t_H2 __h2div(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__hdiv(__c2t_a.x, __c2t_b.x), __hdiv(__c2t_a.y, __c2t_b.y)); }                         \
    inline __c2t_H2 __hfma2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b, __c2t_H2 __c2t_c) { return __c2t_H2(__hfma(__c2t_a.x, __c2t_b.x, __c2t_c.x), __hfma(__c2t_a.y, __c2t_b.y, __c2t_c.y)); }         \
    inline __c2t_H2 __hadd2_sat(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__hadd_sat(__c2t_a.x, __c2t_b.x), __hadd_sat(__c2t_a.y, __c2t_b.y)); }             \
    inline __c2t_H2 __hsub2_sat(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__hsub_sat(__c2t_a.x, __c2t_b.x), __hsub_sat(__c2t_a.y, __c2t_b.y)); }             \
    inline __c2t_H2 __hmul2_sat(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__hmul_sat(__c2t_a.x, __c2t_b.x), __hmul_sat(__c2t_a.y, __c2t_b.y)); }             \
    inline __c2t_H2 __hfma2_sat(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b, __c2t_H2 __c2t_c) { return __c2t_H2(__hfma_sat(__c2t_a.x, __c2t_b.x, __c2t_c.x), __hfma_sat(__c2t_a.y, __c2t_b.y, __c2t_c.y)); } \
    inline __c2t_H2 __hfma2_relu(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b, __c2t_H2 __c2t_c) { return __c2t_H2(__hfma_relu(__c2t_a.x, __c2t_b.x, __c2t_c.x), __hfma_relu(__c2t_a.y, __c2t_b.y, __c2t_c.y)); } \
    inline __c2t_H2 __hneg2(__c2t_H2 __c2t_a) { return __c2t_H2(__hneg(__c2t_a.x), __hneg(__c2t_a.y)); }                                         \
    inline __c2t_H2 __habs2(__c2t_H2 __c2t_a) { return __c2t_H2(__habs(__c2t_a.x), __habs(__c2t_a.y)); }                                         \
    inline __c2t_H2 __hmax2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__hmax(__c2t_a.x, __c2t_b.x), __hmax(__c2t_a.y, __c2t_b.y)); }                         \
    inline __c2t_H2 __hmin2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__hmin(__c2t_a.x, __c2t_b.x), __hmin(__c2t_a.y, __c2t_b.y)); }                         \
    inline __c2t_H2 __hmax2_nan(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__hmax_nan(__c2t_a.x, __c2t_b.x), __hmax_nan(__c2t_a.y, __c2t_b.y)); }             \
    inline __c2t_H2 __hmin2_nan(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__hmin_nan(__c2t_a.x, __c2t_b.x), __hmin_nan(__c2t_a.y, __c2t_b.y)); }             \
    inline __c2t_H2 __heq2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__c2t_RND(__heq(__c2t_a.x, __c2t_b.x)), __c2t_RND(__heq(__c2t_a.y, __c2t_b.y))); }                  \
    inline __c2t_H2 __hne2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__c2t_RND(__hne(__c2t_a.x, __c2t_b.x)), __c2t_RND(__hne(__c2t_a.y, __c2t_b.y))); }                  \
    inline __c2t_H2 __hlt2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__c2t_RND(__hlt(__c2t_a.x, __c2t_b.x)), __c2t_RND(__hlt(__c2t_a.y, __c2t_b.y))); }                  \
    inline __c2t_H2 __hle2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__c2t_RND(__hle(__c2t_a.x, __c2t_b.x)), __c2t_RND(__hle(__c2t_a.y, __c2t_b.y))); }                  \
    inline __c2t_H2 __hgt2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__c2t_RND(__hgt(__c2t_a.x, __c2t_b.x)), __c2t_RND(__hgt(__c2t_a.y, __c2t_b.y))); }                  \
    inline __c2t_H2 __hge2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __c2t_H2(__c2t_RND(__hge(__c2t_a.x, __c2t_b.x)), __c2t_RND(__hge(__c2t_a.y, __c2t_b.y))); }                  \
    inline bool __hbeq2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __heq(__c2t_a.x, __c2t_b.x) && __heq(__c2t_a.y, __c2t_b.y); }                           \
    inline bool __hbne2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __hne(__c2t_a.x, __c2t_b.x) && __hne(__c2t_a.y, __c2t_b.y); }                           \
    inline bool __hblt2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __hlt(__c2t_a.x, __c2t_b.x) && __hlt(__c2t_a.y, __c2t_b.y); }                           \
    inline bool __hble2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __hle(__c2t_a.x, __c2t_b.x) && __hle(__c2t_a.y, __c2t_b.y); }                           \
    inline bool __hbgt2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __hgt(__c2t_a.x, __c2t_b.x) && __hgt(__c2t_a.y, __c2t_b.y); }                           \
    inline bool __hbge2(__c2t_H2 __c2t_a, __c2t_H2 __c2t_b) { return __hge(__c2t_a.x, __c2t_b.x) && __hge(__c2t_a.y, __c2t_b.y); }                           \
    inline __c2t_H2 __hisnan2(__c2t_H2 __c2t_a) { return __c2t_H2(__c2t_RND(__hisnan(__c2t_a.x)), __c2t_RND(__hisnan(__c2t_a.y))); }                         \
    inline __c2t_H2 h2sqrt(__c2t_H2 __c2t_a) { return __c2t_H2(hsqrt(__c2t_a.x), hsqrt(__c2t_a.y)); }                                            \
    inline __c2t_H2 h2rsqrt(__c2t_H2 __c2t_a) { return __c2t_H2(hrsqrt(__c2t_a.x), hrsqrt(__c2t_a.y)); }                                         \
    inline __c2t_H2 h2rcp(__c2t_H2 __c2t_a) { return __c2t_H2(hrcp(__c2t_a.x), hrcp(__c2t_a.y)); }                                               \
    inline __c2t_H2 h2exp(__c2t_H2 __c2t_a) { return __c2t_H2(hexp(__c2t_a.x), hexp(__c2t_a.y)); }                                               \
    inline __c2t_H2 h2exp2(__c2t_H2 __c2t_a) { return __c2t_H2(hexp2(__c2t_a.x), hexp2(__c2t_a.y)); }                                            \
    inline __c2t_H2 h2exp10(__c2t_H2 __c2t_a) { return __c2t_H2(hexp10(__c2t_a.x), hexp10(__c2t_a.y)); }                                         \
    inline __c2t_H2 h2log(__c2t_H2 __c2t_a) { return __c2t_H2(hlog(__c2t_a.x), hlog(__c2t_a.y)); }                                               \
    inline __c2t_H2 h2log2(__c2t_H2 __c2t_a) { return __c2t_H2(hlog2(__c2t_a.x), hlog2(__c2t_a.y)); }                                            \
    inline __c2t_H2 h2log10(__c2t_H2 __c2t_a) { return __c2t_H2(hlog10(__c2t_a.x), hlog10(__c2t_a.y)); }                                         \
    inline __c2t_H2 h2sin(__c2t_H2 __c2t_a) { return __c2t_H2(hsin(__c2t_a.x), hsin(__c2t_a.y)); }                                               \
    inline __c2t_H2 h2cos(__c2t_H2 __c2t_a) { return __c2t_H2(hcos(__c2t_a.x), hcos(__c2t_a.y)); }                                               \
    inline __c2t_H2 h2ceil(__c2t_H2 __c2t_a) { return __c2t_H2(hceil(__c2t_a.x), hceil(__c2t_a.y)); }                                            \
    inline __c2t_H2 h2floor(__c2t_H2 __c2t_a) { return __c2t_H2(hfloor(__c2t_a.x), hfloor(__c2t_a.y)); }                                         \
    inline __c2t_H2 h2trunc(__c2t_H2 __c2t_a) { return __c2t_H2(htrunc(__c2t_a.x), htrunc(__c2t_a.y)); }                                         \
    inline __c2t_H2 h2rint(__c2t_H2 __c2t_a) { return __c2t_H2(hrint(__c2t_a.x), hrint(__c2t_a.y)); }                                            \
    inline __c2t_H2 operator+(const __c2t_H2& __c2t_a, const __c2t_H2& __c2t_b) { return __hadd2(__c2t_a, __c2t_b); }                                  \
    inline __c2t_H2 operator-(const __c2t_H2& __c2t_a, const __c2t_H2& __c2t_b) { return __hsub2(__c2t_a, __c2t_b); }                                  \
    inline __c2t_H2 operator*(const __c2t_H2& __c2t_a, const __c2t_H2& __c2t_b) { return __hmul2(__c2t_a, __c2t_b); }                                  \
    inline __c2t_H2 operator/(const __c2t_H2& __c2t_a, const __c2t_H2& __c2t_b) { return __h2div(__c2t_a, __c2t_b); }                                  \
    inline __c2t_H2& operator+=(__c2t_H2& __c2t_a, const __c2t_H2& __c2t_b) { __c2t_a = __hadd2(__c2t_a, __c2t_b); return __c2t_a; }                               \
    inline __c2t_H2& operator-=(__c2t_H2& __c2t_a, const __c2t_H2& __c2t_b) { __c2t_a = __hsub2(__c2t_a, __c2t_b); return __c2t_a; }                               \
    inline __c2t_H2& operator*=(__c2t_H2& __c2t_a, const __c2t_H2& __c2t_b) { __c2t_a = __hmul2(__c2t_a, __c2t_b); return __c2t_a; }                               \
    inline __c2t_H2& operator/=(__c2t_H2& __c2t_a, const __c2t_H2& __c2t_b) { __c2t_a = __h2div(__c2t_a, __c2t_b); return __c2t_a; }                               \
    inline __c2t_H2 operator-(const __c2t_H2& __c2t_a) { return __hneg2(__c2t_a); }                                                  \
    inline __c2t_H2 operator+(const __c2t_H2& __c2t_a) { return __c2t_a; }                                                           \
    inline bool operator==(const __c2t_H2& __c2t_a, const __c2t_H2& __c2t_b) { return __hbeq2(__c2t_a, __c2t_b); }                               \
    inline bool operator!=(const __c2t_H2& __c2t_a, const __c2t_H2& __c2t_b) { return !(__heq(__c2t_a.x, __c2t_b.x) && __heq(__c2t_a.y, __c2t_b.y)); }       \
    /* atomics (single OS thread: plain read-modify-write, see c2t_intrinsics.h) */                          \
    inline __c2t_H atomicAdd(__c2t_H* __c2t_p, __c2t_H __c2t_v) { __c2t_H __c2t_o = *__c2t_p; *__c2t_p = __hadd(__c2t_o, __c2t_v); return __c2t_o; }                                 \
    inline __c2t_H2 atomicAdd(__c2t_H2* __c2t_p, __c2t_H2 __c2t_v) { __c2t_H2 __c2t_o = *__c2t_p; *__c2t_p = __hadd2(__c2t_o, __c2t_v); return __c2t_o; }                            \
    inline __c2t_H atomicAdd_block(__c2t_H* __c2t_p, __c2t_H __c2t_v) { return atomicAdd(__c2t_p, __c2t_v); }                                         \
    inline __c2t_H atomicAdd_system(__c2t_H* __c2t_p, __c2t_H __c2t_v) { return atomicAdd(__c2t_p, __c2t_v); }                                        \
    inline __c2t_H2 atomicAdd_block(__c2t_H2* __c2t_p, __c2t_H2 __c2t_v) { return atomicAdd(__c2t_p, __c2t_v); }                                      \
    inline __c2t_H2 atomicAdd_system(__c2t_H2* __c2t_p, __c2t_H2 __c2t_v) { return atomicAdd(__c2t_p, __c2t_v); }

namespace c2t {
inline float __c2t_tof_h(__half __c2t_h) { return __c2t_hf(__c2t_h); }
inline float __c2t_tof_b(__nv_bfloat16 __c2t_h) { return __c2t_bf(__c2t_h); }
}  // namespace c2t
#define C2T_TOF_H(__c2t_a) c2t::__c2t_tof_h(__c2t_a)
#define C2T_RND_H(__c2t_f) c2t::__c2t_hr(float(__c2t_f))
#define C2T_MK_H(__c2t_b) c2t::__c2t_mkh(__c2t_b)
#define C2T_TOF_B(__c2t_a) c2t::__c2t_tof_b(__c2t_a)
#define C2T_RND_B(__c2t_f) c2t::__c2t_br(float(__c2t_f))
#define C2T_MK_B(__c2t_b) c2t::__c2t_mkb(__c2t_b)
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
