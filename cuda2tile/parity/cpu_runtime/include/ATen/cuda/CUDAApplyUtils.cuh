// cuda2tile CPU SIMT runtime: ATen/cuda/CUDAApplyUtils.cuh, included by extension helper headers beside
// their kernels; its pointwise-apply templates are host API, which the runtime does not provide.
#pragma once
#include <ATen/ATen.h>
