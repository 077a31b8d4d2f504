// Issue 15, item 2: a silent miscompile. A loop counter declared before its `for`, in a kernel with
// barriers, became one block-level variable (its value is block-uniform) while the loop ran inside
// `T.Parallel`: on TileLang's C back end the phase is a sequential loop over the threads, so thread 0
// left the counter at its final value and every other thread skipped the loop (31 of 32 outputs 0).
// The same happened to loops declared in their `for` that lift to a cursor (a run-time step, a
// count down: `k_next = 0` at the block level, `while k_next < n` in the phase).
// Any variable written inside a phase now gets per-thread storage; only variables written solely at
// the block level (the cursors of loops that hold barriers) stay there. The kernels also cover the
// neighbours of that rule: a counter whose final value crosses a barrier, a kernel that ends with
// its barrier (one phase), a while loop with a pre-declared counter between barriers and one that
// holds the barriers, a uniform value read from shared memory in one phase and used in the next, a
// uniform running total updated after each barrier, and uniform loads that steer a loop with
// barriers. (A uniform value that the threads count in a loop without barriers cannot steer a loop
// with barriers, each thread having its own copy: tests/translation/loopvar_barrier.cu shows that
// refusal, C2T1214; such a kernel used to convert, and on C all threads added to one counter.)
// EXPECT: loopvar_barrier pass
// EXPECT: box_filter_predeclared pass
// EXPECT: while_counter_between_barriers pass
// EXPECT: tree_reduce_while pass
// EXPECT: normalise_by_block_max pass
// EXPECT: running_block_total pass
// EXPECT: row_norm_helper pass
// EXPECT: rounds_from_memory pass
// EXPECT: rounds_from_memory_assigned pass
// EXPECT: strided_after_barrier pass
// EXPECT: ends_with_barrier pass
// EXPECT: countdown_after_barrier pass

#define TILE 128
#define RADIUS 4

// the issue's kernel: the counter is assigned 0 at the loop, after a barrier
__global__ void loopvar_barrier(const float* a, float* out)
{
    __shared__ float s[32];
    s[threadIdx.x] = a[threadIdx.x];
    __syncthreads();
    int i;
    float acc = 0.0f;
    for (i = 0; i < 8; i++)
        acc += s[(threadIdx.x + i) % 32];
    out[threadIdx.x] = acc;
}

// C89-style declarations at the top, a barrier before and after the loop; the counter's final value
// is read after the second barrier (it crosses phases: one slot per thread)
__global__ void box_filter_predeclared(const float* in, float* out, int n)
{
    __shared__ float tile[TILE + 2 * RADIUS];
    int t, g, k;
    float sum;
    t = threadIdx.x;
    g = blockIdx.x * TILE + t;
    sum = 0.0f;
    tile[t + RADIUS] = g < n ? in[g] : 0.0f;
    if (t < RADIUS) {
        tile[t] = g - RADIUS >= 0 && g - RADIUS < n ? in[g - RADIUS] : 0.0f;
        tile[t + TILE + RADIUS] = g + TILE < n ? in[g + TILE] : 0.0f;
    }
    __syncthreads();
    for (k = -RADIUS; k <= RADIUS; ++k)
        sum += tile[t + RADIUS + k];
    __syncthreads();
    tile[t + RADIUS] = sum;
    __syncthreads();
    if (g < n)
        out[g] = tile[t + RADIUS] / (float)(2 * k - 1) + 0.5f * tile[(t + 1) % TILE + RADIUS];
}

// a while loop without barriers between two barriers, its counter declared (and zeroed) before
// the first one
__global__ void while_counter_between_barriers(const float* in, float* out)
{
    __shared__ float s[64];
    int r = 0;
    float acc = 0.0f;
    s[threadIdx.x] = in[blockIdx.x * 64 + threadIdx.x];
    __syncthreads();
    while (r < 5) {
        acc += s[(threadIdx.x + r * 7) % 64] * (float)(r + 1);
        r++;
    }
    __syncthreads();
    s[threadIdx.x] = acc;
    __syncthreads();
    out[blockIdx.x * 64 + threadIdx.x] = s[63 - threadIdx.x] + (float)r;
}

// the while loop holds the barrier: its counter is written at the block level only and stays there
__global__ void tree_reduce_while(const float* in, float* partial)
{
    __shared__ float s[TILE];
    unsigned int t = threadIdx.x;
    unsigned int stride;
    s[t] = in[blockIdx.x * TILE + t];
    __syncthreads();
    stride = blockDim.x / 2;
    while (stride > 0) {
        if (t < stride)
            s[t] += s[t + stride];
        __syncthreads();
        stride >>= 1;
    }
    if (t == 0)
        partial[blockIdx.x] = s[0];
}

// `m` is the same in every thread, read from shared memory after a barrier and used after the next
// one, when the shared array holds something else
__global__ void normalise_by_block_max(const float* x, float* y, int n)
{
    __shared__ float smax[TILE];
    int t = threadIdx.x;
    int g = blockIdx.x * TILE + t;
    float v = g < n ? x[g] : -1e30f;
    smax[t] = v;
    __syncthreads();
    for (int s = TILE / 2; s > 0; s >>= 1) {
        if (t < s)
            smax[t] = fmaxf(smax[t], smax[t + s]);
        __syncthreads();
    }
    float m = smax[0];
    __syncthreads();
    smax[t] = v - m;
    __syncthreads();
    if (g < n)
        y[g] = smax[(t + 3) % TILE] / (fabsf(m) + 1.0f);
}

// a uniform running total updated from shared memory after each round's barrier (`total += s[0]`
// would otherwise be added once per thread to one block-level variable on C)
__global__ void running_block_total(const float* x, float* out, int rounds)
{
    __shared__ float s[64];
    float total = 0.0f;
    int t = threadIdx.x;
    for (int r = 0; r < rounds; ++r) {
        s[t] = x[(blockIdx.x * rounds + r) * 64 + t];
        __syncthreads();
        for (int h = 32; h > 0; h >>= 1) {
            if (t < h)
                s[t] += s[t + h];
            __syncthreads();
        }
        total += s[0];
        __syncthreads();
    }
    out[blockIdx.x * 64 + t] = total * (float)(t + 1);
}

// a reduction helper's result: `block_sum_result = sh[0]` is computed in a phase, so `total` (the same
// in all threads) must not be assigned at the block level from it before that phase has run
template <typename T>
__device__ T block_sum(T* sh, T v)
{
    sh[threadIdx.x] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            sh[threadIdx.x] += sh[threadIdx.x + s];
        __syncthreads();
    }
    return sh[0];
}

__global__ void row_norm_helper(const float* x, float* out, int n)
{
    __shared__ float sh[TILE];
    float v = 0.0f;
    for (int j = threadIdx.x; j < n; j += blockDim.x)
        v += x[blockIdx.x * n + j] * x[blockIdx.x * n + j];
    float total = block_sum(sh, v);
    if (threadIdx.x == 0)
        out[blockIdx.x] = sqrtf(total);
}

// a uniform load that steers a loop with barriers is read at the block level
__global__ void rounds_from_memory(const int* config, float* data)
{
    __shared__ float s[64];
    int rounds = config[0];
    int t = threadIdx.x;
    s[t] = data[blockIdx.x * 64 + t];
    __syncthreads();
    for (int r = 0; r < rounds; ++r) {
        float left = s[(t + 63) % 64];
        __syncthreads();
        s[t] = 0.5f * (s[t] + left);
        __syncthreads();
    }
    data[blockIdx.x * 64 + t] = s[t];
}

// the same with the bound assigned to a pre-declared variable
__global__ void rounds_from_memory_assigned(const int* config, float* data)
{
    __shared__ float s[64];
    int rounds;
    int t = threadIdx.x;
    rounds = config[1];
    s[t] = data[blockIdx.x * 64 + t];
    __syncthreads();
    int r = 0;
    while (r < rounds) {
        float right = s[(t + 1) % 64];
        __syncthreads();
        s[t] = s[t] - 0.25f * right;
        __syncthreads();
        r++;
    }
    data[blockIdx.x * 64 + t] = s[t] + (float)r;
}

// a counter declared in its `for`, but with a run-time step: the loop lifts to a cursor variable
__global__ void strided_after_barrier(const float* a, float* out, int n, int step)
{
    __shared__ float s[64];
    s[threadIdx.x] = a[blockIdx.x * 64 + threadIdx.x];
    __syncthreads();
    float acc = 0.0f;
    for (int k = 0; k < n; k += step)
        acc += s[(threadIdx.x + k) % 64];
    out[blockIdx.x * 64 + threadIdx.x] = acc;
}

// one phase only: the kernel ends with its barrier
__global__ void ends_with_barrier(const float* a, float* out)
{
    int i;
    float acc = 0.0f;
    for (i = 0; i < 8; i++)
        acc += a[blockIdx.x * 32 + (threadIdx.x + i) % 32];
    out[blockIdx.x * 32 + threadIdx.x] = acc;
    __syncthreads();
}

// counting down to zero after a barrier, then a barrier and a read of a neighbour's result
__global__ void countdown_after_barrier(const float* a, float* out, int n)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = a[blockIdx.x * 64 + t];
    __syncthreads();
    float acc = 0.0f;
    for (int k = n - 1; k >= 0; --k)
        acc = 0.5f * acc + s[(t + k) % 64];
    __syncthreads();
    s[t] = acc;
    __syncthreads();
    out[blockIdx.x * 64 + t] = s[(t + 1) % 64] - acc;
}
