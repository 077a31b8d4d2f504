// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// C's `-65535u` is 4294901761: a folded negation is wrapped to its type, so the int64-widened comparison
// TileLang needs for unsigned lets compares with C's value (docs/difftest.md, finding 12); `h + -16u`
// wraps, and is masked to its width (finding 10).
__global__ void above(const unsigned* keys, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned h = keys[i] ^ (unsigned)i;
  out[i] = (h >= (-65535u)) ? h + -16u : h;
}
// CHECK-LABEL: def above(
// CHECK:       T.if_then_else(T.cast(h, "int64") >= T.int64(4294901761), (h + T.uint32(4294967280)) & T.uint32(4294967295), h)
