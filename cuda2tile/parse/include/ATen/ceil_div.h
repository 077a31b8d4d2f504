/* <ATen/ceil_div.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_ATEN_CEIL_DIV_H
#define CUDA2TILE_ATEN_CEIL_DIV_H
#include "cuda2tile_torch.h"
#endif
