/* <strings.h> stand-in: strcasecmp / strncasecmp are declared by the prelude. */
#include "cuda2tile_prelude.h"
