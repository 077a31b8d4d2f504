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
#include <sys/mman.h>
#include <unistd.h>
#include <time.h>
#include <sys/time.h>  // gettimeofday() in host timing code (nvcc builds see it through the CUDA headers)
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
#define __builtin_align__(__c2t_n) __attribute__((__aligned__(__c2t_n)))
#define __align__(__c2t_n) __attribute__((__aligned__(__c2t_n)))
#define __forceinline__ inline
#define __inline_hint__ inline
#define __noinline__ __attribute__((__noinline__))
#define __launch_bounds__(...)
#define __maxnreg__(...)
#define __cluster_dims__(...)
#define CUDART_CB
#define CUDARTAPI
#define __CUDA_ALIGN__(__c2t_n) __attribute__((__aligned__(__c2t_n)))
// `__restrict__` is a GNU keyword already.

// __shared__: the Python build pipeline (runtime.py) preprocesses the
// translation unit with C2T_PREPASS defined, so the `__shared__` token survives
// preprocessing, and then rewrites every occurrence:
//   * `__shared__ T s[N];`          -> `static T s[N]; static c2t::__c2t_SharedReg ...;`
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

#define C2T_HIDDEN __attribute__((__visibility__("hidden")))
#define C2T_EXPORT extern "C" __attribute__((__visibility__("default"), __used__))
#define C2T_NOINLINE __attribute__((__noinline__))
#define C2T_LIKELY(x) __builtin_expect(!!(x), 1)
#define C2T_UNLIKELY(x) __builtin_expect(!!(x), 0)

// ---------------------------------------------------------------------------
// Built-in vector types (layout and alignment as in CUDA's vector_types.h).
// ---------------------------------------------------------------------------
#define C2T_VEC1(__c2t_NAME, __c2t_T, __c2t_AL) struct __attribute__((__aligned__(__c2t_AL))) __c2t_NAME { __c2t_T x; };
#define C2T_VEC2(__c2t_NAME, __c2t_T, __c2t_AL) struct __attribute__((__aligned__(__c2t_AL))) __c2t_NAME { __c2t_T x, y; };
#define C2T_VEC3(__c2t_NAME, __c2t_T) struct __c2t_NAME { __c2t_T x, y, z; };
#define C2T_VEC4(__c2t_NAME, __c2t_T, __c2t_AL) struct __attribute__((__aligned__(__c2t_AL))) __c2t_NAME { __c2t_T x, y, z, w; };

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
struct __attribute__((__aligned__(32))) double4_32a { double x, y, z, w; };
struct __attribute__((__aligned__(32))) longlong4_32a { long long x, y, z, w; };
struct __attribute__((__aligned__(32))) ulonglong4_32a { unsigned long long x, y, z, w; };

#define C2T_MAKE1(__c2t_NAME, __c2t_T) inline constexpr __c2t_NAME make_##__c2t_NAME(__c2t_T x) { return __c2t_NAME{x}; }
#define C2T_MAKE2(__c2t_NAME, __c2t_T) inline constexpr __c2t_NAME make_##__c2t_NAME(__c2t_T x, __c2t_T y) { return __c2t_NAME{x, y}; }
#define C2T_MAKE3(__c2t_NAME, __c2t_T) inline constexpr __c2t_NAME make_##__c2t_NAME(__c2t_T x, __c2t_T y, __c2t_T z) { return __c2t_NAME{x, y, z}; }
#define C2T_MAKE4(__c2t_NAME, __c2t_T) inline constexpr __c2t_NAME make_##__c2t_NAME(__c2t_T x, __c2t_T y, __c2t_T z, __c2t_T w) { return __c2t_NAME{x, y, z, w}; }
#define C2T_MAKEALL(__c2t_B, __c2t_T) C2T_MAKE1(__c2t_B##1, __c2t_T) C2T_MAKE2(__c2t_B##2, __c2t_T) C2T_MAKE3(__c2t_B##3, __c2t_T) C2T_MAKE4(__c2t_B##4, __c2t_T)
C2T_MAKEALL(char, signed char) C2T_MAKEALL(uchar, unsigned char) C2T_MAKEALL(short, short)
C2T_MAKEALL(ushort, unsigned short) C2T_MAKEALL(int, int) C2T_MAKEALL(uint, unsigned int)
C2T_MAKEALL(long, long) C2T_MAKEALL(ulong, unsigned long) C2T_MAKEALL(longlong, long long)
C2T_MAKEALL(ulonglong, unsigned long long) C2T_MAKEALL(float, float) C2T_MAKEALL(double, double)

struct dim3 {
    unsigned int x, y, z;
    constexpr dim3(unsigned int __c2t_vx = 1, unsigned int __c2t_vy = 1, unsigned int __c2t_vz = 1) : x(__c2t_vx), y(__c2t_vy), z(__c2t_vz) {}
    constexpr dim3(uint3 __c2t_v) : x(__c2t_v.x), y(__c2t_v.y), z(__c2t_v.z) {}
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
// The runtime compiles as C++17, nvcc's default dialect (C++20 would expose e.g. `::lerp` through
// <math.h> and reject a user's own `float lerp(float, float, float)`), so it brings its own
// replacements for the two C++20 facilities it needs.
template <class __c2t_To, class __c2t_From> constexpr __c2t_To __c2t_bit_cast(const __c2t_From& __c2t_v) noexcept {
    static_assert(sizeof(__c2t_To) == sizeof(__c2t_From), "bit_cast between types of different sizes");
    return __builtin_bit_cast(__c2t_To, __c2t_v);
}
// std::source_location for C++17: GCC's __builtin_FILE/LINE/COLUMN in a default argument give the
// caller's position, so `__syncthreads(__c2t_srcloc loc = __c2t_srcloc::__c2t_current())` records the
// line of the user's __syncthreads() call.
#if defined(__has_builtin)
#if __has_builtin(__builtin_COLUMN)
#define C2T_BUILTIN_COLUMN __builtin_COLUMN()
#endif
#endif
#ifndef C2T_BUILTIN_COLUMN
#define C2T_BUILTIN_COLUMN 0u  // g++ < 13 has no __builtin_COLUMN: two barriers on one line count as one
#endif
struct __c2t_srcloc {
    const char* __c2t_file_ = "";
    unsigned __c2t_line_ = 0, __c2t_column_ = 0;
    static constexpr __c2t_srcloc __c2t_current(const char* __c2t_f = __builtin_FILE(), unsigned __c2t_l = __builtin_LINE(),
                                                unsigned __c2t_c = C2T_BUILTIN_COLUMN) noexcept {
        return __c2t_srcloc{__c2t_f, __c2t_l, __c2t_c};
    }
    constexpr unsigned __c2t_line() const noexcept { return __c2t_line_; }
    constexpr unsigned __c2t_column() const noexcept { return __c2t_column_; }
    constexpr const char* __c2t_file_name() const noexcept { return __c2t_file_; }
};

// Portable population counts (x86-64 baseline has no popcnt instruction and
// __builtin_popcount would call libgcc).
inline constexpr int __c2t_popc32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return int((((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}
inline constexpr int __c2t_popc64(uint64_t x) { return __c2t_popc32(uint32_t(x)) + __c2t_popc32(uint32_t(x >> 32)); }
}  // namespace c2t
