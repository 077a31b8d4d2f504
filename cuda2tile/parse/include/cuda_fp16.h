/* cuda_fp16.h stand-in: __half / __half2 (CUDA 12/13 member and operator
 * set; storage is an unsigned short) and the fp16 intrinsics. */
#ifndef CUDA2TILE_CUDA_FP16_H
#define CUDA2TILE_CUDA_FP16_H

#include "cuda2tile_half_common.h"

#define __CUDA_FP16_TYPES_EXIST__
#define __CUDA_FP16_H__

__C2T_HALF_TYPES(__half, __half2, __half_raw, __half2_raw, 2, 4)
__C2T_HALF_OPS(__half)
__C2T_HALF_OPS(__half2)
__C2T_HALF_SCALAR_FUNCS(__half)
__C2T_HALF_PAIR_FUNCS(__half, __half2)

typedef __half half;
typedef __half2 half2;

/* float <-> half */
__C2T_HF __half __float2half(const float a);
__C2T_HF __half __float2half_rn(const float a);
__C2T_HF __half __float2half_rz(const float a);
__C2T_HF __half __float2half_rd(const float a);
__C2T_HF __half __float2half_ru(const float a);
__C2T_HF __half __double2half(const double a);
__C2T_HF float __half2float(const __half a);
__C2T_HF __half2 __float2half2_rn(const float a);
__C2T_HF __half2 __floats2half2_rn(const float a, const float b);
__C2T_HF float2 __half22float2(const __half2 a);
__C2T_HF __half2 __float22half2_rn(const float2 a);

/* integer <-> half, in the four rounding modes */
#define __C2T_FP16_INT(R)                                                      \
  __C2T_HF __half __int2half_##R(const int i);                                 \
  __C2T_HF int __half2int_##R(const __half h);                                 \
  __C2T_HF __half __uint2half_##R(const unsigned int i);                       \
  __C2T_HF unsigned int __half2uint_##R(const __half h);                       \
  __C2T_HF __half __short2half_##R(const short int i);                         \
  __C2T_HF short int __half2short_##R(const __half h);                         \
  __C2T_HF __half __ushort2half_##R(const unsigned short int i);               \
  __C2T_HF unsigned short int __half2ushort_##R(const __half h);               \
  __C2T_HF __half __ll2half_##R(const long long int i);                        \
  __C2T_HF long long int __half2ll_##R(const __half h);                        \
  __C2T_HF __half __ull2half_##R(const unsigned long long int i);              \
  __C2T_HF unsigned long long int __half2ull_##R(const __half h);
__C2T_FP16_INT(rn)
__C2T_FP16_INT(rz)
__C2T_FP16_INT(rd)
__C2T_FP16_INT(ru)
#undef __C2T_FP16_INT
__C2T_HF signed char __half2char_rz(const __half h);
__C2T_HF unsigned char __half2uchar_rz(const __half h);

/* bit reinterpretation */
__C2T_HF short int __half_as_short(const __half h);
__C2T_HF unsigned short int __half_as_ushort(const __half h);
__C2T_HF __half __short_as_half(const short int i);
__C2T_HF __half __ushort_as_half(const unsigned short int i);

/* pair construction / extraction */
__C2T_HF __half __low2half(const __half2 a);
__C2T_HF __half __high2half(const __half2 a);
__C2T_HF __half2 __halves2half2(const __half a, const __half b);
__C2T_HF __half2 __half2half2(const __half a);
__C2T_HF __half2 __lows2half2(const __half2 a, const __half2 b);
__C2T_HF __half2 __highs2half2(const __half2 a, const __half2 b);
__C2T_HF __half2 __low2half2(const __half2 a);
__C2T_HF __half2 __high2half2(const __half2 a);
__C2T_HF __half2 make_half2(const __half x, const __half y);

#endif /* CUDA2TILE_CUDA_FP16_H */
