#include <cuda_runtime.h>

__global__ void allocate_slots(const int* pred, int* counter, int* slot_of, int* owner) {
    const int t = blockIdx.x * blockDim.x + threadIdx.x;
    slot_of[t] = -1;
    if (pred[t]) {
        const int slot = atomicAdd(counter, 1);
        slot_of[t] = slot;
        owner[slot] = t;
    }
}

__device__ float atomic_max_float(float* addr, float value) {
    int* a = reinterpret_cast<int*>(addr);
    int old = *a, assumed;
    do {
        assumed = old;
        old = atomicCAS(a, assumed, __float_as_int(fmaxf(value, __int_as_float(assumed))));
    } while (assumed != old);
    return __int_as_float(old);
}

__global__ void cas_max(const float* in, float* result, int n) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomic_max_float(result, in[i]);
}

// Each thread applies one operation to its own cell and records the old value.
__global__ void atomic_ops(unsigned* cells, unsigned* olds, unsigned* arg) {
    const int t = threadIdx.x;
    unsigned* c = cells + t;
    const unsigned v = arg[t];
    unsigned old = 0;
    switch (t % 10) {
        case 0: old = atomicInc(c, v); break;
        case 1: old = atomicDec(c, v); break;
        case 2: old = atomicExch(c, v); break;
        case 3: old = atomicMin(c, v); break;
        case 4: old = atomicMax(c, v); break;
        case 5: old = atomicAnd(c, v); break;
        case 6: old = atomicOr(c, v); break;
        case 7: old = atomicXor(c, v); break;
        case 8: old = atomicSub(c, v); break;
        default: old = atomicCAS(c, 7u, v); break;
    }
    olds[t] = old;
}

__global__ void histogram(const int* data, int n, unsigned long long* bins, double* sums) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        const int b = data[i] & 7;
        atomicAdd(&bins[b], 1ull);
        atomicAdd(&sums[b], (double)data[i]);
    }
}

// A spin lock protecting a non-atomic update (fibers yield on a failed CAS).
__global__ void spin_lock_sum(int* lock, float* total, const float* in) {
    const float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    bool done = false;
    while (!done) {
        if (atomicCAS(lock, 0, 1) == 0) {
            *total += v;
            __threadfence();
            atomicExch(lock, 0);
            done = true;
        }
    }
}
