// cuda2tile CPU SIMT runtime: stand-in for CUDA's <cuda_fp16.h> (__half / __nv_bfloat16 live in c2t/c2t_fp16.h).
#pragma once
#include "cuda_cpu_runtime.h"
