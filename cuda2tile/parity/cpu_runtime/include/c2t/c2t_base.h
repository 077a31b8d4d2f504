// cuda2tile CPU SIMT runtime -- base layer: standard headers, CUDA qualifiers,
// built-in vector types, dim3 and the built-in index variables.
//
// Part of cuda_cpu_runtime.h; do not include directly.
#pragma once

// ---------------------------------------------------------------------------
// Standard headers.  Everything the runtime (and typical CUDA device code)
// needs is included *before* the CUDA qualifier macros are defined, because
// libstdc++ itself spells attributes like __attribute__((__noinline__)).
// ---------------------------------------------------------------------------
#include <cstddef>
#include <cstdint>
#include <cstdarg>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <climits>
#include <cfloat>
#include <cmath>
#include <math.h>
#include <cfenv>
#include <csetjmp>
#include <csignal>
#include <ctime>
#include <new>
#include <limits>
#include <type_traits>
#include <utility>
#include <tuple>
#include <algorithm>
#include <memory>
#include <source_location>
#include <sys/mman.h>
#include <unistd.h>
#include <time.h>
#include <signal.h>

// ---------------------------------------------------------------------------
// CUDA function / variable qualifiers.
// ---------------------------------------------------------------------------
#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __grid_constant__
#define __device_builtin__
#define __device_builtin_texture_type__
#define __device_builtin_surface_type__
#define __cudart_builtin__
#define __builtin_align__(n) __attribute__((aligned(n)))
#define __align__(n) __attribute__((aligned(n)))
#define __forceinline__ inline
#define __inline_hint__ inline
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __maxnreg__(...)
#define __cluster_dims__(...)
#define CUDART_CB
#define CUDARTAPI
#define __CUDA_ALIGN__(n) __attribute__((aligned(n)))
// `__restrict__` is a GNU keyword already.

// __shared__: the Python build pipeline (runtime.py) preprocesses the
// translation unit with C2T_PREPASS defined, so the `__shared__` token survives
// preprocessing, and then rewrites every occurrence:
//   * `__shared__ T s[N];`          -> `static T s[N]; static c2t::SharedReg ...;`
//   * `extern __shared__ T s[];`    -> a reference bound to the launch's dynamic
//                                      shared-memory buffer (see DynSmemRef).
// `static` is correct because the runtime executes exactly ONE thread block at a
// time on ONE OS thread: all fibers (CUDA threads) of the running block see the
// same static object, and the next block reuses it after the previous block has
// finished (the runtime re-zeroes/poisons it at each block start).  A
// `thread_local` storage class would buy nothing here (fibers share the OS
// thread) and would be wrong with fibers if blocks ever ran on several threads.
// Compiling without the pipeline still works for static __shared__ (no extern).
#ifndef C2T_PREPASS
#define __shared__ static
#endif

#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef CUDART_VERSION
#define CUDART_VERSION 12040
#endif
#ifndef CUDA_VERSION
#define CUDA_VERSION 12040
#endif

#define C2T_HIDDEN __attribute__((visibility("hidden")))
#define C2T_EXPORT extern "C" __attribute__((visibility("default"), used))
#define C2T_NOINLINE __attribute__((noinline))
#define C2T_LIKELY(x) __builtin_expect(!!(x), 1)
#define C2T_UNLIKELY(x) __builtin_expect(!!(x), 0)

// ---------------------------------------------------------------------------
// Built-in vector types (layout and alignment as in CUDA's vector_types.h).
// ---------------------------------------------------------------------------
#define C2T_VEC1(NAME, T, AL) struct __attribute__((aligned(AL))) NAME { T x; };
#define C2T_VEC2(NAME, T, AL) struct __attribute__((aligned(AL))) NAME { T x, y; };
#define C2T_VEC3(NAME, T) struct NAME { T x, y, z; };
#define C2T_VEC4(NAME, T, AL) struct __attribute__((aligned(AL))) NAME { T x, y, z, w; };

C2T_VEC1(char1, signed char, 1) C2T_VEC2(char2, signed char, 2) C2T_VEC3(char3, signed char) C2T_VEC4(char4, signed char, 4)
C2T_VEC1(uchar1, unsigned char, 1) C2T_VEC2(uchar2, unsigned char, 2) C2T_VEC3(uchar3, unsigned char) C2T_VEC4(uchar4, unsigned char, 4)
C2T_VEC1(short1, short, 2) C2T_VEC2(short2, short, 4) C2T_VEC3(short3, short) C2T_VEC4(short4, short, 8)
C2T_VEC1(ushort1, unsigned short, 2) C2T_VEC2(ushort2, unsigned short, 4) C2T_VEC3(ushort3, unsigned short) C2T_VEC4(ushort4, unsigned short, 8)
C2T_VEC1(int1, int, 4) C2T_VEC2(int2, int, 8) C2T_VEC3(int3, int) C2T_VEC4(int4, int, 16)
C2T_VEC1(uint1, unsigned int, 4) C2T_VEC2(uint2, unsigned int, 8) C2T_VEC3(uint3, unsigned int) C2T_VEC4(uint4, unsigned int, 16)
C2T_VEC1(long1, long, 8) C2T_VEC2(long2, long, 16) C2T_VEC3(long3, long) C2T_VEC4(long4, long, 16)
C2T_VEC1(ulong1, unsigned long, 8) C2T_VEC2(ulong2, unsigned long, 16) C2T_VEC3(ulong3, unsigned long) C2T_VEC4(ulong4, unsigned long, 16)
C2T_VEC1(longlong1, long long, 8) C2T_VEC2(longlong2, long long, 16) C2T_VEC3(longlong3, long long) C2T_VEC4(longlong4, long long, 16)
C2T_VEC1(ulonglong1, unsigned long long, 8) C2T_VEC2(ulonglong2, unsigned long long, 16) C2T_VEC3(ulonglong3, unsigned long long) C2T_VEC4(ulonglong4, unsigned long long, 16)
C2T_VEC1(float1, float, 4) C2T_VEC2(float2, float, 8) C2T_VEC3(float3, float) C2T_VEC4(float4, float, 16)
C2T_VEC1(double1, double, 8) C2T_VEC2(double2, double, 16) C2T_VEC3(double3, double) C2T_VEC4(double4, double, 16)
typedef double4 double4_16a;
struct __attribute__((aligned(32))) double4_32a { double x, y, z, w; };
struct __attribute__((aligned(32))) longlong4_32a { long long x, y, z, w; };
struct __attribute__((aligned(32))) ulonglong4_32a { unsigned long long x, y, z, w; };

#define C2T_MAKE1(NAME, T) inline constexpr NAME make_##NAME(T x) { return NAME{x}; }
#define C2T_MAKE2(NAME, T) inline constexpr NAME make_##NAME(T x, T y) { return NAME{x, y}; }
#define C2T_MAKE3(NAME, T) inline constexpr NAME make_##NAME(T x, T y, T z) { return NAME{x, y, z}; }
#define C2T_MAKE4(NAME, T) inline constexpr NAME make_##NAME(T x, T y, T z, T w) { return NAME{x, y, z, w}; }
#define C2T_MAKEALL(B, T) C2T_MAKE1(B##1, T) C2T_MAKE2(B##2, T) C2T_MAKE3(B##3, T) C2T_MAKE4(B##4, T)
C2T_MAKEALL(char, signed char) C2T_MAKEALL(uchar, unsigned char) C2T_MAKEALL(short, short)
C2T_MAKEALL(ushort, unsigned short) C2T_MAKEALL(int, int) C2T_MAKEALL(uint, unsigned int)
C2T_MAKEALL(long, long) C2T_MAKEALL(ulong, unsigned long) C2T_MAKEALL(longlong, long long)
C2T_MAKEALL(ulonglong, unsigned long long) C2T_MAKEALL(float, float) C2T_MAKEALL(double, double)

struct dim3 {
    unsigned int x, y, z;
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
    constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    constexpr operator uint3() const { return uint3{x, y, z}; }
};

// Layout shared with the Python launcher (ctypes).
extern "C" {
typedef struct c2t_dim3 { unsigned int x, y, z; } c2t_dim3;
}

// ---------------------------------------------------------------------------
// Built-in index variables.  The scheduler runs one CUDA thread at a time on
// the OS thread and stores the running thread's coordinates into these plain
// globals on every switch.  Fiber switches happen only inside an out-of-line
// assembly routine, so the compiler must reload them after any barrier or
// warp operation (an opaque call clobbers all globals).
// ---------------------------------------------------------------------------
C2T_HIDDEN inline uint3 threadIdx;
C2T_HIDDEN inline uint3 blockIdx;
C2T_HIDDEN inline dim3 blockDim;
C2T_HIDDEN inline dim3 gridDim;
constexpr int warpSize = 32;

namespace c2t {
// Portable population counts (x86-64 baseline has no popcnt instruction and
// __builtin_popcount would call libgcc).
inline constexpr int popc32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return int((((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}
inline constexpr int popc64(uint64_t x) { return popc32(uint32_t(x)) + popc32(uint32_t(x >> 32)); }
}  // namespace c2t
