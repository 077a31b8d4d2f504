// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// TileLang substitutes every let and every helper argument into its uses, so values each read several
// times grow exponentially inside its Simplify (a build that never ends); a value holding three choices
// or more, or large, read more than once is computed once into a variable
// (passes/materialize_repeated_values.py). Small values, one choice (`pick(x[i], 2)`), values read once
// and arguments C may skip stay where they are.
__device__ int pick(int a, int b) { return (a > b) ? a : a + b; }

__global__ void chained(const int* x, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int a = (x[i] > 3) ? ((x[i] > 9) ? x[i] * 3 : x[i]) : ((x[i] < -9) ? 0 : x[i] + 1);
  int b = a + 1;
  int c = pick(pick(pick(x[i], 2), 5), 7);
  int d = (b > 0) ? pick(pick(pick(x[i], 4), 6), 8) : 0;
  out[i] = a * a + b * b + c + d;
}
// CHECK-LABEL: def chained(
// CHECK:       a = T.alloc_var("int32")
// CHECK-NEXT:  pick_a = T.alloc_var("int32")
// CHECK-NOT:   b = T.alloc_var
// CHECK:       a = T.if_then_else(x[i] > 3, T.if_then_else(x[i] > 9, x[i] * 3, x[i]), T.if_then_else(x[i] < -9, 0, x[i] + 1))
// CHECK-NEXT:  # {{.*}}int b = a + 1;
// CHECK-NEXT:  b = a + 1
// CHECK:       # {{.*}}int c = pick(pick(pick(x[i], 2), 5), 7);
// CHECK-NEXT:  pick_a = pick(pick(x[i], 2), 5)
// CHECK-NEXT:  c = pick(pick_a, 7)
// CHECK:       d = T.if_then_else(b > 0, pick(pick(pick(x[i], 4), 6), 8), 0)
