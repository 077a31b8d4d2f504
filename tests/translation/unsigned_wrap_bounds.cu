// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// TVM bounds unsigned `+`, `*`, `<<` as if they never wrapped and folds comparisons with those bounds
// (docs/difftest.md, finding 10): where the value may wrap and TVM may take its lower bound above 0, it is
// masked with the all-ones value of its width, which TVM bounds by [0, 2^32 - 1]. Kept as C writes it
// where it cannot wrap, where TVM's lower bound is 0, under a mask, in an index and in a stored value.
__global__ void bounds(const unsigned* keys, unsigned* out, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned h = keys[i];
  unsigned j = h + 1u;
  unsigned flags = (j >= 1u) ? 1u : 0u;
  unsigned lane = (threadIdx.x + 5u) & 31u;
  unsigned row = blockIdx.x * 16u + threadIdx.x;
  unsigned bit = 1u << (h & 7u);
  y[row + 1u] = x[row * 2u + 1u];
  out[i] = flags + lane + bit + h * 3u;
}
// CHECK-LABEL: def bounds(
// CHECK:       j = (h + T.uint32(1)) & T.uint32(4294967295)
// CHECK:       lane = T.cast(tx, "uint32") + T.uint32(5) & T.uint32(31)
// CHECK:       row = T.cast(bx, "uint32") * T.uint32(16) + T.cast(tx, "uint32")
// CHECK:       bit = T.uint32(1) << (h & T.uint32(7))
// CHECK:       y[row + T.uint32(1)] = x[row * T.uint32(2) + T.uint32(1)]
// CHECK:       out[i] = T.reinterpret(flags + lane + bit + h * T.uint32(3), "int32")

// the same at 64 bits, with the mask 2^64 - 1
__global__ void bounds_64(const unsigned long long* keys, unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned long long h = keys[i];
  unsigned long long j = h + 1ull;
  unsigned long long m = -(h & 3ull);
  out[i] = ((j >= 1ull) ? 1ull : 0ull) + ((m >= 1ull) ? 2ull : 0ull) + h * 3ull;
}
// CHECK-LABEL: def bounds_64(
// CHECK:       j = (h + T.uint64(1)) & T.uint64(18446744073709551615)
// CHECK:       m = (~(h & T.uint64(3)) + T.uint64(1)) & T.uint64(18446744073709551615)
// CHECK:       out[i] = T.reinterpret({{.*}}h * T.uint64(3), "int64")
