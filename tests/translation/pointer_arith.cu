// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Local pointers are (buffer, offset) pairs: `row[j]` is `A[row_off + j]`; a moving pointer keeps its offset in a variable.

__global__ void row_scale(int n, const float* A, float* B, float s) {
  int r = blockIdx.x;
  const float* row = A + r * n;
  float* dst = &B[r * n];
  for (int j = threadIdx.x; j < n; j += 32) dst[j] = row[j] * s;
}

__global__ void walk(int n, const float* in, float* out) {
  const float* p = in + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) {
    acc += *p;
    p += 4;
  }
  out[threadIdx.x] = acc;
}
// CHECK-LABEL: def row_scale(
// CHECK:       # pointer_arith.cu:6: const float* row = A + r * n;
// CHECK-NEXT:  row_off = r * n
// CHECK-NEXT:  # pointer_arith.cu:7: float* dst = &B[r * n];
// CHECK-NEXT:  dst_off = r * n
// CHECK:       for j in T.serial(tx, n, 32):
// CHECK-NEXT:      B[dst_off + j] = A[row_off + j] * s
// CHECK-LABEL: def walk(
// CHECK:       p_off = T.alloc_var("int64")
// CHECK:       p_off = T.cast(tx, "int64")
// CHECK:       for k in T.serial(n):
// CHECK-NEXT:      # pointer_arith.cu:15: acc += *p;
// CHECK-NEXT:      acc = acc + in_[p_off]
// CHECK-NEXT:      # pointer_arith.cu:16: p += 4;
// CHECK-NEXT:      p_off = p_off + T.int64(4)
