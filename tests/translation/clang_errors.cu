// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// What clang could not parse never becomes converted code (issue 15, items 1, 3, 8): 40 host errors
// in a header lose nothing after them; a kernel using a broken typedef is refused with clang's
// message; a header's error is reported at the header's own line and spares the kernel spanning the
// same line number here.
#include "Inputs/forty_host_errors.h"
#include "Inputs/header_error.h"

template <typename T> __device__ T block_sum(T* sh, T v) {
  sh[threadIdx.x] = v;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) sh[threadIdx.x] += sh[threadIdx.x + s];
    __syncthreads();
  }
  return sh[0];
}

__global__ void row_norm(const float* x, float* out, int n) {
  __shared__ float sh[128];
  float v = x[blockIdx.x * n + threadIdx.x];
  float total = block_sum(sh, v);
  if (threadIdx.x == 0) out[blockIdx.x] = sqrtf(total);
}

typedef __nv_bfloat16 floatX;
__global__ void copy_bf(const floatX* a, floatX* out) { out[threadIdx.x] = a[threadIdx.x]; }

// CHECK: # copy_bf (clang_errors.cu:28): not converted, C2T1101: kernel 'copy_bf' is not converted: clang error at clang_errors.cu:27:9: unknown type name '__nv_bfloat16'
// CHECK: def row_norm(*, block=None, target="cuda"):
// CHECK:                 # clang_errors.cu:23: float total = block_sum(sh, v);
// CHECK:                 sh[tx] = v_1
// CHECK:                 sh[tx] = sh[tx] + sh[
// CHECK:             total = block_sum_result
// CHECK-NOT: def copy_bf

// DIAG: Inputs/forty_host_errors.h:2:{{[0-9]+}}: error: C2T1101: unknown type name 'Unknown0'
// DIAG: Inputs/forty_host_errors.h:2:{{[0-9]+}}: error: C2T1101: unknown type name 'Unknown39'
// DIAG: Inputs/header_error.h:4:1: error: C2T1101: use of undeclared identifier 'boost'
// DIAG-NEXT: boost::container::flat_map<int, float> host_table(int n);
// DIAG: clang_errors.cu:27:9: error: C2T1101: unknown type name '__nv_bfloat16'
// DIAG: clang_errors.cu:28:17: error: C2T1101: kernel 'copy_bf' is not converted: clang error at clang_errors.cu:27:9: unknown type name '__nv_bfloat16'
