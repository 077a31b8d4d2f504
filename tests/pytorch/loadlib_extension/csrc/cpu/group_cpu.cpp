#include "group_cpu.h"

// A host loop over raw pointers (not lifted: the CUDA path serves CPU tensors in the converted package).
std::tuple<torch::Tensor, std::optional<torch::Tensor>>
group_reduce_cpu(torch::Tensor src, torch::Tensor group, int64_t num_groups,
                 std::string how) {
  TORCH_CHECK(how == "add", "the CPU version only adds");
  src = src.contiguous().to(torch::kDouble);
  group = group.contiguous();
  if (num_groups < 0)
    num_groups = group.numel() == 0 ? 0 : 1 + group.max().item<int64_t>();
  auto out = torch::zeros({num_groups}, src.options());
  auto s = src.data_ptr<double>();
  auto g = group.data_ptr<int64_t>();
  auto o = out.data_ptr<double>();
  for (int64_t i = 0; i < src.numel(); i++)
    o[g[i]] += s[i];
  return std::make_tuple(out, std::optional<torch::Tensor>());
}
