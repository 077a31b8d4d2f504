/* <nvToolsExt.h> stand-in (NVTX 2 include path): NVTX 3 is compatible. */
#include "nvtx3/nvToolsExt.h"
