"""Tests for the hermetic CUDA prelude headers in cuda2tile/parse/include.

Every snippet is parsed exactly the way cuda2tile parses CUDA (libclang 18,
device-only, -nostdinc, -include cuda2tile_prelude.h) and must come back with
no diagnostic of severity >= warning.  The AST-shape tests pin down the facts
documented in cuda2tile/parse/include/README.md.

These tests use only libclang and the headers; they do not import the rest
of cuda2tile.
"""

from __future__ import annotations

import ctypes
import time
from pathlib import Path

import pytest

ci = pytest.importorskip("clang.cindex")
from clang.cindex import Cursor, CursorKind, TemplateArgumentKind  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
INCLUDE_DIR = REPO / "cuda2tile" / "parse" / "include"

# The flags from the brief.  On a machine with a CUDA toolkit installed clang
# still probes it and may warn "CUDA version is newer than the latest
# supported version"; HERMETIC_ARGS adds --cuda-path=/nonexistent, which stops
# the probe (and the warning) and is otherwise harmless with -nocudainc
# -nocudalib.
BASE_ARGS = [
    "-x", "cuda",
    "--cuda-device-only",
    "--cuda-gpu-arch=sm_80",
    "-nocudainc",
    "-nocudalib",
    "-nostdinc",
    f"-I{INCLUDE_DIR}",
    "-include", "cuda2tile_prelude.h",
    "-fms-extensions",
    "-std=c++17",
]
HERMETIC_ARGS = BASE_ARGS + ["--cuda-path=/nonexistent"]
KEEP_GOING = 0x200  # CXTranslationUnit_KeepGoing

_INDEX = ci.Index.create()


def parse(source: str, name: str = "snippet.cu", args=None, tmp_path=None):
    """Parse ``source`` from an unsaved file and return the TranslationUnit."""
    path = name if tmp_path is None else str(tmp_path / name)
    return _INDEX.parse(
        path,
        args=list(HERMETIC_ARGS if args is None else args),
        unsaved_files=[(path, source)],
        options=KEEP_GOING,
    )


def bad_diagnostics(tu, allow_cuda_version_warning: bool = False):
    out = []
    for d in tu.diagnostics:
        if d.severity < ci.Diagnostic.Warning:
            continue
        if allow_cuda_version_warning and "CUDA version" in d.spelling:
            continue
        out.append(str(d))
    return out


def walk(cursor):
    yield cursor
    for child in cursor.get_children():
        yield from walk(child)


def main_file_cursors(tu, kind=None, spelling=None):
    name = tu.spelling
    for c in walk(tu.cursor):
        if c.location.file is None or c.location.file.name != name:
            continue
        if kind is not None and c.kind != kind:
            continue
        if spelling is not None and c.spelling != spelling:
            continue
        yield c


def function(tu, name):
    for c in tu.cursor.get_children():
        if (c.spelling == name and c.kind in (CursorKind.FUNCTION_DECL,
                                              CursorKind.FUNCTION_TEMPLATE)
                and c.location.file is not None
                and c.location.file.name == tu.spelling):
            return c
    raise AssertionError(f"function {name} not found")


# --- libclang C entry points the 18.1 Python bindings do not wrap ----------
_lib = ci.conf.lib
_lib.clang_getCursorBinaryOperatorKind.argtypes = [Cursor]
_lib.clang_getCursorBinaryOperatorKind.restype = ctypes.c_int
_lib.clang_getCursorUnaryOperatorKind.argtypes = [Cursor]
_lib.clang_getCursorUnaryOperatorKind.restype = ctypes.c_int
_lib.clang_Cursor_Evaluate.argtypes = [Cursor]
_lib.clang_Cursor_Evaluate.restype = ctypes.c_void_p
_lib.clang_EvalResult_getKind.argtypes = [ctypes.c_void_p]
_lib.clang_EvalResult_getKind.restype = ctypes.c_int
_lib.clang_EvalResult_isUnsignedInt.argtypes = [ctypes.c_void_p]
_lib.clang_EvalResult_isUnsignedInt.restype = ctypes.c_uint
_lib.clang_EvalResult_getAsUnsigned.argtypes = [ctypes.c_void_p]
_lib.clang_EvalResult_getAsUnsigned.restype = ctypes.c_ulonglong
_lib.clang_EvalResult_getAsLongLong.argtypes = [ctypes.c_void_p]
_lib.clang_EvalResult_getAsLongLong.restype = ctypes.c_longlong
_lib.clang_EvalResult_getAsDouble.argtypes = [ctypes.c_void_p]
_lib.clang_EvalResult_getAsDouble.restype = ctypes.c_double
_lib.clang_EvalResult_dispose.argtypes = [ctypes.c_void_p]
_lib.clang_EvalResult_dispose.restype = None


def evaluate(cursor):
    """clang_Cursor_Evaluate: int / float value of a constant expression."""
    res = _lib.clang_Cursor_Evaluate(cursor)
    if not res:
        return None
    try:
        kind = _lib.clang_EvalResult_getKind(res)
        if kind == 1:  # CXEval_Int
            if _lib.clang_EvalResult_isUnsignedInt(res):
                return _lib.clang_EvalResult_getAsUnsigned(res)
            return _lib.clang_EvalResult_getAsLongLong(res)
        if kind == 2:  # CXEval_Float
            return _lib.clang_EvalResult_getAsDouble(res)
        return None
    finally:
        _lib.clang_EvalResult_dispose(res)


# ===========================================================================
# Realistic snippets: must parse with zero warnings/errors
# ===========================================================================

SNIPPETS = {}

SNIPPETS["vector_add_host_main"] = r"""
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#define CUDA_CHECK(call)                                                     \
  do {                                                                       \
    cudaError_t err__ = (call);                                              \
    if (err__ != cudaSuccess) {                                              \
      fprintf(stderr, "CUDA error %s at %s:%d\n",                            \
              cudaGetErrorString(err__), __FILE__, __LINE__);                \
      exit(EXIT_FAILURE);                                                    \
    }                                                                        \
  } while (0)

__global__ void vadd(const float* __restrict__ a, const float* __restrict__ b,
                     float* __restrict__ c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
  size_t bytes = n * sizeof(float);
  float *h_a = (float*)malloc(bytes), *h_b = (float*)malloc(bytes);
  float *h_c = (float*)calloc(n, sizeof(float));
  for (int i = 0; i < n; ++i) { h_a[i] = rand() / (float)RAND_MAX; h_b[i] = 1.0f; }
  float *d_a, *d_b, *d_c;
  CUDA_CHECK(cudaMalloc(&d_a, bytes));
  CUDA_CHECK(cudaMalloc((void**)&d_b, bytes));
  CUDA_CHECK(cudaMalloc(&d_c, bytes));
  CUDA_CHECK(cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, h_b, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_c, 0, bytes));
  dim3 block(256);
  dim3 grid((n + block.x - 1) / block.x);
  cudaEvent_t start, stop;
  cudaEventCreate(&start); cudaEventCreate(&stop);
  cudaEventRecord(start);
  vadd<<<grid, block>>>(d_a, d_b, d_c, n);
  vadd<<<(n + 255) / 256, 256, 0>>>(d_a, d_b, d_c, n);
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  float ms = 0.f;
  cudaEventElapsedTime(&ms, start, stop);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_c, d_c, bytes, cudaMemcpyDeviceToHost));
  printf("c[0]=%f in %.3f ms\n", h_c[0], ms);
  cudaEventDestroy(start); cudaEventDestroy(stop);
  cudaFree(d_a); cudaFree(d_b); cudaFree(d_c);
  free(h_a); free(h_b); free(h_c);
  return 0;
}
"""

SNIPPETS["shared_reduction_smem_launch_stream"] = r"""
#include <cuda_runtime.h>
#include <device_launch_parameters.h>
#include <stdio.h>

template <unsigned BLOCK>
__global__ void __launch_bounds__(BLOCK) reduce_sum(const float* __restrict__ in,
                                                    float* __restrict__ out, int n) {
  extern __shared__ float sdata[];
  float v = 0.f;
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += BLOCK * gridDim.x)
    v += in[i];
  sdata[threadIdx.x] = v;
  __syncthreads();
#pragma unroll
  for (unsigned off = BLOCK / 2; off >= 32; off >>= 1) {
    if (threadIdx.x < off) sdata[threadIdx.x] += sdata[threadIdx.x + off];
    __syncthreads();
  }
  if (threadIdx.x < 32) {
    volatile float* vs = sdata;
    float w = vs[threadIdx.x];
    for (int off = warpSize / 2; off > 0; off /= 2)
      w += __shfl_down_sync(0xffffffffu, w, off);
    if (threadIdx.x == 0) atomicAdd(out, w);
  }
}

int main() {
  const int n = 1 << 22;
  float *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(float));
  cudaMalloc(&d_out, sizeof(float));
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  dim3 grid(1024), block(256);
  size_t smem = block.x * sizeof(float);
  reduce_sum<256><<<grid, block, smem, stream>>>(d_in, d_out, n);
  cudaStreamSynchronize(stream);
  cudaStreamDestroy(stream);
  return 0;
}
"""

SNIPPETS["template_kernel_launch"] = r"""
#include <cuda_runtime.h>
template <typename T, int K>
__global__ void scale(T* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    T acc = x[i];
#pragma unroll
    for (int k = 0; k < K; ++k) acc = acc * (T)2 + (T)k;
    x[i] = acc;
  }
}
void run(float* d, double* dd, int n) {
  dim3 g((n + 127) / 128), b(128);
  scale<float, 4><<<g, b>>>(d, n);
  scale<double, 2><<<g, b, 0, 0>>>(dd, n);
}
"""

SNIPPETS["softmax_math_infinity"] = r"""
#include <cuda_runtime.h>
#include <math.h>
#include <cmath>
#include <cfloat>
#include <math_constants.h>
__global__ void softmax_rows(const float* __restrict__ x, float* __restrict__ y,
                             int rows, int cols) {
  int row = blockIdx.x;
  if (row >= rows) return;
  const float* xr = x + (size_t)row * cols;
  float m = -INFINITY;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, xr[c]);
  for (int off = 16; off > 0; off >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, off));
  float s = 0.f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) s += __expf(xr[c] - m);
  for (int off = 16; off > 0; off >>= 1) s += __shfl_xor_sync(0xffffffff, s, off);
  float inv = __fdividef(1.0f, s);
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    float v = expf(xr[c] - m) * inv;
    if (isnan(v) || isinf(v)) v = 0.f;
    y[(size_t)row * cols + c] = fminf(fmaxf(v, FLT_MIN), 1.0f);
  }
}
__global__ void gelu(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    float t = tanhf(0.7978845608f * (v + 0.044715f * v * v * v));
    y[i] = 0.5f * v * (1.0f + t) + 0.f * erff(v * (float)M_SQRT1_2) + 0.f * CUDART_PI_F
         + 0.f * std::exp(v) + 0.f * sqrt(v) + 0.f * std::max(v, 0.0f);
  }
}
"""

SNIPPETS["math_library_float_double"] = r"""
#include <cuda_runtime.h>
#include <math.h>
__global__ void fmath(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  int e; float ip;
  float r = expf(x) + exp2f(x) + exp10f(x) + expm1f(x) + logf(x) + log2f(x) + log10f(x)
    + log1pf(x) + sqrtf(x) + rsqrtf(x) + cbrtf(x) + sinf(x) + cosf(x) + tanf(x) + asinf(x)
    + acosf(x) + atanf(x) + atan2f(x, 2.f) + sinhf(x) + coshf(x) + tanhf(x) + asinhf(x)
    + acoshf(x) + atanhf(x) + powf(x, 2.f) + fabsf(x) + fminf(x, 1.f) + fmaxf(x, 0.f)
    + fmodf(x, 3.f) + remainderf(x, 2.f) + floorf(x) + ceilf(x) + truncf(x) + roundf(x)
    + rintf(x) + nearbyintf(x) + fmaf(x, x, 1.f) + erff(x) + erfcf(x) + lgammaf(x)
    + tgammaf(x) + hypotf(x, 1.f) + copysignf(x, -1.f) + ldexpf(frexpf(x, &e), e)
    + modff(x, &ip) + ip;
  if (isnan(r) || isinf(r) || !isfinite(r) || signbit(r)) r = 0.f;
  r += __expf(x) + __logf(x) + __log2f(x) + __log10f(x) + __powf(x, 2.f) + __sinf(x)
    + __cosf(x) + __tanf(x) + __fdividef(x, 3.f) + __fadd_rn(x, 1.f) + __fmul_rn(x, 2.f)
    + __fmaf_rn(x, x, x) + __frcp_rn(x) + __fsqrt_rn(x) + __saturatef(x)
    + __int2float_rn(__float2int_rn(x)) + (float)__float2int_rz(x)
    + __int_as_float(__float_as_int(x)) + __uint_as_float(__float_as_uint(x));
  out[i] = r + min(x, 1.f) + max(x, 0.f) + (float)min(i, n) + (float)max(1u, 2u)
         + (float)min(1ll, 2ll) + (float)abs(i) + (float)labs(3l) + (float)llabs(4ll)
         + rsqrt(x);
}
__global__ void dmath(const double* in, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double d = in[i];
  int e; double ip;
  double r = exp(d) + exp2(d) + exp10(d) + expm1(d) + log(d) + log2(d) + log10(d) + log1p(d)
    + sqrt(d) + rsqrt(d) + cbrt(d) + sin(d) + cos(d) + tan(d) + asin(d) + acos(d) + atan(d)
    + atan2(d, 2.0) + sinh(d) + cosh(d) + tanh(d) + asinh(d) + acosh(d) + atanh(d)
    + pow(d, 2.0) + fabs(d) + fmin(d, 1.0) + fmax(d, 0.0) + fmod(d, 3.0) + remainder(d, 2.0)
    + floor(d) + ceil(d) + trunc(d) + round(d) + rint(d) + nearbyint(d) + fma(d, d, 1.0)
    + erf(d) + erfc(d) + lgamma(d) + tgamma(d) + hypot(d, 1.0) + copysign(d, -1.0)
    + ldexp(frexp(d, &e), e) + modf(d, &ip) + ip + min(d, 1.0) + max(d, 0.0)
    + __longlong_as_double(__double_as_longlong(d)) + sqrt(4) + pow(2, 3);
  if (isnan(r) || isinf(r) || !isfinite(r) || signbit(r)) r = 0.0;
  out[i] = r;
}
"""

SNIPPETS["atomics_sync_warp_intrinsics"] = r"""
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cassert>
__device__ unsigned int d_counter;
__managed__ int m_flag;
__global__ void intrinsics(int* ip, unsigned* up, unsigned long long* ullp,
                           long long* llp, float* fp, double* dp, __half* hp) {
  __shared__ int hist[256];
  int t = threadIdx.x;
  hist[t] = 0;
  __syncthreads();
  __syncwarp();
  __syncwarp(0xffffffffu);
  int c = __syncthreads_count(t > 3) + __syncthreads_and(t > 1) + __syncthreads_or(t > 2);
  __threadfence(); __threadfence_block(); __threadfence_system();
  atomicAdd(&hist[t % 256], 1);
  atomicAdd(ip, 1); atomicAdd(up, 1u); atomicAdd(ullp, 1ull); atomicAdd(fp, 1.f);
  atomicAdd(dp, 1.0); atomicAdd(hp, __float2half(1.f));
  atomicSub(ip, 1); atomicSub(up, 1u);
  atomicExch(ip, 1); atomicExch(up, 1u); atomicExch(ullp, 1ull); atomicExch(fp, 1.f);
  atomicMin(ip, 1); atomicMin(up, 1u); atomicMin(ullp, 1ull); atomicMin(llp, 1ll);
  atomicMax(ip, 1); atomicMax(up, 1u); atomicMax(ullp, 1ull); atomicMax(llp, 1ll);
  atomicInc(up, 10u); atomicDec(up, 10u);
  atomicCAS(ip, 0, 1); atomicCAS(up, 0u, 1u); atomicCAS(ullp, 0ull, 1ull);
  atomicAnd(ip, 1); atomicOr(up, 1u); atomicXor(ullp, 1ull);
  atomicAnd(up, 1u); atomicOr(ip, 1); atomicXor(ip, 1);
  atomicAdd_block(ip, 1); atomicAdd_system(fp, 1.f); atomicAdd(&d_counter, 1u);
  float v = (float)t;
  v += __shfl_sync(0xffffffff, v, 0) + __shfl_up_sync(0xffffffff, v, 1)
     + __shfl_down_sync(0xffffffff, v, 1) + __shfl_xor_sync(0xffffffff, v, 1, 16);
  int iv = __shfl_sync(0xffffffff, t, 0);
  unsigned uv = __shfl_down_sync(0xffffffff, (unsigned)t, 2);
  double dv = __shfl_xor_sync(0xffffffff, (double)v, 1);
  long long lv = __shfl_up_sync(0xffffffff, (long long)t, 1);
  unsigned b = __ballot_sync(0xffffffff, t & 1);
  int a = __any_sync(0xffffffff, t) + __all_sync(0xffffffff, t);
  unsigned am = __activemask();
  int bits = __popc(b) + __popcll(1ull) + __clz(t) + __ffs(t) + (int)__brev(b);
  float g = __ldg(fp) + __ldg(&fp[1]);
  int gi = __ldg(ip);
  float4 g4 = __ldg(reinterpret_cast<const float4*>(fp));
  assert(t >= 0 && "non-negative");
  if (t == 0) printf("t=%d v=%f c=%d am=%u\n", t, v, c, am);
  int* buf = (int*)malloc(4 * sizeof(int));
  memset(buf, 0, 4 * sizeof(int));
  memcpy(buf, ip, sizeof(int));
  free(buf);
  unsigned lane = t % warpSize, warp = t / warpSize;
  ip[t] = c + iv + (int)uv + (int)dv + (int)lv + a + bits + (int)g + gi + (int)g4.x
        + (int)lane + (int)warp + m_flag + hist[t];
}
"""

SNIPPETS["float4_vectorized_tiled_matmul"] = r"""
#include <cuda_runtime.h>
#define TILE 16
__constant__ float c_bias[TILE];
__global__ void copy4(const float* __restrict__ in, float* __restrict__ out, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (i + 3 < n) {
    float4 v = reinterpret_cast<const float4*>(in)[i / 4];
    float4 w = *reinterpret_cast<const float4*>(&in[i]);
    v.x *= 2.f; v.y += w.y; v.z = v.z - 1.f; v.w = fmaxf(v.w, 0.f);
    reinterpret_cast<float4*>(out)[i / 4] = v;
    float2 h = make_float2(v.x, v.y);
    int4 q = make_int4(1, 2, 3, 4);
    uint3 u = make_uint3(1u, 2u, 3u);
    double2 d = make_double2(1.0, 2.0);
    out[0] = h.x + q.w + u.z + (float)d.y;
  }
}
__global__ void matmul(const float* A, const float* B, float* C, int M, int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE + 1];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.f;
  for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {
    As[threadIdx.y][threadIdx.x] = (row < M && t * TILE + threadIdx.x < K) ? A[row * K + t * TILE + threadIdx.x] : 0.f;
    Bs[threadIdx.y][threadIdx.x] = (col < N && t * TILE + threadIdx.y < K) ? B[(t * TILE + threadIdx.y) * N + col] : 0.f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc = fmaf(As[threadIdx.y][k], Bs[k][threadIdx.x], acc);
    __syncthreads();
  }
  if (row < M && col < N) C[row * N + col] = acc + c_bias[col % TILE];
}
void launch(const float* A, const float* B, float* C, int M, int N, int K) {
  float bias[TILE] = {0};
  cudaMemcpyToSymbol(c_bias, bias, sizeof(bias));
  dim3 block(TILE, TILE);
  dim3 grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE, 1);
  matmul<<<grid, block>>>(A, B, C, M, N, K);
}
"""

SNIPPETS["half_and_bf16"] = r"""
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void hkernel(__half* a, const __half* b, __half2* c, __nv_bfloat16* bf,
                        float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half x = a[i] * b[i] + __float2half(1.0f);
  x = __hadd(x, __hsub(x, __hmul(x, __hdiv(x, b[i]))));
  x = __hfma(x, b[i], __hneg(__habs(x)));
  x = __hmax(x, __hmin(x, b[i]));
  bool e = __heq(x, b[i]) || __hlt(x, b[i]) || __hgt(x, b[i]) || x < b[i] || x == b[i];
  x = hexp(x) + hlog(x) + hsqrt(x) + hrsqrt(x);
  x += b[i]; x *= b[i];
  __half2 p = __floats2half2_rn(1.f, 2.f) * c[i];
  p = __hfma2(p, c[i], __hadd2(p, c[i]));
  float2 f2 = __half22float2(p);
  c[i] = __float22half2_rn(f2);
  half hh = 0.5f;
  float f = __half2float(x) + __low2float(p) + __high2float(p) + (float)x
          + __half2float(__float2half_rn(2.f)) + float(hh);
  x = __int2half_rn(__half2int_rz(x));
  x = __shfl_down_sync(0xffffffff, x, 1);
  __nv_bfloat16 y = __float2bfloat16(f) * bf[i];
  bf[i] = y + __float2bfloat16(1.f);
  out[i] = f + (e ? 1.f : 0.f) + __bfloat162float(y) + (float)y;
}
"""

SNIPPETS["cooperative_groups"] = r"""
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void cg_kernel(const float* in, float* out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  auto tile16 = cg::tiled_partition<16>(block);
  unsigned idx = block.group_index().x * block.size() + block.thread_rank();
  float v = idx < (unsigned)n ? in[idx] : 0.f;
  dim3 ti = block.thread_index();
  for (int off = warp.size() / 2; off > 0; off /= 2) v += warp.shfl_down(v, off);
  v += warp.shfl(v, 0) + warp.shfl_up(v, 1) + warp.shfl_xor(v, 2);
  block.sync();
  warp.sync();
  float s = cg::reduce(warp, v, cg::plus<float>());
  float mx = cg::reduce(tile16, v, cg::greater<float>());
  float mn = cg::reduce(warp, v, cg::less<float>());
  unsigned bal = warp.ballot(v > 0.f);
  int anyall = warp.any(v > 0.f) + warp.all(v > 0.f);
  if (warp.thread_rank() == 0)
    out[warp.meta_group_rank()] = s + mx + mn + ti.x + bal + anyall;
}
void launch(const float* in, float* out, int n) {
  cg_kernel<<<(n + 255) / 256, 256>>>(in, out, n);
}
"""

SNIPPETS["limits_constants_std"] = r"""
#include <cuda_runtime.h>
#include <climits>
#include <cfloat>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <math_constants.h>
static_assert(INT_MAX == 2147483647, "INT_MAX");
static_assert(INT_MIN == -2147483647 - 1, "INT_MIN");
static_assert(UINT_MAX == 4294967295u, "UINT_MAX");
static_assert(LLONG_MAX == 9223372036854775807LL, "LLONG_MAX");
static_assert(INT64_MAX == 9223372036854775807LL, "INT64_MAX");
static_assert(UINT64_MAX == 18446744073709551615ULL, "UINT64_MAX");
static_assert(SIZE_MAX == 18446744073709551615ULL, "SIZE_MAX");
static_assert(CHAR_BIT == 8 && SCHAR_MIN == -128 && UCHAR_MAX == 255, "char");
static_assert(SHRT_MAX == 32767 && USHRT_MAX == 65535, "short");
static_assert(FLT_MAX == 3.40282347e+38F, "FLT_MAX");
static_assert(FLT_MIN == 1.17549435e-38F, "FLT_MIN");
static_assert(FLT_EPSILON == 1.19209290e-7F, "FLT_EPSILON");
static_assert(DBL_MAX == 1.7976931348623157e+308, "DBL_MAX");
static_assert(DBL_EPSILON == 2.2204460492503131e-16, "DBL_EPSILON");
static_assert(FLT_MANT_DIG == 24 && DBL_MANT_DIG == 53, "mant");
static_assert(M_PI == 3.14159265358979323846, "M_PI");
static_assert(M_E == 2.7182818284590452354, "M_E");
static_assert(M_SQRT2 == 1.41421356237309504880, "M_SQRT2");
static_assert(__builtin_isinf(INFINITY), "INFINITY");
static_assert(INFINITY > 0.0f, "INFINITY");
static_assert(__builtin_isnan(NAN), "NAN");
static_assert(__builtin_isinf(HUGE_VALF), "HUGE_VALF");
static_assert(__builtin_isinf(HUGE_VAL), "HUGE_VAL");
static_assert(__builtin_isinf(CUDART_INF_F), "CUDART_INF_F");
static_assert(__builtin_isnan(CUDART_NAN_F), "CUDART_NAN_F");
static_assert(CUDART_PI_F == 3.141592654F && CUDART_PI == 3.1415926535897931e+0, "CUDART_PI");
static_assert(std::numeric_limits<float>::max() == FLT_MAX, "limits");
static_assert(std::numeric_limits<int>::min() == INT_MIN, "limits");
static_assert(std::numeric_limits<unsigned>::max() == UINT_MAX, "limits");
static_assert(std::is_same<int32_t, int>::value && std::is_same<int64_t, long>::value, "stdint");
static_assert(std::is_same<uint8_t, unsigned char>::value, "stdint");
static_assert(sizeof(size_t) == 8 && sizeof(ptrdiff_t) == 8, "size_t");
static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4");
static_assert(sizeof(float2) == 8 && alignof(float2) == 8, "float2");
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3");
static_assert(alignof(double2) == 16 && alignof(int4) == 16 && alignof(char4) == 4, "align");
static_assert(alignof(short4) == 8 && alignof(uchar2) == 2 && alignof(longlong2) == 16, "align");
static_assert(sizeof(dim3) == 12 && sizeof(uint3) == 12, "dim3");
__global__ void k(float* out) {
  out[0] = std::numeric_limits<float>::infinity() + std::numeric_limits<float>::lowest()
         + -INFINITY + CUDART_INF_F + FLT_MAX;
  int64_t a = INT64_MIN; uint32_t b = UINT32_MAX; int8_t c = INT8_MIN;
  out[1] = (float)(a + b + c);
}
"""

SNIPPETS["dim3_uint3_builtins"] = r"""
#include <cuda_runtime.h>
__device__ unsigned flat_tid() {
  return threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
}
__host__ __device__ inline int ceil_div(int a, int b) { return (a + b - 1) / b; }
__global__ void k(unsigned* out) {
  dim3 t = threadIdx;
  uint3 b = blockIdx;
  dim3 bd = blockDim, gd = gridDim;
  out[flat_tid()] = t.x + b.y + bd.z + gd.x + (unsigned)warpSize + ceil_div(5, 2);
}
void host() {
  dim3 a;
  dim3 b(4);
  dim3 c(4, 2);
  dim3 d(4, 2, 1);
  uint3 u = make_uint3(1, 2, 3);
  dim3 e(u);
  k<<<a, dim3(32, 4)>>>(nullptr);
  k<<<dim3(b.x * c.y), 128>>>(nullptr);
  (void)d; (void)e;
}
"""

SNIPPETS["host_cpp_std"] = r"""
#include <cuda_runtime.h>
#include <iostream>
#include <vector>
#include <algorithm>
#include <numeric>
#include <random>
#include <chrono>
#include <string>
__global__ void fill(float* x, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = v;
}
int main() {
  const int n = 4096;
  std::vector<float> h(n);
  std::mt19937 gen(1234);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  for (auto& v : h) v = dist(gen);
  std::sort(h.begin(), h.end());
  float sum = std::accumulate(h.begin(), h.end(), 0.0f);
  float* d = nullptr;
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpy(d, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  auto t0 = std::chrono::high_resolution_clock::now();
  fill<<<(n + 255) / 256, 256>>>(d, 1.f, n);
  cudaDeviceSynchronize();
  auto t1 = std::chrono::high_resolution_clock::now();
  double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  std::cout << "sum=" << sum << " time=" << ms << " ms" << std::endl;
  std::string name = std::string("fill") + "_kernel";
  std::cerr << name << '\n';
  cudaFree(d);
  return 0;
}
"""

SNIPPETS["grid_stride_lambda_restrict_bf"] = r"""
#include <cuda_runtime.h>
#include <cstdint>
#include <cassert>
template <typename F>
__device__ void for_each_idx(int n, F f) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) f(i);
}
__global__ void saxpy(float a, const float* __restrict__ x, float* __restrict__ y, int n) {
  for_each_idx(n, [=](int i) { y[i] = a * x[i] + y[i]; });
  auto clamp01 = [](float v) { return fminf(fmaxf(v, 0.f), 1.f); };
  if (threadIdx.x == 0) y[0] = clamp01(y[0]);
}
__global__ void layernorm(const float* x, float* y, const float* gamma, const float* beta,
                          int cols, float eps) {
  __shared__ float red[32];
  const float* xr = x + (size_t)blockIdx.x * cols;
  float s = 0.f, ss = 0.f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) { float v = xr[c]; s += v; ss += v * v; }
  for (int o = 16; o; o >>= 1) { s += __shfl_xor_sync(~0u, s, o); ss += __shfl_xor_sync(~0u, ss, o); }
  if ((threadIdx.x & 31) == 0) red[threadIdx.x >> 5] = s;
  __syncthreads();
  float mean = s / cols;
  float rstd = rsqrtf(ss / cols - mean * mean + eps);
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    y[(size_t)blockIdx.x * cols + c] = (xr[c] - mean) * rstd * gamma[c] + beta[c] + red[0] * 0.f;
}
void launch(float* x, float* y, int n) {
  saxpy<<<128, 256>>>(2.f, x, y, n);
  layernorm<<<n, 128, 0, 0>>>(x, y, x, y, n, 1e-5f);
}
"""

SNIPPETS["wmma_pipeline_curand_texture"] = r"""
#include <cuda_runtime.h>
#include <mma.h>
#include <cuda_pipeline.h>
#include <cuda/pipeline>
#include <cooperative_groups.h>
#include <curand_kernel.h>
using namespace nvcuda;
namespace cg = cooperative_groups;
__global__ void wmma_gemm(const half* a, const half* b, float* c, int M, int N, int K) {
  int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
  int warpN = blockIdx.y * blockDim.y + threadIdx.y;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a_frag;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b_frag;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < K; k += 16) {
    wmma::load_matrix_sync(a_frag, a + warpM * 16 * K + k, K);
    wmma::load_matrix_sync(b_frag, b + warpN * 16 * K + k, K);
    wmma::mma_sync(acc, a_frag, b_frag, acc);
  }
  for (int i = 0; i < acc.num_elements; ++i) acc.x[i] *= 2.0f;
  wmma::store_matrix_sync(c + warpM * 16 * N + warpN * 16, acc, N, wmma::mem_row_major);
}
__global__ void async_copy(const float* __restrict__ g, float* out) {
  alignas(16) __shared__ float tile[2][256];  // clang: alignas must come first
  __pipeline_memcpy_async(&tile[0][threadIdx.x], &g[threadIdx.x], sizeof(float));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(&tile[1][threadIdx.x], &g[256 + threadIdx.x],
                     cuda::aligned_size_t<4>(sizeof(float)), pipe);
  pipe.producer_commit();
  cuda::pipeline_consumer_wait_prior<0>(pipe);
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x] + tile[1][threadIdx.x];
}
__global__ void monte_carlo(unsigned long long seed, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  curandState state;
  curand_init(seed, i, 0, &state);
  curandStatePhilox4_32_10_t ph;
  curand_init(seed, i, 0, &ph);
  float4 r4 = curand_uniform4(&ph);
  float x = curand_uniform(&state), y = curand_normal(&state);
  if (i < n) out[i] = (x * x + y * y <= 1.f ? 1.f : 0.f) + r4.x + (float)(curand(&state) & 1u);
}
__global__ void tex_kernel(cudaTextureObject_t tex, cudaSurfaceObject_t surf, float* out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) {
    float v = tex2D<float>(tex, x + 0.5f, y + 0.5f) + tex1Dfetch<float>(tex, x);
    surf2Dwrite(v, surf, x * (int)sizeof(float), y);
    out[y * w + x] = v;
  }
}
void host_tex(float* d, int w, int h) {
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  cudaArray_t arr;
  cudaMallocArray(&arr, &desc, w, h);
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = arr;
  cudaTextureDesc td = {};
  td.addressMode[0] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModeLinear;
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t tex = 0;
  cudaCreateTextureObject(&tex, &res, &td, nullptr);
  dim3 block(16, 16), grid((w + 15) / 16, (h + 15) / 16);
  tex_kernel<<<grid, block>>>(tex, 0, d, w, h);
  cudaDestroyTextureObject(tex);
  cudaFreeArray(arr);
}
"""


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_snippet_parses_clean(name):
    tu = parse(SNIPPETS[name], name=f"{name}.cu")
    assert bad_diagnostics(tu) == []


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_snippet_parses_clean_with_brief_flags(name):
    # Exactly the flags of the brief (no --cuda-path): the only tolerated
    # diagnostic is clang's "CUDA version is newer than ..." warning, which
    # appears only when a CUDA toolkit is installed on the machine.
    tu = parse(SNIPPETS[name], name=f"{name}.cu", args=BASE_ARGS)
    assert bad_diagnostics(tu, allow_cuda_version_warning=True) == []


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_snippet_parses_clean_with_plain_builtin_vars(name):
    tu = parse(SNIPPETS[name], name=f"{name}.cu",
               args=HERMETIC_ARGS + ["-DCUDA2TILE_PLAIN_BUILTIN_VARS"])
    assert bad_diagnostics(tu) == []


def test_errors_are_still_reported():
    """The prelude must not hide real errors (wrong-side calls, typos)."""
    src = r"""
    #include <cuda_runtime.h>
    #include <cuda_fp16.h>
    __host__ int host_only(int x) { return x; }
    __global__ void k(float* x, __half h) {
      x[0] = undeclared_fn(1.0f);
      x[1] = host_only(2);
      __syncthreads(1);
    }
    """
    tu = parse(src)
    msgs = bad_diagnostics(tu)
    assert any("undeclared_fn" in m for m in msgs)
    assert any("host_only" in m for m in msgs)
    assert any("__syncthreads" in m for m in msgs)


def test_known_clang_limitations_are_still_errors():
    """Documented in README.md: things nvcc accepts and clang 18 rejects."""
    src = r"""
    __global__ void child(int* p) { p[0] = 1; }
    __global__ void parent(int* p) {
      __shared__ alignas(16) float a[4];   // nvcc ok; clang wants alignas first
      child<<<1, 1>>>(p);                  // dynamic parallelism
      a[0] = 0.f;
    }
    """
    msgs = bad_diagnostics(parse(src))
    assert any("an attribute list cannot appear here" in m for m in msgs)
    assert any("reference to __global__ function 'child'" in m for m in msgs)


def test_missing_include_is_reported_and_parse_keeps_going():
    tu = parse("#include <not_a_header.h>\n__global__ void k(int* p) { p[0] = 1; }\n")
    msgs = bad_diagnostics(tu)
    assert any("not_a_header.h" in m for m in msgs)
    assert any(c.spelling == "k" for c in tu.cursor.get_children())


STANDIN_HEADERS = sorted(
    str(p.relative_to(INCLUDE_DIR))
    for p in INCLUDE_DIR.rglob("*")
    if p.is_file() and p.suffix != ".md"
)


@pytest.mark.parametrize("header", STANDIN_HEADERS)
def test_each_header_is_self_contained(header):
    tu = parse(f"#include <{header}>\n#include <{header}>\n__global__ void k() {{}}\n")
    assert bad_diagnostics(tu) == []


def test_all_headers_together():
    src = "".join(f"#include <{h}>\n" for h in STANDIN_HEADERS)
    tu = parse(src + "__global__ void k() {}\n")
    assert bad_diagnostics(tu) == []


# ===========================================================================
# AST shape facts (documented in README.md)
# ===========================================================================

def test_expf_call_resolves_to_prelude_declaration():
    tu = parse("__global__ void k(float* x) { x[0] = expf(x[1]) + exp(x[2]); }")
    calls = list(main_file_cursors(tu, CursorKind.CALL_EXPR))
    by_name = {c.spelling: c for c in calls}
    ref = by_name["expf"].referenced
    assert ref.kind == CursorKind.FUNCTION_DECL
    assert ref.spelling == "expf"
    assert ref.type.spelling == "float (float)"
    assert ref.location.file.name.endswith("cuda2tile_math.h")
    # exp(float) picks the C++ float overload, as with nvcc.
    assert by_name["exp"].referenced.type.spelling == "float (float)"


def test_threadidx_member_access_default_is_pseudo_object_member_ref():
    tu = parse("__global__ void k(int* p) { p[threadIdx.x] = blockIdx.y; }")
    refs = list(main_file_cursors(tu, CursorKind.MEMBER_REF_EXPR))
    assert len(refs) == 2
    for r in refs:
        assert r.type.kind == ci.TypeKind.UNEXPOSED
        assert r.type.spelling == "<pseudo-object type>"
        assert r.spelling == ""  # the member name is only in the tokens
        assert r.referenced is None
        base = list(r.get_children())
        assert [b.kind for b in base] == [CursorKind.DECL_REF_EXPR]
    names = sorted((list(r.get_children())[0].spelling,
                    [t.spelling for t in r.get_tokens()][-1]) for r in refs)
    assert names == [("blockIdx", "y"), ("threadIdx", "x")]


def test_threadidx_member_access_plain_builtin_vars():
    tu = parse("#define TID threadIdx.x\n"
               "__global__ void k(int* p) { p[TID] = blockDim.y; }",
               args=HERMETIC_ARGS + ["-DCUDA2TILE_PLAIN_BUILTIN_VARS"])
    assert bad_diagnostics(tu) == []
    refs = {(r.spelling, list(r.get_children())[0].spelling): r
            for r in main_file_cursors(tu, CursorKind.MEMBER_REF_EXPR)}
    assert set(refs) == {("x", "threadIdx"), ("y", "blockDim")}
    x = refs[("x", "threadIdx")]
    assert x.type.spelling == "const unsigned int"
    assert x.referenced.kind == CursorKind.FIELD_DECL
    assert x.referenced.semantic_parent.spelling == "uint3"
    assert refs[("y", "blockDim")].referenced.semantic_parent.spelling == "dim3"


LAUNCH_SRC = r"""
__global__ void k(float* x, int n) {}
template <typename T, int K>
__global__ void tk(T* x, int n) {
  T v = x[threadIdx.x] * K;
  x[threadIdx.x] = v + (T)n;
}
void host(float* d, int n) {
  dim3 g(4), b(128);
  cudaStream_t s = 0;
  k<<<g, b, 64, s>>>(d, n);
  k<<<1, 256>>>(d, n);
  tk<float, 4><<<g, b>>>(d, n);
}
"""


def _launches(tu):
    host = function(tu, "host")
    return [c for c in walk(host)
            if c.kind == CursorKind.CALL_EXPR and c.spelling in ("k", "tk")]


def _strip_implicit(c):
    while c.kind == CursorKind.UNEXPOSED_EXPR and len(list(c.get_children())) == 1:
        c = list(c.get_children())[0]
    return c


def test_kernel_launch_is_call_expr_with_config_child():
    tu = parse(LAUNCH_SRC)
    assert bad_diagnostics(tu) == []
    launches = _launches(tu)
    assert [c.spelling for c in launches] == ["k", "k", "tk"]
    # libclang 18 has no CUDA_KERNEL_CALL_EXPR kind: CUDAKernelCallExpr is a
    # plain CALL_EXPR ...
    assert not hasattr(CursorKind, "CUDA_KERNEL_CALL_EXPR")
    first = launches[0]
    children = list(first.get_children())
    # ... whose children are [callee, <config call>, arg0, arg1, ...]
    assert len(children) == 2 + 2
    callee, config, *args = children
    assert _strip_implicit(callee).kind == CursorKind.DECL_REF_EXPR
    assert _strip_implicit(callee).referenced.spelling == "k"
    assert config.kind == CursorKind.CALL_EXPR
    assert config.spelling == "cudaConfigureCall"
    assert config.referenced.spelling == "cudaConfigureCall"
    # get_arguments() gives only the kernel arguments
    assert [a.spelling for a in first.get_arguments()] == ["d", "n"]
    assert [_strip_implicit(a).spelling for a in args] == ["d", "n"]
    assert "<<<" in [t.spelling for t in first.get_tokens()]
    # config call children: [callee, grid, block, shmem, stream]
    cfg = list(config.get_children())
    assert len(cfg) == 5
    grid, block, smem, stream = cfg[1:]
    assert grid.kind == CursorKind.CALL_EXPR and grid.spelling == "dim3"  # copy-ctor
    assert _strip_implicit(list(grid.get_children())[0]).spelling == "g"
    assert _strip_implicit(list(block.get_children())[0]).spelling == "b"
    assert evaluate(_strip_implicit(smem)) == 64
    assert _strip_implicit(stream).spelling == "s"


def test_kernel_launch_int_config_and_default_args():
    tu = parse(LAUNCH_SRC)
    second = _launches(tu)[1]
    config = list(second.get_children())[1]
    _, grid, block, smem, stream = list(config.get_children())
    # 1 -> dim3: UNEXPOSED_EXPR(dim3) > CALL_EXPR dim3(unsigned,unsigned,unsigned)
    ctor = _strip_implicit(grid)
    assert ctor.kind == CursorKind.CALL_EXPR and ctor.spelling == "dim3"
    ctor_args = list(ctor.get_children())
    assert len(ctor_args) == 3
    assert evaluate(_strip_implicit(ctor_args[0])) == 1
    # the defaulted y/z and the defaulted smem/stream are childless
    # UNEXPOSED_EXPRs (CXXDefaultArgExpr)
    assert list(ctor_args[1].get_children()) == []
    assert smem.kind == CursorKind.UNEXPOSED_EXPR and list(smem.get_children()) == []
    assert stream.kind == CursorKind.UNEXPOSED_EXPR and list(stream.get_children()) == []
    assert evaluate(_strip_implicit(list(_strip_implicit(block).get_children())[0])) == 256


def test_cuda_attributes_shape():
    src = r"""
    #define NT 128
    __constant__ float cc[4];
    __managed__ int mv;
    template <int BS> __global__ void __launch_bounds__(BS) tk(float* p) {}
    __global__ void __launch_bounds__(256, 2) k(float* __restrict__ p) {
      __shared__ float s[4];
      extern __shared__ float dyn[];
      p[0] = s[0] + dyn[0];
    }
    __global__ void __launch_bounds__(NT) k2(float* p) {}
    void h(float* p) { tk<64><<<1, 64>>>(p); }
    """
    tu = parse(src)
    assert bad_diagnostics(tu) == []
    top = {c.spelling: c for c in tu.cursor.get_children()
           if c.location.file is not None and c.location.file.name == tu.spelling}

    def attrs(c):
        return [(a.kind, a.spelling) for a in c.get_children() if a.kind.is_attribute()]

    assert attrs(top["cc"]) == [(CursorKind.CUDACONSTANT_ATTR, "")]
    assert attrs(top["mv"]) == [(CursorKind.CUDADEVICE_ATTR, ""),
                                (CursorKind.ANNOTATE_ATTR, "__managed__")]

    def launch_bounds(fn):
        ann = [a for a in fn.get_children()
               if a.kind == CursorKind.ANNOTATE_ATTR and a.spelling == "__launch_bounds__"]
        assert len(ann) == 1
        return [evaluate(x) for x in ann[0].get_children()]

    assert launch_bounds(top["k"]) == [256, 2]
    assert launch_bounds(top["k2"]) == [128]
    call = next(main_file_cursors(tu, CursorKind.CALL_EXPR, "tk"))
    spec = _strip_implicit(list(call.get_children())[0]).referenced
    assert launch_bounds(spec) == [64]
    k = top["k"]
    p = next(c for c in k.get_children() if c.kind == CursorKind.PARM_DECL)
    assert p.type.is_restrict_qualified()
    shared = {v.spelling: v for v in walk(k) if v.kind == CursorKind.VAR_DECL}
    assert attrs(shared["s"]) == [(CursorKind.CUDASHARED_ATTR, "")]
    assert shared["s"].storage_class == ci.StorageClass.STATIC
    assert shared["dyn"].storage_class == ci.StorageClass.EXTERN
    assert shared["dyn"].type.kind == ci.TypeKind.INCOMPLETEARRAY


def test_kernel_launch_explicit_dim3_config():
    tu = parse("__global__ void k(float* p) {}\n"
               "void host(float* p) { k<<<dim3(32, 4), dim3(64)>>>(p); }")
    assert bad_diagnostics(tu) == []
    launch = _launches(tu)[0]
    _, grid, block, smem, stream = list(list(launch.get_children())[1].get_children())
    # dim3(32, 4): CXXTemporaryObjectExpr = CALL_EXPR 'dim3' [TYPE_REF, a, b, default]
    assert grid.kind == CursorKind.CALL_EXPR and grid.spelling == "dim3"
    g = [c for c in grid.get_children() if c.kind != CursorKind.TYPE_REF]
    assert [evaluate(_strip_implicit(c)) for c in g if list(c.get_children())] == [32, 4]
    # dim3(64): CXX_FUNCTIONAL_CAST_EXPR [TYPE_REF, CALL_EXPR 'dim3' [64, default, default]]
    assert block.kind == CursorKind.CXX_FUNCTIONAL_CAST_EXPR
    ctor = [c for c in block.get_children() if c.kind != CursorKind.TYPE_REF][0]
    assert ctor.kind == CursorKind.CALL_EXPR and ctor.spelling == "dim3"
    assert [evaluate(_strip_implicit(c)) for c in ctor.get_children()
            if list(c.get_children())] == [64]


def test_template_launch_reaches_instantiated_body():
    tu = parse(LAUNCH_SRC)
    third = _launches(tu)[2]
    callee = _strip_implicit(list(third.get_children())[0])
    assert callee.kind == CursorKind.DECL_REF_EXPR
    spec = callee.referenced
    assert spec.kind == CursorKind.FUNCTION_DECL  # the specialization
    assert spec.type.spelling == "void (float *, int)"
    assert spec.get_num_template_arguments() == 2
    assert spec.get_template_argument_kind(0) == TemplateArgumentKind.TYPE
    assert spec.get_template_argument_type(0).spelling == "float"
    assert spec.get_template_argument_kind(1) == TemplateArgumentKind.INTEGRAL
    assert spec.get_template_argument_value(1) == 4
    assert any(c.kind == CursorKind.CUDAGLOBAL_ATTR for c in spec.get_children())
    body = [c for c in spec.get_children() if c.kind == CursorKind.COMPOUND_STMT]
    assert len(body) == 1
    # concrete types everywhere in the instantiated body
    var_v = [c for c in walk(body[0]) if c.kind == CursorKind.VAR_DECL][0]
    assert var_v.spelling == "v" and var_v.type.spelling == "float"
    casts = [c for c in walk(body[0]) if c.kind == CursorKind.CSTYLE_CAST_EXPR]
    assert [c.type.spelling for c in casts] == ["float"]
    # K is a substituted non-type parameter: DECL_REF_EXPR with empty
    # spelling whose value is obtained with clang_Cursor_Evaluate
    subst = [c for c in walk(body[0])
             if c.kind == CursorKind.DECL_REF_EXPR and c.spelling == ""]
    assert subst and evaluate(subst[0]) == 4
    assert [t.spelling for t in subst[0].get_tokens()] == ["K"]


BINOP_TABLE = {
    "*": 3, "/": 4, "%": 5, "+": 6, "-": 7, "<<": 8, ">>": 9,
    "<": 11, ">": 12, "<=": 13, ">=": 14, "==": 15, "!=": 16,
    "&": 17, "^": 18, "|": 19, "&&": 20, "||": 21, "=": 22,
    "*=": 23, "/=": 24, "%=": 25, "+=": 26, "-=": 27, "<<=": 28, ">>=": 29,
    "&=": 30, "^=": 31, "|=": 32, ",": 33,
}
UNOP_TABLE = {"x++": 1, "x--": 2, "++x": 3, "--x": 4, "&x": 5, "*x": 6,
              "+x": 7, "-x": 8, "~x": 9, "!x": 10}


def test_binary_operator_kind_numbers():
    body = []
    for op in BINOP_TABLE:
        if op == ",":
            body.append("(void)(a , b);")
        elif op.endswith("=") and op not in ("==", "!=", "<=", ">="):
            body.append(f"r {op} b;")
        else:
            body.append(f"(void)(a {op} b);")
    tu = parse("__device__ void f(int a, int b, int r) {\n" + "\n".join(body) + "\n}")
    assert [d for d in bad_diagnostics(tu) if "comma" not in d] == []
    seen = {}
    for c in main_file_cursors(tu):
        if c.kind in (CursorKind.BINARY_OPERATOR,
                      CursorKind.COMPOUND_ASSIGNMENT_OPERATOR):
            lhs, rhs = list(c.get_children())
            # operator token = the token between the operands
            op_tok = [t.spelling for t in c.get_tokens()
                      if t.extent.start.offset >= lhs.extent.end.offset
                      and t.extent.end.offset <= rhs.extent.start.offset][0]
            seen[op_tok] = _lib.clang_getCursorBinaryOperatorKind(c)
    assert seen == BINOP_TABLE


def test_unary_operator_kind_numbers():
    tu = parse("__device__ void f(int x, int* p) { int r; x++; x--; ++x; --x; p = &x;"
               " r = *p; r = +x; r = -x; r = ~x; r = !x; }")
    assert bad_diagnostics(tu) == []
    got = {}
    for c in main_file_cursors(tu, CursorKind.UNARY_OPERATOR):
        text = "".join(t.spelling for t in c.get_tokens()).replace("p", "x")
        got[text] = _lib.clang_getCursorUnaryOperatorKind(c)
    assert got == UNOP_TABLE


def test_overloaded_half_operators_are_call_exprs():
    tu = parse("#include <cuda_fp16.h>\n"
               "__device__ __half f(__half x, __half y) { __half z = x * y; z += x; return -z; }")
    assert bad_diagnostics(tu) == []
    calls = {c.spelling: c for c in main_file_cursors(tu, CursorKind.CALL_EXPR)}
    assert set(calls) == {"operator*", "operator+=", "operator-"}
    mul = calls["operator*"]
    assert _lib.clang_getCursorBinaryOperatorKind(mul) == 0  # not a BinaryOperator
    assert mul.referenced.kind == CursorKind.FUNCTION_DECL
    assert mul.referenced.type.spelling == "__half (const __half &, const __half &)"
    # children in source order: [lhs, callee, rhs]; get_arguments: [lhs, rhs]
    kids = list(mul.get_children())
    assert [_strip_implicit(k).spelling for k in kids] == ["x", "operator*", "y"]
    assert [_strip_implicit(a).spelling for a in mul.get_arguments()] == ["x", "y"]
    neg = calls["operator-"]
    assert [_strip_implicit(a).spelling for a in neg.get_arguments()] == ["z"]


CAST_SRC = r"""
#include <cuda_fp16.h>
struct S { int a; float b; };
__device__ float casts(int i, float f, const float* p, float4 v, __half h) {
  float a = i;
  int c = (int)f;
  float e = static_cast<float>(i);
  const float4* q = reinterpret_cast<const float4*>(p);
  unsigned long z = sizeof(float4);
  float t = i > 0 ? f : 1.0f;
  S s = (S){1, 2.0f};
  float vx = v.x + q->y;
  float hf = h;
  return a + c + e + z + t + s.b + vx + hf;
}
"""


def _var_init(tu, name):
    var = next(main_file_cursors(tu, CursorKind.VAR_DECL, name))
    return [c for c in var.get_children() if c.kind != CursorKind.TYPE_REF][-1]


def test_implicit_and_explicit_casts_shape():
    tu = parse(CAST_SRC)
    assert bad_diagnostics(tu) == []
    # implicit int -> float: UNEXPOSED_EXPR(float) > UNEXPOSED_EXPR(int) > DECL_REF_EXPR
    a = _var_init(tu, "a")
    assert (a.kind, a.type.spelling) == (CursorKind.UNEXPOSED_EXPR, "float")
    inner = list(a.get_children())[0]
    assert (inner.kind, inner.type.spelling) == (CursorKind.UNEXPOSED_EXPR, "int")
    assert list(inner.get_children())[0].kind == CursorKind.DECL_REF_EXPR
    # C-style cast: CSTYLE_CAST_EXPR(int) > UNEXPOSED_EXPR(int, the conversion)
    #               > UNEXPOSED_EXPR(float, lvalue-to-rvalue) > DECL_REF_EXPR
    c = _var_init(tu, "c")
    assert (c.kind, c.type.spelling) == (CursorKind.CSTYLE_CAST_EXPR, "int")
    chain = [c]
    while list(chain[-1].get_children()):
        chain.append([k for k in chain[-1].get_children()
                      if k.kind != CursorKind.TYPE_REF][0])
    assert [(k.kind.name, k.type.spelling) for k in chain] == [
        ("CSTYLE_CAST_EXPR", "int"), ("UNEXPOSED_EXPR", "int"),
        ("UNEXPOSED_EXPR", "float"), ("DECL_REF_EXPR", "float")]
    assert _var_init(tu, "e").kind == CursorKind.CXX_STATIC_CAST_EXPR
    q = _var_init(tu, "q")
    assert q.kind == CursorKind.CXX_REINTERPRET_CAST_EXPR
    assert q.type.spelling == "const float4 *"
    z = _strip_implicit(_var_init(tu, "z"))
    assert z.kind == CursorKind.CXX_UNARY_EXPR
    assert [t.spelling for t in z.get_tokens()][0] == "sizeof"
    assert evaluate(z) == 16
    t = _var_init(tu, "t")
    assert t.kind == CursorKind.CONDITIONAL_OPERATOR
    assert len(list(t.get_children())) == 3
    s = _var_init(tu, "s")
    assert s.kind == CursorKind.COMPOUND_LITERAL_EXPR
    assert [k.kind for k in s.get_children()] == [CursorKind.TYPE_REF,
                                                  CursorKind.INIT_LIST_EXPR]
    vx = _var_init(tu, "vx")
    members = [k for k in walk(vx) if k.kind == CursorKind.MEMBER_REF_EXPR]
    assert [(m.spelling, m.referenced.kind, m.referenced.semantic_parent.spelling)
            for m in members] == [("x", CursorKind.FIELD_DECL, "float4"),
                                  ("y", CursorKind.FIELD_DECL, "float4")]
    # __half -> float uses the conversion operator
    hf = _var_init(tu, "hf")
    conv = _strip_implicit(hf)
    assert conv.kind == CursorKind.CALL_EXPR
    assert conv.referenced.kind == CursorKind.CONVERSION_FUNCTION
    assert conv.spelling == "operator float"


LIT_SRC = r"""
#define MY_TILE 16
__device__ void lits() {
  float a = 1.0f; double b = 1e-3; int c = 0x1F; unsigned d = 10u;
  unsigned long long e = 1ULL; int f = 017; int g = 0b101; int h = 1'000'000;
  float j = 2.f; char m = 'a'; bool n = true; float o = FLT_MAX; int p = INT_MAX;
  int r = MY_TILE; unsigned long long w = 18446744073709551615ULL;
}
"""


def test_literal_values_via_tokens_and_evaluate():
    tu = parse(LIT_SRC)
    assert bad_diagnostics(tu) == []
    expect = {
        "a": ("1.0f", 1.0), "b": ("1e-3", 1e-3), "c": ("0x1F", 31), "d": ("10u", 10),
        "e": ("1ULL", 1), "f": ("017", 15), "g": ("0b101", 5), "h": ("1'000'000", 1000000),
        "j": ("2.f", 2.0), "m": ("'a'", 97), "n": ("true", 1),
        "w": ("18446744073709551615ULL", 18446744073709551615),
    }
    for name, (tok, value) in expect.items():
        lit = _strip_implicit(_var_init(tu, name))
        assert [t.spelling for t in lit.get_tokens()] == [tok], name
        assert evaluate(lit) == value, name
    # Literals that come from macros: tokens are useless (empty for a macro
    # defined in another file, the macro name or worse for one defined in the
    # same file), clang_Cursor_Evaluate still gives the value.
    o = _strip_implicit(_var_init(tu, "o"))
    assert o.kind == CursorKind.FLOATING_LITERAL
    assert [t.spelling for t in o.get_tokens()] == []
    assert evaluate(o) == pytest.approx(3.4028234663852886e38)
    assert evaluate(_strip_implicit(_var_init(tu, "p"))) == 2147483647
    r = _strip_implicit(_var_init(tu, "r"))
    assert evaluate(r) == 16
    assert [t.spelling for t in r.get_tokens()] != ["16"]


def test_parse_time_small_file(capsys):
    src = SNIPPETS["vector_add_host_main"]
    parse(src, name="warmup.cu")
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        tu = parse(src, name="timed.cu")
        times.append(time.perf_counter() - t0)
        assert bad_diagnostics(tu) == []
    best = min(times)
    with capsys.disabled():
        print(f"\n[prelude] parse time of a small .cu file: best {best * 1000:.1f} ms, "
              f"median {sorted(times)[2] * 1000:.1f} ms")
    assert best < 2.0
