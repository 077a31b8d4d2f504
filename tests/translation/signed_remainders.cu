// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// C's remainder of a value that may be negative, by a constant, goes through Python's floor remainder:
// TileLang's Simplify folded `0 <= T.truncmod(x, 64)` to true (docs/difftest.md, finding 9). A value known
// not to be negative, an equality with 0 and a divisor known only at run time keep T.truncmod.
__global__ void rem(int n, int m, const int* x, int* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int f = 0;
  if (0 <= x[i] % 64) f = 1;
  if (x[i] % 2 == 0) f += 2;
  y[i] = f + i % 8 + x[i] % m;
}
// CHECK-LABEL: def rem(
// CHECK:       if 0 <= T.if_then_else(x[i] < 0 and x[i] % 64 != 0, x[i] % 64 - 64, x[i] % 64):
// CHECK:       if T.truncmod(x[i], 2) == 0:
// CHECK:       y[i] = f + T.truncmod(i, 8) + T.truncmod(x[i], m)
