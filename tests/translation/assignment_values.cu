// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// An assignment used as a value moves into a statement of its own, before the one that held it, and
// the value is a read of its target (cuda2tile/lift/hoist_assignments.py). Where C would not run it
// unconditionally, the kernel is refused instead. `x++` as a value is the old `x`, kept in a variable.

__global__ void chains(const int* count, const int* next, int* a, int* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int m, v = i, steps = 0;
  if (i >= n) return;
  a[i] = b[i] = 0;
  if ((m = count[i]) > 2) a[i] = m;
  int k = (m += 3) * 2;
  if (i > 0 && (v = next[i]) > 1) b[i] = v;
  while ((v = next[v % n]) != 0 && ++steps < 8) {}
  b[i] += k + steps;
}
// CHECK-LABEL: def chains(
// CHECK:      b[i] = 0
// CHECK:      a[i] = b[i]
// CHECK:      m = count[i]
// CHECK:      if m > 2:
// CHECK:      m = m + 3
// CHECK:      k = m * 2
// CHECK:      if i > 0:
// CHECK-NEXT:     v = next_[i]
// CHECK-NEXT:     if v > 1:
// CHECK-NEXT:         b[i] = v
// CHECK:      forever = 1
// CHECK-NEXT: while forever != 0:
// CHECK-NEXT:     v = next_[T.truncmod(v, n)]
// CHECK-NEXT:     if not (v != 0):
// CHECK-NEXT:         break
// CHECK-NEXT:     steps = steps + 1
// CHECK-NEXT:     if not (steps < 8):
// CHECK-NEXT:         break

__global__ void conditional_with_else(const int* next, int* out, int n) {
  int i = threadIdx.x, v = 0;
  if (i > 0 && (v = next[i]) > 1) out[i] = v; else out[i] = -1;
}
// DIAG: assignment_values.cu:[[# @LINE - 2]]:{{[0-9]+}}: warning: C2T1202: kernel 'conditional_with_else' is not converted: assignment used as a value

__global__ void postfix_in_a_condition(int* out, int n) {
  int j = threadIdx.x;
  if (j > 2 && j++ < n) out[j] = 1;
  else out[0] = 2;
}
// DIAG: assignment_values.cu:[[# @LINE - 3]]:{{[0-9]+}}: warning: C2T1202: kernel 'postfix_in_a_condition' is not converted: assignment used as a value

__global__ void compact(const float* x, float* kept, int* counts, int n) {
  int i = threadIdx.x;
  float local[4];
  int k = 0;
  for (int j = 0; j < 4; ++j)
    if (x[i * 4 + j] > 0.0f) local[k++] = x[i * 4 + j];
  int first = k--;
  counts[i] = first * 10 + k;
  kept[i] = local[0];
}
// CHECK-LABEL: def compact(
// CHECK:      if x[i * 4 + j] > T.float32(0.0):
// CHECK-NEXT:     k_before = k
// CHECK-NEXT:     k = k + 1
// CHECK-NEXT:     local[k_before] = x[i * 4 + j]
// CHECK:      k_before_1 = k
// CHECK-NEXT: k = k - 1
// CHECK-NEXT: first = k_before_1

__global__ void comma_value(const float* x, float* y, int n) {
  int i = threadIdx.x, j;
  y[i] = (j = i + 1, x[j % n]);
}
// CHECK-LABEL: def comma_value(
// CHECK:      j = i + 1
// CHECK:      y[i] = x[T.truncmod(j, n)]
