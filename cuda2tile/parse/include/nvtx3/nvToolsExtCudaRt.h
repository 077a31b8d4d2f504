/* <nvtx3/nvToolsExtCudaRt.h> stand-in (host code): naming CUDA runtime
 * devices, events and streams. */
#ifndef CUDA2TILE_NVTOOLSEXTCUDART_H
#define CUDA2TILE_NVTOOLSEXTCUDART_H
#include "nvToolsExt.h"
extern "C" {
__host__ void nvtxNameCudaDeviceA(int device, const char *name);
__host__ void nvtxNameCudaDeviceW(int device, const wchar_t *name);
__host__ void nvtxNameCudaStreamA(cudaStream_t stream, const char *name);
__host__ void nvtxNameCudaStreamW(cudaStream_t stream, const wchar_t *name);
__host__ void nvtxNameCudaEventA(cudaEvent_t event, const char *name);
__host__ void nvtxNameCudaEventW(cudaEvent_t event, const wchar_t *name);
}
#define nvtxNameCudaDevice nvtxNameCudaDeviceA
#define nvtxNameCudaStream nvtxNameCudaStreamA
#define nvtxNameCudaEvent nvtxNameCudaEventA
#endif
