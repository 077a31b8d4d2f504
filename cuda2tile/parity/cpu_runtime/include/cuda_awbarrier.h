// cuda2tile CPU SIMT runtime: stand-in for CUDA's <cuda_awbarrier.h>.
#pragma once
#include "cuda_cpu_runtime.h"
