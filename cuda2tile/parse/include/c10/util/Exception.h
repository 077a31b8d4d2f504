/* <c10/util/Exception.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_C10_UTIL_EXCEPTION_H
#define CUDA2TILE_C10_UTIL_EXCEPTION_H
#include "cuda2tile_torch_c10.h"
#endif
