// Found by differential testing (docs/difftest.md, finding 10; seed 7, program 15, reduced from 876 to
// 25 nodes): TVM bounds unsigned `+`, `*` and `<<` as if they never wrapped, and folds comparisons with
// those bounds. `0u >= (2u << (h & 31u))` became false (C: true where h & 31 = 31), and so did
// `0u >= big * 2u`, `big + big`, `big << 1` with big = 2^31, and `j = h + 1u; j >= 1u` became true for
// h = 4294967295. A sum, product or left shift that may wrap and whose lower bound TVM may take above 0
// is now masked with the all-ones value of its width (TVM bounds `x & m` by [0, m]); C's `-k` too. Kept
// as C writes it where it cannot wrap, where TVM's lower bound is 0 (`bx * cols + tx`), under a mask,
// in an index or a stored value. The same for `unsigned long long` (found after the fix: `j = h + 1ull;
// j >= 1ull` was still folded to true at h = 2^64 - 1), masked with 2^64 - 1.
// EXPECT: wrapping_bounds pass
// EXPECT: negated_at_zero pass
// EXPECT: wrapping_bounds_64 pass
// EXPECT: negated_at_zero_64 pass
__global__ void wrapping_bounds(const unsigned* keys, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned h = ~keys[i];                    // keys are 0, 1, 2...: h = 4294967295 first
  unsigned big = 0x80000000u >> (h & 1u);
  unsigned flags = 0u;
  if (0u >= ((unsigned)2 << (h & 31u))) flags |= 1u;
  if (0u >= big * 2u) flags |= 2u;
  if (0u >= big + big) flags |= 4u;
  if (0u >= (big << 1)) flags |= 8u;
  unsigned j = h + 1u;                      // 0 for the largest key
  if (j >= 1u) flags |= 16u;
  unsigned low = (h + 3u) & 7u;             // under a mask: kept as C writes it
  out[i] = flags | (low << 8);
}

__device__ unsigned negate(unsigned k) { return -k; }

__global__ void negated_at_zero(const unsigned* keys, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned k = keys[i] & 3u;                // 0 for a quarter of the keys
  unsigned m = -k;
  unsigned flags = 0u;
  if (m >= 1u) flags |= 1u;                 // C: false where k = 0
  if (negate(k) > 0u) flags |= 2u;
  out[i] = flags;
}

// the same at 64 bits: keys are 0, 1, 2...: h = 2^64 - 1 first
__global__ void wrapping_bounds_64(const unsigned long long* keys, unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long h = ~keys[i];
  unsigned long long big = 0x8000000000000000ull >> (h & 1ull);
  unsigned long long flags = 0ull;
  if (0ull >= (2ull << (h & 63ull))) flags |= 1ull;
  if (0ull >= big * 2ull) flags |= 2ull;
  if (0ull >= big + big) flags |= 4ull;
  if (0ull >= (big << 1)) flags |= 8ull;
  unsigned long long j = h + 1ull;          // 0 for the largest key
  if (j >= 1ull) flags |= 16ull;
  out[i] = flags;
}

__global__ void negated_at_zero_64(const unsigned long long* keys, unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long k = keys[i] & 3ull;    // 0 for a quarter of the keys
  unsigned long long m = -k;
  unsigned long long flags = 0ull;
  if (m >= 1ull) flags |= 1ull;             // C: false where k = 0
  out[i] = flags;
}
