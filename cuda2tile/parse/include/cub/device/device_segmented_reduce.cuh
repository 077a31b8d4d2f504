/* <cub/device/device_segmented_reduce.cuh> stand-in: see cuda2tile_cub.h. */
#include "../../cuda2tile_cub.h"
