/* <ATen/cudnn/Handle.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_ATEN_CUDNN_HANDLE_H
#define CUDA2TILE_ATEN_CUDNN_HANDLE_H
#include "cuda2tile_torch_cuda.h"
#endif
