// Stream compaction through an atomic counter: the slot each kept value lands in depends on the
// order in which threads arrive, so the spec compares `out` as a multiset (`unordered = ["out"]`).
#include <cuda_runtime.h>

__global__ void compact_positive(int n, const float* x, int* count, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && x[i] > 0.0f) {
        int slot = atomicAdd(count, 1);
        out[slot] = x[i];
    }
}
