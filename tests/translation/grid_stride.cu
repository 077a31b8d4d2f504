// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Canonical loops become T.serial; a runtime stride (grid-stride loop) becomes a while loop over a cursor.

__global__ void scale_all(int n, float s, float* x) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    x[i] *= s;
  }
}

__global__ void row_sums(int rows, int cols, const float* m, float* out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float acc = 0.0f;
  for (int c = 0; c < cols; ++c) acc += m[r * cols + c];
  for (int c = 1; c <= 7; c += 2) acc += 0.5f;
  out[r] = acc;
}
// CHECK-LABEL: def scale_all(
// CHECK:       i_next = T.alloc_var("int32")
// CHECK-NEXT:  # grid_stride.cu:5: for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
// CHECK-NEXT:  i_next = bx * block_x + tx
// CHECK-NEXT:  while i_next < n:
// CHECK-NEXT:      i = i_next
// CHECK-NEXT:      i_next = i_next + block_x * grid_x
// CHECK-NEXT:      # grid_stride.cu:6: x[i] *= s;
// CHECK-NEXT:      x[i] = x[i] * s
// CHECK-LABEL: def row_sums(
// CHECK:       acc = T.alloc_var("float32")
// CHECK:       for c in T.serial(cols):
// CHECK-NEXT:      acc = acc + m[r * cols + c]
// CHECK:       for c_1 in T.serial(1, 8, 2):
// CHECK-NEXT:      acc = acc + T.float32(0.5)
