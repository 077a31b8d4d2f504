// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// Assertions and printf in device code have no counterpart on TileLang's C back end: they are left
// out with a note (C2T1217) at their line, the rest converts. One whose arguments have effects is
// refused, since leaving it out would lose them.
#include <cassert>
#include <cstdio>

// PyTorch's CUDA_KERNEL_ASSERT, as c10/macros/Macros.h writes it
#define KERNEL_ASSERT(cond) \
  if (__builtin_expect(static_cast<bool>(!(cond)), 0)) { __assert_fail(#cond, __FILE__, __LINE__, __func__); }

__device__ float checked_scale(float v, float s) {
  assert(s > 0.0f);
  return v * s;
}

__global__ void gather_checked(const float* src, const int* idx, float* dst, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int j = idx[i];
  assert(j >= 0 && j < m);
  KERNEL_ASSERT(j < m);
  if (j == m) printf("index %d out of range\n", j);
  dst[i] = checked_scale(src[j], 2.0f);
}
// CHECK-LABEL: def gather_checked(
// CHECK:      j = idx[i]
// CHECK-NOT:  : assert(
// CHECK-NOT:  KERNEL_ASSERT
// CHECK-NOT:  printf
// CHECK-NOT:  if
// CHECK:      dst[i] = checked_scale(src[j], T.float32(2.0))
// DIAG: device_assert.cu:14:3: note: C2T1217: assertion in 'gather_checked' is not carried over
// DIAG: device_assert.cu:22:3: note: C2T1217: assertion in 'gather_checked' is not carried over
// DIAG: device_assert.cu:23:3: note: C2T1217: assertion in 'gather_checked' is not carried over
// DIAG: device_assert.cu:24:15: note: C2T1217: printf in 'gather_checked' is not carried over

__global__ void assert_with_effect(int* counter, int n) {
  assert(atomicAdd(counter, 1) < n);
}
// The condition's effect is kept and the comparison refused, as for any discarded value with effects
// DIAG: device_assert.cu:[[# @LINE - 3]]:3: warning: C2T1202: kernel 'assert_with_effect' is not converted: expression statement whose discarded value has side effects

__global__ void printf_with_effect(int* counter) {
  printf("%d\n", atomicAdd(counter, 1));
}
// DIAG: device_assert.cu:[[# @LINE - 2]]:3: warning: C2T1202: kernel 'printf_with_effect' is not converted: a printf whose arguments have effects
