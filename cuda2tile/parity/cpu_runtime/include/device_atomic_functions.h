// cuda2tile CPU SIMT runtime: stand-in for CUDA's <device_atomic_functions.h>.
#pragma once
#include "cuda_cpu_runtime.h"
