// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// A written reference to an element of a struct or vector type (`corners[k].set(x, y)`, `bump(pts[i])`
// of `Point&`) is the element's lanes copied into locals before the inlined body and stored back after
// it: exactly the reference when the function can reach that element by no other way. When another
// argument names the same array (`swap(a[i], a[j])`), or may write a variable of the index, it is refused.

struct P { float x, y; __device__ void set(float a, float b) { x = a; y = b; } };

__device__ void bump(P& p, float d) { p.x += d; p.y -= d; }
__device__ void swap_points(P& a, P& b) { P t = a; a = b; b = t; }

__global__ void local_elements(float* out) {
  P c[2];
  c[0].set(1.0f, 2.0f);
  c[1].set(3.0f, 4.0f);
  bump(c[threadIdx.x % 2], 0.5f);
  out[threadIdx.x] = c[0].x + c[1].y;
}
// CHECK-LABEL: def local_elements(
// The element's lanes are copied in, the body runs on them, and they are stored back:
// (a thread-dependent index into a local array: read by selection, written to the one slot it names)
// CHECK:      p_x = T.if_then_else(T.truncmod(tx, 2) * 2 == 0, c[0],
// CHECK-NEXT: p_y = T.if_then_else(T.truncmod(tx, 2) * 2 + 1 == 0, c[0],
// CHECK:      p_x = p_x + d
// CHECK-NEXT: p_y = p_y - d
// CHECK:      for c_slot in T.serial(4):
// CHECK-NEXT:     if c_slot == T.truncmod(tx, 2) * 2:
// CHECK-NEXT:         c[c_slot] = p_x
// CHECK-NEXT: for c_slot_1 in T.serial(4):
// CHECK-NEXT:     if c_slot_1 == T.truncmod(tx, 2) * 2 + 1:
// CHECK-NEXT:         c[c_slot_1] = p_y
// CHECK-NEXT: # element_references.cu:18: out[threadIdx.x] = c[0].x + c[1].y;

__global__ void buffer_elements(P* pts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) bump(pts[i], 1.0f);
}
// CHECK-LABEL: def buffer_elements(
// CHECK:      pts[i * 2] = p_x
// CHECK-NEXT: pts[i * 2 + 1] = p_y

__global__ void same_array_twice(P* pts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n) swap_points(pts[i], pts[i + 1]);
}
// DIAG: element_references.cu:[[# @LINE - 2]]:{{[0-9]+}}: warning: C2T1207: kernel 'same_array_twice' is not converted: reference parameter 'a' ('P &') is written, and its argument is not a variable or buffer element of the same type the lift can write back to
