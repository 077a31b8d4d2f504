// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Casts and conversion intrinsics: C casts truncate, bit casts reinterpret, implicit conversions are explicit.
#include <cuda_fp16.h>

__global__ void conv(int n, const float* x, int* xi, float* back, unsigned* bits, __half* h) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  xi[i] = (int)x[i] + __float2int_rn(x[i]);
  back[i] = xi[i] / 2 + __int_as_float(__float_as_int(x[i]));
  bits[i] = __float_as_uint(x[i]);
  h[i] = __float2half(x[i] * 0.5f);
}
// CHECK:      xi[i] = T.cast(x[i], "int32") + T.cast(T.call_extern("float32", "rintf", x[i]), "int32")
// CHECK:      back[i] = T.cast(T.truncdiv(xi[i], 2), "float32") + T.reinterpret(T.reinterpret(x[i], "int32"), "float32")
// CHECK:      bits[i] = T.reinterpret(T.reinterpret(x[i], "uint32"), "int32")
// CHECK:      h[i] = T.cast(x[i] * T.float32(0.5), "float16")
