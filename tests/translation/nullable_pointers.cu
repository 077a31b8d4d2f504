// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// A kernel's pointer parameter tested against NULL becomes a compile-time flag of the factory:
// `null=("weight",)` builds the kernel for a launch that passes NULL for `weight`. A __device__
// function that tests its pointer parameter is lifted into its caller, where the test reads the flag
// of the kernel's pointer it is given; a NULL test of a local array is refused.
#include <cstddef>

__global__ void scale(const float* x, const float* weight, float* y) {
  int i = threadIdx.x;
  float w = weight == NULL ? 1.0f : weight[i];
  if (!weight) w = 2.0f * w;
  y[i] = x[i] * w;
}
// CHECK-LABEL: def scale(*, block=None, target="cuda", null=()):
// CHECK:      `null` names the pointer parameters the launch passes as NULL (the kernel tests them:
// CHECK-NEXT: weight); pass any tensor for each, e.g. of one element: it is never read.
// CHECK:      weight_is_null = "weight" in null
// CHECK:      w = T.if_then_else(weight_is_null, T.float32(1.0), weight[i])
// CHECK:      if weight_is_null:

__device__ float pick(const float* p, int i) { return p != nullptr ? p[i] : 0.0f; }
__global__ void through_helper(const float* x, float* y) {
  y[threadIdx.x] = pick(x, threadIdx.x);
}
// CHECK-LABEL: def through_helper(*, block=None, target="cuda", null=()):
// CHECK:      pick_result = T.if_then_else(not x_is_null, x[i], T.float32(0.0))

__global__ void local_array(float* y) {
  float t[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  y[threadIdx.x] = pick(t, threadIdx.x % 4);
}
// CHECK:      'name': 'weight', {{.*}}'nullable': True}
// DIAG: nullable_pointers.cu:{{[0-9]+}}:{{[0-9]+}}: warning: C2T1202: kernel 'local_array' is not converted: NULL test of a pointer that is not one of the kernel's buffer parameters
