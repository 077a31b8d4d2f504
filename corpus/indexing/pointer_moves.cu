// Pointer parameters moved before use, the way library code walks rows and columns: a kernel
// offsets its parameters to its row (`x += row * cols;`), a __device__ helper advances its own
// copies of the pointers it is given, and a loop strides a pointer down a column. Also pointers
// declared with the other locals and aimed later, as detection code writes them.
#include <cuda_runtime.h>

// out[r, c] = x[r, c] + bias[c], one block per row, threads striding over the columns
__global__ void row_bias_add(const float* __restrict__ x, const float* __restrict__ bias,
                             float* __restrict__ out, int rows, int cols)
{
    int row = blockIdx.x;
    if (row >= rows) return;
    x += row * cols;
    out = out + (size_t)row * cols;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) {
        out[c] = x[c] + bias[c];
    }
}

// dst[0..count) = src[0, stride, 2*stride, ...]: both pointers advance in the helper
__device__ void copy_strided(const float* src, float* dst, int count, int stride)
{
    for (int k = 0; k < count; ++k) {
        *dst = *src;
        src += stride;
        dst++;
    }
}

// out[c, r] = m[r, c]: column c of a row-major matrix copied out as a row
__global__ void columns_to_rows(const float* m, float* out, int rows, int cols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c < cols) copy_strided(m + c, out + c * rows, rows, cols);
}

// y[j] = sum_k w[k, j] * x[k], the weight pointer stepping down column j one row at a time
__global__ void column_dot(const double* w, const double* x, double* y, int k_dim, int n)
{
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= n) return;
    w += j;
    double acc = 0.0;
    for (int k = 0; k < k_dim; ++k) {
        acc += w[0] * x[k];
        w += n;
    }
    y[j] = acc;
}

// For each of 4 sides of each box, the largest of `len` features and where it is: the pointers
// are declared in one line with the other locals and aimed once the index arithmetic is done.
__global__ void side_argmax(const int nthreads, const float* feats, float* out, int* where,
                            const int len)
{
    for (int index = blockIdx.x * blockDim.x + threadIdx.x; index < nthreads;
         index += blockDim.x * gridDim.x) {
        int box, side, best, *offset_where;
        const float* offset_feat;
        float *offset_out, val, maxval;
        box = index / 4;
        side = index % 4;
        offset_feat = feats + (box * 4 + side) * len;
        offset_out = out + index;
        offset_where = where + index;
        maxval = offset_feat[0];
        best = 0;
        for (int k = 1; k < len; ++k) {
            val = offset_feat[k];
            if (val > maxval) {
                maxval = val;
                best = k;
            }
        }
        *offset_out = maxval;
        *offset_where = best;
    }
}

int main()
{
    const int ROWS = 19, COLS = 300, R2 = 23, C2 = 41, K = 37, N = 333;
    float *x, *bias, *out, *m, *mt;
    double *w, *xv, *y;
    cudaMalloc(&x, ROWS * COLS * sizeof(float));
    cudaMalloc(&bias, COLS * sizeof(float));
    cudaMalloc(&out, ROWS * COLS * sizeof(float));
    cudaMalloc(&m, R2 * C2 * sizeof(float));
    cudaMalloc(&mt, R2 * C2 * sizeof(float));
    cudaMalloc(&w, K * N * sizeof(double));
    cudaMalloc(&xv, K * sizeof(double));
    cudaMalloc(&y, N * sizeof(double));
    row_bias_add<<<ROWS, 128>>>(x, bias, out, ROWS, COLS);
    columns_to_rows<<<(C2 + 31) / 32, 32>>>(m, mt, R2, C2);
    column_dot<<<(N + 127) / 128, 128>>>(w, xv, y, K, N);
    int* where;
    cudaMalloc(&where, 200 * sizeof(int));
    side_argmax<<<2, 64>>>(200, m, out, where, 4);
    cudaFree(where);
    cudaDeviceSynchronize();
    cudaFree(x); cudaFree(bias); cudaFree(out); cudaFree(m); cudaFree(mt);
    cudaFree(w); cudaFree(xv); cudaFree(y);
    return 0;
}
