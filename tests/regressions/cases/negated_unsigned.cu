// Found by differential testing (tests/difftest, docs/difftest.md, finding 2): C negates unsigned values
// modulo 2^bits (`-1u` is 4294967295, `-k` is 2^32 - k), and the conversion printed `T.uint32(-1)` and
// `-T.reinterpret(key, "uint32")`, which TileLang refuses to build ("cannot make uint from negative
// value -1"). Constants are now wrapped and a negated unsigned value is `T.uint32(0) - k`.
// EXPECT: negated_unsigned pass
__global__ void negated_unsigned(unsigned key, const unsigned* xu, unsigned* out, unsigned long long* wide, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned all_ones = (-1u);
  unsigned minus_key = -key;
  unsigned minus_x = -xu[i];
  unsigned long long minus_wide = -(unsigned long long)xu[i];
  out[i] = all_ones ^ minus_key ^ (minus_x + (unsigned)i);
  wide[i] = minus_wide + (unsigned long long)key;
}
