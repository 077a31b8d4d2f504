/* <torch/csrc/api/include/torch/types.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_TORCH_CSRC_API_INCLUDE_TORCH_TYPES_H
#define CUDA2TILE_TORCH_CSRC_API_INCLUDE_TORCH_TYPES_H
#include "cuda2tile_torch.h"
#endif
