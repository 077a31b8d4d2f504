#include <torch/script.h>

#include "cpu/shift_cpu.h"
#include "utils.h"

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
    if (a > 1e6)
      AT_ERROR("scale too large for the CPU version: ", a);
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

using torch::autograd::AutogradContext;
using torch::autograd::Variable;
using torch::autograd::variable_list;

// scale_shift with a gradient: a C++ autograd function
class ScaleShift : public torch::autograd::Function<ScaleShift> {
public:
  static variable_list forward(AutogradContext *ctx, Variable x, double a,
                               std::optional<Variable> bias) {
    ctx->saved_data["a"] = a;
    ctx->saved_data["shape"] = x.sizes();
    ctx->saved_data["has_bias"] = bias.has_value();
    auto out = scale_shift(x, a, bias);
    ctx->save_for_backward({x});
    return {out};
  }

  static variable_list backward(AutogradContext *ctx, variable_list grad_outs) {
    auto grad = grad_outs[0];
    auto saved = ctx->get_saved_variables();
    auto a = ctx->saved_data["a"].toDouble();
    auto shape = list2vec(ctx->saved_data["shape"].toIntList());
    auto grad_x = (grad * a).reshape(shape);
    auto grad_bias = Variable();
    if (ctx->saved_data["has_bias"].toBool())
      grad_bias = grad.reshape({-1, saved[0].size(-1)}).sum(0);
    return {grad_x, Variable(), grad_bias};
  }
};

torch::Tensor scale_shift_autograd(torch::Tensor x, double a,
                                   std::optional<torch::Tensor> bias) {
  return ScaleShift::apply(x, a, bias)[0];
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
        .op("toyload::within", &within)
        .op("toyload::scale_shift_autograd", &scale_shift_autograd);
