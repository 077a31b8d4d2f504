// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// A local array initialised from a braced list: one store per item, in order, and zeros for the rest
// as C++ value-initialises them (a loop for a run of more than 4); inner braces may be left out.

__global__ void weights(const float* x, float* y, int n) {
  int i = threadIdx.x;
  const float w[3] = {0.25f, 0.5f, 0.25f};
  int hist[8] = {0};
  float m[2][3] = {{1, 2}, {4}};
  int e[2][2] = {1, 2, 3};
  float first[6] = {x[0], 2};
  hist[i % 8] += 1;
  y[i] = w[0] * x[i] + w[2] + hist[1] + m[1][0] + e[1][0] + first[0] + first[5];
}
// CHECK-LABEL: def weights(
// CHECK:      w[0] = T.float32(0.25)
// CHECK:      w[1] = T.float32(0.5)
// CHECK:      w[2] = T.float32(0.25)
// CHECK:      hist[0] = 0
// CHECK:      for hist_k in T.serial(1, 8):
// CHECK:          hist[hist_k] = 0
// CHECK:      m[0] = T.float32(1.0)
// CHECK:      m[1] = T.float32(2.0)
// CHECK:      m[2] = T.float32(0.0)
// CHECK:      m[3] = T.float32(4.0)
// CHECK:      m[4] = T.float32(0.0)
// CHECK:      m[5] = T.float32(0.0)
// CHECK:      e[0] = 1
// CHECK:      e[1] = 2
// CHECK:      e[2] = 3
// CHECK:      e[3] = 0
// CHECK:      first[0] = x[0]
// CHECK:      first[1] = T.float32(2.0)
// CHECK:      first[2] = T.float32(0.0)

__global__ void vector_table(float* y) {
  float2 pairs[2] = {make_float2(1, 2), make_float2(3, 4)};
  y[threadIdx.x] = pairs[1].x;
}
// DIAG: init_arrays.cu:[[# @LINE - 3]]:{{[0-9]+}}: warning: C2T12{{0[27]}}: kernel 'vector_table' is not converted:
