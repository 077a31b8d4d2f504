#pragma once
#include <torch/script.h>

torch::Tensor scale_shift_cpu(torch::Tensor x, double a,
                              std::optional<torch::Tensor> bias);
torch::Tensor normalize_cpu(torch::Tensor x);
