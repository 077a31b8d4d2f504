// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// The CUDA math library and intrinsics; spellings come from op_coverage (T.* where TileLang lowers
// them on every back end, the C library function of the same name otherwise).

__global__ void math(int n, const float* x, float* y, const double* dx, double* dy, int* iy) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  y[i] = expf(v) + __expf(v) + rsqrtf(fabsf(v) + 1.0f) + fmaxf(v, 0.0f) + __fdividef(v, 3.0f)
       + fmaf(v, v, 1.0f) + tanhf(v) + erff(v) + powf(fabsf(v), 1.5f) + floorf(v) + fminf(v, 1.0f);
  dy[i] = exp(dx[i]) + sqrt(fabs(dx[i])) + log1p(fabs(dx[i]));
  iy[i] = min(i, 7) + max(i, 3) + abs(i - 5) + i / 3 + i % 3;
}
// CHECK:      y[i] = T.exp(v) + T.exp(v) + T.rsqrt(T.call_extern("float32", "fabsf", v) + T.float32(1.0)) + T.call_extern("float32", "fmaxf", v, T.float32(0.0)) + v / T.float32(3.0) + T.call_extern("float32", "fmaf", v, v, T.float32(1.0)) + T.tanh(v) + T.erf(v) + T.pow(T.call_extern("float32", "fabsf", v), T.float32(1.5)) + T.floor(v) + T.call_extern("float32", "fminf", v, T.float32(1.0))
// CHECK:      dy[i] = T.exp(dx[i]) + T.sqrt(T.call_extern("float64", "fabs", dx[i])) + T.log1p(T.call_extern("float64", "fabs", dx[i]))
// CHECK:      iy[i] = T.min(i, 7) + T.max(i, 3) + T.abs(i - 5) + T.truncdiv(i, 3) + T.truncmod(i, 3)
