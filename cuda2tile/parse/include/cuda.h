/* cuda.h stand-in: CUDA_VERSION (from the prelude) and a small subset of the
 * driver API types and calls. */
#ifndef CUDA2TILE_CUDA_H
#define CUDA2TILE_CUDA_H
#include "cuda2tile_prelude.h"
#define __cuda_cuda_h__
typedef enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_UNKNOWN = 999
} CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;
typedef unsigned long long CUtexObject;
typedef unsigned long long CUsurfObject;
extern "C" {
__host__ CUresult cuInit(unsigned int flags);
__host__ CUresult cuDriverGetVersion(int *driverVersion);
__host__ CUresult cuDeviceGet(CUdevice *device, int ordinal);
__host__ CUresult cuDeviceGetCount(int *count);
__host__ CUresult cuDeviceGetName(char *name, int len, CUdevice dev);
__host__ CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags, CUdevice dev);
__host__ CUresult cuCtxDestroy(CUcontext ctx);
__host__ CUresult cuCtxSynchronize(void);
__host__ CUresult cuModuleLoad(CUmodule *module, const char *fname);
__host__ CUresult cuModuleLoadData(CUmodule *module, const void *image);
__host__ CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
                                      const char *name);
__host__ CUresult cuModuleUnload(CUmodule hmod);
__host__ CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize);
__host__ CUresult cuMemFree(CUdeviceptr dptr);
__host__ CUresult cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost,
                               size_t ByteCount);
__host__ CUresult cuMemcpyDtoH(void *dstHost, CUdeviceptr srcDevice,
                               size_t ByteCount);
__host__ CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX,
                                 unsigned int gridDimY, unsigned int gridDimZ,
                                 unsigned int blockDimX, unsigned int blockDimY,
                                 unsigned int blockDimZ,
                                 unsigned int sharedMemBytes, CUstream hStream,
                                 void **kernelParams, void **extra);
__host__ CUresult cuGetErrorString(CUresult error, const char **pStr);
__host__ CUresult cuGetErrorName(CUresult error, const char **pStr);
}
#endif
