// NEGATIVE corpus file (no launch spec, no reference): must be reported as unsupported.
// Expected diagnostic: C2T1215 "partial-warp mask" at the __shfl_down_sync below:
// the mask 0x0000ffff names only lanes 0..15, and warp shuffles are lifted for
// full masks (0xffffffff or __activemask()) only.
#include <cuda_runtime.h>

__global__ void half_warp_reduce(int n, const float* x, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    float v = (i < n) ? x[i] : 0.0f;
    if (lane < 16) {
        for (int off = 8; off > 0; off >>= 1)
            v += __shfl_down_sync(0x0000ffff, v, off);
        if (lane == 0) out[i / 32] = v;
    }
}
