#include <torch/script.h>

#include "cpu/shift_cpu.h"

#ifdef WITH_CUDA
#include "cuda/shift_cuda.h"
#endif

// Each operator picks its implementation by device. scale_shift's CPU one is a host loop.
torch::Tensor scale_shift(torch::Tensor x, double a,
                          std::optional<torch::Tensor> bias) {
  if (x.device().is_cuda()) {
#ifdef WITH_CUDA
    return scale_shift_cuda(x, a, bias);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  } else {
    return scale_shift_cpu(x, a, bias);
  }
}

// normalize's CPU implementation is ATen calls.
torch::Tensor normalize(torch::Tensor x) {
  if (x.device().is_cuda()) {
#ifdef WITH_CUDA
    return normalize_cuda(x);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  } else {
    return normalize_cpu(x);
  }
}

// within has no CPU implementation (pytorch_cluster's nearest is written so).
std::tuple<torch::Tensor, torch::Tensor> within(torch::Tensor x, double r,
                                                std::optional<int64_t> limit) {
  if (x.device().is_cuda()) {
#ifdef WITH_CUDA
    return within_cuda(x, r, limit);
#else
    AT_ERROR("Not compiled with CUDA support");
#endif
  } else {
    AT_ERROR("No CPU version of within: ", x.numel(), " elements");
  }
}

static auto registry =
    torch::RegisterOperators()
        .op("toyload::scale_shift", &scale_shift)
        .op("toyload::normalize(Tensor x) -> Tensor", &normalize)
        .op("toyload::within", &within);
