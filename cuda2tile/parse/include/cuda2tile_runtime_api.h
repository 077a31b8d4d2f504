/* cuda2tile_runtime_api.h -- the CUDA runtime host API subset that CUDA
 * programs' host code uses (driver_types.h, cuda_runtime_api.h and the C++
 * template wrappers of cuda_runtime.h), plus what clang needs to accept the
 * kernel<<<grid, block, smem, stream>>>(...) launch syntax.
 * Included by cuda2tile_prelude.h; needs dim3/size_t from there. */
#ifndef CUDA2TILE_RUNTIME_API_H
#define CUDA2TILE_RUNTIME_API_H

/* Functions CUDA marks __cudart_builtin__ may also be called from device
 * code (dynamic parallelism); they are declared __host__ __device__. */
#define __C2T_RT extern "C" __host__
#define __C2T_RT_HD extern "C" __host__ __device__

enum __device_builtin__ cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorCudartUnloading = 4,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidPitchValue = 12,
  cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorInsufficientDriver = 35,
  cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorInvalidKernelImage = 200,
  cudaErrorNoKernelImageForDevice = 209,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorNotReady = 600,
  cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701,
  cudaErrorLaunchTimeout = 702,
  cudaErrorAssert = 710,
  cudaErrorTooManyPeers = 711,
  cudaErrorMisalignedAddress = 716,
  cudaErrorLaunchFailure = 719,
  cudaErrorNotSupported = 801,
  cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;

enum __device_builtin__ cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};

enum __device_builtin__ cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9
};

enum __device_builtin__ cudaFuncCache {
  cudaFuncCachePreferNone = 0,
  cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3
};

enum __device_builtin__ cudaSharedMemConfig {
  cudaSharedMemBankSizeDefault = 0,
  cudaSharedMemBankSizeFourByte = 1,
  cudaSharedMemBankSizeEightByte = 2
};

enum __device_builtin__ cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1,
  cudaDevAttrMaxSharedMemoryPerBlock = 8,
  cudaDevAttrWarpSize = 10,
  cudaDevAttrMultiProcessorCount = 16,
  cudaDevAttrL2CacheSize = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39,
  cudaDevAttrComputeCapabilityMajor = 75,
  cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxSharedMemoryPerBlockOptin = 97
};

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
typedef struct CUgraph_st *cudaGraph_t;
typedef struct CUgraphExec_st *cudaGraphExec_t;

#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02

struct __device_builtin__ cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  int deviceOverlap;
  int multiProcessorCount;
  int kernelExecTimeoutEnabled;
  int integrated;
  int canMapHostMemory;
  int computeMode;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryClockRate;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int cooperativeLaunch;
  size_t sharedMemPerBlockOptin;
  int maxBlocksPerMultiProcessor;
  int reservedSharedMemPerBlock;
};

struct __device_builtin__ cudaFuncAttributes {
  size_t sharedSizeBytes;
  size_t constSizeBytes;
  size_t localSizeBytes;
  int maxThreadsPerBlock;
  int numRegs;
  int ptxVersion;
  int binaryVersion;
  int cacheModeCA;
  int maxDynamicSharedSizeBytes;
  int preferredShmemCarveout;
};

/* --- kernel launch support --------------------------------------------- */
/* clang 18 (in this configuration: no CUDA SDK version known) lowers
 * k<<<g, b, s, st>>>(args) by checking a call to cudaConfigureCall(g, b, s,
 * st); with a CUDA >= 9.2 SDK version it uses __cudaPushCallConfiguration.
 * Both are declared so either works. */
__C2T_RT cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                       size_t sharedMem = 0,
                                       cudaStream_t stream = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                                size_t sharedMem = 0,
                                                void *stream = 0);
extern "C" unsigned __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim,
                                               size_t *sharedMem,
                                               void *stream);
__C2T_RT cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim,
                                      dim3 blockDim, void **args,
                                      size_t sharedMem, cudaStream_t stream);
__C2T_RT cudaError_t cudaLaunchCooperativeKernel(const void *func,
                                                 dim3 gridDim, dim3 blockDim,
                                                 void **args, size_t sharedMem,
                                                 cudaStream_t stream);
__C2T_RT cudaError_t cudaSetupArgument(const void *arg, size_t size,
                                       size_t offset);
__C2T_RT cudaError_t cudaLaunch(const void *func);

/* --- error handling ------------------------------------------------------ */
__C2T_RT_HD cudaError_t cudaGetLastError(void);
__C2T_RT_HD cudaError_t cudaPeekAtLastError(void);
__C2T_RT_HD const char *cudaGetErrorString(cudaError_t error);
__C2T_RT_HD const char *cudaGetErrorName(cudaError_t error);

/* --- device management --------------------------------------------------- */
__C2T_RT_HD cudaError_t cudaDeviceSynchronize(void);
__C2T_RT cudaError_t cudaDeviceReset(void);
__C2T_RT cudaError_t cudaThreadSynchronize(void);
__C2T_RT cudaError_t cudaSetDevice(int device);
__C2T_RT_HD cudaError_t cudaGetDevice(int *device);
__C2T_RT_HD cudaError_t cudaGetDeviceCount(int *count);
__C2T_RT cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop,
                                             int device);
__C2T_RT_HD cudaError_t cudaDeviceGetAttribute(int *value,
                                               enum cudaDeviceAttr attr,
                                               int device);
__C2T_RT cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig);
__C2T_RT cudaError_t cudaDeviceSetSharedMemConfig(
    enum cudaSharedMemConfig config);
__C2T_RT cudaError_t cudaSetDeviceFlags(unsigned int flags);
__C2T_RT cudaError_t cudaMemGetInfo(size_t *free, size_t *total);
__C2T_RT cudaError_t cudaDriverGetVersion(int *driverVersion);
__C2T_RT cudaError_t cudaRuntimeGetVersion(int *runtimeVersion);

/* --- memory -------------------------------------------------------------- */
__C2T_RT_HD cudaError_t cudaMalloc(void **devPtr, size_t size);
__C2T_RT_HD cudaError_t cudaFree(void *devPtr);
__C2T_RT cudaError_t cudaMallocManaged(void **devPtr, size_t size,
                                       unsigned int flags = cudaMemAttachGlobal);
__C2T_RT cudaError_t cudaMallocHost(void **ptr, size_t size);
__C2T_RT cudaError_t cudaHostAlloc(void **pHost, size_t size,
                                   unsigned int flags);
__C2T_RT cudaError_t cudaFreeHost(void *ptr);
__C2T_RT cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch,
                                     size_t width, size_t height);
__C2T_RT cudaError_t cudaMallocAsync(void **devPtr, size_t size,
                                     cudaStream_t hStream);
__C2T_RT cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t hStream);
__C2T_RT cudaError_t cudaHostRegister(void *ptr, size_t size,
                                      unsigned int flags);
__C2T_RT cudaError_t cudaHostUnregister(void *ptr);
__C2T_RT cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost,
                                              unsigned int flags);
__C2T_RT cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                                enum cudaMemcpyKind kind);
__C2T_RT_HD cudaError_t cudaMemcpyAsync(void *dst, const void *src,
                                        size_t count, enum cudaMemcpyKind kind,
                                        cudaStream_t stream = 0);
__C2T_RT cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                                  size_t spitch, size_t width, size_t height,
                                  enum cudaMemcpyKind kind);
__C2T_RT cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
                                    int srcDevice, size_t count);
__C2T_RT cudaError_t cudaMemset(void *devPtr, int value, size_t count);
__C2T_RT_HD cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                                        cudaStream_t stream = 0);
__C2T_RT cudaError_t cudaMemcpyToSymbol(
    const void *symbol, const void *src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
__C2T_RT cudaError_t cudaMemcpyFromSymbol(
    void *dst, const void *symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);
__C2T_RT cudaError_t cudaMemcpyToSymbolAsync(
    const void *symbol, const void *src, size_t count, size_t offset,
    enum cudaMemcpyKind kind, cudaStream_t stream = 0);
__C2T_RT cudaError_t cudaMemcpyFromSymbolAsync(
    void *dst, const void *symbol, size_t count, size_t offset,
    enum cudaMemcpyKind kind, cudaStream_t stream = 0);
__C2T_RT cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);
__C2T_RT cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);
__C2T_RT cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                          int dstDevice,
                                          cudaStream_t stream = 0);

/* --- streams and events -------------------------------------------------- */
__C2T_RT cudaError_t cudaStreamCreate(cudaStream_t *pStream);
__C2T_RT_HD cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream,
                                                  unsigned int flags);
__C2T_RT cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream,
                                                  unsigned int flags,
                                                  int priority);
__C2T_RT_HD cudaError_t cudaStreamDestroy(cudaStream_t stream);
__C2T_RT cudaError_t cudaStreamSynchronize(cudaStream_t stream);
__C2T_RT cudaError_t cudaStreamQuery(cudaStream_t stream);
__C2T_RT_HD cudaError_t cudaStreamWaitEvent(cudaStream_t stream,
                                            cudaEvent_t event,
                                            unsigned int flags = 0);
__C2T_RT cudaError_t cudaEventCreate(cudaEvent_t *event);
__C2T_RT_HD cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event,
                                                 unsigned int flags);
__C2T_RT_HD cudaError_t cudaEventRecord(cudaEvent_t event,
                                        cudaStream_t stream = 0);
__C2T_RT cudaError_t cudaEventSynchronize(cudaEvent_t event);
__C2T_RT cudaError_t cudaEventQuery(cudaEvent_t event);
__C2T_RT cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start,
                                          cudaEvent_t end);
__C2T_RT_HD cudaError_t cudaEventDestroy(cudaEvent_t event);

/* --- function attributes / occupancy ------------------------------------- */
__C2T_RT cudaError_t cudaFuncSetAttribute(const void *func,
                                          enum cudaFuncAttribute attr,
                                          int value);
__C2T_RT cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
                                           const void *func);
__C2T_RT cudaError_t cudaFuncSetCacheConfig(const void *func,
                                            enum cudaFuncCache cacheConfig);
__C2T_RT cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, const void *func, int blockSize, size_t dynamicSMemSize);
__C2T_RT cudaError_t cudaOccupancyMaxPotentialBlockSize(
    int *minGridSize, int *blockSize, const void *func,
    size_t dynamicSMemSize, int blockSizeLimit);

/* --- C++ API of cuda_runtime.h (templates taking typed pointers) --------- */
template <class T>
static __inline__ __host__ cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMallocManaged(T **devPtr, size_t size,
                  unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}
static __inline__ __host__ cudaError_t cudaMallocHost(void **ptr, size_t size,
                                                      unsigned int flags) {
  return ::cudaHostAlloc(ptr, size, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocHost(T **ptr, size_t size,
                                                      unsigned int flags = 0) {
  return ::cudaMallocHost((void **)(void *)ptr, size, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaHostAlloc(T **ptr, size_t size,
                                                     unsigned int flags) {
  return ::cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocPitch(T **devPtr,
                                                       size_t *pitch,
                                                       size_t width,
                                                       size_t height) {
  return ::cudaMallocPitch((void **)(void *)devPtr, pitch, width, height);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocAsync(T **devPtr, size_t size,
                                                       cudaStream_t stream) {
  return ::cudaMallocAsync((void **)(void *)devPtr, size, stream);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                   size_t offset = 0,
                   enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                     size_t offset = 0,
                     enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset,
                                kind);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count,
                        size_t offset = 0,
                        enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                        cudaStream_t stream = 0) {
  return ::cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset,
                                   kind, stream);
}
template <class T>
static __inline__ __host__ cudaError_t cudaGetSymbolAddress(void **devPtr,
                                                            const T &symbol) {
  return ::cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaLaunchKernel(const T *func, dim3 gridDim, dim3 blockDim, void **args,
                 size_t sharedMem = 0, cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args,
                            sharedMem, stream);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaLaunchCooperativeKernel(const T *func, dim3 gridDim, dim3 blockDim,
                            void **args, size_t sharedMem = 0,
                            cudaStream_t stream = 0) {
  return ::cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim,
                                       args, sharedMem, stream);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaFuncSetAttribute(T *entry, enum cudaFuncAttribute attr, int value) {
  return ::cudaFuncSetAttribute((const void *)entry, attr, value);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaFuncGetAttributes(struct cudaFuncAttributes *attr, T *entry) {
  return ::cudaFuncGetAttributes(attr, (const void *)entry);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaFuncSetCacheConfig(T *func, enum cudaFuncCache cacheConfig) {
  return ::cudaFuncSetCacheConfig((const void *)func, cacheConfig);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func,
                                              int blockSize,
                                              size_t dynamicSMemSize) {
  return ::cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      numBlocks, (const void *)func, blockSize, dynamicSMemSize);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func,
                                   size_t dynamicSMemSize = 0,
                                   int blockSizeLimit = 0) {
  return ::cudaOccupancyMaxPotentialBlockSize(
      minGridSize, blockSize, (const void *)func, dynamicSMemSize,
      blockSizeLimit);
}
static __inline__ __host__ cudaError_t cudaEventCreate(cudaEvent_t *event,
                                                       unsigned int flags) {
  return ::cudaEventCreateWithFlags(event, flags);
}

#undef __C2T_RT
#undef __C2T_RT_HD

#endif /* CUDA2TILE_RUNTIME_API_H */
