/* <c10/core/DeviceGuard.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_C10_CORE_DEVICEGUARD_H
#define CUDA2TILE_C10_CORE_DEVICEGUARD_H
#include "cuda2tile_torch_c10.h"
#endif
