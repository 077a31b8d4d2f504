// (unsigned) of a signed value that may be negative, other than a load or a variable (difftest finding 19
// and the same shape found by hand):
//  - TVM bounds T.cast(v, "uint32") by v's signed range cut to [0, 2^31 - 1], so a test of the sign bit
//    of the unsigned value folded to false: converted, with wrong answers;
//  - a let whose value TVM folds to a negative constant (`int v3 = (-5) % 4;`, or a __device__ function
//    whose argument `v & 0` folds to 0) made `T.cast(-1, "uint32")`, which TVM refuses to build.
// Fixed in emit/printer.py (the low bits plus the sign bit's weight; constant expressions through int64).
//
// EXPECT: sign_bits pass
// EXPECT: constant_values pass

__global__ void sign_bits(const int* x, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int d = x[i] - 50;
  out[i] = ((unsigned)(x[i] - 50)) >= 2147483648u ? 1 : 0;   // folded to 0
  out[n + i] = (int)((unsigned)d >> 31);                       // the sign bit
  out[2 * n + i] = (int)(((unsigned)(d * 3)) / 2147483648u);
  out[3 * n + i] = (unsigned)(d - 7) < (unsigned)(x[(i + 1) % n] + 100) ? 1 : 2;
  unsigned u = (unsigned)d;
  out[4 * n + i] = u >= 2147483648u ? 1 : 0;                  // folded to 0
}

__device__ int high_part(int v, int k) { return (v >> 4) + k; }

__global__ void constant_values(const int* x, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned h = 2166136261u ^ (unsigned)i;
  int r = (-5) % ((3 & 7) + 1);                    // -1
  h = (h ^ (unsigned)r) * 16777619u;
  int c = high_part(x[i] & 0, (-31) ^ 100);        // -123, once TVM folds x[i] & 0
  h = (h ^ (unsigned)c) * 16777619u;
  out[i] = h;
}
