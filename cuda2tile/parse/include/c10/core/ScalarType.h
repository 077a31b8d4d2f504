/* <c10/core/ScalarType.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_C10_CORE_SCALARTYPE_H
#define CUDA2TILE_C10_CORE_SCALARTYPE_H
#include "cuda2tile_torch_c10.h"
#endif
