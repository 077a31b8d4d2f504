// Helper-backed atomics (lifted through a T.import_source helper: CUDA's atomic on GPUs, a
// read-modify-write on TileLang's C back end).
//   capped_count   a saturating add built from an atomicCAS retry loop in a __device__ helper
//   flag_atomics   atomicOr / atomicXor / atomicAnd on int flags, and atomicExch whose returned
//                  old value is checked (every thread swaps in 7 over an initial 0, so each sees
//                  0 or 7 whatever the order)
//   segment_atomics  atomic multiply and max that CUDA lacks, as libraries write them: a CAS loop on
//                  the element's bits through `(int*)`, `(unsigned long long*)` views of float,
//                  double and int64 buffers
//   max_u64        a 64-bit atomic max from atomicCAS on an `unsigned long long` buffer itself
//   subword_atomics  the same for byte and short elements: a CAS loop on the aligned 32-bit word that
//                  holds the element, found from the element's address (`(size_t)address & 3`)
#include <cuda_runtime.h>
#include <cstdint>

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

__device__ void atomic_mul(float* address, float val)
{
    int* address_as_i = (int*)address;
    int old = *address_as_i;
    int assumed;
    do {
        assumed = old;
        old = atomicCAS(address_as_i, assumed, __float_as_int(val * __int_as_float(assumed)));
    } while (assumed != old);
}

__device__ void atomic_mul(double* address, double val)
{
    unsigned long long int* address_as_ull = (unsigned long long int*)address;
    unsigned long long int old = *address_as_ull;
    unsigned long long int assumed;
    do {
        assumed = old;
        old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val * __longlong_as_double(assumed)));
    } while (assumed != old);
}

__device__ void atomic_max(int64_t* address, int64_t val)
{
    unsigned long long* address_as_ull = (unsigned long long*)address;
    unsigned long long old = *address_as_ull;
    unsigned long long assumed;
    do {
        assumed = old;
        int64_t current = (int64_t)old;
        old = atomicCAS(address_as_ull, assumed, (unsigned long long)(val > current ? val : current));
    } while (assumed != old);
}

// per segment seg[i]: prod[s] *= a power of two chosen by code[i] (exact in any order),
// prod64 likewise in double, top[s] = max(top[s], key[i]) over int64 keys
__global__ void segment_atomics(int n, const int* seg, const int* code, const int64_t* key, float* prod,
                                double* prod64, int64_t* top)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float f = (code[i] & 1) ? 2.0f : 0.5f;
        if (code[i] & 2) f = -f;
        atomic_mul(prod + seg[i], f);
        atomic_mul(&prod64[seg[i]], (double)f * 4.0);
        atomic_max(top + seg[i], key[i]);
    }
}

__device__ void atomic_max(uint8_t* address, uint8_t val)
{
    uint32_t* address_as_ui = (uint32_t*)(address - ((size_t)address & 3));
    uint32_t old = *address_as_ui;
    uint32_t shift = ((size_t)address & 3) * 8;
    uint32_t assumed;
    do {
        assumed = old;
        uint32_t current = (old >> shift) & 0xff;
        uint32_t larger = val > current ? val : current;
        old = (old & ~(0x000000ffu << shift)) | (larger << shift);
        old = atomicCAS(address_as_ui, assumed, old);
    } while (assumed != old);
}

__device__ void atomic_add(int16_t* address, int16_t val)
{
    uint32_t* address_as_ui = (uint32_t*)((char*)address - ((size_t)address & 2));
    uint32_t old = *address_as_ui;
    uint32_t assumed;
    do {
        assumed = old;
        uint32_t sum = (uint16_t)(val + (int16_t)((size_t)address & 2 ? old >> 16 : old & 0xffff));
        uint32_t newval = (size_t)address & 2 ? (old & 0xffff) | (sum << 16) : (old & 0xffff0000) | sum;
        old = atomicCAS(address_as_ui, assumed, newval);
    } while (assumed != old);
}

// per segment seg[i] of byte and short outputs: top8[s] = max(top8[s], small[i]),
// sum16[s] += small[i] - 100 (wrapping in 16 bits; addition is exact in any order)
__global__ void subword_atomics(int n, const int* seg, const uint8_t* small, uint8_t* top8, int16_t* sum16)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomic_max(top8 + seg[i], small[i]);
        atomic_add(&sum16[seg[i]], (int16_t)(small[i] - 100));
    }
}

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

// best[i % 4] = max over the keys (full 64-bit range, so above 2^63 compares as unsigned)
__global__ void max_u64(int n, const unsigned long long* x, unsigned long long* best)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomic_max_u64(&best[i % 4], x[i]);
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
    float* prod;
    double* prod64;
    int64_t *key, *top;
    cudaMalloc(&prod, 16 * sizeof(float));
    cudaMalloc(&prod64, 16 * sizeof(double));
    cudaMalloc(&key, N * sizeof(int64_t));
    cudaMalloc(&top, 16 * sizeof(int64_t));
    segment_atomics<<<(N + 127) / 128, 128>>>(N, x, seen, key, prod, prod64, top);
    cudaDeviceSynchronize();
    unsigned long long *keys, *best;
    cudaMalloc(&keys, N * sizeof(unsigned long long));
    cudaMalloc(&best, 4 * sizeof(unsigned long long));
    max_u64<<<(N + 127) / 128, 128>>>(N, keys, best);
    cudaFree(keys); cudaFree(best);
    uint8_t *small, *top8;
    int16_t* sum16;
    cudaMalloc(&small, N);
    cudaMalloc(&top8, 16);
    cudaMalloc(&sum16, 16 * sizeof(int16_t));
    subword_atomics<<<(N + 127) / 128, 128>>>(N, x, small, top8, sum16);
    cudaFree(small); cudaFree(top8); cudaFree(sum16);
    cudaFree(prod); cudaFree(prod64); cudaFree(key); cudaFree(top);
    cudaFree(x); cudaFree(total); cudaFree(flags); cudaFree(slot); cudaFree(seen);
    return 0;
}
