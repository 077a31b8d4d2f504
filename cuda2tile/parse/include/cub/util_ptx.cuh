/* <cub/util_ptx.cuh> stand-in: see cuda2tile_cub.h. */
#include "../cuda2tile_cub.h"
