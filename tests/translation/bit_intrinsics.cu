// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Bit intrinsics call helpers compiled into the kernel (T.import_source): the CUDA intrinsic on GPUs,
// a GCC builtin on the C back end. INFINITY and NAN fold to constants.
#include <math.h>

__global__ void bits(int n, const unsigned* x, int* y, float* z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  y[i] = __popc(x[i]) + __clz((int)x[i]) + __ffs((int)x[i]) + (int)(__brev(x[i]) & 1u);
  z[i] = (x[i] == 0u) ? -INFINITY : (x[i] == 1u ? NAN : 0.0f);
}
// CHECK:      _C2T_HELPERS = r"""
// CHECK-NEXT: #if defined(__CUDACC__) || defined(__HIPCC__)
// CHECK:      __device__ __forceinline__ int c2t_popc(unsigned int x) { return __popc(x); }
// CHECK:      #else
// CHECK:      extern "C" int32_t c2t_popc(uint32_t x) { return __builtin_popcount(x); }
// CHECK:      T.import_source(_C2T_HELPERS)
// CHECK:      y[i] = T.call_extern("int32", "c2t_popc", T.reinterpret(x[i], "uint32")) + T.call_extern("int32", "c2t_clz", T.cast(T.reinterpret(x[i], "uint32"), "int32"))
// CHECK:      z[i] = T.if_then_else(T.reinterpret(x[i], "uint32") == T.uint32(0), -T.infinity("float32"), T.if_then_else(T.reinterpret(x[i], "uint32") == T.uint32(1), _float_const(float("nan"), "float32", target), T.float32(0.0)))
// The 64-bit forms keep their argument types (`long long`, `unsigned long long`): the helpers' C
// declarations match what TileLang declares for the call (a uint64 buffer is held as int64).
__global__ void bits64(const long long* k, int* y, unsigned long long* r) {
  y[threadIdx.x] = __clzll(k[threadIdx.x]) + __ffsll(k[threadIdx.x]);
  r[threadIdx.x] = __brevll((unsigned long long)k[threadIdx.x]);
}
// CHECK-LABEL: def bits64(
// CHECK: y[tx] = T.call_extern("int32", "c2t_clzll", k[tx]) + T.call_extern("int32", "c2t_ffsll", k[tx])
// CHECK: r[tx] = T.reinterpret(T.call_extern("uint64", "c2t_brevll", T.cast(k[tx], "uint64")), "int64")
