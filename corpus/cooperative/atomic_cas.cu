// Helper-backed atomics (lifted through a T.import_source helper: CUDA's atomic on GPUs, a
// read-modify-write on TileLang's C back end).
//   capped_count   a saturating add built from an atomicCAS retry loop in a __device__ helper
//   flag_atomics   atomicOr / atomicXor / atomicAnd on int flags, and atomicExch whose returned
//                  old value is checked (every thread swaps in 7 over an initial 0, so each sees
//                  0 or 7 whatever the order)
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

// total[0] = min(sum of x, cap) for non-negative x, whatever the order of the additions
__global__ void capped_count(int n, int cap, const int* x, int* total)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomic_add_capped(total, x[i], cap);
}

// flags[0] |= bit (x & 7); flags[1] ^= x; flags[2] &= ~bit (x & 3); seen[i] = 1 when the old value of
// slot[0] was the initial 0 or another thread's 7
__global__ void flag_atomics(int n, const int* x, int* flags, int* slot, int* seen)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicOr(&flags[0], 1 << (x[i] & 7));
        atomicXor(&flags[1], x[i]);
        atomicAnd(&flags[2], ~(1 << (x[i] & 3)));
        int old = atomicExch(&slot[0], 7);
        seen[i] = (old == 0 || old == 7) ? 1 : 0;
    }
}

int main()
{
    const int N = 1000;
    int *x, *total, *flags, *slot, *seen;
    cudaMalloc(&x, N * sizeof(int));
    cudaMalloc(&total, sizeof(int));
    cudaMalloc(&flags, 3 * sizeof(int));
    cudaMalloc(&slot, sizeof(int));
    cudaMalloc(&seen, N * sizeof(int));
    capped_count<<<(N + 127) / 128, 128>>>(N, 1500, x, total);
    flag_atomics<<<(N + 127) / 128, 128>>>(N, x, flags, slot, seen);
    cudaDeviceSynchronize();
    cudaFree(x); cudaFree(total); cudaFree(flags); cudaFree(slot); cudaFree(seen);
    return 0;
}
