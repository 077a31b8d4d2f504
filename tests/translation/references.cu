// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// Reference parameters of __device__ functions that the function only reads are passed as the values
// they refer to (cuda2tile/lift/references_as_values.py). A function that writes its caller's
// variables (a written reference, a pointer to one variable) is lifted into its caller, the parameter
// bound to the caller's variable or buffer element; what cannot be written back is refused.

__device__ float tap(const float*& row, const float& w, int k) { return row[k] * w; }
__device__ float twice(float& s) { return s * 2.0f; }

__global__ void reads(const float* x, float* y) {
  int i = threadIdx.x;
  const float* row = x + i;
  float w = 0.5f;
  y[i] = tap(row, w, 1) + twice(w);
}
// CHECK-LABEL: def reads(
// CHECK:      def tap(row, row_off, w, k):
// CHECK-NEXT:     """`__device__ tap` (references.cu:{{[0-9]+}})."""
// CHECK:          return row[row_off + T.cast(k, "int64")] * w
// CHECK:      def twice(s):
// CHECK:      y[i] = tap(x, i, w, 1) + twice(w)

__device__ void accumulate(float& acc, int& hits, float v) { if (v > 0.0f) { acc += v; hits++; } }
__device__ void keep_max(float* best, float v) { if (v > *best) *best = v; }
__global__ void writes(const float* x, float* y, int* c) {
  int i = threadIdx.x;
  float s = 0.0f;
  int h = 0;
  accumulate(s, h, x[i]);
  keep_max(&s, x[i + 1]);
  accumulate(y[i], c[2 * i], s);
}
// CHECK-LABEL: def writes(
// CHECK:      s = T.alloc_var("float32")
// CHECK:      h = T.alloc_var("int32")
// CHECK:      # references.cu:{{[0-9]+}}: __device__ void accumulate(
// CHECK:      if v > T.float32(0.0):
// CHECK-NEXT:     s = s + v
// CHECK-NEXT:     h = h + 1
// CHECK:      if v_1 > s:
// CHECK-NEXT:     s = v_1
// CHECK:      hits_at = 2 * i
// CHECK:      if v_2 > T.float32(0.0):
// CHECK-NEXT:     y[i] = y[i] + v_2
// CHECK-NEXT:     c[hits_at] = c[hits_at] + 1

__device__ void two_cells(float* p) { p[1] = p[0]; }
__global__ void steps_past(float* y) {
  float s = y[0];
  two_cells(&s);
  y[1] = s;
}
// DIAG: references.cu:[[# @LINE - 6]]:{{[0-9]+}}: warning: C2T1210: kernel 'steps_past' is not converted: 'p' points to one variable of the caller: only `*p` and `p[0]` are lifted

__device__ float bump(float& acc) { acc += 1.0f; return acc; }
__global__ void in_expression(float* y) {
  float s = y[0];
  y[1] = 2.0f * bump(s);
}
// The call is lifted before its statement, `s` bound to the caller's variable:
// CHECK-LABEL: def in_expression(
// CHECK:      s = s + T.float32(1.0)
// CHECK:      bump_result = s
// CHECK:      y[1] = T.float32(2.0) * bump_result

__global__ void to_a_temporary(float* y) {
  float s = y[0];
  accumulate(s, (int&)*y, 1.0f);
  y[1] = s;
}
// DIAG: references.cu:[[# @LINE - 3]]:{{[0-9]+}}: warning: C2T1207: kernel 'to_a_temporary' is not converted: reference parameter 'hits' ('int &') is written, and its argument is not a variable or buffer element
