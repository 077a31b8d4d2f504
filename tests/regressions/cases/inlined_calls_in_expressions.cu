// Helpers that must be lifted into their caller (they exchange values across the warp, or write the
// caller's variables) called inside a larger expression, as softmax kernels write them:
// `v += WARP_SHFL_XOR(v, o, 32)` with the mask a defaulted parameter, `float t = 2.0f * warp_max(v)`,
// `if (warp_max(v) > 0)`. Each call is lifted before its statement (C evaluates it whatever happens);
// one right of `&&` is refused, as C may skip it.
// EXPECT: warp_softmax_row pass
// EXPECT: skipped_call refused C2T1216
template <typename T>
__device__ __forceinline__ T WARP_SHFL_XOR(T value, int laneMask, int width = warpSize,
                                           unsigned int mask = 0xffffffff) {
  return __shfl_xor_sync(mask, value, laneMask, width);
}

__device__ float warp_max(float v) {
  for (int o = 16; o > 0; o /= 2) v = fmaxf(v, WARP_SHFL_XOR(v, o, 32));
  return v;
}

// one warp per row of 32 values: y = exp(x - max) / sum
__global__ void warp_softmax_row(const float* x, float* y, float* row_max) {
  int i = blockIdx.x * 32 + threadIdx.x;
  float v = x[i];
  float top = 1.0f * warp_max(v);
  float e = expf(v - top);
  float s = e;
  for (int o = 16; o > 0; o /= 2) s += WARP_SHFL_XOR(s, o, 32);
  y[i] = e / s;
  if (warp_max(v) > 0.0f) row_max[blockIdx.x] = top;
}

__global__ void skipped_call(const float* x, float* y) {
  float v = x[threadIdx.x];
  if (v > 0.0f && warp_max(v) > 1.0f) y[threadIdx.x] = v;
}
