/* cuda2tile_device_functions.h -- CUDA device intrinsics: barriers, fences,
 * atomics, warp-level primitives, integer/bit intrinsics, cache-hinted loads
 * and stores, type punning and explicitly rounded float/double arithmetic and
 * conversions.  Declarations only; signatures follow the CUDA toolkit headers
 * (device_functions.h, sm_*_atomic_functions.h, sm_*_intrinsics.h).
 * Included by cuda2tile_prelude.h. */
#ifndef CUDA2TILE_DEVICE_FUNCTIONS_H
#define CUDA2TILE_DEVICE_FUNCTIONS_H

#define __C2T_DEV extern __device__
#define __C2T_DEVC extern "C" __device__

/* --- barriers and fences ------------------------------------------------- */
__C2T_DEVC void __syncthreads(void);
__C2T_DEVC int __syncthreads_count(int predicate);
__C2T_DEVC int __syncthreads_and(int predicate);
__C2T_DEVC int __syncthreads_or(int predicate);
__C2T_DEVC void __syncwarp(unsigned int mask = 0xffffffffu);
__C2T_DEVC void __threadfence(void);
__C2T_DEVC void __threadfence_block(void);
__C2T_DEVC void __threadfence_system(void);
__C2T_DEVC void __barrier_sync(unsigned int id);
__C2T_DEVC void __barrier_sync_count(unsigned int id, unsigned int cnt);
__C2T_DEVC void __trap(void);
__C2T_DEVC void __brkpt(void);
__C2T_DEVC void __nanosleep(unsigned int ns);
__C2T_DEVC void __prof_trigger(int);
__C2T_DEV long long int clock64(void);
__C2T_DEV unsigned long long __globaltimer(void);

/* --- atomics --------------------------------------------------------------
 * Each operation also exists with _block and _system scope suffixes. */
#define __C2T_ATOMIC2(NAME, T)                                                 \
  __C2T_DEV T NAME(T *address, T val);                                         \
  __C2T_DEV T NAME##_block(T *address, T val);                                 \
  __C2T_DEV T NAME##_system(T *address, T val);
#define __C2T_ATOMIC3(NAME, T)                                                 \
  __C2T_DEV T NAME(T *address, T compare, T val);                              \
  __C2T_DEV T NAME##_block(T *address, T compare, T val);                      \
  __C2T_DEV T NAME##_system(T *address, T compare, T val);

__C2T_ATOMIC2(atomicAdd, int)
__C2T_ATOMIC2(atomicAdd, unsigned int)
__C2T_ATOMIC2(atomicAdd, unsigned long long int)
__C2T_ATOMIC2(atomicAdd, float)
__C2T_ATOMIC2(atomicAdd, double)
__C2T_ATOMIC2(atomicAdd, float2) /* sm_90 */
__C2T_ATOMIC2(atomicAdd, float4) /* sm_90 */
__C2T_ATOMIC2(atomicSub, int)
__C2T_ATOMIC2(atomicSub, unsigned int)
__C2T_ATOMIC2(atomicExch, int)
__C2T_ATOMIC2(atomicExch, unsigned int)
__C2T_ATOMIC2(atomicExch, unsigned long long int)
__C2T_ATOMIC2(atomicExch, float)
__C2T_ATOMIC2(atomicMin, int)
__C2T_ATOMIC2(atomicMin, unsigned int)
__C2T_ATOMIC2(atomicMin, long long int)
__C2T_ATOMIC2(atomicMin, unsigned long long int)
__C2T_ATOMIC2(atomicMax, int)
__C2T_ATOMIC2(atomicMax, unsigned int)
__C2T_ATOMIC2(atomicMax, long long int)
__C2T_ATOMIC2(atomicMax, unsigned long long int)
__C2T_ATOMIC2(atomicInc, unsigned int)
__C2T_ATOMIC2(atomicDec, unsigned int)
__C2T_ATOMIC2(atomicAnd, int)
__C2T_ATOMIC2(atomicAnd, unsigned int)
__C2T_ATOMIC2(atomicAnd, long long int)
__C2T_ATOMIC2(atomicAnd, unsigned long long int)
__C2T_ATOMIC2(atomicOr, int)
__C2T_ATOMIC2(atomicOr, unsigned int)
__C2T_ATOMIC2(atomicOr, long long int)
__C2T_ATOMIC2(atomicOr, unsigned long long int)
__C2T_ATOMIC2(atomicXor, int)
__C2T_ATOMIC2(atomicXor, unsigned int)
__C2T_ATOMIC2(atomicXor, long long int)
__C2T_ATOMIC2(atomicXor, unsigned long long int)
__C2T_ATOMIC3(atomicCAS, int)
__C2T_ATOMIC3(atomicCAS, unsigned int)
__C2T_ATOMIC3(atomicCAS, unsigned long long int)
__C2T_ATOMIC3(atomicCAS, unsigned short int) /* sm_70 */
#undef __C2T_ATOMIC2
#undef __C2T_ATOMIC3

/* --- warp vote / shuffle / match / reduce -------------------------------- */
__C2T_DEVC unsigned int __ballot_sync(unsigned int mask, int predicate);
__C2T_DEVC int __any_sync(unsigned int mask, int predicate);
__C2T_DEVC int __all_sync(unsigned int mask, int predicate);
__C2T_DEVC int __uni_sync(unsigned int mask, int predicate);
__C2T_DEVC unsigned int __activemask(void);
__C2T_DEVC unsigned int __lanemask_lt(void);
__C2T_DEVC unsigned int __lanemask_le(void);
__C2T_DEVC unsigned int __lanemask_eq(void);
__C2T_DEVC unsigned int __lanemask_ge(void);
__C2T_DEVC unsigned int __lanemask_gt(void);
/* pre-Volta (non-_sync) votes, still accepted by older code */
__C2T_DEVC unsigned int __ballot(int predicate);
__C2T_DEVC int __any(int predicate);
__C2T_DEVC int __all(int predicate);

#define __C2T_SHFL(T)                                                          \
  __C2T_DEV T __shfl_sync(unsigned int mask, T var, int srcLane,               \
                          int width = 32);                                     \
  __C2T_DEV T __shfl_up_sync(unsigned int mask, T var, unsigned int delta,     \
                             int width = 32);                                  \
  __C2T_DEV T __shfl_down_sync(unsigned int mask, T var, unsigned int delta,   \
                               int width = 32);                                \
  __C2T_DEV T __shfl_xor_sync(unsigned int mask, T var, int laneMask,          \
                              int width = 32);                                 \
  __C2T_DEV T __shfl(T var, int srcLane, int width = 32);                      \
  __C2T_DEV T __shfl_up(T var, unsigned int delta, int width = 32);            \
  __C2T_DEV T __shfl_down(T var, unsigned int delta, int width = 32);          \
  __C2T_DEV T __shfl_xor(T var, int laneMask, int width = 32);                 \
  __C2T_DEV unsigned int __match_any_sync(unsigned int mask, T value);         \
  __C2T_DEV unsigned int __match_all_sync(unsigned int mask, T value,          \
                                          int *pred);
__C2T_SHFL(int)
__C2T_SHFL(unsigned int)
__C2T_SHFL(long)
__C2T_SHFL(unsigned long)
__C2T_SHFL(long long)
__C2T_SHFL(unsigned long long)
__C2T_SHFL(float)
__C2T_SHFL(double)
#undef __C2T_SHFL

/* sm_80 warp reductions */
__C2T_DEV unsigned int __reduce_add_sync(unsigned int mask, unsigned int value);
__C2T_DEV int __reduce_add_sync(unsigned int mask, int value);
__C2T_DEV unsigned int __reduce_min_sync(unsigned int mask, unsigned int value);
__C2T_DEV int __reduce_min_sync(unsigned int mask, int value);
__C2T_DEV unsigned int __reduce_max_sync(unsigned int mask, unsigned int value);
__C2T_DEV int __reduce_max_sync(unsigned int mask, int value);
__C2T_DEV unsigned int __reduce_and_sync(unsigned int mask, unsigned int value);
__C2T_DEV unsigned int __reduce_or_sync(unsigned int mask, unsigned int value);
__C2T_DEV unsigned int __reduce_xor_sync(unsigned int mask, unsigned int value);

/* --- integer and bit intrinsics ------------------------------------------ */
__C2T_DEVC int __popc(unsigned int x);
__C2T_DEVC int __popcll(unsigned long long int x);
__C2T_DEVC int __clz(int x);
__C2T_DEVC int __clzll(long long int x);
__C2T_DEVC int __ffs(int x);
__C2T_DEVC int __ffsll(long long int x);
__C2T_DEVC unsigned int __brev(unsigned int x);
__C2T_DEVC unsigned long long int __brevll(unsigned long long int x);
__C2T_DEVC unsigned int __byte_perm(unsigned int x, unsigned int y,
                                    unsigned int s);
__C2T_DEVC unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                        unsigned int shift);
__C2T_DEVC unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi,
                                         unsigned int shift);
__C2T_DEVC unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                        unsigned int shift);
__C2T_DEVC unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi,
                                         unsigned int shift);
__C2T_DEVC int __mul24(int x, int y);
__C2T_DEVC unsigned int __umul24(unsigned int x, unsigned int y);
__C2T_DEVC int __mulhi(int x, int y);
__C2T_DEVC unsigned int __umulhi(unsigned int x, unsigned int y);
__C2T_DEVC long long int __mul64hi(long long int x, long long int y);
__C2T_DEVC unsigned long long int __umul64hi(unsigned long long int x,
                                             unsigned long long int y);
__C2T_DEVC int __hadd(int x, int y);
__C2T_DEVC int __rhadd(int x, int y);
__C2T_DEVC unsigned int __uhadd(unsigned int x, unsigned int y);
__C2T_DEVC unsigned int __urhadd(unsigned int x, unsigned int y);
__C2T_DEVC unsigned int __sad(int x, int y, unsigned int z);
__C2T_DEVC unsigned int __usad(unsigned int x, unsigned int y, unsigned int z);
__C2T_DEV int __dp4a(int srcA, int srcB, int c);
__C2T_DEV unsigned int __dp4a(unsigned int srcA, unsigned int srcB,
                              unsigned int c);
__C2T_DEV int __dp2a_lo(int srcA, int srcB, int c);
__C2T_DEV int __dp2a_hi(int srcA, int srcB, int c);

/* --- address space predicates / conversions ------------------------------ */
__C2T_DEVC unsigned int __isGlobal(const void *ptr);
__C2T_DEVC unsigned int __isShared(const void *ptr);
__C2T_DEVC unsigned int __isConstant(const void *ptr);
__C2T_DEVC unsigned int __isLocal(const void *ptr);
__C2T_DEVC size_t __cvta_generic_to_global(const void *ptr);
__C2T_DEVC size_t __cvta_generic_to_shared(const void *ptr);
__C2T_DEVC size_t __cvta_generic_to_constant(const void *ptr);
__C2T_DEVC size_t __cvta_generic_to_local(const void *ptr);
__C2T_DEVC void *__cvta_global_to_generic(size_t rawbits);
__C2T_DEVC void *__cvta_shared_to_generic(size_t rawbits);

/* --- cache-hinted loads (__ldg & co) and stores --------------------------- */
#define __C2T_LDST(T)                                                          \
  __C2T_DEV T __ldg(const T *ptr);                                             \
  __C2T_DEV T __ldcg(const T *ptr);                                            \
  __C2T_DEV T __ldca(const T *ptr);                                            \
  __C2T_DEV T __ldcs(const T *ptr);                                            \
  __C2T_DEV T __ldlu(const T *ptr);                                            \
  __C2T_DEV T __ldcv(const T *ptr);                                            \
  __C2T_DEV void __stwb(T *ptr, T value);                                      \
  __C2T_DEV void __stcg(T *ptr, T value);                                      \
  __C2T_DEV void __stcs(T *ptr, T value);                                      \
  __C2T_DEV void __stwt(T *ptr, T value);
__C2T_LDST(char)
__C2T_LDST(signed char)
__C2T_LDST(short)
__C2T_LDST(int)
__C2T_LDST(long)
__C2T_LDST(long long)
__C2T_LDST(unsigned char)
__C2T_LDST(unsigned short)
__C2T_LDST(unsigned int)
__C2T_LDST(unsigned long)
__C2T_LDST(unsigned long long)
__C2T_LDST(float)
__C2T_LDST(double)
__C2T_LDST(char2)
__C2T_LDST(char4)
__C2T_LDST(short2)
__C2T_LDST(short4)
__C2T_LDST(int2)
__C2T_LDST(int4)
__C2T_LDST(longlong2)
__C2T_LDST(uchar2)
__C2T_LDST(uchar4)
__C2T_LDST(ushort2)
__C2T_LDST(ushort4)
__C2T_LDST(uint2)
__C2T_LDST(uint4)
__C2T_LDST(ulonglong2)
__C2T_LDST(float2)
__C2T_LDST(float4)
__C2T_LDST(double2)
#undef __C2T_LDST

/* --- type punning -------------------------------------------------------- */
__C2T_DEVC int __float_as_int(float x);
__C2T_DEVC float __int_as_float(int x);
__C2T_DEVC unsigned int __float_as_uint(float x);
__C2T_DEVC float __uint_as_float(unsigned int x);
__C2T_DEVC long long int __double_as_longlong(double x);
__C2T_DEVC double __longlong_as_double(long long int x);
__C2T_DEVC int __double2hiint(double x);
__C2T_DEVC int __double2loint(double x);
__C2T_DEVC double __hiloint2double(int hi, int lo);

/* --- single precision fast-math intrinsics ------------------------------- */
__C2T_DEVC float __expf(float x);
__C2T_DEVC float __exp10f(float x);
__C2T_DEVC float __logf(float x);
__C2T_DEVC float __log2f(float x);
__C2T_DEVC float __log10f(float x);
__C2T_DEVC float __powf(float x, float y);
__C2T_DEVC float __sinf(float x);
__C2T_DEVC float __cosf(float x);
__C2T_DEVC float __tanf(float x);
__C2T_DEVC void __sincosf(float x, float *sptr, float *cptr);
__C2T_DEVC float __fdividef(float x, float y);
__C2T_DEVC float __saturatef(float x);
__C2T_DEVC float __frsqrt_rn(float x);
__C2T_DEVC float __tanhf(float x); /* sm_75+, CUDA 11+ */

/* --- explicitly rounded arithmetic and conversions -----------------------
 * _rn (nearest-even), _rz (toward zero), _ru (up), _rd (down). */
#define __C2T_ROUNDED(R)                                                       \
  __C2T_DEVC float __fadd_##R(float x, float y);                               \
  __C2T_DEVC float __fsub_##R(float x, float y);                               \
  __C2T_DEVC float __fmul_##R(float x, float y);                               \
  __C2T_DEVC float __fdiv_##R(float x, float y);                               \
  __C2T_DEVC float __fmaf_##R(float x, float y, float z);                      \
  __C2T_DEVC float __frcp_##R(float x);                                        \
  __C2T_DEVC float __fsqrt_##R(float x);                                       \
  __C2T_DEVC double __dadd_##R(double x, double y);                            \
  __C2T_DEVC double __dsub_##R(double x, double y);                            \
  __C2T_DEVC double __dmul_##R(double x, double y);                            \
  __C2T_DEVC double __ddiv_##R(double x, double y);                            \
  __C2T_DEVC double __fma_##R(double x, double y, double z);                   \
  __C2T_DEVC double __drcp_##R(double x);                                      \
  __C2T_DEVC double __dsqrt_##R(double x);                                     \
  __C2T_DEVC int __float2int_##R(float x);                                     \
  __C2T_DEVC unsigned int __float2uint_##R(float x);                           \
  __C2T_DEVC long long int __float2ll_##R(float x);                            \
  __C2T_DEVC unsigned long long int __float2ull_##R(float x);                  \
  __C2T_DEVC float __int2float_##R(int x);                                     \
  __C2T_DEVC float __uint2float_##R(unsigned int x);                           \
  __C2T_DEVC float __ll2float_##R(long long int x);                            \
  __C2T_DEVC float __ull2float_##R(unsigned long long int x);                  \
  __C2T_DEVC float __double2float_##R(double x);                               \
  __C2T_DEVC int __double2int_##R(double x);                                   \
  __C2T_DEVC unsigned int __double2uint_##R(double x);                         \
  __C2T_DEVC long long int __double2ll_##R(double x);                          \
  __C2T_DEVC unsigned long long int __double2ull_##R(double x);                \
  __C2T_DEVC double __ll2double_##R(long long int x);                          \
  __C2T_DEVC double __ull2double_##R(unsigned long long int x);
__C2T_ROUNDED(rn)
__C2T_ROUNDED(rz)
__C2T_ROUNDED(ru)
__C2T_ROUNDED(rd)
#undef __C2T_ROUNDED
/* exact conversions have only the _rn form */
__C2T_DEVC double __int2double_rn(int x);
__C2T_DEVC double __uint2double_rn(unsigned int x);

#undef __C2T_DEV
#undef __C2T_DEVC

#endif /* CUDA2TILE_DEVICE_FUNCTIONS_H */
