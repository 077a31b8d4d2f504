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
struct CUstream_st { int dummy; };
struct CUevent_st { double t; };
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
C2T_HIDDEN inline cudaError_t last_error = cudaSuccess;
inline cudaError_t set_error(cudaError_t e) {
    if (e != cudaSuccess) last_error = e;
    return e;
}
}  // namespace c2t

inline cudaError_t cudaGetLastError() { cudaError_t e = c2t::last_error; c2t::last_error = cudaSuccess; return e; }
inline cudaError_t cudaPeekAtLastError() { return c2t::last_error; }
inline const char* cudaGetErrorName(cudaError_t e) {
    switch (e) {
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
inline const char* cudaGetErrorString(cudaError_t e) {
    switch (e) {
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

inline cudaError_t cudaMalloc(void** p, size_t n) {
    *p = std::aligned_alloc(256, (n + 255) / 256 * 256 + 256);
    return *p ? cudaSuccess : c2t::set_error(cudaErrorMemoryAllocation);
}
template <class T> inline cudaError_t cudaMalloc(T** p, size_t n) { return cudaMalloc(reinterpret_cast<void**>(p), n); }
inline cudaError_t cudaMallocManaged(void** p, size_t n, unsigned = cudaMemAttachGlobal) { return cudaMalloc(p, n); }
template <class T> inline cudaError_t cudaMallocManaged(T** p, size_t n, unsigned f = cudaMemAttachGlobal) {
    return cudaMallocManaged(reinterpret_cast<void**>(p), n, f);
}
inline cudaError_t cudaMallocHost(void** p, size_t n) { return cudaMalloc(p, n); }
template <class T> inline cudaError_t cudaMallocHost(T** p, size_t n) { return cudaMalloc(reinterpret_cast<void**>(p), n); }
inline cudaError_t cudaHostAlloc(void** p, size_t n, unsigned) { return cudaMalloc(p, n); }
template <class T> inline cudaError_t cudaHostAlloc(T** p, size_t n, unsigned f) { return cudaHostAlloc(reinterpret_cast<void**>(p), n, f); }
inline cudaError_t cudaMallocAsync(void** p, size_t n, cudaStream_t) { return cudaMalloc(p, n); }
template <class T> inline cudaError_t cudaMallocAsync(T** p, size_t n, cudaStream_t s) { return cudaMallocAsync(reinterpret_cast<void**>(p), n, s); }
inline cudaError_t cudaMallocPitch(void** p, size_t* pitch, size_t w, size_t h) {
    *pitch = (w + 255) / 256 * 256;
    return cudaMalloc(p, *pitch * h);
}
template <class T> inline cudaError_t cudaMallocPitch(T** p, size_t* pitch, size_t w, size_t h) {
    return cudaMallocPitch(reinterpret_cast<void**>(p), pitch, w, h);
}
inline cudaError_t cudaFree(void* p) { std::free(p); return cudaSuccess; }
inline cudaError_t cudaFreeHost(void* p) { std::free(p); return cudaSuccess; }
inline cudaError_t cudaFreeAsync(void* p, cudaStream_t) { std::free(p); return cudaSuccess; }
inline cudaError_t cudaMemcpy(void* d, const void* s, size_t n, cudaMemcpyKind = cudaMemcpyDefault) {
    if (n) std::memmove(d, s, n);
    return cudaSuccess;
}
inline cudaError_t cudaMemcpyAsync(void* d, const void* s, size_t n, cudaMemcpyKind k = cudaMemcpyDefault, cudaStream_t = nullptr) {
    return cudaMemcpy(d, s, n, k);
}
inline cudaError_t cudaMemcpy2D(void* d, size_t dp, const void* s, size_t sp, size_t w, size_t h, cudaMemcpyKind = cudaMemcpyDefault) {
    for (size_t r = 0; r < h; ++r) std::memmove(static_cast<char*>(d) + r * dp, static_cast<const char*>(s) + r * sp, w);
    return cudaSuccess;
}
inline cudaError_t cudaMemset(void* d, int v, size_t n) { std::memset(d, v, n); return cudaSuccess; }
inline cudaError_t cudaMemsetAsync(void* d, int v, size_t n, cudaStream_t = nullptr) { return cudaMemset(d, v, n); }
template <class T>
inline cudaError_t cudaMemcpyToSymbol(T& symbol, const void* src, size_t n, size_t off = 0, cudaMemcpyKind = cudaMemcpyHostToDevice) {
    std::memcpy(reinterpret_cast<char*>(&symbol) + off, src, n);
    return cudaSuccess;
}
template <class T>
inline cudaError_t cudaMemcpyFromSymbol(void* dst, const T& symbol, size_t n, size_t off = 0, cudaMemcpyKind = cudaMemcpyDeviceToHost) {
    std::memcpy(dst, reinterpret_cast<const char*>(&symbol) + off, n);
    return cudaSuccess;
}
template <class T>
inline cudaError_t cudaMemcpyToSymbolAsync(T& symbol, const void* src, size_t n, size_t off = 0, cudaMemcpyKind k = cudaMemcpyHostToDevice, cudaStream_t = nullptr) {
    return cudaMemcpyToSymbol(symbol, src, n, off, k);
}
template <class T>
inline cudaError_t cudaMemcpyFromSymbolAsync(void* dst, const T& symbol, size_t n, size_t off = 0, cudaMemcpyKind k = cudaMemcpyDeviceToHost, cudaStream_t = nullptr) {
    return cudaMemcpyFromSymbol(dst, symbol, n, off, k);
}
template <class T> inline cudaError_t cudaGetSymbolAddress(void** p, const T& symbol) {
    *p = const_cast<void*>(static_cast<const void*>(&symbol));
    return cudaSuccess;
}
inline cudaError_t cudaMemGetInfo(size_t* free_b, size_t* total) {
    *free_b = size_t(64) << 30;
    *total = size_t(80) << 30;
    return cudaSuccess;
}
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
inline cudaError_t cudaDeviceReset() { return cudaSuccess; }
inline cudaError_t cudaThreadSynchronize() { return cudaSuccess; }
inline cudaError_t cudaSetDevice(int) { return cudaSuccess; }
inline cudaError_t cudaGetDevice(int* d) { *d = 0; return cudaSuccess; }
inline cudaError_t cudaGetDeviceCount(int* n) { *n = 1; return cudaSuccess; }
inline cudaError_t cudaSetDeviceFlags(unsigned) { return cudaSuccess; }
inline cudaError_t cudaDeviceSetLimit(cudaLimit, size_t) { return cudaSuccess; }
inline cudaError_t cudaDeviceGetLimit(size_t* v, cudaLimit) { *v = 0; return cudaSuccess; }
inline cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache) { return cudaSuccess; }
inline cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig) { return cudaSuccess; }
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp* p, int) {
    std::memset(p, 0, sizeof *p);
    std::snprintf(p->name, sizeof p->name, "cuda2tile CPU SIMT runtime");
    p->totalGlobalMem = size_t(80) << 30;
    p->sharedMemPerBlock = 48 * 1024;
    p->sharedMemPerBlockOptin = C2T_MAX_DYN_SMEM;
    p->sharedMemPerMultiprocessor = 228 * 1024;
    p->regsPerBlock = 65536;
    p->regsPerMultiprocessor = 65536;
    p->warpSize = 32;
    p->maxThreadsPerBlock = 1024;
    p->maxThreadsDim[0] = 1024; p->maxThreadsDim[1] = 1024; p->maxThreadsDim[2] = 64;
    p->maxGridSize[0] = 2147483647; p->maxGridSize[1] = 65535; p->maxGridSize[2] = 65535;
    p->clockRate = 1980000;
    p->totalConstMem = 65536;
    p->major = 9;
    p->minor = 0;
    p->multiProcessorCount = 132;
    p->maxThreadsPerMultiProcessor = 2048;
    p->maxBlocksPerMultiProcessor = 32;
    p->l2CacheSize = 50 * 1024 * 1024;
    p->memoryBusWidth = 5120;
    p->memoryClockRate = 2619000;
    p->concurrentKernels = 1;
    p->unifiedAddressing = 1;
    p->managedMemory = 1;
    p->cooperativeLaunch = 0;
    return cudaSuccess;
}
inline cudaError_t cudaDeviceGetAttribute(int* v, cudaDeviceAttr a, int) {
    switch (a) {
        case cudaDevAttrMaxThreadsPerBlock: *v = 1024; break;
        case cudaDevAttrMaxBlockDimX: case cudaDevAttrMaxBlockDimY: *v = 1024; break;
        case cudaDevAttrMaxBlockDimZ: *v = 64; break;
        case cudaDevAttrMaxGridDimX: *v = 2147483647; break;
        case cudaDevAttrMaxGridDimY: case cudaDevAttrMaxGridDimZ: *v = 65535; break;
        case cudaDevAttrMaxSharedMemoryPerBlock: *v = 48 * 1024; break;
        case cudaDevAttrWarpSize: *v = 32; break;
        case cudaDevAttrMultiProcessorCount: *v = 132; break;
        case cudaDevAttrComputeCapabilityMajor: *v = 9; break;
        case cudaDevAttrComputeCapabilityMinor: *v = 0; break;
        case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *v = 228 * 1024; break;
        case cudaDevAttrMaxSharedMemoryPerBlockOptin: *v = int(C2T_MAX_DYN_SMEM); break;
        default: *v = 0; return cudaErrorInvalidValue;
    }
    return cudaSuccess;
}
template <class F> inline cudaError_t cudaFuncSetAttribute(F*, cudaFuncAttribute, int) { return cudaSuccess; }
template <class F> inline cudaError_t cudaFuncSetCacheConfig(F*, cudaFuncCache) { return cudaSuccess; }
template <class F> inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* a, F*) {
    std::memset(a, 0, sizeof *a);
    a->maxThreadsPerBlock = 1024;
    a->maxDynamicSharedSizeBytes = int(C2T_MAX_DYN_SMEM);
    return cudaSuccess;
}
template <class F>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* n, F, int block, size_t) {
    *n = block > 0 ? std::max(1, 2048 / block) : 0;
    return cudaSuccess;
}
template <class F>
inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int* min_grid, int* block, F, size_t = 0, int limit = 0) {
    *block = limit > 0 ? std::min(limit, 1024) : 1024;
    *min_grid = 132 * 2;
    return cudaSuccess;
}
inline cudaError_t cudaStreamCreate(cudaStream_t* s) { *s = new CUstream_st{}; return cudaSuccess; }
inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t* s, unsigned) { return cudaStreamCreate(s); }
inline cudaError_t cudaStreamCreateWithPriority(cudaStream_t* s, unsigned, int) { return cudaStreamCreate(s); }
inline cudaError_t cudaStreamDestroy(cudaStream_t s) { delete s; return cudaSuccess; }
inline cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
inline cudaError_t cudaStreamQuery(cudaStream_t) { return cudaSuccess; }
inline cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned = 0) { return cudaSuccess; }
inline cudaError_t cudaEventCreate(cudaEvent_t* e) { *e = new CUevent_st{0}; return cudaSuccess; }
inline cudaError_t cudaEventCreateWithFlags(cudaEvent_t* e, unsigned) { return cudaEventCreate(e); }
inline cudaError_t cudaEventDestroy(cudaEvent_t e) { delete e; return cudaSuccess; }
inline cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t = nullptr) { e->t = c2t::now_seconds(); return cudaSuccess; }
inline cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
inline cudaError_t cudaEventQuery(cudaEvent_t) { return cudaSuccess; }
inline cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t a, cudaEvent_t b) {
    *ms = float((b->t - a->t) * 1e3);
    return cudaSuccess;
}
inline cudaError_t cudaLaunchKernel(const void*, dim3, dim3, void**, size_t, cudaStream_t) {
    std::fprintf(stderr, "cuda2tile cpu runtime: cudaLaunchKernel with a type-erased kernel is not supported; "
                         "use kernel<<<...>>> or the Python launcher\n");
    return c2t::set_error(cudaErrorNotSupported);
}

// ---------------------------------------------------------------------------
// kernel<<<grid, block, smem, stream>>>(args...)  is rewritten to
//   (c2t::host_cfg(grid, block, smem, stream) | [&](auto&&... a) { kernel(a...); })(args...)
// ---------------------------------------------------------------------------
namespace c2t {
struct HostCfg {
    dim3 grid, block;
    size_t smem;
};
inline HostCfg host_cfg(dim3 g, dim3 b, size_t smem = 0, cudaStream_t = nullptr) { return HostCfg{g, b, smem}; }

template <class Body> struct HostLauncher {
    HostCfg cfg;
    Body body;
    template <class... A> void operator()(A&&... a) {
        using Tup = std::tuple<std::decay_t<A>...>;
        struct Ctx { Body* body; Tup args; };
        Ctx ctx{&body, Tup(std::forward<A>(a)...)};
        auto invoke = [](void* p) {
            Ctx* c = static_cast<Ctx*>(p);
            Tup local = c->args;  // per-thread copies of the by-value arguments
            std::apply(*c->body, local);
        };
        LaunchDesc d{cfg.grid, cfg.block, cfg.smem, false, +invoke, nullptr, &ctx};
        c2t_launch_opts* o = &default_opts;
        o->abi_version = C2T_ABI_VERSION;
        const int rc = run_launch(d, o);
        if (rc) {
            std::fprintf(stderr, "cuda2tile cpu runtime: kernel launch failed: %s\n", o->msg);
            set_error(rc == C2T_ERR_CONFIG ? cudaErrorInvalidConfiguration : cudaErrorLaunchFailure);
        }
    }
};
template <class Body> inline HostLauncher<Body> operator|(HostCfg c, Body b) { return HostLauncher<Body>{c, b}; }
}  // namespace c2t
