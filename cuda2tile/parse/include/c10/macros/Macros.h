/* <c10/macros/Macros.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_C10_MACROS_MACROS_H
#define CUDA2TILE_C10_MACROS_MACROS_H
#include "cuda2tile_torch_c10.h"
#endif
