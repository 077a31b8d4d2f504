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
// sincosf/sincos store the sine and the cosine of one argument, read once, through their pointers:
// into locals (`&s`) or into buffers
__global__ void rotate(const float* angle, float* xy, double* d, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float s, c;
  sincosf(angle[i] * 0.5f, &s, &c);
  float x = xy[2 * i], y = xy[2 * i + 1];
  xy[2 * i] = c * x - s * y;
  xy[2 * i + 1] = s * x + c * y;
  sincos((double)angle[i], &d[2 * i], d + 2 * i + 1);
}
// CHECK-LABEL: def rotate(
// CHECK: sincos_arg = angle[i] * T.float32(0.5)
// CHECK-NEXT: s = T.sin(sincos_arg)
// CHECK-NEXT: c = T.cos(sincos_arg)
// CHECK: sincos_arg_1 = T.cast(angle[i], "float64")
// CHECK-NEXT: d[2 * i] = T.sin(sincos_arg_1)
// CHECK-NEXT: d[2 * i + 1] = T.cos(sincos_arg_1)
