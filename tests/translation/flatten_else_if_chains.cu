// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// TileLang nests two Python blocks per `if` and CPython allows 20, so a long else-if chain (or a switch,
// lifted as one) becomes one choice and a flat run of `if`s (passes/flatten_else_if_chains.py); short
// chains stay as C writes them.
__global__ void ladder(int n, const float* x, int* b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  int k;
  if (v < -1.0f) k = 0;
  else if (v < 0.0f) k = 1;
  else if (v < 1.0f) k = 2;
  else k = 3;
  if (v > 5.0f) k += 10;
  else if (v > 4.0f) k += 20;
  b[i] = k;
}
// CHECK-LABEL: def ladder(
// CHECK:       branch = T.alloc_var("int32")
// CHECK:       branch = T.if_then_else(v < T.float32(-1.0), 0, T.if_then_else(v < T.float32(0.0), 1, T.if_then_else(v < T.float32(1.0), 2, 3)))
// CHECK-NEXT:  if branch == 0:
// CHECK:       if branch == 1:
// CHECK:       if branch == 2:
// CHECK:       if branch == 3:
// CHECK:       if v > T.float32(5.0):
// CHECK:       else:
// CHECK-NEXT:      # flatten_else_if_chains.cu:{{[0-9]+}}: else if (v > 4.0f) k += 20;
// CHECK-NEXT:      if v > T.float32(4.0):
