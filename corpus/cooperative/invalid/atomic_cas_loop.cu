// NEGATIVE corpus file (no launch spec, no reference): must be reported as unsupported.
// Expected diagnostic: C2T1205 "unsupported atomic operation" at the 64-bit atomicCAS
// below: a compare-and-swap retry loop on unsigned long long (the usual way to build a
// 64-bit atomic max) has no TileLang counterpart; 32-bit CAS loops are lifted (see
// ../atomic_cas.cu). The code uses no casts or other constructs that could be rejected first.
#include <cuda_runtime.h>

__device__ unsigned long long atomic_max_u64(unsigned long long* addr, unsigned long long value)
{
    unsigned long long old = *addr;
    unsigned long long assumed;
    do {
        assumed = old;
        unsigned long long next = assumed > value ? assumed : value;
        old = atomicCAS(addr, assumed, next);
    } while (assumed != old);
    return old;
}

__global__ void max_u64(int n, const unsigned long long* x, unsigned long long* best)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomic_max_u64(best, x[i]);
}
