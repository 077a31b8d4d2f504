// cuda2tile CPU SIMT runtime: stand-in for CUDA's <cuda_pipeline_primitives.h>.
#pragma once
#include "cuda_cpu_runtime.h"
