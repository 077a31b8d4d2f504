// Atomics on 16-bit floats the way libraries wrote them before (or beside) native half atomics: a CAS
// loop on the aligned 32-bit word that holds the element, found from the element's address, with the
// element's bits taken out of and put back into the word.
//   half_segment_max   top[s] = max(top[s], x[i]) for __half, through __ushort_as_half/__half_as_ushort
//   bf16_segment_add   sum[s] += x[i] for __nv_bfloat16 (small integers: exact in any order)
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cstdint>

__device__ void atomic_max_half(__half* address, __half val)
{
    unsigned int* word = (unsigned int*)((char*)address - ((size_t)address & 2));
    bool high = (size_t)address & 2;
    unsigned int old = *word;
    unsigned int assumed;
    do {
        assumed = old;
        __half current = __ushort_as_half(high ? (unsigned short)(old >> 16) : (unsigned short)(old & 0xffffu));
        unsigned short larger = __half_as_ushort(__half2float(val) > __half2float(current) ? val : current);
        old = high ? (old & 0xffffu) | ((unsigned int)larger << 16) : (old & 0xffff0000u) | larger;
        old = atomicCAS(word, assumed, old);
    } while (assumed != old);
}

__global__ void half_segment_max(int n, const int* seg, const __half* x, __half* top)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomic_max_half(top + seg[i], x[i]);
}

__device__ void atomic_add_bf16(__nv_bfloat16* address, __nv_bfloat16 val)
{
    unsigned int* word = (unsigned int*)((char*)address - ((size_t)address & 2));
    unsigned int old = *word;
    unsigned int assumed;
    do {
        assumed = old;
        unsigned short bits = (size_t)address & 2 ? old >> 16 : old & 0xffff;
        float sum = __bfloat162float(__ushort_as_bfloat16(bits)) + __bfloat162float(val);
        unsigned int next = __bfloat16_as_ushort(__float2bfloat16(sum));
        old = (size_t)address & 2 ? (old & 0xffff) | (next << 16) : (old & 0xffff0000) | next;
        old = atomicCAS(word, assumed, old);
    } while (assumed != old);
}

__global__ void bf16_segment_add(int n, const int* seg, const __nv_bfloat16* x, __nv_bfloat16* sum)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomic_add_bf16(&sum[seg[i]], x[i]);
}

int main()
{
    const int N = 1000;
    int* seg;
    __half *x, *top;
    __nv_bfloat16 *xb, *sum;
    cudaMalloc(&seg, N * sizeof(int));
    cudaMalloc(&x, N * sizeof(__half));
    cudaMalloc(&top, 13 * sizeof(__half));
    cudaMalloc(&xb, N * sizeof(__nv_bfloat16));
    cudaMalloc(&sum, 13 * sizeof(__nv_bfloat16));
    half_segment_max<<<(N + 127) / 128, 128>>>(N, seg, x, top);
    bf16_segment_add<<<(N + 127) / 128, 128>>>(N, seg, xb, sum);
    cudaDeviceSynchronize();
    cudaFree(seg); cudaFree(x); cudaFree(top); cudaFree(xb); cudaFree(sum);
    return 0;
}
