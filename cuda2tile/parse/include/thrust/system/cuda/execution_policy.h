/* <thrust/system/cuda/execution_policy.h> stand-in: see cuda2tile_thrust.h. */
#include "../../../cuda2tile_thrust.h"
