// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// `__constant__` and `__device__` variables are not lifted yet (each would need a buffer parameter and its
// initial value): a kernel reading or writing one is refused with C2T1204 naming the variable, whether it
// is indexed, read or has its address taken, not with the generic C2T1210 of an unknown pointer. A
// file-scope `const` folds to its value.
__constant__ float coeffs[4] = {0.5f, 0.25f, 0.125f, 2.0f};
__constant__ int taps;
__device__ int counter;
const float kScale = 3.0f;

__global__ void filter(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  y[i] = coeffs[i & 3] * x[i];
}
// DIAG: global_variables.cu:[[# @LINE - 2]]:10: warning: C2T1204: kernel 'filter' is not converted: unsupported expression: global variable 'coeffs'

__global__ void scaled(const float* x, float* y) { y[threadIdx.x] = x[threadIdx.x] * taps; }
// DIAG: global_variables.cu:[[# @LINE - 1]]:{{[0-9]+}}: warning: C2T1204: kernel 'scaled' is not converted: unsupported expression: global variable 'taps'

__global__ void count(int* out) { atomicAdd(&counter, 1); }
// DIAG: global_variables.cu:[[# @LINE - 1]]:46: warning: C2T1204: kernel 'count' is not converted: unsupported expression: global variable 'counter'

__global__ void folded(float* y) { y[threadIdx.x] = kScale; }
// CHECK-LABEL: def folded(
// CHECK: y[tx] = T.float32(3.0)
