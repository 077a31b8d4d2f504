// NEGATIVE corpus file (no launch spec, no reference): must be reported as unsupported.
// Expected diagnostic: C2T1205 "unsupported atomic operation" at the atomicCAS
// below: a compare-and-swap retry loop (here a saturating add built from it)
// has no TileLang counterpart. The code uses no casts or other constructs that
// could be rejected first.
#include <cuda_runtime.h>

__device__ int atomic_add_capped(int* addr, int value, int cap)
{
    int old = *addr;
    int assumed;
    do {
        assumed = old;
        int next = min(assumed + value, cap);
        old = atomicCAS(addr, assumed, next);
    } while (assumed != old);
    return old;
}

__global__ void capped_count(int n, int cap, const int* x, int* total)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomic_add_capped(total, x[i], cap);
}
