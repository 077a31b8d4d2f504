#pragma once
#include <torch/extension.h>

torch::Tensor scale_shift_cuda(torch::Tensor x, double a,
                               std::optional<torch::Tensor> bias);
torch::Tensor normalize_cuda(torch::Tensor x);
std::tuple<torch::Tensor, torch::Tensor>
within_cuda(torch::Tensor x, double r, std::optional<int64_t> limit);
