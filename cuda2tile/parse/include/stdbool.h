/* <stdbool.h> stand-in: nothing to do in C++. */
#include "cuda2tile_prelude.h"
#ifndef __bool_true_false_are_defined
#define __bool_true_false_are_defined 1
#endif
