// Issue 15, item 1: a templated __device__ block reduction called from a kernel. Once a header with
// more than 20 host-code errors came first, clang stopped instantiating templates and the call came
// back as a recovery node that was emitted as its last argument (`total = v`), reported converted.
// This file is the clean original; tests/regressions/test_clang_errors.py converts it again behind a
// header of 40 host-code errors and checks the conversion is the same and passes parity.
// EXPECT: row_norm pass
#include <cuda_runtime.h>

template <typename T>
__device__ T block_sum(T* sh, T v)
{
    sh[threadIdx.x] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) sh[threadIdx.x] += sh[threadIdx.x + s];
        __syncthreads();
    }
    return sh[0];
}

__global__ void row_norm(const float* x, float* out, int n)
{
    __shared__ float sh[128];
    float v = 0.0f;
    for (int j = threadIdx.x; j < n; j += blockDim.x) {
        float e = x[blockIdx.x * n + j];
        v += e * e;
    }
    float total = block_sum(sh, v);
    if (threadIdx.x == 0) out[blockIdx.x] = sqrtf(total);
}
