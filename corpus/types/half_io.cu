// Half-precision I/O: __half buffers read with __half2float and written with
// __float2half; the arithmetic itself is done in float.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

// y = half(a * float(x) + b)
__global__ void half_scale_bias(int n, float a, float b, const __half* x, __half* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = __half2float(x[i]);
    y[i] = __float2half(a * v + b);
}

// y = float(x)   (exact widening)
__global__ void half_to_float(int n, const __half* __restrict__ x, float* __restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = __half2float(x[i]);
}

// y = half(x)    (round to nearest even, overflow to inf not exercised)
__global__ void float_to_half(int n, const float* __restrict__ x, __half* __restrict__ y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = __float2half(x[i]);
}

// y = half(float(a) * float(b) + c) with a float32 accumulator input c
__global__ void half_mul_add_mixed(int n, const __half* a, const __half* b, const float* c, __half* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float prod = __half2float(a[i]) * __half2float(b[i]);
    y[i] = __float2half(prod + c[i]);
}

// Vectorised copies in the style of fused softmax kernels: four halves (8 bytes) move as one
// float2, four mask bytes as one half2; a row past `valid` is zero-filled through a float2.
// `copy_vector<T, N>` is specialised per width, as such code writes it.
template <typename T, int N> __device__ __inline__ void copy_vector(T* dst, const T* src);
template <> __device__ __inline__ void copy_vector<__half, 1>(__half* dst, const __half* src) { *dst = *src; }
template <> __device__ __inline__ void copy_vector<__half, 4>(__half* dst, const __half* src)
{
    *((float2*)dst) = *((float2*)src);
}
template <> __device__ __inline__ void copy_vector<unsigned char, 4>(unsigned char* dst, const unsigned char* src)
{
    *((half2*)dst) = *((half2*)src);
}
template <typename T, int N> __device__ __inline__ void zero_vector(T* dst);
template <> __device__ __inline__ void zero_vector<__half, 4>(__half* dst)
{
    *((float2*)dst) = make_float2(0.0f, 0.0f);
}

// rows of `cols` halves (cols a multiple of 4); each thread moves 4 elements. Elements whose mask
// byte is set become -x, rows >= valid are zero. The mask is copied out too, when `mask_out` is given.
__device__ void masked_copy_row(int row, int col, int cols, int valid, const __half* x, const unsigned char* mask,
                                __half* y, unsigned char* mask_out)
{
    __half vals[4];
    unsigned char bits[4];
    int at = row * cols + col;
    if (row >= valid) {
        zero_vector<__half, 4>(y + at);
        return;
    }
    copy_vector<__half, 4>(vals, x + at);
    copy_vector<unsigned char, 4>(bits, mask + at);
    for (int k = 0; k < 4; ++k)
        if (bits[k]) vals[k] = __float2half(-__half2float(vals[k]));
    copy_vector<__half, 4>(y + at, vals);
    if (mask_out != nullptr) copy_vector<unsigned char, 4>(mask_out + at, bits);
    copy_vector<__half, 1>(y + at + 1, vals + 1);
}

__global__ void half_masked_copy(int rows, int cols, int valid, const __half* x, const unsigned char* mask,
                                 __half* y, unsigned char* mask_out)
{
    int col = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
    int row = blockIdx.y;
    if (col < cols) masked_copy_row(row, col, cols, valid, x, mask, y, mask_out);
}

// the same without the mask copy: the helper gets nullptr and skips it
__global__ void half_masked_copy_nomask(int rows, int cols, int valid, const __half* x, const unsigned char* mask,
                                        __half* y)
{
    int col = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
    int row = blockIdx.y;
    if (col < cols) masked_copy_row(row, col, cols, valid, x, mask, y, nullptr);
}

int main()
{
    const int N = 5000;
    __half *xh, *yh, *bh;
    float *xf, *yf;
    cudaMalloc(&xh, N * sizeof(__half));
    cudaMalloc(&yh, N * sizeof(__half));
    cudaMalloc(&bh, N * sizeof(__half));
    cudaMalloc(&xf, N * sizeof(float));
    cudaMalloc(&yf, N * sizeof(float));
    cudaMemset(xh, 0, N * sizeof(__half));
    cudaMemset(bh, 0, N * sizeof(__half));
    cudaMemset(xf, 0, N * sizeof(float));

    half_scale_bias<<<(N + 255) / 256, 256>>>(N, 1.5f, -0.25f, xh, yh);
    half_to_float<<<(N + 255) / 256, 256>>>(N, xh, yf);
    float_to_half<<<(N + 255) / 256, 256>>>(N, xf, yh);
    half_mul_add_mixed<<<(N + 127) / 128, 128>>>(N, xh, bh, xf, yh);
    unsigned char *m, *mo;
    cudaMalloc(&m, 4096);
    cudaMalloc(&mo, 4096);
    cudaMemset(m, 0, 4096);
    half_masked_copy<<<dim3(1, 64), 16>>>(64, 64, 50, xh, m, yh, mo);
    half_masked_copy_nomask<<<dim3(1, 64), 16>>>(64, 64, 50, xh, m, yh);
    cudaDeviceSynchronize();

    cudaFree(m);
    cudaFree(mo);
    cudaFree(xh);
    cudaFree(yh);
    cudaFree(bh);
    cudaFree(xf);
    cudaFree(yf);
    return 0;
}
