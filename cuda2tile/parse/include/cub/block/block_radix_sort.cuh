/* <cub/block/block_radix_sort.cuh> stand-in: see cuda2tile_cub.h. */
#include "../../cuda2tile_cub.h"
