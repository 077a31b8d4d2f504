// cuda2tile CPU SIMT runtime: stand-in for CUDA's <sm_32_intrinsics.h>.
#pragma once
#include "cuda_cpu_runtime.h"
