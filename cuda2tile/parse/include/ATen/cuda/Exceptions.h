/* <ATen/cuda/Exceptions.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_ATEN_CUDA_EXCEPTIONS_H
#define CUDA2TILE_ATEN_CUDA_EXCEPTIONS_H
#include "cuda2tile_torch_cuda.h"
#endif
