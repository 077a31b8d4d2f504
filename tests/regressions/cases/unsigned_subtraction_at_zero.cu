// Found in the build sweep over SHOC (level1/sort, a radix sort's offset kernel): `uint localId =
// threadIdx.x` and `sRadix1[localId - 1]` under `localId > 0 &&` converted, then did not build on the C
// back end: TileLang substitutes the first thread's 0 for localId while lowering and TVM refuses to fold
// `T.uint32(0) - T.uint32(1)` ("Minuend's value is 0U ... which will cause a negative uint"). C's
// unsigned subtraction wraps; it is now computed in int64 and masked to the width, which folds to C's
// value. Also when the minuend is a __device__ function's parameter given 0, or a loop counter at 0.
// EXPECT: neighbour_boundaries pass
// EXPECT: wrapped_differences pass
#define RADIX_BITS 4

__global__ void neighbour_boundaries(const unsigned* keys, unsigned* starts, unsigned shift) {
  __shared__ unsigned digits[128];
  __shared__ unsigned first[16];
  unsigned localId = threadIdx.x;
  unsigned groupSize = blockDim.x;
  digits[localId] = (keys[blockIdx.x * groupSize + localId] >> shift) & 0xFu;
  if (localId < 16) first[localId] = 0xFFFFFFFFu;
  __syncthreads();
  // `localId - 1` is only read where localId > 0; its subtraction is still folded at localId = 0
  // (SHOC's keys are sorted, so one thread writes each digit; ours are not: the smallest index wins)
  if ((localId > 0) && (digits[localId] != digits[localId - 1])) {
    atomicMin(&first[digits[localId]], localId);
  }
  __syncthreads();
  if (localId < 16) starts[blockIdx.x * 16 + localId] = first[localId] - 1u;
}

__device__ unsigned below(unsigned a, unsigned step) { return a - 1u - step; }

__global__ void wrapped_differences(const unsigned* xu, unsigned* out, int n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= (unsigned)n) return;
  unsigned acc = below(0u, 2u) ^ below(xu[i], 0u) ^ (i - 3u);  // 0 - 1 - 2 wraps to 4294967293
  for (unsigned k = 0; k < 4u; ++k) {
    acc = acc * 16777619u ^ (k - 1u);  // wraps at k = 0
  }
  out[i] = acc;
}
