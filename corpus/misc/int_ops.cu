// Signed integer arithmetic with C semantics: division truncating toward
// zero, % taking the sign of the dividend, arithmetic right shifts, bit
// operations, min/max/abs on ints.
#include <cuda_runtime.h>

// q = a / d, r = a % d with d = +b for even i and -b for odd i (b > 0)
__global__ void int_divmod(int n, const int* a, const int* b, int* q, int* r)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int d = (i & 1) ? -b[i] : b[i];
    int v = a[i];
    q[i] = v / d;
    r[i] = v % d;
}

// out = (((v & 0xff) << 4) | (v >> 3)) ^ (~v & 0x0f0f)
__global__ void bit_mix(int n, const int* __restrict__ a, int* __restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = a[i];
    int u = (v & 0xff) << 4;
    out[i] = (u | (v >> 3)) ^ (~v & 0x0f0f);
}

// out = max(a, b) - min(a, b) + abs(a - b) / 3
__global__ void int_minmax_abs(int n, const int* a, const int* b, int* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int x = a[i];
        int y = b[i];
        out[i] = max(x, y) - min(x, y) + abs(x - y) / 3;
    }
}

// Unsigned division and modulo by a power of two vs. shifts and masks
__global__ void unsigned_split(int n, unsigned shift, const unsigned* x, unsigned* hi, unsigned* lo)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned v = x[i];
    hi[i] = v >> shift;
    lo[i] = v & ((1u << shift) - 1u);
}

// 64-bit bit intrinsics (GUPS-style random streams and hashes): leading zeros, first set bit and
// bit reversal of a 64-bit key, and the low bits of the reversed key
__global__ void bits64(int n, const long long* key, int* clz, int* ffs, unsigned long long* rev)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        long long k = key[i] >> (i & 63);
        clz[i] = __clzll(k);
        ffs[i] = __ffsll(k);
        rev[i] = __brevll((unsigned long long)k) ^ (unsigned long long)(i & 7);
    }
}

int main()
{
    const int N = 4321;
    int *a, *b, *q, *r;
    unsigned *x, *hi, *lo;
    cudaMalloc(&a, N * sizeof(int));
    cudaMalloc(&b, N * sizeof(int));
    cudaMalloc(&q, N * sizeof(int));
    cudaMalloc(&r, N * sizeof(int));
    cudaMalloc(&x, N * sizeof(unsigned));
    cudaMalloc(&hi, N * sizeof(unsigned));
    cudaMalloc(&lo, N * sizeof(unsigned));
    cudaMemset(a, 0, N * sizeof(int));
    cudaMemset(b, 1, N * sizeof(int));
    cudaMemset(x, 0, N * sizeof(unsigned));

    int_divmod<<<(N + 255) / 256, 256>>>(N, a, b, q, r);
    bit_mix<<<(N + 255) / 256, 256>>>(N, a, q);
    int_minmax_abs<<<(N + 255) / 256, 256>>>(N, a, b, r);
    unsigned_split<<<(N + 255) / 256, 256>>>(N, 12u, x, hi, lo);
    long long* keys;
    unsigned long long* rev;
    cudaMalloc(&keys, N * sizeof(long long));
    cudaMalloc(&rev, N * sizeof(unsigned long long));
    bits64<<<(N + 255) / 256, 256>>>(N, keys, q, r, rev);
    cudaFree(keys);
    cudaFree(rev);
    cudaDeviceSynchronize();

    cudaFree(a);
    cudaFree(b);
    cudaFree(q);
    cudaFree(r);
    cudaFree(x);
    cudaFree(hi);
    cudaFree(lo);
    return 0;
}
