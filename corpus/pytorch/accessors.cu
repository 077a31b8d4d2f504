// PyTorch extension kernels over PackedTensorAccessor parameters, written the way extensions write them
// (`tensor.packed_accessor32<scalar_t, 2, torch::RestrictPtrTraits>()` on the host side): an n-D view with
// its own sizes and strides, indexed `a[n][c]`, bounded by `a.size(d)`. The strides are the tensor's, so a
// transposed or sliced input is read where it lies.
#include <torch/extension.h>

// y[n][c] = x[n][c] * scale[c] + shift[c]: a 2-D view and two 1-D views, 32-bit indices
template <typename scalar_t>
__global__ void channel_affine_kernel(
    const torch::PackedTensorAccessor32<scalar_t, 2, torch::RestrictPtrTraits> x,
    const torch::PackedTensorAccessor32<scalar_t, 1, torch::RestrictPtrTraits> scale,
    const torch::PackedTensorAccessor32<scalar_t, 1, torch::RestrictPtrTraits> shift,
    torch::PackedTensorAccessor32<scalar_t, 2, torch::RestrictPtrTraits> y) {
  const int n = blockIdx.y;
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (n < x.size(0) && c < x.size(1)) {
    y[n][c] = x[n][c] * scale[c] + shift[c];
  }
}

// gates (batch, 3, state) -> out (batch, state): the LLTM-style gate split, 64-bit `size_t` indices
template <typename scalar_t>
__global__ void gate_mix_kernel(
    const torch::PackedTensorAccessor<scalar_t, 3, torch::RestrictPtrTraits, size_t> gates,
    torch::PackedTensorAccessor<scalar_t, 2, torch::RestrictPtrTraits, size_t> out) {
  const int n = blockIdx.y;
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c < gates.size(2)) {
    const scalar_t a = gates[n][0][c];
    const scalar_t b = gates[n][1][c];
    out[n][c] = a * gates[n][2][c] + b + (scalar_t)out.stride(0);
  }
}

// a row sum over the last dimension with a loop, 64-bit signed indices; rows of any stride
__global__ void row_sum_kernel(const torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> x,
                               torch::PackedTensorAccessor64<float, 1, torch::RestrictPtrTraits> sums) {
  const int64_t r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= x.size(0)) return;
  float acc = 0.0f;
  for (int64_t k = 0; k < x.size(1); ++k) {
    acc += x[r][k];
  }
  sums[r] = acc;
}
