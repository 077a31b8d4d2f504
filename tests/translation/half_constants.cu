// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// A float constant converted to __half is the half C gives: 1e38 (pytorch_cluster's `scalar_t best = 1e38;`
// for scalar_t = c10::Half) is +inf in half, printed T.infinity; the module printed `T.float16(inf)`, a
// NameError when TileLang built it (found by building pytorch_cluster's converted kernels on C).
#include <cuda_fp16.h>
__global__ void nearest_start(__half* best, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half far = 1e38;
  __half big = 60000.0f;
  if (i < n) best[i] = i % 2 ? far : big;
}
// CHECK-LABEL: def nearest_start(
// CHECK:       far = T.infinity("float16")
// CHECK:       big = T.float16(6e+04)
