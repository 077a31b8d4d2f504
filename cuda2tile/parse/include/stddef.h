/* <stddef.h> stand-in: everything it provides is declared by the prelude. */
#include "cuda2tile_prelude.h"
