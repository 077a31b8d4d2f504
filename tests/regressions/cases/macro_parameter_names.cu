// Found by differential testing (tests/difftest, docs/difftest.md, finding 7): TileLang names a Var
// passed to a macro after the macro's parameter, so kernel parameters passed straight to `__device__`
// helpers took the helpers' parameter names: `hgt` and `alpha` both became `b`, and the C back end's
// host function was declared `call(..., int32_t b, float b, ...)` (g++: conflicting declaration). A
// kernel parameter is now passed to a macro as a value (`T.Cast("int32", hgt)`), not the Var itself.
// EXPECT: parameters_through_helpers pass
__device__ unsigned shift_by(unsigned a, int b) { return a << (((unsigned)b) & 31u); }
__device__ float clamp_diff(float a, float& b) { return fmaxf(fminf(b - a, 8.0f), -8.0f); }
__device__ int twice(int b) { return 2 * b; }

__global__ void parameters_through_helpers(int n, int hgt, float alpha, int k, unsigned key, float* out,
                                           unsigned* bits) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = clamp_diff((float)i, alpha) + (float)twice(hgt) + (float)twice(k);
  bits[i] = shift_by(key, hgt) ^ shift_by((unsigned)i, k);
}
