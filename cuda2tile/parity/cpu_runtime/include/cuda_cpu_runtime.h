// cuda2tile CPU SIMT runtime: runs unmodified CUDA device code on the CPU.
//
// Compile the .cu file as C++20 with this directory first on the include
// path (so <cuda_runtime.h>, <cuda_fp16.h>, <cooperative_groups.h>, ... resolve
// to the headers here); cuda2tile/parity/cpu_runtime/runtime.py drives the
// build (source rewriting of __shared__ and <<<>>>, launch stubs) and the
// launches.  See c2t/c2t_sched.h for the execution model.
#ifndef C2T_CUDA_CPU_RUNTIME_H
#define C2T_CUDA_CPU_RUNTIME_H
#define __CUDA_CPU_RUNTIME__ 1
#include "c2t/c2t_base.h"
// Everything the runtime defines is internal to the module (hidden): calls
// between runtime functions are direct (no PLT, no interposition), which
// matters for the per-switch cost.  The few entry points Python uses are
// marked visibility("default") explicitly.
#pragma GCC visibility push(hidden)
#include "c2t/c2t_sched.h"
#include "c2t/c2t_intrinsics.h"
#include "c2t/c2t_fp16.h"
#include "c2t/c2t_cg.h"
#include "c2t/c2t_host.h"
#pragma GCC visibility pop
#include "math_constants.h"

// The include guards of the CUDA headers this runtime stands in for.  Helper headers test them
// before declaring their error helpers, e.g. a samples-style helper_cuda.h:
//     #ifdef __DRIVER_TYPES_H__
//     static const char* _cudaGetErrorEnum(cudaError_t error) { return cudaGetErrorName(error); }
//     #endif
// (without the guard checkCudaErrors(...) would call an undeclared _cudaGetErrorEnum).
// cuBLAS / cuFFT / cuRAND host API guards stay undefined: those libraries are not emulated.
#define __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_API_H__
#define __DRIVER_TYPES_H__
#define __DRIVER_FUNCTIONS_H__
#define __VECTOR_TYPES_H__
#define __VECTOR_FUNCTIONS_H__
#define __BUILTIN_TYPES_H__
#define __HOST_DEFINES_H__
#define __DEVICE_TYPES_H__
#define __DEVICE_FUNCTIONS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__
#define __CUDA_DEVICE_RUNTIME_API_H__
#define __cuda_cuda_h__
#define __CUDA_FP16_H__
#define __CUDA_FP16_HPP__
#define __CUDA_BF16_H__
#define __CUDA_BF16_HPP__
#define _COOPERATIVE_GROUPS_H_
#define __CUDA_PROFILER_API_H__
#endif
