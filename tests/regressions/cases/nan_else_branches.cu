// Found writing finding 14's fix (docs/difftest.md; left open in block_float_folds' first version, found
// silent 2026-12-07): TVM simplifies an else branch assuming its condition false, and takes `!(a < b)`
// as `b <= a`. With a NaN, `a < b` and `a >= b` are both false in C; converted, the else branch of
// `a < b` took `a >= b` as true (256 of this kernel's 512 elements wrong): in `?:` chains, `else if`
// chains, and nested ifs. A condition comparing the same two floats as a comparison in its else branch now goes
// behind c2t_keep_bool (cuda2tile/passes/block_float_folds.py, `_negation_met`).
// EXPECT: nan_else_branches pass
__global__ void nan_else_branches(const float* x, const float* y, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a = (i % 4 == 2) ? sqrtf(-1.0f - x[i] * x[i]) : x[i];   // NaN, from finite inputs
  float b = (i % 4 == 3) ? sqrtf(-2.0f - y[i] * y[i]) : y[i];
  float r = (a < b) ? 1.0f : ((a >= b) ? 2.0f : 3.0f);
  float s;
  if (a < b) s = 1.0f;
  else if (a >= b) s = 2.0f;
  else s = 3.0f;
  float q = 0.0f;
  if (a > b || a == b) q = 4.0f;
  else { if (b > a) q = 5.0f; else q = 6.0f; }
  float w = 0.0f;
  if (a <= b) w = 1.0f;
  else w = (b < a) ? 2.0f : 7.0f;              // integers would fold here, correctly
  out[4 * i] = r;
  out[4 * i + 1] = s;
  out[4 * i + 2] = q;
  out[4 * i + 3] = w;
}
