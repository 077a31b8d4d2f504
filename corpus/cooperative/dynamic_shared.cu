// Dynamic shared memory: one extern __shared__ pool, sized at launch
// (third launch argument: 2 * blockDim.x floats), carved into two views; also a
// pool declared as int and read as another type.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

// out[i] = x[next thread of the block, wrapping] - y[mirrored thread of the block];
// slots of threads past n hold 0
__global__ void dyn_two_views(int n, const float* x, const float* y, float* out)
{
    extern __shared__ float pool[];
    float* a = pool;
    float* b = pool + blockDim.x;
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    a[t] = (i < n) ? x[i] : 0.0f;
    b[t] = (i < n) ? y[i] : 0.0f;
    __syncthreads();
    if (i < n) out[i] = a[(t + 1) % blockDim.x] - b[blockDim.x - 1 - t];
}

// lo[b], hi[b] = min and max of block b's elements; the two views hold the
// running minima and maxima of one tree
__global__ void dyn_minmax(int n, const float* x, float* lo, float* hi)
{
    extern __shared__ float pool[];
    float* mn = pool;
    float* mx = pool + blockDim.x;
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    float v = (i < n) ? x[i] : x[n - 1];
    mn[t] = v;
    mx[t] = v;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) {
            mn[t] = fminf(mn[t], mn[t + s]);
            mx[t] = fmaxf(mx[t], mx[t + s]);
        }
        __syncthreads();
    }
    if (t == 0) {
        lo[blockIdx.x] = mn[0];
        hi[blockIdx.x] = mx[0];
    }
}

// The SharedMemory<T> idiom (CUDA samples, apex, SHOC): `extern __shared__ T pool[]` cannot be
// declared once per type in a template, so a struct specialised per type hands out its own pool.
template <typename T> struct SharedMemory;
template <> struct SharedMemory<float> {
    __device__ float* getPointer() { extern __shared__ float s_float[]; return s_float; }
};
template <> struct SharedMemory<double> {
    __device__ double* getPointer() { extern __shared__ double s_double[]; return s_double; }
};

// the block's partial sums, halved in place; asks for the pool again, as helpers do
template <typename T>
__device__ T tree_sum(int t)
{
    SharedMemory<T> smem;
    T* buf = smem.getPointer();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) buf[t] += buf[t + s];
        __syncthreads();
    }
    return buf[0];
}

// sums[b] = sum of block b's squares, plus the first element of the block (read back from the pool)
template <typename T>
__global__ void dyn_block_sumsq(int n, const T* x, T* sums)
{
    SharedMemory<T> smem;
    T* buf = smem.getPointer();
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    T v = (i < n) ? x[i] : T(0);
    buf[t] = v * v;
    __syncthreads();
    T total = tree_sum<T>(t);
    if (t == 0) sums[blockIdx.x] = total + x[blockIdx.x * blockDim.x];
}

// One pool declared as int and read only as T, as attention backward kernels
// share one declaration between their float and double versions
// (`extern __shared__ int _s[]; scalar_t* cache = (scalar_t*)_s;`): the bytes
// of 2 * blockDim.x values of T, the second half reached by pointer arithmetic
// on the view, accumulated through a helper given pointers into it.
template <typename T>
__device__ void accumulate(T* dst, T v) { *dst += v; }

template <typename T>
__global__ void pool_as_scalar(const int n, const T* x, T* out)
{
    extern __shared__ int _s[];
    T* vals = (T*)_s;
    T* sums = vals + blockDim.x;
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    vals[t] = (i < n) ? x[i] : T(0);
    sums[t] = T(1);
    __syncthreads();
    accumulate(sums + t, vals[t] * T(2));
    accumulate(&sums[t], vals[(t + 1) % blockDim.x]);
    __syncthreads();
    if (i < n) out[i] = sums[blockDim.x - 1 - t];
}

int main()
{
    const int N = 2000;
    const int THREADS = 128;
    const int BLOCKS = (N + THREADS - 1) / THREADS;
    const int THREADS_MM = 64;
    const int BLOCKS_MM = (N + THREADS_MM - 1) / THREADS_MM;
    float* h = (float*)malloc(N * sizeof(float));
    for (int i = 0; i < N; i++) h[i] = (float)((i * 13) % 101) - 50.0f;

    float *x, *y, *out, *lo, *hi;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMalloc(&out, N * sizeof(float));
    cudaMalloc(&lo, BLOCKS_MM * sizeof(float));
    cudaMalloc(&hi, BLOCKS_MM * sizeof(float));
    cudaMemcpy(x, h, N * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(y, h, N * sizeof(float), cudaMemcpyHostToDevice);

    dyn_two_views<<<BLOCKS, THREADS, 2 * THREADS * sizeof(float)>>>(N, x, y, out);
    dyn_minmax<<<BLOCKS_MM, THREADS_MM, 2 * THREADS_MM * sizeof(float)>>>(N, x, lo, hi);
    dyn_block_sumsq<float><<<BLOCKS_MM, THREADS_MM, THREADS_MM * sizeof(float)>>>(N, x, lo);
    double* xd;
    double* sd;
    cudaMalloc(&xd, N * sizeof(double));
    cudaMalloc(&sd, BLOCKS_MM * sizeof(double));
    cudaMemset(xd, 0, N * sizeof(double));
    dyn_block_sumsq<double><<<BLOCKS_MM, THREADS_MM, THREADS_MM * sizeof(double)>>>(N, xd, sd);
    double* od;
    cudaMalloc(&od, N * sizeof(double));
    pool_as_scalar<float><<<BLOCKS, THREADS, 2 * THREADS * sizeof(float)>>>(N, x, out);
    pool_as_scalar<double><<<BLOCKS_MM, THREADS_MM, 2 * THREADS_MM * sizeof(double)>>>(N, xd, od);
    cudaFree(od);
    cudaDeviceSynchronize();
    cudaFree(xd);
    cudaFree(sd);

    cudaMemcpy(h, lo, BLOCKS_MM * sizeof(float), cudaMemcpyDeviceToHost);
    printf("lo[0] = %f\n", h[0]);
    free(h);
    cudaFree(x);
    cudaFree(y);
    cudaFree(out);
    cudaFree(lo);
    cudaFree(hi);
    return 0;
}
