/* <cusparse_v2.h> stand-in. */
#include "cusparse.h"
