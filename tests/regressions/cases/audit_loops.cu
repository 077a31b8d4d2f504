// Audit items M7 and M8: two silent loop miscompiles.
// M7: the cursor form of a `for` loop advances its variable before the body ("so `continue` cannot
// skip it"), but only checked that the body leaves the loop variable alone. A step reading a variable
// the body changes (`i += s` after `s *= 2`), or memory the body stores to (`i += *hop` after
// `*hop += 1`), advanced by the old value. Such loops now take the general form (step after the body).
// M8: T.serial reads its bound once, where C re-reads it before every iteration; a bound read through
// `*p`, a member of a vector loaded through a pointer, or a __shared__ scalar, that the body changes,
// was read once. Such loops now keep C's test at every iteration.
// The near misses keep their fast forms (tests/translation/audit_loops.cu checks the forms): a
// grid-stride step, a step from an unchanged local while the body stores, `k < m` over a parameter,
// `k < *lim` where the body stores nothing.
// EXPECT: step_grows pass
// EXPECT: step_from_memory pass
// EXPECT: step_from_indexed_memory pass
// EXPECT: bound_through_pointer pass
// EXPECT: bound_vector_member pass
// EXPECT: bound_shared_rounds pass
// EXPECT: skip_with_growing_step refused C2T1212
// EXPECT: grid_stride_kept pass
// EXPECT: serial_kept pass
// EXPECT: pointer_bound_read_only pass

// the step reads `s`, which the body doubles: C advances by the doubled value
__global__ void step_grows(const float* x, float* out, int* trips, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int s = 1 + t % 3;
    int c = 0;
    float acc = 0.0f;
    for (int i = 0; i < n; i += s) {
        acc += x[i];
        c++;
        s = s * 2;
    }
    out[t] = acc;
    trips[t] = c;
}

// the step reads memory through a pointer, and the body stores there before C takes the step
__global__ void step_from_memory(int* hops, int* sums, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int* hop = hops + t;
    int c = 0;
    for (int i = 0; i < 50; i += *hop) {
        c += i + 1;
        *hop = *hop + 1;
    }
    sums[t] = c;
}

// the same with an indexed load in the step and a store to a neighbouring thread's slot as well
__global__ void step_from_indexed_memory(int* hops, int* sums, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int c = 0;
    for (int i = t % 4; i < 60; i += hops[2 * t]) {
        c = c * 3 + i;
        hops[2 * t] += 2;
        hops[2 * t + 1] = i;
    }
    sums[t] = c;
}

// the bound is read through `*lim`, which the body lowers on its second trip
__global__ void bound_through_pointer(int* limits, const float* x, float* out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int* lim = limits + t;
    float acc = 0.0f;
    for (int k = 0; k < *lim; k++) {
        acc += x[(t + k) % n] * (float)(k + 1);
        if (k == 1)
            *lim = k + t % 3;
    }
    out[t] = acc;
}

// the bound is a member of a vector loaded through a pointer; the body stores the whole vector
__global__ void bound_vector_member(int2* ranges, float* out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    int2* r = ranges + t;
    float acc = 0.0f;
    for (int k = 0; k < (*r).y; k++) {
        acc += (float)(k * k + (*r).x);
        if (k == 0)
            *r = make_int2((*r).x + 1, 2 + t % 4);
    }
    out[t] = acc;
}

// a __shared__ round count that thread 0 lowers between the block's barriers: every thread re-reads it
__global__ void bound_shared_rounds(const int* start, float* data)
{
    __shared__ int rounds;
    __shared__ float s[64];
    int t = threadIdx.x;
    if (t == 0)
        rounds = start[blockIdx.x];
    s[t] = data[blockIdx.x * 64 + t];
    __syncthreads();
    for (int r = 0; r < rounds; ++r) {
        float left = s[(t + 63) % 64];
        __syncthreads();
        s[t] = 0.5f * (s[t] + left);
        if (t == 0 && r == 0)
            rounds = 2;
        __syncthreads();
    }
    data[blockIdx.x * 64 + t] = s[t];
}

// refused, not dropped: the step must run after the body, and `continue` would skip it there
__global__ void skip_with_growing_step(const float* x, float* out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int s = 1;
    float acc = 0.0f;
    for (int i = 0; i < n; i += s) {
        s++;
        if (x[i] < 0.0f)
            continue;
        acc += x[i];
    }
    out[t] = acc;
}

// near miss: a grid-stride loop storing to memory keeps the cursor form (its step reads no memory),
// and so does a step held in a local the body does not change
__global__ void grid_stride_kept(const float* x, float* y, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = 2.0f * x[i] + 1.0f;
    int stride = blockDim.x * gridDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        y[i] += x[(i + 1) % n];
}

// near miss: `k < m` over a parameter stays T.serial although the body stores
__global__ void serial_kept(const float* x, float* y, int n, int m)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    float acc = 0.0f;
    for (int k = 0; k < m; ++k) {
        acc += x[(t + k) % n];
        y[t] = acc;
    }
}

// near miss: a bound read through a pointer stays T.serial when the body stores nothing
__global__ void pointer_bound_read_only(const int* limits, const float* x, float* out, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    const int* lim = limits + t;
    float acc = 0.0f;
    for (int k = 0; k < *lim; k++)
        acc += x[(t + k) % n];
    out[t] = acc;
}
