/* <c10/cuda/CUDAFunctions.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_C10_CUDA_CUDAFUNCTIONS_H
#define CUDA2TILE_C10_CUDA_CUDAFUNCTIONS_H
#include "cuda2tile_torch_cuda.h"
#endif
