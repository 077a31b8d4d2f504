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
