// Barriers, shared memory, dynamic shared memory, 2-D blocks, grid-stride loops, templates.
#include <cuda_runtime.h>

__global__ void reverse_block(float* data) {
    __shared__ float tile[256];
    const int t = threadIdx.x;
    const int base = blockIdx.x * blockDim.x;
    tile[t] = data[base + t];
    __syncthreads();
    data[base + t] = tile[blockDim.x - 1 - t];
}

// Two phases reuse the same shared array; the barriers between them matter.
__global__ void two_phase(const float* in, float* out, int n) {
    __shared__ float s[128];
    const int t = threadIdx.x;
    s[t] = in[blockIdx.x * n + t];
    __syncthreads();
    const float right = s[(t + 1) % n];
    __syncthreads();              // everyone has read phase-1 values
    s[t] = right * 2.0f;
    __syncthreads();
    out[blockIdx.x * n + t] = s[n - 1 - t];
}

// Reads shared memory before writing it: shows what a block starts with.
__global__ void shared_start_value(int* out) {
    __shared__ int s[64];
    const int t = threadIdx.x;
    out[blockIdx.x * blockDim.x + t] = s[t];
    __syncthreads();
    s[t] = 1000 + t;
}

__global__ void sync_count_and_or(const int* pred, int* out) {
    const int t = threadIdx.x;
    const int p = pred[blockIdx.x * blockDim.x + t];
    const int c = __syncthreads_count(p);
    const int a = __syncthreads_and(p);
    const int o = __syncthreads_or(p);
    int* r = out + 3 * (blockIdx.x * blockDim.x + t);
    r[0] = c; r[1] = a; r[2] = o;
}

// Dynamic shared memory: one byte buffer seen through a float view and an int view.
__global__ void dyn_two_views(const float* f, const int* i, float* fout, int* iout, int n) {
    extern __shared__ unsigned char smem[];
    float* fs = reinterpret_cast<float*>(smem);
    int* is = reinterpret_cast<int*>(smem + n * sizeof(float));
    const int t = threadIdx.x;
    fs[t] = f[t];
    is[t] = i[t];
    __syncthreads();
    fout[t] = fs[n - 1 - t] + 0.5f;
    iout[t] = is[n - 1 - t] * 3;
}

// Another kernel uses the same extern name with a different element type.
__global__ void dyn_same_name_double(double* out, int n) {
    extern __shared__ double smem_d[];
    extern __shared__ __align__(16) int smem_i[];
    const int t = threadIdx.x;
    smem_d[t] = t * 0.25;
    __syncthreads();
    out[t] = smem_d[n - 1 - t] + (smem_i == reinterpret_cast<int*>(smem_d) ? 1000.0 : 0.0);
}

extern __shared__ float g_dyn[];  // namespace-scope declaration
__global__ void dyn_namespace_scope(float* out) {
    const int t = threadIdx.x;
    g_dyn[t] = 2.0f * t;
    __syncthreads();
    out[t] = g_dyn[(t + 1) % blockDim.x];
}

#define TILE 16
__global__ void transpose_2d(const float* in, float* out, int rows, int cols) {
    __shared__ float tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x;
    int y = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += blockDim.y)
        if (x < cols && y + j < rows) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    __syncthreads();
    x = blockIdx.y * TILE + threadIdx.x;
    y = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += blockDim.y)
        if (x < rows && y + j < cols) out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void index_3d(int* out) {
    const int t = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
    const int b = blockIdx.x + blockIdx.y * gridDim.x + blockIdx.z * gridDim.x * gridDim.y;
    const int nt = blockDim.x * blockDim.y * blockDim.z;
    int* r = out + 4 * (b * nt + t);
    r[0] = threadIdx.x + 10 * threadIdx.y + 100 * threadIdx.z;
    r[1] = blockIdx.x + 10 * blockIdx.y + 100 * blockIdx.z;
    r[2] = blockDim.x + 10 * blockDim.y + 100 * blockDim.z;
    r[3] = gridDim.x + 10 * gridDim.y + 100 * gridDim.z;
}

__global__ void grid_stride_scale(const float* __restrict__ in, float* __restrict__ out, float a, long long n) {
    for (long long i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long long)blockDim.x * gridDim.x)
        out[i] = a * in[i] + 1.0f;
}

template <typename T, int BLOCK>
__global__ void __launch_bounds__(BLOCK) block_sum(const T* in, T* out) {
    __shared__ T s[BLOCK];
    const int t = threadIdx.x;
    s[t] = in[blockIdx.x * BLOCK + t];
    __syncthreads();
#pragma unroll
    for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
}

__device__ __forceinline__ float twice(float x) { return 2.0f * x; }
__device__ __noinline__ float plus_one(float x) { return x + 1.0f; }

__global__ void uses_helpers(float* y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = plus_one(twice(y[i]));
}

// A helper the per-kernel source analysis cannot see (a namespace-scope lambda):
// the kernel is first tried on the fast path, hits the barrier, and is re-run on fibers.
auto hidden_barrier = [](float* s, int t, int n) {
    s[t] = float(t);
    __syncthreads();
    return s[n - 1 - t];
};
__global__ void via_lambda(float* out, int n) {
    __shared__ float s[64];
    out[threadIdx.x] += hidden_barrier(s, threadIdx.x, n);
}

__global__ void scalar_kinds(double* out, char c, unsigned char uc, short s, unsigned short us, int i, unsigned u,
                             long long ll, unsigned long long ull, bool b, float f, double d) {
    out[0] = c; out[1] = uc; out[2] = s; out[3] = us; out[4] = i; out[5] = u;
    out[6] = (double)ll; out[7] = (double)ull; out[8] = b; out[9] = f; out[10] = d;
}

struct Params { float scale; int offset; };
__global__ void struct_and_vector_args(float* out, Params p, float4 v, int2 w) {
    out[0] = p.scale; out[1] = (float)p.offset;
    out[2] = v.x; out[3] = v.y; out[4] = v.z; out[5] = v.w;
    out[6] = (float)w.x; out[7] = (float)w.y;
}

__global__ void print_some(int n) {
    if (threadIdx.x < n) printf("thread %d of block %d says %.2f\n", threadIdx.x, blockIdx.x, threadIdx.x * 0.5f);
}

__constant__ float c_coeffs[4];
__device__ int d_counter;
__global__ void use_constant(float* out) {
    out[threadIdx.x] = c_coeffs[threadIdx.x % 4];
}
