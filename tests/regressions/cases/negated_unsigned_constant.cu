// Found by differential testing (docs/difftest.md, finding 12; seed 7, program 19, reduced from 990 to
// 33 nodes): `if (h >= (-65535u))` was true for every h. The lift folded C's `-65535u` to the constant
// -65535 of type uint32, and the printer's int64-widened comparison (TileLang cannot compare unsigned
// lets) read it as the signed -65535 instead of 4294901761. A folded negation is now wrapped to its
// type, and the IR verifier checks that every integer constant lies in its dtype's range.
// EXPECT: threshold_hashes pass
// EXPECT: wide_thresholds pass
__global__ void threshold_hashes(const unsigned* keys, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned h = keys[i] ^ (unsigned)i;
  unsigned flags = 0u;
  if (h >= (-65535u)) flags |= 1u;          // 4294901761: only the largest keys
  if (h < -0x80000000u) flags |= 2u;        // 2147483648
  if (-3u > h) flags |= 4u;                 // 4294967293: all but three values
  const unsigned limit = -1000u;            // through a constant local
  if (h <= limit) flags |= 8u;
  h = h + -16u;                             // wraps: h - 16
  out[i] = h * 2654435761u ^ flags;
}

__global__ void wide_thresholds(const unsigned long long* keys, unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long k = keys[i];
  unsigned long long bits = 0ull;
  if (k >= -4294967296ull) bits |= 1ull;    // 18446744069414584320
  if (k < -1ull) bits |= 2ull;
  unsigned short s = (unsigned short)k;
  if (s >= (unsigned short)-7) bits |= 4ull; // 65529 after the cast
  out[i] = (k ^ bits) + -2ull;
}
