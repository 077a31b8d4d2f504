// cuda2tile CPU SIMT runtime: c10/cuda/CUDAGuard.h, included by extension helper headers beside their
// kernels; the device guards are host API, which the runtime does not provide (c2t_torch_accessors.h).
#pragma once
#include <ATen/ATen.h>
