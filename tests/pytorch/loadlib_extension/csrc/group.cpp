#include <torch/script.h>

#include "cpu/group_cpu.h"

#ifdef WITH_CUDA
#include "cuda/group_cuda.h"
#endif

// The values of src combined per group ("add", "prod", "max", "min"); max and min also say where.
std::tuple<torch::Tensor, std::optional<torch::Tensor>>
group_reduce(torch::Tensor src, torch::Tensor group, int64_t num_groups,
             std::string how) {
  if (src.device().is_cuda()) {
#ifdef WITH_CUDA
    return group_reduce_cuda(src, group, num_groups, how);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  } else {
    return group_reduce_cpu(src, group, num_groups, how);
  }
}

static auto registry =
    torch::RegisterOperators().op("toyload::group_reduce", &group_reduce);
