// NEGATIVE corpus file (no launch spec, no reference): must be reported as unsupported.
// Expected diagnostic: C2T1205 "unsupported atomic operation" at the atomicInc below:
// CUDA's wrapping increment (`((old >= limit) ? 0 : old + 1)`, the usual way to hand out
// slots of a ring buffer) has no TileLang operation and no helper yet; compare-and-swap
// loops, including 64-bit and sub-word ones, are lifted (see ../atomic_cas.cu). The code
// uses no casts or other constructs that could be rejected first.
#include <cuda_runtime.h>

__global__ void ring_slots(int n, unsigned int capacity, unsigned int* head, const float* x, float* ring)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned int slot = atomicInc(head, capacity - 1);
        ring[slot] = x[i];
    }
}
