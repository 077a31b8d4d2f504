// cuda2tile CPU SIMT runtime: stand-in for CUDA's <host_defines.h>.
#pragma once
#include "cuda_cpu_runtime.h"
