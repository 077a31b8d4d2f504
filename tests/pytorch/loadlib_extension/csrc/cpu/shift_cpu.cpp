#include "shift_cpu.h"

torch::Tensor scale_shift_cpu(torch::Tensor x, double a,
                              std::optional<torch::Tensor> bias) {
  TORCH_CHECK(x.device().is_cpu(), "x must be a CPU tensor");
  auto src = x.contiguous();
  auto out = torch::empty_like(src);
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "scale_shift_cpu", [&] {
    const scalar_t *in = src.data_ptr<scalar_t>();
    scalar_t *dst = out.data_ptr<scalar_t>();
    for (int64_t i = 0; i < src.numel(); i++)
      dst[i] = in[i] * static_cast<scalar_t>(a);
  });
  if (bias.has_value())
    out += bias.value();
  return out;
}

torch::Tensor normalize_cpu(torch::Tensor x) {
  auto norm = x.abs().sum(-1, true).clamp_min(1e-12);
  return x.true_divide(norm);
}
