// Kernels that take their arguments in structs, the way samples and extensions bundle them:
// a parameter block passed by value (pointers, a nested shape, a fixed-size stride array), read
// through a device helper by const reference; and a small window descriptor with a vector field.
// cuda2tile flattens each struct parameter into one kernel argument per field ("p.shape.rows").
#include <cuda_runtime.h>

struct Shape2D {
    int rows;
    int cols;
};

struct AffineParams {
    const float* x;   // read through strides, so a transposed view works too
    float* y;         // written densely, row-major
    Shape2D shape;
    float scale;
    float shift;
    int strides[2];   // elements between rows, between columns of x
};

__device__ __forceinline__ int source_offset(const AffineParams& p, int r, int c)
{
    return r * p.strides[0] + c * p.strides[1];
}

// y[r, c] = x[r * s0 + c * s1] * scale + shift, one thread per output element
__global__ void strided_affine(AffineParams p)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y;
    if (r >= p.shape.rows || c >= p.shape.cols) return;
    p.y[r * p.shape.cols + c] = p.x[source_offset(p, r, c)] * p.scale + p.shift;
}

struct PoolWindow {
    int size;
    int stride;
    float2 clamp;     // (low, high) applied to each mean
};

// out[o] = clamp(mean(in[o * stride : o * stride + size]))
__global__ void clamped_avg_pool1d(const float* __restrict__ in, float* __restrict__ out, int n_out,
                                   const PoolWindow window)
{
    int o = blockIdx.x * blockDim.x + threadIdx.x;
    if (o >= n_out) return;
    float sum = 0.0f;
    for (int k = 0; k < window.size; ++k) {
        sum += in[o * window.stride + k];
    }
    float mean = sum / window.size;
    out[o] = fminf(fmaxf(mean, window.clamp.x), window.clamp.y);
}

int main()
{
    const int ROWS = 7, COLS = 100, N_OUT = 300, SIZE = 5, STRIDE = 3;
    float *x, *y, *in, *out;
    cudaMalloc(&x, ROWS * COLS * sizeof(float));
    cudaMalloc(&y, ROWS * COLS * sizeof(float));
    cudaMalloc(&in, ((N_OUT - 1) * STRIDE + SIZE) * sizeof(float));
    cudaMalloc(&out, N_OUT * sizeof(float));
    AffineParams p{x, y, {ROWS, COLS}, 0.5f, 3.0f, {1, ROWS}};  // x read as its transpose
    strided_affine<<<dim3((COLS + 63) / 64, ROWS), 64>>>(p);
    PoolWindow window{SIZE, STRIDE, make_float2(-0.25f, 0.25f)};
    clamped_avg_pool1d<<<(N_OUT + 127) / 128, 128>>>(in, out, N_OUT, window);
    cudaDeviceSynchronize();
    cudaFree(x); cudaFree(y); cudaFree(in); cudaFree(out);
    return 0;
}
