// cuda2tile CPU SIMT runtime: THC/THCAtomics.cuh. Its atomicAdd overloads for float and double are the
// runtime's own (cuda_cpu_runtime.h); the at::Half ones are not provided, so a kernel instantiated for
// at::Half that adds atomically does not build here.
#pragma once
#include <ATen/ATen.h>
