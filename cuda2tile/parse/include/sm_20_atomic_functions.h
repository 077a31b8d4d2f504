/* <sm_20_atomic_functions.h> stand-in: everything it provides is declared by the prelude. */
#include "cuda2tile_prelude.h"
