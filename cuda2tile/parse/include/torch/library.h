/* <torch/library.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_TORCH_LIBRARY_H
#define CUDA2TILE_TORCH_LIBRARY_H
#include "cuda2tile_torch.h"
#endif
