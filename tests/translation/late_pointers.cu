// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// A pointer declared without a value (`int i, *slot;`) and first used by a plain assignment of the
// same block is declared there: nothing can read it before (C would read an indeterminate value).
// One first aimed in a branch, or first read, is still refused.

__global__ void late_pointer(const int n, const float* x, float* y, int* where) {
  int i = blockIdx.x * blockDim.x + threadIdx.x, *slot;
  const float* row;
  if (i >= n) return;
  row = x + 2 * i;
  slot = where + i;
  *slot = i;
  y[i] = row[0] + row[1];
}
// CHECK-LABEL: def late_pointer(
// CHECK:              # late_pointers.cu:11: row = x + 2 * i;
// CHECK-NEXT:         row_off = T.cast(2 * i, "int64")
// CHECK-NEXT:         # late_pointers.cu:12: slot = where + i;
// CHECK-NEXT:         slot_off = T.cast(i, "int64")
// CHECK-NEXT:         # late_pointers.cu:13: *slot = i;
// CHECK-NEXT:         where[slot_off] = i
// CHECK-NEXT:         # late_pointers.cu:14: y[i] = row[0] + row[1];
// CHECK-NEXT:         y[i] = x[row_off] + x[row_off + T.int64(1)]

__global__ void aimed_in_a_branch(const int n, const float* x, float* y, bool flip) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float* row;
  if (flip) row = x + 2 * i; else row = x + 2 * i + 1;
  if (i < n) y[i] = row[0];
}
// DIAG: late_pointers.cu:28:16: warning: C2T1210: kernel 'aimed_in_a_branch' is not converted: pointer 'row' declared without a target (one whose first use is an assignment in the same block converts)
