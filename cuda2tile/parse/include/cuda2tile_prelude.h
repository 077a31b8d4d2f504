/* cuda2tile_prelude.h -- hermetic CUDA prelude for parsing with libclang.
 *
 * Force-included (-include cuda2tile_prelude.h) into every translation unit,
 * the way nvcc force-includes cuda_runtime.h and clang force-includes
 * __clang_cuda_runtime_wrapper.h.  Parse flags:
 *
 *   -x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -nocudainc -nocudalib
 *   -nostdinc -I<this dir> -include cuda2tile_prelude.h -fms-extensions
 *   -std=c++17   (add --cuda-path=/nonexistent to keep clang from probing an
 *                 installed toolkit; see README.md)
 *
 * Declarations only (plus trivial inline bodies).  Nothing here is meant to be
 * compiled to code; it only has to make clang's Sema accept real CUDA sources
 * and give every call a resolvable declaration with the right types.
 *
 * The same names that the CUDA toolkit headers provide are declared here with
 * the same signatures (checked against the CUDA 12/13 headers); the
 * target attributes mirror clang's own __clang_cuda_runtime_wrapper.h and
 * __clang_cuda_builtin_vars.h.
 */
#ifndef CUDA2TILE_PRELUDE_H
#define CUDA2TILE_PRELUDE_H

#if !defined(__cplusplus)
#error "cuda2tile_prelude.h: parse CUDA as C++ (-x cuda)"
#endif

/* Marker so the compiler (and tests) can tell the prelude is active. */
#define __CUDA2TILE_PRELUDE__ 1

/* ------------------------------------------------------------------------ */
/* Compiler identification macros that CUDA sources test.                   */
/* ------------------------------------------------------------------------ */
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
/* nvcc defines __NVCC__ for every file it compiles; projects test it to pick their host/device
   qualifiers (mmcv's spconv: `#ifdef __NVCC__ #define TV_HOST_DEVICE __host__ __device__`). */
#ifndef __NVCC__
#define __NVCC__ 1
#endif
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 4
#define __CUDACC_VER_BUILD__ 0
#ifndef CUDA_VERSION
#define CUDA_VERSION 12040
#endif
#ifndef CUDART_VERSION
#define CUDART_VERSION 12040
#endif
#define __CUDART_API_VERSION CUDART_VERSION
/* Include guards of the CUDA headers the prelude stands in for; some code
 * (e.g. the samples' helper_cuda.h) tests them. */
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#define __VECTOR_TYPES_H__
#define __VECTOR_FUNCTIONS_H__
#define __BUILTIN_TYPES_H__
#define __HOST_DEFINES_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__
#define __DEVICE_FUNCTIONS_H__
#define __DEVICE_ATOMIC_FUNCTIONS_H__
#define __MATH_FUNCTIONS_H__
#define __TEXTURE_TYPES_H__
#define __SURFACE_TYPES_H__

/* ------------------------------------------------------------------------ */
/* Execution-space / memory-space qualifiers (as in CUDA's host_defines.h,   */
/* i.e. the clang attributes clang's CUDA wrapper ends up with).             */
/* ------------------------------------------------------------------------ */
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* clang implements the 'managed' attribute for HIP only (CUDA mode warns
 * "'managed' attribute ignored").  A managed variable is a device variable
 * that the host may also touch; the annotation keeps the information visible
 * in the AST as an ANNOTATE_ATTR child with spelling "__managed__". */
#define __managed__ __attribute__((device)) __attribute__((annotate("__managed__")))
#define __forceinline__ __inline__ __attribute__((always_inline))
/* A stand-in's __device__ function that carries the library's own body
 * (PyTorch's IndexToOffset::get, ATenCeilDiv...): the lift reads it from its
 * body like a user's function, instead of mapping it by name (an
 * ANNOTATE_ATTR child with this spelling; cuda2tile/parse/build_ast.py). */
#define __C2T_LIFT_BODY __attribute__((annotate("cuda2tile-lift-body")))
/* __noinline__ is a keyword in clang >= 15 CUDA mode; do not define it. */
/* launch_bounds is an UNEXPOSED_ATTR in libclang with neither children nor
 * (inside this macro) tokens; the extra annotate attribute exposes the
 * values: an ANNOTATE_ATTR with spelling "__launch_bounds__" whose children
 * are the argument expressions (clang_Cursor_Evaluate gives the numbers; in
 * an instantiated template they are the substituted values). */
#define __launch_bounds__(...)                                                 \
  __attribute__((launch_bounds(__VA_ARGS__)))                                  \
  __attribute__((annotate("__launch_bounds__", __VA_ARGS__)))
/* clang 18 has no grid_constant attribute ("unknown attribute ignored");
 * keep the information as an ANNOTATE_ATTR on the parameter. */
#define __grid_constant__ __attribute__((annotate("__grid_constant__")))
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __align__(n)
#define __CUDA_ALIGN__(n) __align__(n)
#define __device_builtin__
#define __cudart_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __no_return__ __attribute__((noreturn))
#define __thread__ __thread
#define CUDARTAPI
#define CUDARTAPI_CDECL
#define CUDART_CB
#define CUDA_CB
#define __CUDA_DEPRECATED
/* __restrict__ and __inline__ are GNU keywords in clang: nothing to do. */

#define __C2T_HD __host__ __device__
#define __C2T_HDI static __inline__ __host__ __device__
#define __C2T_DI static __inline__ __device__

/* ------------------------------------------------------------------------ */
/* Fundamental typedefs (stddef.h / stdint.h).                               */
/* ------------------------------------------------------------------------ */
typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
typedef __INTPTR_TYPE__ intptr_t;
typedef __UINTPTR_TYPE__ uintptr_t;
typedef __INTMAX_TYPE__ intmax_t;
typedef __UINTMAX_TYPE__ uintmax_t;
typedef __INT8_TYPE__ int8_t;
typedef __INT16_TYPE__ int16_t;
typedef __INT32_TYPE__ int32_t;
typedef __INT64_TYPE__ int64_t;
typedef __UINT8_TYPE__ uint8_t;
typedef __UINT16_TYPE__ uint16_t;
typedef __UINT32_TYPE__ uint32_t;
typedef __UINT64_TYPE__ uint64_t;
typedef __INT_LEAST8_TYPE__ int_least8_t;
typedef __INT_LEAST16_TYPE__ int_least16_t;
typedef __INT_LEAST32_TYPE__ int_least32_t;
typedef __INT_LEAST64_TYPE__ int_least64_t;
typedef __UINT_LEAST8_TYPE__ uint_least8_t;
typedef __UINT_LEAST16_TYPE__ uint_least16_t;
typedef __UINT_LEAST32_TYPE__ uint_least32_t;
typedef __UINT_LEAST64_TYPE__ uint_least64_t;
typedef __INT_FAST8_TYPE__ int_fast8_t;
typedef __INT_FAST16_TYPE__ int_fast16_t;
typedef __INT_FAST32_TYPE__ int_fast32_t;
typedef __INT_FAST64_TYPE__ int_fast64_t;
typedef __UINT_FAST8_TYPE__ uint_fast8_t;
typedef __UINT_FAST16_TYPE__ uint_fast16_t;
typedef __UINT_FAST32_TYPE__ uint_fast32_t;
typedef __UINT_FAST64_TYPE__ uint_fast64_t;
typedef long clock_t;
typedef long time_t;
typedef struct { long long __c2t_ll; long double __c2t_ld; } max_align_t;

#ifndef NULL
#define NULL __null
#endif
#ifndef offsetof
#define offsetof(t, m) __builtin_offsetof(t, m)
#endif

#include "cuda2tile_limits_macros.h"

/* ------------------------------------------------------------------------ */
/* Built-in variables (the scheme of clang's __clang_cuda_builtin_vars.h).   */
/*                                                                          */
/* Default: as clang does it -- each variable is an object of an empty      */
/* struct whose x/y/z are __declspec(property(get = __fetch_builtin_x))     */
/* members, so `threadIdx.x` is a MEMBER_REF_EXPR of pseudo-object type     */
/* with an empty spelling and no referenced cursor (libclang shows only     */
/* the syntactic form; the member name is only in the tokens).              */
/*                                                                          */
/* -DCUDA2TILE_PLAIN_BUILTIN_VARS: declare them the way nvcc's              */
/* device_launch_parameters.h does (uint3 threadIdx, blockIdx; dim3         */
/* blockDim, gridDim), so `threadIdx.x` is an ordinary MEMBER_REF_EXPR with */
/* spelling "x", type `const unsigned int` and referenced FIELD_DECL x --   */
/* robust even when the access comes from a macro expansion.               */
/* ------------------------------------------------------------------------ */
struct uint3;
struct dim3;

#ifndef CUDA2TILE_PLAIN_BUILTIN_VARS
#define __C2T_BUILTIN_FIELD(FIELD, INTRINSIC)                                  \
  __declspec(property(get = __fetch_builtin_##FIELD)) unsigned int FIELD;      \
  static inline __attribute__((always_inline)) __attribute__((const))          \
      __attribute__((device)) unsigned int __fetch_builtin_##FIELD(void) {     \
    return INTRINSIC;                                                          \
  }

#define __C2T_BUILTIN_NO_ACCESS(TypeName)                                      \
  __attribute__((device)) TypeName() = delete;                                 \
  __attribute__((device)) TypeName(const TypeName &) = delete;                 \
  __attribute__((device)) void operator=(const TypeName &) const = delete;     \
  __attribute__((device)) TypeName *operator&() const = delete

struct __cuda_builtin_threadIdx_t {
  __C2T_BUILTIN_FIELD(x, __nvvm_read_ptx_sreg_tid_x());
  __C2T_BUILTIN_FIELD(y, __nvvm_read_ptx_sreg_tid_y());
  __C2T_BUILTIN_FIELD(z, __nvvm_read_ptx_sreg_tid_z());
  __attribute__((device)) operator dim3() const;
  __attribute__((device)) operator uint3() const;

private:
  __C2T_BUILTIN_NO_ACCESS(__cuda_builtin_threadIdx_t);
};

struct __cuda_builtin_blockIdx_t {
  __C2T_BUILTIN_FIELD(x, __nvvm_read_ptx_sreg_ctaid_x());
  __C2T_BUILTIN_FIELD(y, __nvvm_read_ptx_sreg_ctaid_y());
  __C2T_BUILTIN_FIELD(z, __nvvm_read_ptx_sreg_ctaid_z());
  __attribute__((device)) operator dim3() const;
  __attribute__((device)) operator uint3() const;

private:
  __C2T_BUILTIN_NO_ACCESS(__cuda_builtin_blockIdx_t);
};

struct __cuda_builtin_blockDim_t {
  __C2T_BUILTIN_FIELD(x, __nvvm_read_ptx_sreg_ntid_x());
  __C2T_BUILTIN_FIELD(y, __nvvm_read_ptx_sreg_ntid_y());
  __C2T_BUILTIN_FIELD(z, __nvvm_read_ptx_sreg_ntid_z());
  __attribute__((device)) operator dim3() const;
  __attribute__((device)) operator uint3() const;

private:
  __C2T_BUILTIN_NO_ACCESS(__cuda_builtin_blockDim_t);
};

struct __cuda_builtin_gridDim_t {
  __C2T_BUILTIN_FIELD(x, __nvvm_read_ptx_sreg_nctaid_x());
  __C2T_BUILTIN_FIELD(y, __nvvm_read_ptx_sreg_nctaid_y());
  __C2T_BUILTIN_FIELD(z, __nvvm_read_ptx_sreg_nctaid_z());
  __attribute__((device)) operator dim3() const;
  __attribute__((device)) operator uint3() const;

private:
  __C2T_BUILTIN_NO_ACCESS(__cuda_builtin_gridDim_t);
};

#define __C2T_BUILTIN_VAR extern const __attribute__((device)) __attribute__((weak))
__C2T_BUILTIN_VAR __cuda_builtin_threadIdx_t threadIdx;
__C2T_BUILTIN_VAR __cuda_builtin_blockIdx_t blockIdx;
__C2T_BUILTIN_VAR __cuda_builtin_blockDim_t blockDim;
__C2T_BUILTIN_VAR __cuda_builtin_gridDim_t gridDim;

#undef __C2T_BUILTIN_FIELD
#undef __C2T_BUILTIN_NO_ACCESS
#undef __C2T_BUILTIN_VAR
#endif /* !CUDA2TILE_PLAIN_BUILTIN_VARS */

/* As in clang: all targets have WARP_SZ == 32. */
__attribute__((device)) const int warpSize = 32;

/* ------------------------------------------------------------------------ */
/* Vector types (vector_types.h) and make_<type> (vector_functions.h).       */
/* ------------------------------------------------------------------------ */
#define __C2T_VEC1(T, N, A)                                                    \
  struct __device_builtin__ __align__(A) N##1 { T x; };                       \
  typedef struct N##1 N##1;                                                    \
  __C2T_HDI N##1 make_##N##1(T x) { N##1 t; t.x = x; return t; }
#define __C2T_VEC2(T, N, A)                                                    \
  struct __device_builtin__ __align__(A) N##2 { T x, y; };                    \
  typedef struct N##2 N##2;                                                    \
  __C2T_HDI N##2 make_##N##2(T x, T y) { N##2 t; t.x = x; t.y = y; return t; }
/* 3-vectors carry no alignment attribute in CUDA. */
#define __C2T_VEC3(T, N)                                                       \
  struct __device_builtin__ N##3 { T x, y, z; };                              \
  typedef struct N##3 N##3;                                                    \
  __C2T_HDI N##3 make_##N##3(T x, T y, T z) {                                  \
    N##3 t; t.x = x; t.y = y; t.z = z; return t;                               \
  }
#define __C2T_VEC4(T, N, A)                                                    \
  struct __device_builtin__ __align__(A) N##4 { T x, y, z, w; };              \
  typedef struct N##4 N##4;                                                    \
  __C2T_HDI N##4 make_##N##4(T x, T y, T z, T w) {                             \
    N##4 t; t.x = x; t.y = y; t.z = z; t.w = w; return t;                      \
  }
#define __C2T_VECS(T, N, A1, A2, A4)                                           \
  __C2T_VEC1(T, N, A1) __C2T_VEC2(T, N, A2) __C2T_VEC3(T, N)                   \
  __C2T_VEC4(T, N, A4)

__C2T_VECS(signed char, char, 1, 2, 4)
__C2T_VECS(unsigned char, uchar, 1, 2, 4)
__C2T_VECS(short, short, 2, 4, 8)
__C2T_VECS(unsigned short, ushort, 2, 4, 8)
__C2T_VECS(int, int, 4, 8, 16)
__C2T_VECS(unsigned int, uint, 4, 8, 16)
__C2T_VECS(long, long, 8, 16, 16)
__C2T_VECS(unsigned long, ulong, 8, 16, 16)
__C2T_VECS(long long, longlong, 8, 16, 16)
__C2T_VECS(unsigned long long, ulonglong, 8, 16, 16)
__C2T_VECS(float, float, 4, 8, 16)
__C2T_VECS(double, double, 8, 16, 16)

#undef __C2T_VEC1
#undef __C2T_VEC2
#undef __C2T_VEC3
#undef __C2T_VEC4
#undef __C2T_VECS

struct __device_builtin__ dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1,
                                     unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ constexpr operator uint3(void) const {
    return uint3{x, y, z};
  }
};
typedef struct dim3 dim3;

#ifndef CUDA2TILE_PLAIN_BUILTIN_VARS
/* Out-of-line conversions of the builtin variables (as in clang's wrapper). */
#define __C2T_BUILTIN_CONV(T)                                                  \
  __device__ inline T::operator dim3() const { return dim3(x, y, z); }         \
  __device__ inline T::operator uint3() const { return {x, y, z}; }
__C2T_BUILTIN_CONV(__cuda_builtin_threadIdx_t)
__C2T_BUILTIN_CONV(__cuda_builtin_blockIdx_t)
__C2T_BUILTIN_CONV(__cuda_builtin_blockDim_t)
__C2T_BUILTIN_CONV(__cuda_builtin_gridDim_t)
#undef __C2T_BUILTIN_CONV
#else
/* nvcc's declarations (device_launch_parameters.h). */
extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
#endif

/* ------------------------------------------------------------------------ */
/* Host runtime API (driver_types.h / cuda_runtime_api.h / cuda_runtime.h).  */
/* ------------------------------------------------------------------------ */
#include "cuda2tile_runtime_api.h"

/* ------------------------------------------------------------------------ */
/* Texture and surface objects: host API and device fetch functions.        */
/* ------------------------------------------------------------------------ */
#include "cuda2tile_texture.h"

/* ------------------------------------------------------------------------ */
/* Device functions: synchronization, atomics, warp intrinsics, bit ops,    */
/* loads, type-punning and rounding intrinsics.                             */
/* ------------------------------------------------------------------------ */
#include "cuda2tile_device_functions.h"

/* ------------------------------------------------------------------------ */
/* C library pieces that are usable on the device (printf, malloc, memcpy,  */
/* assert) and the host C library subset kernels' host code uses.           */
/* ------------------------------------------------------------------------ */
#include "cuda2tile_libc.h"

/* ------------------------------------------------------------------------ */
/* Freestanding C++ library subset (type traits, std::min/max, limits).     */
/* ------------------------------------------------------------------------ */
#include "cuda2tile_std.h"

/* ------------------------------------------------------------------------ */
/* Math library: C functions, C++ overloads, std:: names, min/max/abs.      */
/* ------------------------------------------------------------------------ */
#include "cuda2tile_math.h"

#endif /* CUDA2TILE_PRELUDE_H */
