#pragma once

#include <torch/extension.h>

std::tuple<torch::Tensor, std::optional<torch::Tensor>>
group_reduce_cpu(torch::Tensor src, torch::Tensor group, int64_t num_groups,
                 std::string how);
