// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// A pointer parameter moved inside its buffer (`x += row * n;`, `out = out + k;`, `p++` in a
// helper) is followed by an offset variable that starts at 0; moving it to another buffer is refused.

__global__ void to_row(const float* x, float* out, int n) {
  int row = blockIdx.x;
  x += row * n;
  out = out + row * n;
  out[threadIdx.x] = x[threadIdx.x];
}
// CHECK-LABEL: def to_row(
// CHECK:      x_off = T.alloc_var("int64")
// CHECK-NEXT: out_off = T.alloc_var("int64")
// CHECK:      x_off = T.int64(0)
// CHECK-NEXT: out_off = T.int64(0)
// CHECK:      x_off = x_off + T.cast(row * n, "int64")
// CHECK:      out_off = out_off + T.cast(row * n, "int64")
// CHECK:      out[out_off + T.cast(tx, "int64")] = x[x_off + T.cast(tx, "int64")]

__device__ float sum_every(const float* p, int count, int stride) {
  float s = 0.0f;
  for (int k = 0; k < count; ++k) { s += *p; p += stride; }
  return s;
}

__global__ void column_sums(const float* m, float* out, int rows, int cols) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < cols) out[c] = sum_every(m + c, rows, cols);
}
// CHECK-LABEL: def sum_every(p, p_off, count, stride):
// CHECK:      p_off_local = T.alloc_var("int64")
// CHECK:      p_off_local = p_off
// CHECK:      s = s + p[p_off_local]
// CHECK-NEXT: p_off_local = p_off_local + T.cast(stride, "int64")

__global__ void retarget(const float* a, const float* b, float* out) {
  a = b;
  out[threadIdx.x] = a[threadIdx.x];
}
// DIAG: pointer_params.cu:[[# @LINE - 3]]:3: warning: C2T1210: kernel 'retarget' is not converted: pointer re-targeted to another buffer
