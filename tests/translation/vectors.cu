// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// float4 / float2 values are scalarised: one variable and one load or store per lane.

__global__ void axpy4(int n4, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n4) {
    float4 xv = reinterpret_cast<const float4*>(x)[i];
    float4 yv = reinterpret_cast<float4*>(y)[i];
    yv.x += a * xv.x; yv.y += a * xv.y; yv.z += a * xv.z; yv.w += a * xv.w;
    reinterpret_cast<float4*>(y)[i] = yv;
  }
}

__global__ void swap2(int n, float2* p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = make_float2(p[i].y, p[i].x);
}
// CHECK-LABEL: def axpy4(
// CHECK:       xv_x = T.alloc_var("float32")
// CHECK:       # vectors.cu:7: float4 xv = reinterpret_cast<const float4*>(x)[i];
// CHECK-NEXT:  xv_x = x[i * 4]
// CHECK-NEXT:  xv_y = x[i * 4 + 1]
// CHECK-NEXT:  xv_z = x[i * 4 + 2]
// CHECK-NEXT:  xv_w = x[i * 4 + 3]
// CHECK:       yv_w = yv_w + a * xv_w
// CHECK-NEXT:  # vectors.cu:10: reinterpret_cast<float4*>(y)[i] = yv;
// CHECK-NEXT:  y[i * 4] = yv_x
// CHECK-NEXT:  y[i * 4 + 1] = yv_y
// CHECK-NEXT:  y[i * 4 + 2] = yv_z
// CHECK-NEXT:  y[i * 4 + 3] = yv_w
// CHECK-LABEL: def swap2(
// CHECK:       def swap2(n: T.int32, p: T.Tensor((p_len,), "float32"), grid_x: T.int32):
// CHECK:       p_x_new = p[i * 2 + 1]
// CHECK-NEXT:  p_y_new = p[i * 2]
// CHECK-NEXT:  p[i * 2] = p_x_new
// CHECK-NEXT:  p[i * 2 + 1] = p_y_new
