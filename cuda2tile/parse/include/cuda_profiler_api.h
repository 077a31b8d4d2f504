/* <cuda_profiler_api.h> stand-in. */
#ifndef CUDA2TILE_CUDA_PROFILER_API_H
#define CUDA2TILE_CUDA_PROFILER_API_H
#include "cuda2tile_prelude.h"
extern "C" __host__ cudaError_t cudaProfilerStart(void);
extern "C" __host__ cudaError_t cudaProfilerStop(void);
#endif
