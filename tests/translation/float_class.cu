// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// isnan / isinf / isfinite / signbit are tests on the value's bits (the same on every back end, and
// out of reach of a compiler's fast-math folding of `x != x`): float through int32, double through
// int64, half widened to float first.
#include <cuda_fp16.h>
#include <cmath>

__global__ void classify(const float* x, const double* d, const __half* h, int* out) {
  int i = threadIdx.x;
  out[4 * i] = isnan(x[i]) + 2 * isinf(d[i]);
  out[4 * i + 1] = isfinite(__half2float(h[i]));
  out[4 * i + 2] = std::signbit(d[i]);
  out[4 * i + 3] = isfinite(x[i]) ? 1 : 0;
}
// CHECK-LABEL: def classify(
// CHECK:      T.reinterpret(x[i], "int32") & 2147483647 > 2139095040
// CHECK-SAME: T.reinterpret(d[i], "int64") & T.int64(9223372036854775807) == T.int64(9218868437227405312)
// CHECK:      T.reinterpret(T.cast(h[i], "float32"), "int32") & 2147483647 < 2139095040
// CHECK:      T.reinterpret(d[i], "int64") < T.int64(0)
