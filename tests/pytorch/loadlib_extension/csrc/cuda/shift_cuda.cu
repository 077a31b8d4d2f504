#include "shift_cuda.h"

#include <ATen/cuda/CUDAContext.h>

#define CHECK_CUDA(x) TORCH_CHECK(x.device().is_cuda(), #x " must be CUDA tensor")
#define THREADS 256

template <typename scalar_t>
__global__ void scale_shift_kernel(const scalar_t *x, const scalar_t *bias,
                                   scalar_t *out, double a, int64_t numel,
                                   int64_t cols, bool has_bias) {
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < numel) {
    scalar_t v = x[i] * static_cast<scalar_t>(a);
    if (has_bias)
      v += bias[i % cols];
    out[i] = v;
  }
}

template <typename scalar_t>
__global__ void normalize_kernel(const scalar_t *x, scalar_t *out, int64_t rows,
                                 int64_t cols) {
  const int64_t r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    scalar_t norm = 0;
    for (int64_t c = 0; c < cols; c++) {
      scalar_t v = x[r * cols + c];
      norm += v < 0 ? -v : v;
    }
    norm = norm < static_cast<scalar_t>(1e-12) ? static_cast<scalar_t>(1e-12) : norm;
    for (int64_t c = 0; c < cols; c++)
      out[r * cols + c] = x[r * cols + c] / norm;
  }
}

// r2 is a scalar of the element type: the bfloat16 instantiation is not converted (TileLang takes no
// bfloat16 scalar parameter), the others are
template <typename scalar_t>
__global__ void within_kernel(const scalar_t *x, scalar_t r2, int64_t *mask,
                              int64_t numel) {
  const int64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < numel)
    mask[i] = x[i] * x[i] <= r2 ? 1 : 0;
}

torch::Tensor scale_shift_cuda(torch::Tensor x, double a,
                               std::optional<torch::Tensor> bias) {
  CHECK_CUDA(x);
  c10::cuda::MaybeSetDevice(x.get_device());
  x = x.contiguous();
  if (bias.has_value()) {
    CHECK_CUDA(bias.value());
    TORCH_CHECK(bias.value().numel() == x.size(-1), "bias must have one value per column");
  }
  auto b = bias.has_value() ? bias.value().contiguous() : torch::zeros({1}, x.options());
  auto out = torch::empty_like(x);
  auto stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "scale_shift_cuda", [&] {
    scale_shift_kernel<scalar_t><<<(x.numel() + THREADS - 1) / THREADS, THREADS, 0, stream>>>(
        x.data_ptr<scalar_t>(), b.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), a, x.numel(),
        x.size(-1), bias.has_value());
  });
  return out;
}

torch::Tensor normalize_cuda(torch::Tensor x) {
  CHECK_CUDA(x);
  x = x.contiguous();
  auto out = torch::empty_like(x);
  const int64_t cols = x.size(-1);
  const int64_t rows = x.numel() / cols;
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "normalize_cuda", [&] {
    normalize_kernel<scalar_t><<<(rows + THREADS - 1) / THREADS, THREADS>>>(
        x.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), rows, cols);
  });
  return out;
}

std::tuple<torch::Tensor, torch::Tensor>
within_cuda(torch::Tensor x, double r, std::optional<int64_t> limit) {
  CHECK_CUDA(x);
  c10::cuda::MaybeSetDevice(x.get_device());
  x = x.contiguous();
  auto mask = torch::empty({x.numel()}, x.options().dtype(torch::kLong));
  AT_DISPATCH_FLOATING_TYPES_AND2(
      at::ScalarType::Half, at::ScalarType::BFloat16, x.scalar_type(), "within_cuda", [&] {
        within_kernel<scalar_t><<<(x.numel() + THREADS - 1) / THREADS, THREADS>>>(
            x.data_ptr<scalar_t>(), r * r, mask.data_ptr<int64_t>(), x.numel());
      });
  // the indices within r, the first `limit` of them when given
  auto hits = torch::arange(0, x.numel(), 1, mask.options()).masked_select(mask == 1);
  if (limit.has_value()) {
    TORCH_CHECK(limit.value() >= 0, "limit must be non-negative, got ", limit.value());
    int64_t kept = 0;
    while (kept < limit.value() && kept < hits.numel())
      kept++;
    hits = hits.narrow(0, 0, kept);
  }
  auto furthest = std::get<1>(x.reshape({-1}).abs().max(0));
  return std::make_tuple(hits, furthest);
}
