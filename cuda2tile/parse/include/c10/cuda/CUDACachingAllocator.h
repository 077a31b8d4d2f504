/* <c10/cuda/CUDACachingAllocator.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_C10_CUDA_CUDACACHINGALLOCATOR_H
#define CUDA2TILE_C10_CUDA_CUDACACHINGALLOCATOR_H
#include "cuda2tile_torch_cuda.h"
#endif
