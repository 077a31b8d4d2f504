// Issue 15, items 4 and 5: loops over unsigned counters were reported converted but did not build.
// Item 4: an unsigned `for` counter became `T.serial` over uint32/uint64, and TileLang's loop
// variable must be signed ("The dtype of the domain of an IterVar must be an integer type").
// Item 5: `if (i < q)` over uint64 locals, beside the `T.alloc_var` of a cursor loop, crashed TVM's
// condition solver ("cannot make uint from negative value -1"). The kernels also cover the loops
// that must keep C's unsigned steps (a possibly wrapping counter, uint64 bounds read at run time).
// EXPECT: widen4 pass
// EXPECT: unsigned_trip pass
// EXPECT: csr_spmv_sizet pass
// EXPECT: csr_spmv_sizet_locals pass
// EXPECT: tail_after_quads pass
// EXPECT: countdown_weights pass
// EXPECT: lane_window pass
// EXPECT: byte_counter_wraps pass
#include <stdint.h>
#include <stddef.h>

// constant trip count over `unsigned int`: a signed int32 T.serial, the body sees the uint32 value
__global__ void widen4(const float* src, float* dst, int groups)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= groups) return;
    for (unsigned int k = 0; k < 4; k++)
        dst[g * 4 + k] = src[g * 4 + k] * 3.0f - (float)k;
    for (unsigned int k = 1; k <= 7u; k += 3)
        dst[g * 4 + (k & 3u)] += 0.25f * (float)k;
}

// a run-time unsigned trip count: int64 holds every uint32, so the signed loop is exact;
// `k <= m` and a step of 2 may wrap in C (m near UINT_MAX) and keep the cursor form
__global__ void unsigned_trip(const float* x, float* y, unsigned m, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    float acc = 0.0f;
    for (unsigned k = 0; k < m; ++k)
        acc += x[(t + k) % n];
    for (unsigned k = 1; k <= m; k++)
        acc -= 0.5f * x[(t * 3u + k) % n];
    for (unsigned k = 0; k < m; k += 2)
        acc += 0.125f * (float)k;
    y[t] = acc;
}

// CSR row sums with size_t offsets: the bounds are uint64 values read at run time
__global__ void csr_spmv_sizet(const size_t* rowptr, const int* col, const float* val, const float* v,
                               float* out, int rows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r < rows) {
        float acc = 0.0f;
        for (size_t e = rowptr[r]; e < rowptr[r + 1]; e++)
            acc += val[e] * v[col[e]];
        out[r] = acc;
    }
}

// the same with the bounds in locals (a bound that is a variable, not a load, reaches T.serial's form)
__global__ void csr_spmv_sizet_locals(const size_t* rowptr, const int* col, const float* val, const float* v,
                                      float* out, int rows)
{
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    size_t lo = rowptr[r];
    size_t hi = rowptr[r + 1];
    float acc = 0.0f;
    for (size_t e = lo; e < hi; ++e)
        acc += val[e] * v[col[e]];
    if (hi - lo > 2u) acc *= 0.5f;
    out[r] = acc;
}

// quads then a tail with a uint64 counter stepping by blockDim.x, and uint64 comparisons in `if`
__global__ void tail_after_quads(const float* in, float* out, uint64_t N)
{
    uint64_t i = blockIdx.x * blockDim.x + threadIdx.x;
    uint64_t q = N / 4;
    if (i < q) {
        for (uint64_t k = 0; k < 4; ++k)
            out[4 * i + k] = in[4 * i + k] * 2.0f;
    }
    for (uint64_t j = 4 * q + i; j < N; j += blockDim.x)
        out[j] = in[j] + 1.0f;
    uint64_t mine = 4 * i + 3;
    if (i == q - 1 && q > 0 && mine < N) out[mine] += 0.5f;
}

// counting down with an unsigned counter (the loop exits at i == 0, before it could wrap)
__global__ void countdown_weights(const float* a, float* out, unsigned len, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    float acc = 0.0f;
    for (unsigned i = len; i > 0; i--)
        acc = acc * 0.5f + a[(t + i - 1) % n];
    out[t] = acc;
}

// uint32 lets compared in `if` and `?:` beside a mutable local (the solver's other path); the
// guard comes last: the comparisons must not sit inside the `if` of an early return to fail
__global__ void lane_window(const float* a, float* out, unsigned width, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x % 32u;
    unsigned half = width / 2u;
    float acc = a[t % n];
    if (lane < half) acc += 1.0f;
    if (lane + 1u >= half && lane != 7u) acc *= 2.0f;
    acc += lane <= half ? 0.5f : -0.5f;
    if (t < n) out[t] = acc;
}

// an unsigned char counter that wraps around and still ends: 200, 44, 144, 244, 88, ... 252
__global__ void byte_counter_wraps(float* out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int steps = 0;
    for (unsigned char c = 200; c < 250; c += 100) steps += c & 7;
    out[t] = (float)steps;
}
