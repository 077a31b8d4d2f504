// Error-checking helpers in the style of the CUDA samples' helper headers: they are declared only
// when the CUDA headers that define their argument types were included (tested by include guard).
#pragma once
#include <cstdio>
#include <cstdlib>

#ifdef __DRIVER_TYPES_H__
static const char* errorEnumName(cudaError_t code) { return cudaGetErrorName(code); }
#endif
#ifdef __cuda_cuda_h__
static const char* errorEnumName(CUresult code) {
    const char* text = nullptr;
    cuGetErrorName(code, &text);
    return text ? text : "<unknown>";
}
#endif
#ifdef __CUDA_RUNTIME_H__
template <class Status>
void checkStatus(Status result, const char* expr, const char* file, int line) {
    if (result) {
        std::fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line, int(result),
                     errorEnumName(result), expr);
        std::exit(EXIT_FAILURE);
    }
}
#define checkCudaErrors(val) checkStatus((val), #val, __FILE__, __LINE__)
#define getLastCudaError(msg) checkStatus(cudaGetLastError(), msg, __FILE__, __LINE__)
#endif
