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
  cudaDevAttrMaxThreadsPerBlock                     = 1,
  cudaDevAttrMaxBlockDimX                           = 2,
  cudaDevAttrMaxBlockDimY                           = 3,
  cudaDevAttrMaxBlockDimZ                           = 4,
  cudaDevAttrMaxGridDimX                            = 5,
  cudaDevAttrMaxGridDimY                            = 6,
  cudaDevAttrMaxGridDimZ                            = 7,
  cudaDevAttrMaxSharedMemoryPerBlock                = 8,
  cudaDevAttrTotalConstantMemory                    = 9,
  cudaDevAttrWarpSize                               = 10,
  cudaDevAttrMaxPitch                               = 11,
  cudaDevAttrMaxRegistersPerBlock                   = 12,
  cudaDevAttrClockRate                              = 13,
  cudaDevAttrTextureAlignment                       = 14,
  cudaDevAttrGpuOverlap                             = 15,
  cudaDevAttrMultiProcessorCount                    = 16,
  cudaDevAttrKernelExecTimeout                      = 17,
  cudaDevAttrIntegrated                             = 18,
  cudaDevAttrCanMapHostMemory                       = 19,
  cudaDevAttrComputeMode                            = 20,
  cudaDevAttrMaxTexture1DWidth                      = 21,
  cudaDevAttrMaxTexture2DWidth                      = 22,
  cudaDevAttrMaxTexture2DHeight                     = 23,
  cudaDevAttrMaxTexture3DWidth                      = 24,
  cudaDevAttrMaxTexture3DHeight                     = 25,
  cudaDevAttrMaxTexture3DDepth                      = 26,
  cudaDevAttrMaxTexture2DLayeredWidth               = 27,
  cudaDevAttrMaxTexture2DLayeredHeight              = 28,
  cudaDevAttrMaxTexture2DLayeredLayers              = 29,
  cudaDevAttrSurfaceAlignment                       = 30,
  cudaDevAttrConcurrentKernels                      = 31,
  cudaDevAttrEccEnabled                             = 32,
  cudaDevAttrPciBusId                               = 33,
  cudaDevAttrPciDeviceId                            = 34,
  cudaDevAttrTccDriver                              = 35,
  cudaDevAttrMemoryClockRate                        = 36,
  cudaDevAttrGlobalMemoryBusWidth                   = 37,
  cudaDevAttrL2CacheSize                            = 38,
  cudaDevAttrMaxThreadsPerMultiProcessor            = 39,
  cudaDevAttrAsyncEngineCount                       = 40,
  cudaDevAttrUnifiedAddressing                      = 41,
  cudaDevAttrMaxTexture1DLayeredWidth               = 42,
  cudaDevAttrMaxTexture1DLayeredLayers              = 43,
  cudaDevAttrMaxTexture2DGatherWidth                = 45,
  cudaDevAttrMaxTexture2DGatherHeight               = 46,
  cudaDevAttrMaxTexture3DWidthAlt                   = 47,
  cudaDevAttrMaxTexture3DHeightAlt                  = 48,
  cudaDevAttrMaxTexture3DDepthAlt                   = 49,
  cudaDevAttrPciDomainId                            = 50,
  cudaDevAttrTexturePitchAlignment                  = 51,
  cudaDevAttrMaxTextureCubemapWidth                 = 52,
  cudaDevAttrMaxTextureCubemapLayeredWidth          = 53,
  cudaDevAttrMaxTextureCubemapLayeredLayers         = 54,
  cudaDevAttrMaxSurface1DWidth                      = 55,
  cudaDevAttrMaxSurface2DWidth                      = 56,
  cudaDevAttrMaxSurface2DHeight                     = 57,
  cudaDevAttrMaxSurface3DWidth                      = 58,
  cudaDevAttrMaxSurface3DHeight                     = 59,
  cudaDevAttrMaxSurface3DDepth                      = 60,
  cudaDevAttrMaxSurface1DLayeredWidth               = 61,
  cudaDevAttrMaxSurface1DLayeredLayers              = 62,
  cudaDevAttrMaxSurface2DLayeredWidth               = 63,
  cudaDevAttrMaxSurface2DLayeredHeight              = 64,
  cudaDevAttrMaxSurface2DLayeredLayers              = 65,
  cudaDevAttrMaxSurfaceCubemapWidth                 = 66,
  cudaDevAttrMaxSurfaceCubemapLayeredWidth          = 67,
  cudaDevAttrMaxSurfaceCubemapLayeredLayers         = 68,
  cudaDevAttrMaxTexture1DLinearWidth                = 69,
  cudaDevAttrMaxTexture2DLinearWidth                = 70,
  cudaDevAttrMaxTexture2DLinearHeight               = 71,
  cudaDevAttrMaxTexture2DLinearPitch                = 72,
  cudaDevAttrMaxTexture2DMipmappedWidth             = 73,
  cudaDevAttrMaxTexture2DMipmappedHeight            = 74,
  cudaDevAttrComputeCapabilityMajor                 = 75,
  cudaDevAttrComputeCapabilityMinor                 = 76,
  cudaDevAttrMaxTexture1DMipmappedWidth             = 77,
  cudaDevAttrStreamPrioritiesSupported              = 78,
  cudaDevAttrGlobalL1CacheSupported                 = 79,
  cudaDevAttrLocalL1CacheSupported                  = 80,
  cudaDevAttrMaxSharedMemoryPerMultiprocessor       = 81,
  cudaDevAttrMaxRegistersPerMultiprocessor          = 82,
  cudaDevAttrManagedMemory                          = 83,
  cudaDevAttrIsMultiGpuBoard                        = 84,
  cudaDevAttrMultiGpuBoardGroupID                   = 85,
  cudaDevAttrHostNativeAtomicSupported              = 86,
  cudaDevAttrSingleToDoublePrecisionPerfRatio       = 87,
  cudaDevAttrPageableMemoryAccess                   = 88,
  cudaDevAttrConcurrentManagedAccess                = 89,
  cudaDevAttrComputePreemptionSupported             = 90,
  cudaDevAttrCanUseHostPointerForRegisteredMem      = 91,
  cudaDevAttrReserved92                             = 92,
  cudaDevAttrReserved93                             = 93,
  cudaDevAttrReserved94                             = 94,
  cudaDevAttrCooperativeLaunch                      = 95,
  cudaDevAttrReserved96                             = 96,
  cudaDevAttrMaxSharedMemoryPerBlockOptin           = 97,
  cudaDevAttrCanFlushRemoteWrites                   = 98,
  cudaDevAttrHostRegisterSupported                  = 99,
  cudaDevAttrPageableMemoryAccessUsesHostPageTables = 100,
  cudaDevAttrDirectManagedMemAccessFromHost         = 101,
  cudaDevAttrMaxBlocksPerMultiprocessor             = 106,
  cudaDevAttrMaxPersistingL2CacheSize               = 108,
  cudaDevAttrMaxAccessPolicyWindowSize              = 109,
  cudaDevAttrReservedSharedMemoryPerBlock           = 111,
  cudaDevAttrSparseCudaArraySupported               = 112,
  cudaDevAttrHostRegisterReadOnlySupported          = 113,
  cudaDevAttrTimelineSemaphoreInteropSupported      = 114,
  cudaDevAttrMemoryPoolsSupported                   = 115,
  cudaDevAttrGPUDirectRDMASupported                 = 116,
  cudaDevAttrGPUDirectRDMAFlushWritesOptions        = 117,
  cudaDevAttrGPUDirectRDMAWritesOrdering            = 118,
  cudaDevAttrMemoryPoolSupportedHandleTypes         = 119,
  cudaDevAttrClusterLaunch                          = 120,
  cudaDevAttrDeferredMappingCudaArraySupported      = 121,
  cudaDevAttrReserved122                            = 122,
  cudaDevAttrReserved123                            = 123,
  cudaDevAttrReserved124                            = 124,
  cudaDevAttrIpcEventSupport                        = 125,
  cudaDevAttrMemSyncDomainCount                     = 126,
  cudaDevAttrReserved127                            = 127,
  cudaDevAttrReserved128                            = 128,
  cudaDevAttrReserved129                            = 129,
  cudaDevAttrNumaConfig                             = 130,
  cudaDevAttrNumaId                                 = 131,
  cudaDevAttrReserved132                            = 132,
  cudaDevAttrMpsEnabled                             = 133,
  cudaDevAttrHostNumaId                             = 134,
  cudaDevAttrD3D12CigSupported                      = 135,
  cudaDevAttrVulkanCigSupported                     = 138,
  cudaDevAttrGpuPciDeviceId                         = 139,
  cudaDevAttrGpuPciSubsystemId                      = 140,
  cudaDevAttrReserved141                            = 141,
  cudaDevAttrHostNumaMemoryPoolsSupported           = 142,
  cudaDevAttrHostNumaMultinodeIpcSupported          = 143,
  cudaDevAttrHostMemoryPoolsSupported               = 144,
  cudaDevAttrReserved145                            = 145,
  cudaDevAttrOnlyPartialHostNativeAtomicSupported   = 147
};

enum __device_builtin__ cudaComputeMode {
  cudaComputeModeDefault          = 0,
  cudaComputeModeExclusive        = 1,
  cudaComputeModeProhibited       = 2,
  cudaComputeModeExclusiveProcess = 3
};

enum __device_builtin__ cudaLimit {
  cudaLimitStackSize                    = 0x00,
  cudaLimitPrintfFifoSize               = 0x01,
  cudaLimitMallocHeapSize               = 0x02,
  cudaLimitDevRuntimeSyncDepth          = 0x03,
  cudaLimitDevRuntimePendingLaunchCount = 0x04,
  cudaLimitMaxL2FetchGranularity        = 0x05,
  cudaLimitPersistingL2CacheSize        = 0x06
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
#define cudaMemAttachSingle 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaHostRegisterIoMemory 0x04
#define cudaHostRegisterReadOnly 0x08
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaDeviceLmemResizeToMax 0x10
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)

struct __device_builtin__ CUuuid_st { char bytes[16]; };
typedef struct CUuuid_st cudaUUID_t;
/* CUDA 13's fields plus the CUDA 12 ones it removed (clockRate,
 * memoryClockRate, computeMode, ...), which existing code still reads. */
struct __device_builtin__ cudaDeviceProp {
  char name[256];
  cudaUUID_t uuid;
  char luid[8];
  unsigned int luidDeviceNodeMask;
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int multiProcessorCount;
  int integrated;
  int canMapHostMemory;
  int maxTexture1D;
  int maxTexture1DMipmap;
  int maxTexture2D[2];
  int maxTexture2DMipmap[2];
  int maxTexture2DLinear[3];
  int maxTexture2DGather[2];
  int maxTexture3D[3];
  int maxTexture3DAlt[3];
  int maxTextureCubemap;
  int maxTexture1DLayered[2];
  int maxTexture2DLayered[3];
  int maxTextureCubemapLayered[2];
  int maxSurface1D;
  int maxSurface2D[2];
  int maxSurface3D[3];
  int maxSurface1DLayered[2];
  int maxSurface2DLayered[3];
  int maxSurfaceCubemap;
  int maxSurfaceCubemapLayered[2];
  size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryBusWidth;
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
  int hostRegisterSupported;
  int sparseCudaArraySupported;
  int hostRegisterReadOnlySupported;
  int timelineSemaphoreInteropSupported;
  int memoryPoolsSupported;
  int gpuDirectRDMASupported;
  unsigned int gpuDirectRDMAFlushWritesOptions;
  int gpuDirectRDMAWritesOrdering;
  unsigned int memoryPoolSupportedHandleTypes;
  int deferredMappingCudaArraySupported;
  int ipcEventSupported;
  int clusterLaunch;
  int unifiedFunctionPointers;
  int deviceNumaConfig;
  int deviceNumaId;
  int mpsEnabled;
  int hostNumaId;
  unsigned int gpuPciDeviceID;
  unsigned int gpuPciSubsystemID;
  int hostNumaMultinodeIpcSupported;
  int clockRate;
  int memoryClockRate;
  int computeMode;
  int kernelExecTimeoutEnabled;
  int deviceOverlap;
  int maxTexture1DLinear;
  int cooperativeMultiDeviceLaunch;
  int singleToDoublePrecisionPerfRatio;
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
__C2T_RT cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
__C2T_RT_HD cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit);
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
__C2T_RT cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value,
                                  size_t width, size_t height);
__C2T_RT cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream,
                                              void *devPtr, size_t length = 0,
                                              unsigned int flags =
                                                  cudaMemAttachSingle);
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

/* --- peer access, host callbacks ---------------------------------------- */
__C2T_RT cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device,
                                             int peerDevice);
__C2T_RT cudaError_t cudaDeviceEnablePeerAccess(int peerDevice,
                                                unsigned int flags);
__C2T_RT cudaError_t cudaDeviceDisablePeerAccess(int peerDevice);
__C2T_RT cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice,
                                         const void *src, int srcDevice,
                                         size_t count, cudaStream_t stream = 0);
__C2T_RT cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch,
                                       const void *src, size_t spitch,
                                       size_t width, size_t height,
                                       enum cudaMemcpyKind kind,
                                       cudaStream_t stream = 0);
__C2T_RT cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority,
                                                      int *greatestPriority);
typedef void(CUDART_CB *cudaHostFn_t)(void *userData);
typedef void(CUDART_CB *cudaStreamCallback_t)(cudaStream_t stream,
                                              cudaError_t status,
                                              void *userData);
__C2T_RT cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn,
                                        void *userData);
__C2T_RT cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                           cudaStreamCallback_t callback,
                                           void *userData,
                                           unsigned int flags);

/* --- CUDA graphs / stream capture ---------------------------------------- */
typedef struct CUgraphNode_st *cudaGraphNode_t;
enum __device_builtin__ cudaStreamCaptureMode {
  cudaStreamCaptureModeGlobal = 0,
  cudaStreamCaptureModeThreadLocal = 1,
  cudaStreamCaptureModeRelaxed = 2
};
enum __device_builtin__ cudaStreamCaptureStatus {
  cudaStreamCaptureStatusNone = 0,
  cudaStreamCaptureStatusActive = 1,
  cudaStreamCaptureStatusInvalidated = 2
};
__C2T_RT cudaError_t cudaStreamBeginCapture(cudaStream_t stream,
                                            enum cudaStreamCaptureMode mode);
__C2T_RT cudaError_t cudaStreamEndCapture(cudaStream_t stream,
                                          cudaGraph_t *pGraph);
__C2T_RT cudaError_t cudaStreamIsCapturing(
    cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus);
__C2T_RT cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags);
__C2T_RT cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec,
                                          cudaGraph_t graph,
                                          unsigned long long flags = 0);
__C2T_RT cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec,
                                                   cudaGraph_t graph,
                                                   unsigned long long flags);
__C2T_RT_HD cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec,
                                        cudaStream_t stream);
__C2T_RT cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec);
__C2T_RT cudaError_t cudaGraphDestroy(cudaGraph_t graph);
__C2T_RT cudaError_t cudaGraphGetNodes(cudaGraph_t graph,
                                       cudaGraphNode_t *nodes,
                                       size_t *numNodes);

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
/* pre-CUDA-12 signature, kept by cuda_runtime.h as a C++ overload */
static __inline__ __host__ cudaError_t
cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                     cudaGraphNode_t *pErrorNode, char *pLogBuffer,
                     size_t bufferSize) {
  (void)pErrorNode; (void)pLogBuffer; (void)bufferSize;
  return ::cudaGraphInstantiate(pGraphExec, graph, 0);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaHostGetDevicePointer(T **pDevice, void *pHost, unsigned int flags) {
  return ::cudaHostGetDevicePointer((void **)(void *)pDevice, pHost, flags);
}
static __inline__ __host__ cudaError_t cudaEventCreate(cudaEvent_t *event,
                                                       unsigned int flags) {
  return ::cudaEventCreateWithFlags(event, flags);
}

#undef __C2T_RT
#undef __C2T_RT_HD

#endif /* CUDA2TILE_RUNTIME_API_H */
