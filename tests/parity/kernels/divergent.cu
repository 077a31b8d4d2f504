// Parity fixtures for the harness's error reporting (tests/parity/test_parity_harness.py).
//   barrier_in_branch  __syncthreads() that only threads 0..15 reach: undefined in CUDA; the
//                      converter refuses it (C2T1214) and the CPU runtime reports the divergence
//   spin_forever       waits for a flag nobody sets: the CPU runtime stops it at the timeout
//   scale_after        an ordinary kernel after both: the run must go on and check it
#include <cuda_runtime.h>

__global__ void barrier_in_branch(int n, const float* x, float* y)
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

__global__ void spin_forever(int n, const int* flag, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    while (*(volatile const int*)flag == 0) {
    }
    if (i < n) y[i] = 1.0f;
}

__global__ void scale_after(int n, float a, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i];
}
