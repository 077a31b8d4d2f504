// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// PyTorch's PackedTensorAccessor parameters: one buffer for the data, then the sizes and the strides as
// scalars of the accessor's index type (`int` for PackedTensorAccessor32); `a[n][c]` reads
// `a_data[n * a_stride0 + c * a_stride1]`, as TensorAccessor::operator[] computes it; `a.size(d)` and
// `a.stride(d)` are those scalars. A view not indexed down to an element, and a dimension that is not a
// constant, are refused.
#include <torch/extension.h>

__global__ void view_of_a_row(const torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits> x,
                              torch::PackedTensorAccessor32<float, 1, torch::RestrictPtrTraits> y) {
  auto row = x[blockIdx.x];
  y[blockIdx.x] = row[threadIdx.x];
}
// CHECK: # view_of_a_row ({{.*}}): not converted, C2T1207: {{.*}}local variable 'row' of unsupported type 'at::TensorAccessor<float, 1, at::RestrictPtrTraits, int>'

__global__ void size_of_a_view(const torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits> x, int* y) {
  y[blockIdx.x] = x[blockIdx.x].size(0);
}
// CHECK: # size_of_a_view ({{.*}}): not converted, C2T1207: {{.*}}a view of a 2-D accessor indexed 1 time(s) (`x [ blockIdx . x ]`): only an element, indexed in one expression (`a[n][c]`), is translated

__global__ void size_of_a_runtime_dimension(const torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits> x,
                                            int* out, int d) {
  out[0] = x.size(d);
}
// CHECK: # size_of_a_runtime_dimension ({{.*}}): not converted, C2T1207: {{.*}}`size` of an accessor at a dimension that is not a constant in [0, 2) (`x . size ( d )`)

__global__ void scale_rows(const torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits> x,
                           torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits> y, float w) {
  const int n = blockIdx.y;
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < x.size(1)) {
    y[n][c] = w * x[n][c] + (float)y.stride(0);
  }
}
// CHECK-LABEL: def scale_rows(
// CHECK: def scale_rows(x_data: T.Tensor((x_data_len,), "float32"), x_size0: T.int32, x_size1: T.int32, x_stride0: T.int32, x_stride1: T.int32, y_data: T.Tensor((y_data_len,), "float32"), y_size0: T.int32, y_size1: T.int32, y_stride0: T.int32, y_stride1: T.int32, w: T.float32,
// CHECK: if c < x_size1:
// CHECK-NEXT: # {{.*}}y[n][c] = w * x[n][c] + (float)y.stride(0);
// CHECK-NEXT: y_data[n * y_stride0 + c * y_stride1] = w * x_data[n * x_stride0 + c * x_stride1] + T.cast(y_stride0, "float32")
// CHECK: {'name': 'x_data', 'cuda_name': 'x.data', 'kind': 'buffer', 'dtype': 'float32'
// CHECK: {'name': 'x_stride1', 'cuda_name': 'x.stride1', 'kind': 'scalar', 'dtype': 'int32'
