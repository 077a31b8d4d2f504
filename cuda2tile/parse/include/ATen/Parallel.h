/* <ATen/Parallel.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_ATEN_PARALLEL_H
#define CUDA2TILE_ATEN_PARALLEL_H
#include "cuda2tile_torch.h"
#endif
