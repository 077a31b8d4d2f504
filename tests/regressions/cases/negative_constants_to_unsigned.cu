// Found by differential testing (tests/difftest, docs/difftest.md, finding 8): a negative integer
// converted to an unsigned type where TileLang traces it as a constant: a let of one (`int b = -31;
// (unsigned)b`, as `b = -31` binds the int itself) or a macro parameter given one (`as_u(x, -31)`).
// TVM folds the cast with `make_const`, which refuses it ("cannot make uint from negative value -31"),
// so the conversion did not build. The let's value is now folded by the printer (C's 4294967265) and a
// macro parameter is sign-extended to int64 and masked (`T.cast(b, "int64") & T.int64(4294967295)`).
// The same for an expression of constants, which TVM folds before the cast: `(unsigned)min(13, -31)`,
// directly or through a let (difftest seed 11, index 10); sign-extended to int64 and masked as well.
// EXPECT: neg_consts pass
// EXPECT: neg_const_expressions pass
__device__ unsigned as_u(unsigned a, int b) { return a ^ (unsigned)b; }
__global__ void neg_consts(const unsigned* xu, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int b = -31;
  unsigned u = (unsigned)b;
  out[i] = as_u(xu[i], -31) ^ u ^ as_u(u, b);
}

__global__ void neg_const_expressions(const unsigned* xu, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned a = (unsigned)min(13, (-31));
  int c = (-31) / ((-31 & 7) + 1);
  unsigned b = (unsigned)(c - 100);
  unsigned short s = (unsigned short)(2 * (-7));
  out[i] = xu[i] ^ a ^ (b << 3) ^ (unsigned)s;
}
