/* <torch/torch.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_TORCH_TORCH_H
#define CUDA2TILE_TORCH_TORCH_H
#include "torch/all.h"
#endif
