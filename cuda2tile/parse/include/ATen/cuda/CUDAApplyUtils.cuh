/* <ATen/cuda/CUDAApplyUtils.cuh> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_ATEN_CUDA_CUDAAPPLYUTILS_CUH
#define CUDA2TILE_ATEN_CUDA_CUDAAPPLYUTILS_CUH
#include "cuda2tile_torch_cuda.h"
#include "ATen/cuda/Atomic.cuh"
#endif
