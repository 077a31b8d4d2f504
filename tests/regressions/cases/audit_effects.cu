// Audit items M6, M9, M10 and W1: effects of discarded values, volatile pointers through helpers and
// reassignments, and narrowing integer constants. Before the fixes most of these kernels converted
// "successfully" yet dropped atomics, lost the warp's lockstep, or did not build; the two refused
// kernels were converted with their effect dropped. The volatile kernels are judged by the lockstep
// reference audit_effects_ref.py (see test_audit_lockstep.py).
// EXPECT: discarded_effects pass
// EXPECT: void_branch_and_comma pass
// EXPECT: helper_tail_sum pass
// EXPECT: helper_tail_value pass
// EXPECT: retargeted_volatile pass
// EXPECT: narrow_constants pass
// EXPECT: effect_inside_sum refused C2T1202
// EXPECT: discarded_volatile_read refused C2T1202
#include <cuda_runtime.h>

// M6: every statement below has an effect only through a value C throws away. Counters are integers,
// so the order in which threads add does not change the totals. (`(void)` only quiets clang's
// "expression result unused", which would mark the kernel partial.)
__global__ void discarded_effects(const int* x, int* counts, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    i < n && atomicAdd(&counts[0], 1);                    // threads inside the range
    i < n || atomicAdd(&counts[1], 1);                    // threads past the end
    (void)(unsigned)atomicAdd(&counts[2], 2);             // every thread, through a cast
    (i & 1) ? atomicAdd(&counts[3], 1) : atomicSub(&counts[4], 1);
    if (i < n) {
        x[i] > 0 && atomicAdd(&counts[5], x[i]);
        (void)!atomicMax(&counts[6], x[i]);
    }
}

// M6, forms the lift refused before: a void branch, and the comma operator
__global__ void void_branch_and_comma(int* counts)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    i < 3 ? (void)0 : (void)atomicAdd(&counts[0], 1);     // only the else side has an effect
    atomicAdd(&counts[1], 1), atomicAdd(&counts[2], 3);   // comma: both, in order
    int lo = 0;
    int hi = 5;
    for (; lo < hi; lo++, hi--)                           // comma in a loop step: 3 rounds
        atomicAdd(&counts[3], 1);
}

// M9: the classic last-warp reduction in a helper: the lanes must read before any lane writes
__device__ void warp_tail(volatile float* s, int t)
{
    s[t] += s[t + 32];
    s[t] += s[t + 16];
    s[t] += s[t + 8];
    s[t] += s[t + 4];
    s[t] += s[t + 2];
    s[t] += s[t + 1];
}

__global__ void helper_tail_sum(const float* src, float* out)
{
    __shared__ float s[128];
    int t = threadIdx.x;
    s[t] = src[blockIdx.x * 128 + t];
    __syncthreads();
    if (t < 64) s[t] += s[t + 64];
    __syncthreads();
    if (t < 32) warp_tail(s, t);
    if (t == 0) out[blockIdx.x] = s[0];
}

// M9 with a result, and the buffer passed from an offset: the helper sees the upper half
__device__ int half_tail(volatile int* h, int t)
{
    h[t] += h[t + 16];
    h[t] += h[t + 8];
    h[t] += h[t + 4];
    h[t] += h[t + 2];
    h[t] += h[t + 1];
    return h[0];
}

__global__ void helper_tail_value(const int* src, int* out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = src[blockIdx.x * 64 + t];
    __syncthreads();
    if (t < 16) {
        int total = half_tail(s + 32, t);
        if (t == 0) out[blockIdx.x] = total;
    }
}

// M10: a volatile pointer that is reassigned stays volatile
__global__ void retargeted_volatile(const float* src, float* out)
{
    __shared__ float s[128];
    int t = threadIdx.x;
    s[t] = src[blockIdx.x * 128 + t];
    s[t + 64] = src[blockIdx.x * 128 + t + 64];
    __syncthreads();
    if (t < 32) {
        volatile float* v = s;
        v = s + 64 * (blockIdx.x & 1);       // odd blocks sum the upper half
        v[t] += v[t + 32];
        v[t] += v[t + 16];
        v[t] += v[t + 8];
        v[t] += v[t + 4];
        v[t] += v[t + 2];
        v[t] += v[t + 1];
        volatile float* w = &v[0];           // `&v[i]` keeps the volatility too
        w[t] += 1.0f;
    }
    __syncthreads();
    if (t == 0) out[blockIdx.x] = s[64 * (blockIdx.x & 1)];
}

// W1: C converts integer constants the target type cannot hold modulo 2^bits
__global__ void narrow_constants(const int* x, int* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned char c = (unsigned char)300;        // 44
    signed char s = (signed char)200;            // -56
    short h = (short)70000;                      // 4464
    unsigned short u = (unsigned short)-1;       // 65535
    long long w = (int)4294967295u;              // -1
    out[i] = x[i] + c + s + h + u + (int)w;
}

// M6, refused: the sum is thrown away but the atomic inside it is not
__global__ void effect_inside_sum(int* counts, int n)
{
    int i = threadIdx.x;
    n + atomicAdd(&counts[0], i);
}

// M6, refused: reading a volatile location is an access even when the value is unused
__global__ void discarded_volatile_read(volatile int* flags, int* out)
{
    flags[threadIdx.x];
    out[threadIdx.x] = 1;
}
