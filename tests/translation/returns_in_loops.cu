// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// A `return` inside a loop becomes a flag, a `break` out of each enclosing loop and a `return` after
// the outermost one (cuda2tile/lift/returns_in_loops.py); a kernel's thread leaves from its loop.

__device__ int find_cell(const int* m, int rows, int cols, int key) {
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      if (m[r * cols + c] == key) return r * cols + c;
  return -1;
}

__global__ void lookup(const int* m, const int* q, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = find_cell(m, 4, 8, q[i]);
}
// CHECK-LABEL: def find_cell(m, m_off, rows, cols, key):
// CHECK:      returned = 0
// CHECK:      for r in T.serial(rows):
// CHECK:          for c in T.serial(cols):
// CHECK:              if m[m_off + T.cast(r * cols + c, "int64")] == key:
// CHECK:                  result = r * cols + c
// CHECK:                  returned = 1
// CHECK:                  break
// CHECK:          if returned != 0:
// CHECK:              break
// CHECK:      if returned != 0:
// CHECK:          result_1 = result
// CHECK:      else:
// CHECK:          result_1 = -1
// CHECK:      return result_1

__global__ void first_negative(const float* x, int* first, int cols) {
  int row = blockIdx.x;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) {
    if (x[row * cols + c] < 0.0f) { first[row * blockDim.x + threadIdx.x] = c; return; }
  }
  first[row * blockDim.x + threadIdx.x] = -1;
}
// CHECK-LABEL: def first_negative(
// CHECK:      returned = 0
// CHECK:      while c_next < cols:
// CHECK:          if x[row * cols + c] < T.float32(0.0):
// CHECK:              first[row * block_x + tx] = c
// CHECK:              returned = 1
// CHECK:              break
// CHECK:      if not (returned != 0):
// CHECK:          first[row * block_x + tx] = -1
