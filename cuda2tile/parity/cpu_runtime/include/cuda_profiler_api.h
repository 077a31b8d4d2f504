// cuda2tile CPU SIMT runtime: stand-in for CUDA's <cuda_profiler_api.h>.
#pragma once
#include "cuda_cpu_runtime.h"
