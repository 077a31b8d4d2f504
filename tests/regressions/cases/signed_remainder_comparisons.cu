// Found by differential testing (tests/difftest, docs/difftest.md, finding 9; seed 1, index 4, reduced by
// tests/difftest/reduce.py to `if (0 <= xi[i] % 64) h = h * 16777619u;`): a silent miscompile. TileLang's
// Simplify folded a comparison of C's remainder `T.truncmod(x, c)` with a constant below 1 to true, as
// if the remainder could not be negative (`-3 < T.truncmod(x, 7)`, `0 <= T.truncmod(x, 64)`), so the
// branch ran for negative x too (167 of 357 elements wrong). The remainder of a value that may be
// negative by a constant is now printed through Python's floor remainder (cuda2tile/emit/printer.py).
// EXPECT: remainder_branches pass
// EXPECT: positive_modulo pass
__global__ void remainder_branches(int n, const int* x, int* flags, long long* wide) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = x[i];
  int f = 0;
  if (0 <= v % 64) f |= 1;
  if (v % 7 > -3) f |= 2;
  if (-(v % 7) < 3) f |= 4;
  if ((v % 7) + 3 > 0) f |= 8;
  if (v % -5 >= 0) f |= 16;
  int r = v % 9;
  if (r >= 0) f |= 32;
  while (r > -4 && r < 100) r += 50;  // a loop condition, not only a branch
  flags[i] = f * 1000 + r;
  long long w = (long long)v * 3000000011LL;
  wide[i] = (w % 1000003LL > -500000LL) ? w % 1000003LL : -(w % 1000003LL);
}

__global__ void positive_modulo(int n, int m, const int* x, int* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int r = x[i] % 16;
  if (r < 0) r += 16;          // the usual wrap of a remainder into [0, 16)
  int s = (x[i] - 3) % m;      // a divisor known only at run time keeps C's remainder as it is
  if (s < 0) s += m;
  y[i] = r * 100 + s;
}
