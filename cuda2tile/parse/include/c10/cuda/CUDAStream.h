/* <c10/cuda/CUDAStream.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_C10_CUDA_CUDASTREAM_H
#define CUDA2TILE_C10_CUDA_CUDASTREAM_H
#include "cuda2tile_torch_cuda.h"
#endif
