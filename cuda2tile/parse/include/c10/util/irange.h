/* <c10/util/irange.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_C10_UTIL_IRANGE_H
#define CUDA2TILE_C10_UTIL_IRANGE_H
#include "cuda2tile_torch_c10.h"
#endif
