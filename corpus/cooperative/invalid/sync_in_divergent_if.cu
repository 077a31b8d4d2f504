// NEGATIVE corpus file (no launch spec, no reference): must be reported as unsupported.
// Expected diagnostic: C2T1214 "barrier under thread-dependent control" at the
// __syncthreads() below, which only threads 0..15 of each block reach. In CUDA
// this is undefined behaviour (the other threads never arrive at the barrier).
#include <cuda_runtime.h>

__global__ void sync_in_divergent_if(int n, const float* x, float* y)
{
    __shared__ float s[256];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    s[t] = (i < n) ? x[i] : 0.0f;
    if (threadIdx.x < 16) {
        s[t] += s[t + 16];
        __syncthreads();
        s[t] *= 2.0f;
    }
    if (i < n) y[i] = s[t];
}
