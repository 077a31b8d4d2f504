// Found by differential testing (tests/difftest, docs/difftest.md, finding 2): C negates unsigned values
// modulo 2^bits (`-1u` is 4294967295, `-k` is 2^32 - k), and the conversion printed `T.uint32(-1)` and
// `-T.reinterpret(key, "uint32")`, which TileLang refuses to build ("cannot make uint from negative
// value -1"). Constants are now wrapped and a negated unsigned value is `~k + T.uint32(1)` (`T.uint32(0) - k`
// is refused by TVM when k folds to a positive constant: `negated_constant_helper` below).
// EXPECT: negated_unsigned pass
// EXPECT: negated_constant_helper pass
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

__device__ unsigned negate(unsigned a) { return -a; }

__global__ void negated_constant_helper(const unsigned* xu, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = negate(5u) ^ negate(0u) ^ negate(xu[i]);  // negate(5u): a constant once the macro is traced
}
