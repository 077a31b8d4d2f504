#include <cuda_runtime.h>
#include <cassert>

__global__ void early_exit_then_barrier(float* out) {
    __shared__ float s[64];
    if (threadIdx.x < 16) return;          // threads 0..15 leave
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();                        // threads 16..63 wait forever
    out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void two_barriers(float* out) {
    if (threadIdx.x < 32) {
        __syncthreads();
    } else {
        __syncthreads();
    }
    out[threadIdx.x] = 1.0f;
}

__global__ void spin_forever(volatile int* flag, float* out) {
    out[threadIdx.x] = 1.0f;
    while (*flag == 0) { }                  // nobody ever sets the flag
}

__global__ void barrier_loop_forever(float* out) {
    while (true) { __syncthreads(); out[threadIdx.x] += 1.0f; }
}

__global__ void null_write(float* out) {
    if (blockIdx.x == 2 && threadIdx.x == 5) {
        float* p = nullptr;
        p[threadIdx.x] = 1.0f;
    }
    out[threadIdx.x] = 1.0f;
}

__global__ void trap_kernel() {
    if (threadIdx.x == 3) __trap();
}

__global__ void assert_kernel(int x) {
    assert(x == 42);
}

__device__ int deep(int n) {
    volatile char pad[4096];
    pad[0] = (char)n;
    return n == 0 ? pad[0] : deep(n - 1) + pad[0];
}
__global__ void stack_hog(int* out, int depth) {
    __syncthreads();
    out[threadIdx.x] = deep(depth);
}
