// Found by differential testing (docs/difftest.md, finding 17; seed 11, program 7): TVM refuses to fold
// `T.uint32(0) - T.uint32(k)` for k > 0 ("Minuend's value is 0U ... which will cause a negative uint"),
// and TileLang substitutes constants for values C computes at run time: threadIdx.y in a block of
// (64, 1, 1) is 0, `(unsigned)((n & 0) + 1)` is 1, a `#pragma unroll` loop's counter is each constant in
// turn. Such a subtraction converted and then did not build. Looking closer: TVM bounds unsigned `a - b`
// as if it never wrapped, [lo(a) - hi(b), hi(a) - lo(b)], and folds comparisons with it, silently:
// `d = x[i] - one; d < 4294967295u` was true where x[i] = 0; `row - one >= 1u` false. Such a subtraction
// is printed in two's complement, `a + (~b + 1)`, masked with the all-ones value (`(x & m)` is bounded by
// [0, m]), unless it cannot be refused and its bounds decide nothing (an index, a stored value), or it
// cannot wrap, or TVM's bounds of it are the whole type (`x[i] - (unsigned)n`).
// EXPECT: thread_row_minus_one pass
// EXPECT: unrolled_counter pass
// EXPECT: thread_row_minus_one_64 pass
// EXPECT: bounds_of_differences pass
__global__ void thread_row_minus_one(unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned row = threadIdx.y;               // 0: the block is (64, 1, 1)
  unsigned one = (unsigned)((n & 0) + 1);   // 1, which TVM folds
  unsigned below = row - one;               // 4294967295 in C
  unsigned flags = below >= 1u ? 1u : 0u;   // the masked form keeps TVM's bounds of it right
  if (row - one == 4294967295u) flags |= 2u;
  out[i] = below + (unsigned)i + (flags << 4);
}

__global__ void unrolled_counter(const unsigned* keys, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned lane = threadIdx.y;              // 0
  unsigned acc = keys[i];
#pragma unroll
  for (unsigned k = 1; k < 4; ++k) {
    acc ^= (lane - k) >> k;                 // (0u - 1u) >> 1, (0u - 2u) >> 2, (0u - 3u) >> 3
  }
  out[i] = acc - keys[i] + (lane - (unsigned)(n > 0));  // a load on one side: kept as C writes it
}

// 64 bits: the same printing; this one passed before too (TVM bounds no 64-bit value narrower than its type)
__global__ void thread_row_minus_one_64(unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long row = threadIdx.z;     // 0
  unsigned long long two = (unsigned long long)((n & 0) + 2);
  unsigned long long d = row - two;         // 2^64 - 2
  out[i] = d / 3ull + (unsigned long long)i + (d > 5ull ? 1ull : 0ull);
}

__global__ void bounds_of_differences(const unsigned* x, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned one = (unsigned)((n & 0) + 1);
  unsigned d = x[i] - one;                  // 4294967295 where x[i] = 0
  unsigned flags = 0u;
  if (d < 4294967295u) flags |= 1u;
  if (d >= 4294967295u) flags |= 2u;
  unsigned e = x[i] - (unsigned)n;          // TVM's bounds of it are the whole type: kept as C writes it
  if (e < 4294967295u) flags |= 4u;
  unsigned blocks = gridDim.x - blockIdx.x; // never wraps, which is not proven here: masked, same value
  if (blocks >= 1u) flags |= 8u;
  out[i] = flags;
}
