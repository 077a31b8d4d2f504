// Arg-max reductions: value and index travel together through two shared
// arrays. Ties go to the smaller index, so the result does not depend on the
// order of the combination steps. No host main(): the launch spec alone says
// how to run these.
#include <math.h>

#define BLOCK 256
#define NO_INDEX 0x7fffffff

// out_val[b], out_idx[b] = max of x over block b's chunk of 4 * blockDim.x
// elements and its (global) index; each thread first scans its 4 elements
__global__ void argmax_block(int n, const float* x, float* out_val, int* out_idx)
{
    __shared__ float sval[BLOCK];
    __shared__ int sidx[BLOCK];
    int tid = threadIdx.x;
    int base = blockIdx.x * blockDim.x * 4;
    float best = -INFINITY;
    int best_i = NO_INDEX;
    for (int k = 0; k < 4; k++) {
        int i = base + k * blockDim.x + tid;
        if (i < n && x[i] > best) {
            best = x[i];
            best_i = i;
        }
    }
    sval[tid] = best;
    sidx[tid] = best_i;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            float ov = sval[tid + s];
            int oi = sidx[tid + s];
            if (ov > sval[tid] || (ov == sval[tid] && oi < sidx[tid])) {
                sval[tid] = ov;
                sidx[tid] = oi;
            }
        }
        __syncthreads();
    }
    if (tid == 0) {
        out_val[blockIdx.x] = sval[0];
        out_idx[blockIdx.x] = sidx[0];
    }
}

// idx[r] = column of the largest element of row r (first one on ties), one block per row
__global__ void argmax_rows(int rows, int cols, const int* x, int* idx)
{
    __shared__ int sval[BLOCK];
    __shared__ int sidx[BLOCK];
    int tid = threadIdx.x;
    const int* xr = x + blockIdx.x * cols;
    int best = -2147483647 - 1;
    int best_c = NO_INDEX;
    for (int c = tid; c < cols; c += blockDim.x) {
        if (xr[c] > best) {
            best = xr[c];
            best_c = c;
        }
    }
    sval[tid] = best;
    sidx[tid] = best_c;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            int ov = sval[tid + s];
            int oi = sidx[tid + s];
            if (ov > sval[tid] || (ov == sval[tid] && oi < sidx[tid])) {
                sval[tid] = ov;
                sidx[tid] = oi;
            }
        }
        __syncthreads();
    }
    if (tid == 0) idx[blockIdx.x] = sidx[0];
}
