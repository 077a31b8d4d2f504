// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// while, do/while, break/continue, the ternary operator and a for loop that is not canonical.

__global__ void flow(int n, const int* x, int* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = x[i];
  int steps = 0;
  while (v != 1 && steps < 100) {
    v = (v % 2 == 0) ? v / 2 : 3 * v + 1;
    steps++;
  }
  int k = 0;
  do { k += 2; } while (k < v);
  for (int j = 10; j > 0; j -= 3) {
    if (j == 4) continue;
    if (j < 2) break;
    steps += j;
  }
  y[i] = steps + k;
}
// CHECK:      while v != 1 and steps < 100:
// CHECK-NEXT:     # control_flow.cu:10: v = (v % 2 == 0) ? v / 2 : 3 * v + 1;
// CHECK-NEXT:     v = T.if_then_else(T.truncmod(v, 2) == 0, T.truncdiv(v, 2), 3 * v + 1)
// CHECK-NEXT:     # control_flow.cu:11: steps++;
// CHECK-NEXT:     steps = steps + 1
// CHECK:      # control_flow.cu:14: do { k += 2; } while (k < v);
// CHECK-NEXT: again = True
// CHECK-NEXT: while again:
// CHECK-NEXT:     k = k + 2
// CHECK-NEXT:     again = k < v
// CHECK:      j_next = 10
// CHECK-NEXT: while j_next > 0:
// CHECK-NEXT:     j = j_next
// CHECK-NEXT:     j_next = j_next - 3
// CHECK-NEXT:     # control_flow.cu:16: if (j == 4) continue;
// CHECK-NEXT:     if j == 4:
// CHECK-NEXT:         continue
// CHECK-NEXT:     # control_flow.cu:17: if (j < 2) break;
// CHECK-NEXT:     if j < 2:
// CHECK-NEXT:         break
