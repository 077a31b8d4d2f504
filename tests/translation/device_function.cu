// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// __device__ functions become @T.macro; one with several returns gets a result variable; a helper
// that modifies its parameter works on a copy; pointer parameters travel as buffer + offset.

__device__ float square(float v) { return v * v; }

__device__ float sign_or_zero(float v) {
  if (v > 0.0f) return 1.0f;
  if (v < 0.0f) return -1.0f;
  return 0.0f;
}

__device__ int halvings(int v) {
  int count = 0;
  while (v > 1) { v /= 2; count++; }
  return count;
}

__device__ float first_of(const float* p) { return p[0] + square(p[1]); }

__global__ void helpers(int n, const float* x, float* y, int* z) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = square(x[i]) + sign_or_zero(x[i]) + first_of(x + i);
    z[i] = halvings(i + threadIdx.x);
  }
}
// CHECK:      @T.macro
// CHECK-NEXT: def square(v):
// CHECK:          return v * v
// CHECK:      @T.macro
// CHECK-NEXT: def sign_or_zero(v):
// CHECK:          result = T.alloc_var("float32")
// (the first test goes behind c2t_keep_bool: its else branch compares the same float and 0, which TVM
// would simplify assuming `v <= 0`, wrong for a NaN: passes/block_float_folds.py, `_negation_met`)
// CHECK:          if T.call_extern("bool", "c2t_keep_bool", v > T.float32(0.0)):
// CHECK-NEXT:         result = T.float32(1.0)
// CHECK-NEXT:     else:
// CHECK:              if v < T.float32(0.0):
// CHECK-NEXT:             result = T.float32(-1.0)
// CHECK-NEXT:         else:
// CHECK:                  result = T.float32(0.0)
// CHECK-NEXT:     return result
// CHECK:      def first_of(p, p_off):
// CHECK:          return p[p_off] + square(p[p_off + T.int64(1)])
// CHECK:      def halvings(v):
// CHECK:          v_local = T.alloc_var("int32")
// CHECK:          v_local = v
// CHECK:          while v_local > 1:
// CHECK-NEXT:         v_local = T.truncdiv(v_local, 2)
// CHECK-NEXT:         count = count + 1
// CHECK:          return count
// CHECK:      y[i] = square(x[i]) + sign_or_zero(x[i]) + first_of(x, i)
// CHECK:      z[i] = halvings(i + tx)
