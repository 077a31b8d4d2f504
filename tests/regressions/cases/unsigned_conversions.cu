// Found by differential testing (tests/difftest, docs/difftest.md, finding 1): signed <-> unsigned
// conversions were printed as `T.cast(k, "uint32")`, and TVM bounds such a cast by k's own signed
// range: `(unsigned)x[i] >= 2147483648u` and the same test on an `unsigned` parameter above 2^31
// (passed through an int32 carrier) were folded to false. They are now the same bits, reinterpreted
// (`T.reinterpret(k, "uint32")`), which TVM does not bound.
// EXPECT: param_above_2_31 pass
// EXPECT: negative_as_unsigned pass
// EXPECT: sign_extended_wide pass
__global__ void param_above_2_31(int n, unsigned key, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned hc = key;
  float c = (hc >= 2147483648u) ? 0.0f : 1.0f;
  if (i >= n) return;
  out[i] = c + (float)(hc >> 28);
}

__global__ void negative_as_unsigned(const int* x, float* out) {
  int i = threadIdx.x;
  unsigned u = (unsigned)x[i];
  out[i] = (u >= 2147483648u) ? 0.0f : 1.0f;
}

__global__ void sign_extended_wide(const int* x, unsigned long long* wide) {
  int i = threadIdx.x;
  wide[i] = (unsigned long long)x[i];  // sign-extended, then the same bits
}
