// Float classification as numerics code writes it: non-finite inputs replaced (`isfinite`), NaNs
// counted (`isnan`), infinities clamped (`isinf`), signs read from the sign bit (`signbit`, so -0.0
// counts as negative), in float and double. The inputs mix NaN, +-Inf, -0.0 and ordinary values.
//   sanitize       y = isfinite(x) ? x : fallback; nan_mask / inf_sign flags per element
//   sign_split     negatives (by sign bit) and non-negatives summed apart, per thread's chunk, in double
#include <cmath>

__global__ void sanitize(const float* x, float* y, int* nan_mask, int* inf_sign, float fallback, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  y[i] = isfinite(v) ? v : fallback;
  nan_mask[i] = isnan(v) ? 1 : 0;
  inf_sign[i] = isinf(v) ? (signbit(v) ? -1 : 1) : 0;
}

__global__ void sign_split(const double* x, double* neg, double* pos, int* neg_zero, int n, int chunk) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t * chunk >= n) return;
  double a = 0.0, b = 0.0;
  int z = 0;
  for (int k = t * chunk; k < n && k < (t + 1) * chunk; k++) {
    double v = x[k];
    if (std::isnan(v)) continue;
    if (std::signbit(v)) {
      if (v == 0.0) z++;
      a += std::isinf(v) ? -1.0 : v;
    } else {
      b += std::isinf(v) ? 1.0 : v;
    }
  }
  neg[t] = a;
  pos[t] = b;
  neg_zero[t] = z;
}

int main() {
  const int n = 24, chunk = 4;
  float *x, *y;
  double *dx, *neg, *pos;
  int *nan_mask, *inf_sign, *neg_zero;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMalloc(&nan_mask, n * sizeof(int));
  cudaMalloc(&inf_sign, n * sizeof(int));
  cudaMalloc(&dx, n * sizeof(double));
  cudaMalloc(&neg, (n / chunk) * sizeof(double));
  cudaMalloc(&pos, (n / chunk) * sizeof(double));
  cudaMalloc(&neg_zero, (n / chunk) * sizeof(int));
  sanitize<<<(n + 255) / 256, 256>>>(x, y, nan_mask, inf_sign, 0.0f, n);
  sign_split<<<1, n / chunk>>>(dx, neg, pos, neg_zero, n, chunk);
  cudaDeviceSynchronize();
  return 0;
}
