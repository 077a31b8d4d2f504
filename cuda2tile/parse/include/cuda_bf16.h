/* cuda_bf16.h stand-in: __nv_bfloat16 / __nv_bfloat162 (same member and
 * operator set as __half) and the bf16 intrinsics.  Like the real header it
 * brings in cuda_fp16.h. */
#ifndef CUDA2TILE_CUDA_BF16_H
#define CUDA2TILE_CUDA_BF16_H

#include "cuda_fp16.h"

#define __CUDA_BF16_TYPES_EXIST__
#define __CUDA_BF16_H__

__C2T_HALF_TYPES(__nv_bfloat16, __nv_bfloat162, __nv_bfloat16_raw,
                 __nv_bfloat162_raw, 2, 4)
__C2T_HALF_OPS(__nv_bfloat16)
__C2T_HALF_OPS(__nv_bfloat162)
__C2T_HALF_SCALAR_FUNCS(__nv_bfloat16)
__C2T_HALF_PAIR_FUNCS(__nv_bfloat16, __nv_bfloat162)

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

/* float <-> bfloat16 */
__C2T_HF __nv_bfloat16 __float2bfloat16(const float a);
__C2T_HF __nv_bfloat16 __float2bfloat16_rn(const float a);
__C2T_HF __nv_bfloat16 __float2bfloat16_rz(const float a);
__C2T_HF __nv_bfloat16 __float2bfloat16_rd(const float a);
__C2T_HF __nv_bfloat16 __float2bfloat16_ru(const float a);
__C2T_HF __nv_bfloat16 __double2bfloat16(const double a);
__C2T_HF float __bfloat162float(const __nv_bfloat16 a);
__C2T_HF __nv_bfloat162 __float2bfloat162_rn(const float a);
__C2T_HF __nv_bfloat162 __floats2bfloat162_rn(const float a, const float b);
__C2T_HF float2 __bfloat1622float2(const __nv_bfloat162 a);
__C2T_HF __nv_bfloat162 __float22bfloat162_rn(const float2 a);

/* integer <-> bfloat16 */
#define __C2T_BF16_INT(R)                                                      \
  __C2T_HF __nv_bfloat16 __int2bfloat16_##R(const int i);                      \
  __C2T_HF int __bfloat162int_##R(const __nv_bfloat16 h);                      \
  __C2T_HF __nv_bfloat16 __uint2bfloat16_##R(const unsigned int i);            \
  __C2T_HF unsigned int __bfloat162uint_##R(const __nv_bfloat16 h);            \
  __C2T_HF __nv_bfloat16 __short2bfloat16_##R(const short int i);              \
  __C2T_HF short int __bfloat162short_##R(const __nv_bfloat16 h);              \
  __C2T_HF __nv_bfloat16 __ushort2bfloat16_##R(const unsigned short int i);    \
  __C2T_HF unsigned short int __bfloat162ushort_##R(const __nv_bfloat16 h);    \
  __C2T_HF __nv_bfloat16 __ll2bfloat16_##R(const long long int i);             \
  __C2T_HF long long int __bfloat162ll_##R(const __nv_bfloat16 h);             \
  __C2T_HF __nv_bfloat16 __ull2bfloat16_##R(const unsigned long long int i);   \
  __C2T_HF unsigned long long int __bfloat162ull_##R(const __nv_bfloat16 h);
__C2T_BF16_INT(rn)
__C2T_BF16_INT(rz)
__C2T_BF16_INT(rd)
__C2T_BF16_INT(ru)
#undef __C2T_BF16_INT

/* bit reinterpretation */
__C2T_HF short int __bfloat16_as_short(const __nv_bfloat16 h);
__C2T_HF unsigned short int __bfloat16_as_ushort(const __nv_bfloat16 h);
__C2T_HF __nv_bfloat16 __short_as_bfloat16(const short int i);
__C2T_HF __nv_bfloat16 __ushort_as_bfloat16(const unsigned short int i);

/* pair construction / extraction */
__C2T_HF __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 a);
__C2T_HF __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 a);
__C2T_HF __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 a,
                                           const __nv_bfloat16 b);
__C2T_HF __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16 a);
__C2T_HF __nv_bfloat162 __lows2bfloat162(const __nv_bfloat162 a,
                                         const __nv_bfloat162 b);
__C2T_HF __nv_bfloat162 __highs2bfloat162(const __nv_bfloat162 a,
                                          const __nv_bfloat162 b);
__C2T_HF __nv_bfloat162 __low2bfloat162(const __nv_bfloat162 a);
__C2T_HF __nv_bfloat162 __high2bfloat162(const __nv_bfloat162 a);
__C2T_HF __nv_bfloat162 make_bfloat162(const __nv_bfloat16 x,
                                       const __nv_bfloat16 y);

#endif /* CUDA2TILE_CUDA_BF16_H */
