// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// TileLang refuses a T.serial loop whose bounds name the T.Parallel variable around another T.serial
// loop ("Trying to update var ... with a different minimum value"), so such a loop counts with a cursor
// (passes/thread_dependent_loops.py); uniform bounds, or no inner loop, keep T.serial.
__global__ void strided_rows(int rows, int cols, const float* x, float* out) {
  float s = 0.0f;
  for (int r = threadIdx.x; r < rows; r += 32) {
    for (int c = 0; c < cols; ++c) s += x[r * cols + c];
  }
  for (int r = 0; r < rows; r += 32) {
    for (int c = 0; c < cols; ++c) s += x[r * cols + c];
  }
  for (int r = threadIdx.x; r < rows; r += 32) s += x[r * cols];
  out[threadIdx.x] = s;
}
// CHECK-LABEL: def strided_rows(
// CHECK:       r_cursor = T.alloc_var("int32")
// CHECK:       r_cursor = tx
// CHECK-NEXT:  while r_cursor < rows:
// CHECK-NEXT:      r = r_cursor
// CHECK-NEXT:      r_cursor = r_cursor + 32
// CHECK:           for c in T.serial(cols):
// CHECK:       for r_1 in T.serial(0, rows, 32):
// CHECK:           for c_1 in T.serial(cols):
// CHECK:       for r_2 in T.serial(tx, rows, 32):
