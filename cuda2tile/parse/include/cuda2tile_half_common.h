/* cuda2tile_half_common.h -- shared definition of the 16-bit float storage
 * types of cuda_fp16.h (__half/__half2) and cuda_bf16.h
 * (__nv_bfloat16/__nv_bfloat162).  Both get the same member set, operators
 * and same-named intrinsics (__hadd, hexp, __shfl_sync, atomicAdd, ...) as in
 * CUDA 12/13, where they are __host__ __device__.  Each user header
 * instantiates the macros once with its own type names. */
#ifndef CUDA2TILE_HALF_COMMON_H
#define CUDA2TILE_HALF_COMMON_H

#include "cuda2tile_prelude.h"

#define __C2T_HF __host__ __device__

/* struct H { unsigned short __x; ... } and struct H2 { H x, y; ... } */
#define __C2T_HALF_TYPES(H, H2, RAW, RAW2, ALIGN1, ALIGN2)                      \
  typedef struct __CUDA_ALIGN__(ALIGN1) { unsigned short x; } RAW;             \
  typedef struct __CUDA_ALIGN__(ALIGN2) {                                      \
    unsigned short x;                                                          \
    unsigned short y;                                                          \
  } RAW2;                                                                      \
  struct __CUDA_ALIGN__(ALIGN1) H {                                            \
  protected:                                                                   \
    unsigned short __x;                                                        \
                                                                               \
  public:                                                                      \
    H() = default;                                                             \
    __C2T_HF constexpr H(const RAW &hr) : __x(hr.x) {}                         \
    __C2T_HF H(const float f);                                                 \
    __C2T_HF H(const double f);                                                \
    __C2T_HF H(const short val);                                               \
    __C2T_HF H(const unsigned short val);                                      \
    __C2T_HF H(const int val);                                                 \
    __C2T_HF H(const unsigned int val);                                        \
    __C2T_HF H(const long val);                                                \
    __C2T_HF H(const unsigned long val);                                       \
    __C2T_HF H(const long long val);                                           \
    __C2T_HF H(const unsigned long long val);                                  \
    __C2T_HF H &operator=(const RAW &hr);                                      \
    __C2T_HF volatile H &operator=(const RAW &hr) volatile;                    \
    __C2T_HF H &operator=(const float f);                                      \
    __C2T_HF H &operator=(const double f);                                     \
    __C2T_HF H &operator=(const short val);                                    \
    __C2T_HF H &operator=(const unsigned short val);                           \
    __C2T_HF H &operator=(const int val);                                      \
    __C2T_HF H &operator=(const unsigned int val);                             \
    __C2T_HF H &operator=(const long long val);                                \
    __C2T_HF H &operator=(const unsigned long long val);                       \
    __C2T_HF operator RAW() const;                                             \
    __C2T_HF operator RAW() const volatile;                                    \
    __C2T_HF operator float() const;                                           \
    __C2T_HF operator signed char() const;                                     \
    __C2T_HF operator unsigned char() const;                                   \
    __C2T_HF operator char() const;                                            \
    __C2T_HF operator short() const;                                           \
    __C2T_HF operator unsigned short() const;                                  \
    __C2T_HF operator int() const;                                             \
    __C2T_HF operator unsigned int() const;                                    \
    __C2T_HF operator long() const;                                            \
    __C2T_HF operator unsigned long() const;                                   \
    __C2T_HF operator long long() const;                                       \
    __C2T_HF operator unsigned long long() const;                              \
    __C2T_HF constexpr operator bool() const {                                 \
      return (__x & 0x7FFFU) != 0U;                                            \
    }                                                                          \
  };                                                                           \
  struct __CUDA_ALIGN__(ALIGN2) H2 {                                           \
    H x;                                                                       \
    H y;                                                                       \
    H2() = default;                                                            \
    __C2T_HF constexpr H2(const H &a, const H &b) : x(a), y(b) {}              \
    __C2T_HF H2(const H2 &src);                                                \
    __C2T_HF H2(const H2 &&src);                                               \
    __C2T_HF H2(const RAW2 &h2r);                                              \
    __C2T_HF H2 &operator=(const H2 &src);                                     \
    __C2T_HF H2 &operator=(const H2 &&src);                                    \
    __C2T_HF H2 &operator=(const RAW2 &h2r);                                   \
    __C2T_HF operator RAW2() const;                                            \
  };

/* Operators and the intrinsics whose names are shared by both types. */
#define __C2T_HALF_OPS(T)                                                      \
  __C2T_HF T operator+(const T &lh, const T &rh);                              \
  __C2T_HF T operator-(const T &lh, const T &rh);                              \
  __C2T_HF T operator*(const T &lh, const T &rh);                              \
  __C2T_HF T operator/(const T &lh, const T &rh);                              \
  __C2T_HF T &operator+=(T &lh, const T &rh);                                  \
  __C2T_HF T &operator-=(T &lh, const T &rh);                                  \
  __C2T_HF T &operator*=(T &lh, const T &rh);                                  \
  __C2T_HF T &operator/=(T &lh, const T &rh);                                  \
  __C2T_HF T &operator++(T &h);                                                \
  __C2T_HF T &operator--(T &h);                                                \
  __C2T_HF T operator++(T &h, const int ignored);                              \
  __C2T_HF T operator--(T &h, const int ignored);                              \
  __C2T_HF T operator+(const T &h);                                            \
  __C2T_HF T operator-(const T &h);                                            \
  __C2T_HF bool operator==(const T &lh, const T &rh);                          \
  __C2T_HF bool operator!=(const T &lh, const T &rh);                          \
  __C2T_HF bool operator>(const T &lh, const T &rh);                           \
  __C2T_HF bool operator<(const T &lh, const T &rh);                           \
  __C2T_HF bool operator>=(const T &lh, const T &rh);                          \
  __C2T_HF bool operator<=(const T &lh, const T &rh);                          \
  __device__ T __shfl_sync(unsigned int mask, T var, int srcLane,              \
                           int width = 32);                                    \
  __device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta,    \
                              int width = 32);                                 \
  __device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta,  \
                                int width = 32);                               \
  __device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask,         \
                               int width = 32);                                \
  __device__ T __ldg(const T *ptr);                                            \
  __device__ T __ldcg(const T *ptr);                                           \
  __device__ T __ldca(const T *ptr);                                           \
  __device__ T __ldcs(const T *ptr);                                           \
  __device__ T __ldlu(const T *ptr);                                           \
  __device__ T __ldcv(const T *ptr);                                           \
  __device__ void __stwb(T *ptr, T value);                                     \
  __device__ void __stcg(T *ptr, T value);                                     \
  __device__ void __stcs(T *ptr, T value);                                     \
  __device__ void __stwt(T *ptr, T value);                                     \
  __device__ T atomicAdd(T *address, T val);                                   \
  __device__ T atomicAdd_block(T *address, T val);                             \
  __device__ T atomicAdd_system(T *address, T val);

/* Scalar intrinsics shared by __half and __nv_bfloat16. */
#define __C2T_HALF_SCALAR_FUNCS(H)                                             \
  __C2T_HF H __hadd(const H a, const H b);                                     \
  __C2T_HF H __hsub(const H a, const H b);                                     \
  __C2T_HF H __hmul(const H a, const H b);                                     \
  __C2T_HF H __hdiv(const H a, const H b);                                     \
  __C2T_HF H __hadd_rn(const H a, const H b);                                  \
  __C2T_HF H __hsub_rn(const H a, const H b);                                  \
  __C2T_HF H __hmul_rn(const H a, const H b);                                  \
  __C2T_HF H __hadd_sat(const H a, const H b);                                 \
  __C2T_HF H __hsub_sat(const H a, const H b);                                 \
  __C2T_HF H __hmul_sat(const H a, const H b);                                 \
  __C2T_HF H __hfma(const H a, const H b, const H c);                          \
  __C2T_HF H __hfma_sat(const H a, const H b, const H c);                      \
  __C2T_HF H __hfma_relu(const H a, const H b, const H c);                     \
  __C2T_HF H __hneg(const H a);                                                \
  __C2T_HF H __habs(const H a);                                                \
  __C2T_HF H __hmax(const H a, const H b);                                     \
  __C2T_HF H __hmin(const H a, const H b);                                     \
  __C2T_HF H __hmax_nan(const H a, const H b);                                 \
  __C2T_HF H __hmin_nan(const H a, const H b);                                 \
  __C2T_HF bool __heq(const H a, const H b);                                   \
  __C2T_HF bool __hne(const H a, const H b);                                   \
  __C2T_HF bool __hle(const H a, const H b);                                   \
  __C2T_HF bool __hge(const H a, const H b);                                   \
  __C2T_HF bool __hlt(const H a, const H b);                                   \
  __C2T_HF bool __hgt(const H a, const H b);                                   \
  __C2T_HF bool __hequ(const H a, const H b);                                  \
  __C2T_HF bool __hneu(const H a, const H b);                                  \
  __C2T_HF bool __hleu(const H a, const H b);                                  \
  __C2T_HF bool __hgeu(const H a, const H b);                                  \
  __C2T_HF bool __hltu(const H a, const H b);                                  \
  __C2T_HF bool __hgtu(const H a, const H b);                                  \
  __C2T_HF bool __hisnan(const H a);                                           \
  __C2T_HF int __hisinf(const H a);                                            \
  __C2T_HF H hexp(const H a);                                                  \
  __C2T_HF H hexp2(const H a);                                                 \
  __C2T_HF H hexp10(const H a);                                                \
  __C2T_HF H hlog(const H a);                                                  \
  __C2T_HF H hlog2(const H a);                                                 \
  __C2T_HF H hlog10(const H a);                                                \
  __C2T_HF H hsqrt(const H a);                                                 \
  __C2T_HF H hrsqrt(const H a);                                                \
  __C2T_HF H hrcp(const H a);                                                  \
  __C2T_HF H hsin(const H a);                                                  \
  __C2T_HF H hcos(const H a);                                                  \
  __C2T_HF H htanh(const H a);                                                 \
  __C2T_HF H htanh_approx(const H a);                                          \
  __C2T_HF H hceil(const H a);                                                 \
  __C2T_HF H hfloor(const H a);                                                \
  __C2T_HF H htrunc(const H a);                                                \
  __C2T_HF H hrint(const H a);

/* Pair (H2) intrinsics shared by __half2 and __nv_bfloat162. */
#define __C2T_HALF_PAIR_FUNCS(H, H2)                                           \
  __C2T_HF H2 __hadd2(const H2 a, const H2 b);                                 \
  __C2T_HF H2 __hsub2(const H2 a, const H2 b);                                 \
  __C2T_HF H2 __hmul2(const H2 a, const H2 b);                                 \
  __C2T_HF H2 __h2div(const H2 a, const H2 b);                                 \
  __C2T_HF H2 __hadd2_sat(const H2 a, const H2 b);                             \
  __C2T_HF H2 __hsub2_sat(const H2 a, const H2 b);                             \
  __C2T_HF H2 __hmul2_sat(const H2 a, const H2 b);                             \
  __C2T_HF H2 __hfma2(const H2 a, const H2 b, const H2 c);                     \
  __C2T_HF H2 __hfma2_sat(const H2 a, const H2 b, const H2 c);                 \
  __C2T_HF H2 __hfma2_relu(const H2 a, const H2 b, const H2 c);                \
  __C2T_HF H2 __hneg2(const H2 a);                                             \
  __C2T_HF H2 __habs2(const H2 a);                                             \
  __C2T_HF H2 __hmax2(const H2 a, const H2 b);                                 \
  __C2T_HF H2 __hmin2(const H2 a, const H2 b);                                 \
  __C2T_HF H2 __heq2(const H2 a, const H2 b);                                  \
  __C2T_HF H2 __hne2(const H2 a, const H2 b);                                  \
  __C2T_HF H2 __hle2(const H2 a, const H2 b);                                  \
  __C2T_HF H2 __hge2(const H2 a, const H2 b);                                  \
  __C2T_HF H2 __hlt2(const H2 a, const H2 b);                                  \
  __C2T_HF H2 __hgt2(const H2 a, const H2 b);                                  \
  __C2T_HF bool __hbeq2(const H2 a, const H2 b);                               \
  __C2T_HF bool __hbne2(const H2 a, const H2 b);                               \
  __C2T_HF bool __hble2(const H2 a, const H2 b);                               \
  __C2T_HF bool __hbge2(const H2 a, const H2 b);                               \
  __C2T_HF bool __hblt2(const H2 a, const H2 b);                               \
  __C2T_HF bool __hbgt2(const H2 a, const H2 b);                               \
  __C2T_HF H2 __hisnan2(const H2 a);                                           \
  __C2T_HF H2 h2exp(const H2 a);                                               \
  __C2T_HF H2 h2exp2(const H2 a);                                              \
  __C2T_HF H2 h2exp10(const H2 a);                                             \
  __C2T_HF H2 h2log(const H2 a);                                               \
  __C2T_HF H2 h2log2(const H2 a);                                              \
  __C2T_HF H2 h2log10(const H2 a);                                             \
  __C2T_HF H2 h2sqrt(const H2 a);                                              \
  __C2T_HF H2 h2rsqrt(const H2 a);                                             \
  __C2T_HF H2 h2rcp(const H2 a);                                               \
  __C2T_HF H2 h2sin(const H2 a);                                               \
  __C2T_HF H2 h2cos(const H2 a);                                               \
  __C2T_HF H2 h2tanh(const H2 a);                                              \
  __C2T_HF H2 h2ceil(const H2 a);                                              \
  __C2T_HF H2 h2floor(const H2 a);                                             \
  __C2T_HF H2 h2trunc(const H2 a);                                             \
  __C2T_HF H2 h2rint(const H2 a);                                              \
  __C2T_HF float __low2float(const H2 a);                                      \
  __C2T_HF float __high2float(const H2 a);                                     \
  __C2T_HF H2 __lowhigh2highlow(const H2 a);

#endif /* CUDA2TILE_HALF_COMMON_H */
