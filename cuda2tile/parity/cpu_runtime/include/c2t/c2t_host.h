// cuda2tile CPU SIMT runtime -- host-side CUDA runtime API subset, so that a
// .cu file with host code (main(), cudaMalloc, kernel<<<...>>>) compiles.
// "Device" memory is host memory; launches written as kernel<<<g, b, s>>>(...)
// are rewritten by the Python pipeline into c2t::host_launch and run
// synchronously in the calling process on the fiber scheduler.
#pragma once
#include "c2t_cg.h"

enum cudaError {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInitializationError = 3,
    cudaErrorInvalidConfiguration = 9,
    cudaErrorInvalidSymbol = 13,
    cudaErrorInvalidDevicePointer = 17,
    cudaErrorInvalidMemcpyDirection = 21,
    cudaErrorInvalidDeviceFunction = 98,
    cudaErrorNoDevice = 100,
    cudaErrorInvalidDevice = 101,
    cudaErrorNotReady = 600,
    cudaErrorAssert = 710,
    cudaErrorLaunchTimeout = 702,
    cudaErrorLaunchFailure = 719,
    cudaErrorCooperativeLaunchTooLarge = 720,
    cudaErrorNotSupported = 801,
    cudaErrorUnknown = 999,
};
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4,
};
struct CUstream_st { int __c2t_dummy; };
struct CUevent_st { double __c2t_t; };
typedef CUstream_st* cudaStream_t;
typedef CUevent_st* cudaEvent_t;
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaMemAttachGlobal 0x01
#define cudaDeviceScheduleAuto 0x00

enum cudaFuncAttribute {
    cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
    cudaFuncAttributePreferredSharedMemoryCarveout = 9,
};
enum cudaFuncCache { cudaFuncCachePreferNone = 0, cudaFuncCachePreferShared = 1, cudaFuncCachePreferL1 = 2, cudaFuncCachePreferEqual = 3 };
enum cudaSharedMemConfig { cudaSharedMemBankSizeDefault = 0, cudaSharedMemBankSizeFourByte = 1, cudaSharedMemBankSizeEightByte = 2 };
enum cudaLimit { cudaLimitStackSize = 0, cudaLimitPrintfFifoSize = 1, cudaLimitMallocHeapSize = 2 };
enum cudaDeviceAttr {
    cudaDevAttrMaxThreadsPerBlock = 1,
    cudaDevAttrMaxBlockDimX = 2,
    cudaDevAttrMaxBlockDimY = 3,
    cudaDevAttrMaxBlockDimZ = 4,
    cudaDevAttrMaxGridDimX = 5,
    cudaDevAttrMaxGridDimY = 6,
    cudaDevAttrMaxGridDimZ = 7,
    cudaDevAttrMaxSharedMemoryPerBlock = 8,
    cudaDevAttrWarpSize = 10,
    cudaDevAttrMultiProcessorCount = 16,
    cudaDevAttrComputeCapabilityMajor = 75,
    cudaDevAttrComputeCapabilityMinor = 76,
    cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
    cudaDevAttrMaxSharedMemoryPerBlockOptin = 97,
};

struct cudaDeviceProp {
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
    int maxThreadsPerMultiProcessor;
    size_t sharedMemPerMultiprocessor;
    int regsPerMultiprocessor;
    int managedMemory;
    int cooperativeLaunch;
    size_t sharedMemPerBlockOptin;
    int maxBlocksPerMultiProcessor;
};
struct cudaFuncAttributes {
    size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
    int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA, maxDynamicSharedSizeBytes,
        preferredShmemCarveout;
};

namespace c2t {
C2T_HIDDEN inline cudaError_t __c2t_last_error = cudaSuccess;
inline cudaError_t __c2t_set_error(cudaError_t __c2t_e) {
    if (__c2t_e != cudaSuccess) __c2t_last_error = __c2t_e;
    return __c2t_e;
}
}  // namespace c2t

inline cudaError_t cudaGetLastError() { cudaError_t __c2t_e = c2t::__c2t_last_error; c2t::__c2t_last_error = cudaSuccess; return __c2t_e; }
inline cudaError_t cudaPeekAtLastError() { return c2t::__c2t_last_error; }
inline const char* cudaGetErrorName(cudaError_t __c2t_e) {
    switch (__c2t_e) {
        case cudaSuccess: return "cudaSuccess";
        case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
        case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
        case cudaErrorInvalidConfiguration: return "cudaErrorInvalidConfiguration";
        case cudaErrorLaunchFailure: return "cudaErrorLaunchFailure";
        case cudaErrorLaunchTimeout: return "cudaErrorLaunchTimeout";
        case cudaErrorNotSupported: return "cudaErrorNotSupported";
        default: return "cudaErrorUnknown";
    }
}
inline const char* cudaGetErrorString(cudaError_t __c2t_e) {
    switch (__c2t_e) {
        case cudaSuccess: return "no error";
        case cudaErrorInvalidValue: return "invalid argument";
        case cudaErrorMemoryAllocation: return "out of memory";
        case cudaErrorInvalidConfiguration: return "invalid configuration argument";
        case cudaErrorLaunchFailure: return "unspecified launch failure";
        case cudaErrorLaunchTimeout: return "the launch timed out and was terminated";
        case cudaErrorNotSupported: return "operation not supported";
        default: return "unknown error";
    }
}

// Driver API error names (helper headers declare `_cudaGetErrorEnum(CUresult)` under `__cuda_cuda_h__`).
typedef enum cudaError_enum {
    CUDA_SUCCESS = 0,
    CUDA_ERROR_INVALID_VALUE = 1,
    CUDA_ERROR_OUT_OF_MEMORY = 2,
    CUDA_ERROR_NOT_INITIALIZED = 3,
    CUDA_ERROR_NO_DEVICE = 100,
    CUDA_ERROR_INVALID_DEVICE = 101,
    CUDA_ERROR_NOT_SUPPORTED = 801,
    CUDA_ERROR_UNKNOWN = 999,
} CUresult;
inline CUresult cuGetErrorName(CUresult __c2t_e, const char** __c2t_name) {
    switch (__c2t_e) {
        case CUDA_SUCCESS: *__c2t_name = "CUDA_SUCCESS"; break;
        case CUDA_ERROR_INVALID_VALUE: *__c2t_name = "CUDA_ERROR_INVALID_VALUE"; break;
        case CUDA_ERROR_OUT_OF_MEMORY: *__c2t_name = "CUDA_ERROR_OUT_OF_MEMORY"; break;
        case CUDA_ERROR_NOT_INITIALIZED: *__c2t_name = "CUDA_ERROR_NOT_INITIALIZED"; break;
        case CUDA_ERROR_NO_DEVICE: *__c2t_name = "CUDA_ERROR_NO_DEVICE"; break;
        case CUDA_ERROR_INVALID_DEVICE: *__c2t_name = "CUDA_ERROR_INVALID_DEVICE"; break;
        case CUDA_ERROR_NOT_SUPPORTED: *__c2t_name = "CUDA_ERROR_NOT_SUPPORTED"; break;
        default: *__c2t_name = nullptr; return CUDA_ERROR_INVALID_VALUE;
    }
    return CUDA_SUCCESS;
}
inline CUresult cuGetErrorString(CUresult __c2t_e, const char** __c2t_text) { return cuGetErrorName(__c2t_e, __c2t_text); }
// <cuda_profiler_api.h>: profiling ranges mean nothing on the CPU
inline cudaError_t cudaProfilerStart() { return cudaSuccess; }
inline cudaError_t cudaProfilerStop() { return cudaSuccess; }

inline cudaError_t cudaMalloc(void** __c2t_p, size_t __c2t_n) {
    *__c2t_p = std::aligned_alloc(256, (__c2t_n + 255) / 256 * 256 + 256);
    return *__c2t_p ? cudaSuccess : c2t::__c2t_set_error(cudaErrorMemoryAllocation);
}
template <class __c2t_T> inline cudaError_t cudaMalloc(__c2t_T** __c2t_p, size_t __c2t_n) { return cudaMalloc(reinterpret_cast<void**>(__c2t_p), __c2t_n); }
inline cudaError_t cudaMallocManaged(void** __c2t_p, size_t __c2t_n, unsigned = cudaMemAttachGlobal) { return cudaMalloc(__c2t_p, __c2t_n); }
template <class __c2t_T> inline cudaError_t cudaMallocManaged(__c2t_T** __c2t_p, size_t __c2t_n, unsigned __c2t_f = cudaMemAttachGlobal) {
    return cudaMallocManaged(reinterpret_cast<void**>(__c2t_p), __c2t_n, __c2t_f);
}
inline cudaError_t cudaMallocHost(void** __c2t_p, size_t __c2t_n) { return cudaMalloc(__c2t_p, __c2t_n); }
template <class __c2t_T> inline cudaError_t cudaMallocHost(__c2t_T** __c2t_p, size_t __c2t_n) { return cudaMalloc(reinterpret_cast<void**>(__c2t_p), __c2t_n); }
inline cudaError_t cudaHostAlloc(void** __c2t_p, size_t __c2t_n, unsigned) { return cudaMalloc(__c2t_p, __c2t_n); }
template <class __c2t_T> inline cudaError_t cudaHostAlloc(__c2t_T** __c2t_p, size_t __c2t_n, unsigned __c2t_f) { return cudaHostAlloc(reinterpret_cast<void**>(__c2t_p), __c2t_n, __c2t_f); }
inline cudaError_t cudaMallocAsync(void** __c2t_p, size_t __c2t_n, cudaStream_t) { return cudaMalloc(__c2t_p, __c2t_n); }
template <class __c2t_T> inline cudaError_t cudaMallocAsync(__c2t_T** __c2t_p, size_t __c2t_n, cudaStream_t __c2t_s) { return cudaMallocAsync(reinterpret_cast<void**>(__c2t_p), __c2t_n, __c2t_s); }
inline cudaError_t cudaMallocPitch(void** __c2t_p, size_t* __c2t_pitch, size_t w, size_t __c2t_h) {
    *__c2t_pitch = (w + 255) / 256 * 256;
    return cudaMalloc(__c2t_p, *__c2t_pitch * __c2t_h);
}
template <class __c2t_T> inline cudaError_t cudaMallocPitch(__c2t_T** __c2t_p, size_t* __c2t_pitch, size_t w, size_t __c2t_h) {
    return cudaMallocPitch(reinterpret_cast<void**>(__c2t_p), __c2t_pitch, w, __c2t_h);
}
inline cudaError_t cudaFree(void* __c2t_p) { std::free(__c2t_p); return cudaSuccess; }
inline cudaError_t cudaFreeHost(void* __c2t_p) { std::free(__c2t_p); return cudaSuccess; }
inline cudaError_t cudaFreeAsync(void* __c2t_p, cudaStream_t) { std::free(__c2t_p); return cudaSuccess; }
inline cudaError_t cudaMemcpy(void* __c2t_d, const void* __c2t_s, size_t __c2t_n, cudaMemcpyKind = cudaMemcpyDefault) {
    if (__c2t_n) std::memmove(__c2t_d, __c2t_s, __c2t_n);
    return cudaSuccess;
}
inline cudaError_t cudaMemcpyAsync(void* __c2t_d, const void* __c2t_s, size_t __c2t_n, cudaMemcpyKind __c2t_k = cudaMemcpyDefault, cudaStream_t = nullptr) {
    return cudaMemcpy(__c2t_d, __c2t_s, __c2t_n, __c2t_k);
}
inline cudaError_t cudaMemcpy2D(void* __c2t_d, size_t __c2t_dp, const void* __c2t_s, size_t __c2t_sp, size_t w, size_t __c2t_h, cudaMemcpyKind = cudaMemcpyDefault) {
    for (size_t __c2t_r = 0; __c2t_r < __c2t_h; ++__c2t_r) std::memmove(static_cast<char*>(__c2t_d) + __c2t_r * __c2t_dp, static_cast<const char*>(__c2t_s) + __c2t_r * __c2t_sp, w);
    return cudaSuccess;
}
inline cudaError_t cudaMemset(void* __c2t_d, int __c2t_v, size_t __c2t_n) { std::memset(__c2t_d, __c2t_v, __c2t_n); return cudaSuccess; }
inline cudaError_t cudaMemsetAsync(void* __c2t_d, int __c2t_v, size_t __c2t_n, cudaStream_t = nullptr) { return cudaMemset(__c2t_d, __c2t_v, __c2t_n); }
template <class __c2t_T>
inline cudaError_t cudaMemcpyToSymbol(__c2t_T& __c2t_symbol, const void* __c2t_src, size_t __c2t_n, size_t __c2t_off = 0, cudaMemcpyKind = cudaMemcpyHostToDevice) {
    std::memcpy(reinterpret_cast<char*>(&__c2t_symbol) + __c2t_off, __c2t_src, __c2t_n);
    return cudaSuccess;
}
template <class __c2t_T>
inline cudaError_t cudaMemcpyFromSymbol(void* __c2t_dst, const __c2t_T& __c2t_symbol, size_t __c2t_n, size_t __c2t_off = 0, cudaMemcpyKind = cudaMemcpyDeviceToHost) {
    std::memcpy(__c2t_dst, reinterpret_cast<const char*>(&__c2t_symbol) + __c2t_off, __c2t_n);
    return cudaSuccess;
}
template <class __c2t_T>
inline cudaError_t cudaMemcpyToSymbolAsync(__c2t_T& __c2t_symbol, const void* __c2t_src, size_t __c2t_n, size_t __c2t_off = 0, cudaMemcpyKind __c2t_k = cudaMemcpyHostToDevice, cudaStream_t = nullptr) {
    return cudaMemcpyToSymbol(__c2t_symbol, __c2t_src, __c2t_n, __c2t_off, __c2t_k);
}
template <class __c2t_T>
inline cudaError_t cudaMemcpyFromSymbolAsync(void* __c2t_dst, const __c2t_T& __c2t_symbol, size_t __c2t_n, size_t __c2t_off = 0, cudaMemcpyKind __c2t_k = cudaMemcpyDeviceToHost, cudaStream_t = nullptr) {
    return cudaMemcpyFromSymbol(__c2t_dst, __c2t_symbol, __c2t_n, __c2t_off, __c2t_k);
}
template <class __c2t_T> inline cudaError_t cudaGetSymbolAddress(void** __c2t_p, const __c2t_T& __c2t_symbol) {
    *__c2t_p = const_cast<void*>(static_cast<const void*>(&__c2t_symbol));
    return cudaSuccess;
}
inline cudaError_t cudaMemGetInfo(size_t* __c2t_free_b, size_t* __c2t_total) {
    *__c2t_free_b = size_t(64) << 30;
    *__c2t_total = size_t(80) << 30;
    return cudaSuccess;
}
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
inline cudaError_t cudaDeviceReset() { return cudaSuccess; }
inline cudaError_t cudaThreadSynchronize() { return cudaSuccess; }
inline cudaError_t cudaSetDevice(int) { return cudaSuccess; }
inline cudaError_t cudaGetDevice(int* __c2t_d) { *__c2t_d = 0; return cudaSuccess; }
inline cudaError_t cudaGetDeviceCount(int* __c2t_n) { *__c2t_n = 1; return cudaSuccess; }
inline cudaError_t cudaSetDeviceFlags(unsigned) { return cudaSuccess; }
inline cudaError_t cudaDeviceSetLimit(cudaLimit, size_t) { return cudaSuccess; }
inline cudaError_t cudaDeviceGetLimit(size_t* __c2t_v, cudaLimit) { *__c2t_v = 0; return cudaSuccess; }
inline cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache) { return cudaSuccess; }
inline cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig) { return cudaSuccess; }
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp* __c2t_p, int) {
    std::memset(__c2t_p, 0, sizeof *__c2t_p);
    std::snprintf(__c2t_p->name, sizeof __c2t_p->name, "cuda2tile CPU SIMT runtime");
    __c2t_p->totalGlobalMem = size_t(80) << 30;
    __c2t_p->sharedMemPerBlock = 48 * 1024;
    __c2t_p->sharedMemPerBlockOptin = C2T_MAX_DYN_SMEM;
    __c2t_p->sharedMemPerMultiprocessor = 228 * 1024;
    __c2t_p->regsPerBlock = 65536;
    __c2t_p->regsPerMultiprocessor = 65536;
    __c2t_p->warpSize = 32;
    __c2t_p->maxThreadsPerBlock = 1024;
    __c2t_p->maxThreadsDim[0] = 1024; __c2t_p->maxThreadsDim[1] = 1024; __c2t_p->maxThreadsDim[2] = 64;
    __c2t_p->maxGridSize[0] = 2147483647; __c2t_p->maxGridSize[1] = 65535; __c2t_p->maxGridSize[2] = 65535;
    __c2t_p->clockRate = 1980000;
    __c2t_p->totalConstMem = 65536;
    __c2t_p->major = 9;
    __c2t_p->minor = 0;
    __c2t_p->multiProcessorCount = 132;
    __c2t_p->maxThreadsPerMultiProcessor = 2048;
    __c2t_p->maxBlocksPerMultiProcessor = 32;
    __c2t_p->l2CacheSize = 50 * 1024 * 1024;
    __c2t_p->memoryBusWidth = 5120;
    __c2t_p->memoryClockRate = 2619000;
    __c2t_p->concurrentKernels = 1;
    __c2t_p->unifiedAddressing = 1;
    __c2t_p->managedMemory = 1;
    __c2t_p->cooperativeLaunch = 0;
    return cudaSuccess;
}
inline cudaError_t cudaDeviceGetAttribute(int* __c2t_v, cudaDeviceAttr __c2t_a, int) {
    switch (__c2t_a) {
        case cudaDevAttrMaxThreadsPerBlock: *__c2t_v = 1024; break;
        case cudaDevAttrMaxBlockDimX: case cudaDevAttrMaxBlockDimY: *__c2t_v = 1024; break;
        case cudaDevAttrMaxBlockDimZ: *__c2t_v = 64; break;
        case cudaDevAttrMaxGridDimX: *__c2t_v = 2147483647; break;
        case cudaDevAttrMaxGridDimY: case cudaDevAttrMaxGridDimZ: *__c2t_v = 65535; break;
        case cudaDevAttrMaxSharedMemoryPerBlock: *__c2t_v = 48 * 1024; break;
        case cudaDevAttrWarpSize: *__c2t_v = 32; break;
        case cudaDevAttrMultiProcessorCount: *__c2t_v = 132; break;
        case cudaDevAttrComputeCapabilityMajor: *__c2t_v = 9; break;
        case cudaDevAttrComputeCapabilityMinor: *__c2t_v = 0; break;
        case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *__c2t_v = 228 * 1024; break;
        case cudaDevAttrMaxSharedMemoryPerBlockOptin: *__c2t_v = int(C2T_MAX_DYN_SMEM); break;
        default: *__c2t_v = 0; return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}
template <class __c2t_F> inline cudaError_t cudaFuncSetAttribute(__c2t_F*, cudaFuncAttribute, int) { return cudaSuccess; }
template <class __c2t_F> inline cudaError_t cudaFuncSetCacheConfig(__c2t_F*, cudaFuncCache) { return cudaSuccess; }
template <class __c2t_F> inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* __c2t_a, __c2t_F*) {
    std::memset(__c2t_a, 0, sizeof *__c2t_a);
    __c2t_a->maxThreadsPerBlock = 1024;
    __c2t_a->maxDynamicSharedSizeBytes = int(C2T_MAX_DYN_SMEM);
    return cudaSuccess;
}
template <class __c2t_F>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* __c2t_n, __c2t_F, int __c2t_block, size_t) {
    *__c2t_n = __c2t_block > 0 ? std::max(1, 2048 / __c2t_block) : 0;
    return cudaSuccess;
}
template <class __c2t_F>
inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int* __c2t_min_grid, int* __c2t_block, __c2t_F, size_t = 0, int __c2t_limit = 0) {
    *__c2t_block = __c2t_limit > 0 ? std::min(__c2t_limit, 1024) : 1024;
    *__c2t_min_grid = 132 * 2;
    return cudaSuccess;
}
inline cudaError_t cudaStreamCreate(cudaStream_t* __c2t_s) { *__c2t_s = new CUstream_st{}; return cudaSuccess; }
inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t* __c2t_s, unsigned) { return cudaStreamCreate(__c2t_s); }
inline cudaError_t cudaStreamCreateWithPriority(cudaStream_t* __c2t_s, unsigned, int) { return cudaStreamCreate(__c2t_s); }
inline cudaError_t cudaStreamDestroy(cudaStream_t __c2t_s) { delete __c2t_s; return cudaSuccess; }
inline cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
inline cudaError_t cudaStreamQuery(cudaStream_t) { return cudaSuccess; }
inline cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned = 0) { return cudaSuccess; }
inline cudaError_t cudaEventCreate(cudaEvent_t* __c2t_e) { *__c2t_e = new CUevent_st{0}; return cudaSuccess; }
inline cudaError_t cudaEventCreateWithFlags(cudaEvent_t* __c2t_e, unsigned) { return cudaEventCreate(__c2t_e); }
inline cudaError_t cudaEventDestroy(cudaEvent_t __c2t_e) { delete __c2t_e; return cudaSuccess; }
inline cudaError_t cudaEventRecord(cudaEvent_t __c2t_e, cudaStream_t = nullptr) { __c2t_e->__c2t_t = c2t::__c2t_now_seconds(); return cudaSuccess; }
inline cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
inline cudaError_t cudaEventQuery(cudaEvent_t) { return cudaSuccess; }
inline cudaError_t cudaEventElapsedTime(float* __c2t_ms, cudaEvent_t __c2t_a, cudaEvent_t __c2t_b) {
    *__c2t_ms = float((__c2t_b->__c2t_t - __c2t_a->__c2t_t) * 1e3);
    return cudaSuccess;
}
inline cudaError_t cudaLaunchKernel(const void*, dim3, dim3, void**, size_t, cudaStream_t) {
    std::fprintf(stderr, "cuda2tile cpu runtime: cudaLaunchKernel with a type-erased kernel is not supported; "
                         "use kernel<<<...>>> or the Python launcher\n");
    return c2t::__c2t_set_error(cudaErrorNotSupported);
}

// ---------------------------------------------------------------------------
// kernel<<<grid, block, smem, stream>>>(args...)  is rewritten to
//   (c2t::__c2t_host_cfg(grid, block, smem, stream) | [&](auto&&... a) { kernel(a...); })(args...)
// ---------------------------------------------------------------------------
namespace c2t {
struct __c2t_HostCfg {
    dim3 __c2t_grid, __c2t_block;
    size_t __c2t_smem;
};
inline __c2t_HostCfg __c2t_host_cfg(dim3 __c2t_g, dim3 __c2t_b, size_t __c2t_smem = 0, cudaStream_t = nullptr) { return __c2t_HostCfg{__c2t_g, __c2t_b, __c2t_smem}; }

template <class __c2t_Body> struct __c2t_HostLauncher {
    __c2t_HostCfg __c2t_cfg;
    __c2t_Body __c2t_body;
    template <class... __c2t_A> void operator()(__c2t_A&&... __c2t_a) {
        using __c2t_Tup = std::tuple<std::decay_t<__c2t_A>...>;
        struct __c2t_Ctx { __c2t_Body* __c2t_body; __c2t_Tup __c2t_args; };
        __c2t_Ctx __c2t_ctx{&__c2t_body, __c2t_Tup(std::forward<__c2t_A>(__c2t_a)...)};
        auto __c2t_invoke = [](void* __c2t_p) {
            __c2t_Ctx* __c2t_c = static_cast<__c2t_Ctx*>(__c2t_p);
            __c2t_Tup __c2t_local = __c2t_c->__c2t_args;  // per-thread copies of the by-value arguments
            std::apply(*__c2t_c->__c2t_body, __c2t_local);
        };
        __c2t_LaunchDesc __c2t_d{__c2t_cfg.__c2t_grid, __c2t_cfg.__c2t_block, __c2t_cfg.__c2t_smem, false, +__c2t_invoke, nullptr, &__c2t_ctx};
        c2t_launch_opts* __c2t_o = &__c2t_default_opts;
        __c2t_o->__c2t_abi_version = C2T_ABI_VERSION;
        const int __c2t_rc = __c2t_run_launch(__c2t_d, __c2t_o);
        if (__c2t_rc) {
            std::fprintf(stderr, "cuda2tile cpu runtime: kernel launch failed: %s\n", __c2t_o->__c2t_msg);
            __c2t_set_error(__c2t_rc == C2T_ERR_CONFIG ? cudaErrorInvalidConfiguration : cudaErrorLaunchFailure);
        }
    }
};
template <class __c2t_Body> inline __c2t_HostLauncher<__c2t_Body> operator|(__c2t_HostCfg __c2t_c, __c2t_Body __c2t_b) { return __c2t_HostLauncher<__c2t_Body>{__c2t_c, __c2t_b}; }
}  // namespace c2t
