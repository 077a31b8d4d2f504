/* <c10/core/DeviceType.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_C10_CORE_DEVICETYPE_H
#define CUDA2TILE_C10_CORE_DEVICETYPE_H
#include "cuda2tile_torch_c10.h"
#endif
