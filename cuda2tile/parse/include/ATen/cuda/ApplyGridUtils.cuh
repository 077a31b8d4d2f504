/* <ATen/cuda/ApplyGridUtils.cuh> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_ATEN_CUDA_APPLYGRIDUTILS_CUH
#define CUDA2TILE_ATEN_CUDA_APPLYGRIDUTILS_CUH
#include "cuda2tile_torch_cuda.h"
#endif
