/* <nvToolsExtCudaRt.h> stand-in. */
#include "nvtx3/nvToolsExtCudaRt.h"
