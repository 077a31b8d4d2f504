// cuda2tile CPU SIMT runtime: ATen/cuda/CUDAContext.h, included by extension helper headers (mmcv's
// pytorch_cuda_helper.hpp) beside their kernels. Kernels use none of it; host code asking for the
// current stream gets the default one (the runtime launches synchronously).
#pragma once
#include <ATen/ATen.h>

namespace at {
namespace cuda {
inline cudaStream_t getCurrentCUDAStream(int device = -1) { (void)device; return 0; }
}  // namespace cuda
}  // namespace at
