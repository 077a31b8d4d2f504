// Float algebra TVM's simplifier folds as if floats were real numbers (difftest finding 14): each kernel
// computes, from finite inputs, a value C rounds or a NaN/infinity/signed zero C keeps, and stores what
// a fold would change. Fixed by cuda2tile/passes/block_float_folds.py.
//
// EXPECT: compensated_sums pass
// EXPECT: nan_tests pass
// EXPECT: zero_operands pass
// EXPECT: helper_arguments pass
// EXPECT: double_compensation pass
// EXPECT: constant_bit_casts pass

// The rounding error of a sum (TwoSum/Kahan): `(t - big) - y` with t = big + y. Folded, 0.
__global__ void compensated_sums(const float* x, const float* y, float* err, float* kahan, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float big = x[i] * 1.0e8f;
  float t = big + y[i];
  err[i] = (t - big) - y[i];
  float sum = 0.0f, c = 0.0f;
  for (int k = 0; k < 8; ++k) {
    float v = (k == 0 ? big : y[(i + k) % n]) - c;
    float s = sum + v;
    c = (s - sum) - v;
    sum = s;
  }
  kahan[i] = c;
  kahan[n + i] = (y[i] + 1.0f) - 1.0f;   // (x + c) - c: rounded in C
  kahan[2 * n + i] = 1.0f - (y[i] + 1.0f);
}

// A NaN made from finite inputs (sqrtf of a negative), then the tests real code writes for it.
__global__ void nan_tests(const float* x, int* flags, float* vals, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float q = sqrtf(x[i] - 0.5f);          // NaN for x < 0.5
  float r = q;
  int f = 0;
  if (q != q) f |= 1;                    // the NaN test: folded to false
  if (q == r) f |= 2;                    // folded to true
  if (!(q < 0.75f)) f |= 4;              // folded to 0.75 <= q
  if (!(q > 0.25f && q < 0.9f)) f |= 8;  // pushed into its comparisons, then flipped
  if (q <= 0.5f || 0.5f < q) f |= 16;    // folded to true
  if (q < 0.5f || 0.5f < q) f |= 32;     // folded to q != 0.5
  flags[i] = f;
  vals[i] = q - r;                       // x - x: NaN, folded to 0
}

// Zero operands: infinity times zero is NaN, 0 / 0 is NaN, -0.0 + 0.0 is +0.0.
__global__ void zero_operands(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float huge = (x[i] + 1.0f) * 1.0e30f * 1.0e30f;   // +infinity
  float zero = 0.0f;
  float whole = floorf(x[i]);                       // 0 for x in [0, 1)
  float negzero = whole * -1.0f;                    // -0.0
  out[i] = huge * zero;                             // NaN; folded to 0
  out[n + i] = 0.0f / whole;                        // NaN; folded to 0
  out[2 * n + i] = 1.0f / (negzero + 0.0f);         // +infinity; folded to 1 / -0.0 = -infinity
  out[3 * n + i] = 1.0f / (negzero - -0.0f);        // -0.0 - -0.0 = +0.0: +infinity; folded to -infinity
}

__device__ float difference(float a, float b) { return a - b; }
__device__ float shifted(float a, float b) { return (a + 1.0f) - b; }
__device__ float scaled(float a, float s) { return a * s; }
__device__ bool same(float a, float b) { return a == b; }

// The folds meet once TileLang substitutes the arguments of an inlined helper.
__global__ void helper_arguments(const float* x, float* out, int* flags, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float huge = (x[i] + 1.0f) * 1.0e30f * 1.0e30f;
  float q = sqrtf(x[i] - 0.5f);
  out[i] = difference(huge, huge);         // NaN; folded to 0
  out[n + i] = shifted(x[i], 1.0f);        // rounded; folded to x
  out[2 * n + i] = scaled(huge, 0.0f);     // NaN; folded to 0
  out[3 * n + i] = difference(x[i] + huge, huge);
  flags[i] = same(q, q) ? 1 : 0;           // 0 for a NaN; folded to 1
}

// double: the same compensation.
__global__ void double_compensation(const double* x, const double* y, double* err, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double big = x[i] * 1.0e17;
  double t = big + y[i];
  err[i] = (t - big) - y[i];
}

// A bit cast of a let TileLang substitutes with its constant (difftest finding 15): the code generator
// printed `*(uint32_t *)(&(1.500000e+00f))`, which does not compile.
__global__ void constant_bit_casts(const float* x, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float z = 1.5f;
  float negzero = -0.0f;
  int k = -2;
  out[i] = __float_as_uint(z) + __float_as_uint(x[i]);
  out[n + i] = __float_as_uint(negzero) ^ (unsigned)i;
  out[2 * n + i] = __float_as_uint(__int_as_float(k)) + (unsigned)i;
}
