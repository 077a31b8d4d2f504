// cuda2tile CPU SIMT runtime: PyTorch's tensor accessors only (c2t/c2t_torch_accessors.h says why).
#pragma once
#include "c2t/c2t_torch_accessors.h"

// Declared, not defined: helper headers name them (`using at::Half; using at::Tensor;` in mmcv's
// pytorch_cuda_helper.hpp) beside kernels that run on float and double. Code that uses either (a
// kernel instantiated for at::Half, host code taking tensors) does not build on the CPU runtime.
namespace c10 {
struct Half;
}  // namespace c10
namespace at {
class Tensor;
using c10::Half;
}  // namespace at
