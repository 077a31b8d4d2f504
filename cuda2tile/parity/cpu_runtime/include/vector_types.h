// cuda2tile CPU SIMT runtime: stand-in for CUDA's <vector_types.h>.
#pragma once
#include "cuda_cpu_runtime.h"
