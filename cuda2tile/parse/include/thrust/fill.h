/* <thrust/fill.h> stand-in: see cuda2tile_thrust.h. */
#include "../cuda2tile_thrust.h"
