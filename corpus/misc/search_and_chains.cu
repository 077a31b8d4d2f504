// Kernels written with C's value forms, the way samples and extensions use them: a `return` out of
// a search loop (in a __device__ helper, in nested loops, and in a kernel's own loop), assignments
// used as values (`a[i] = b[i] = 0`, `if ((m = count[i]) > 2)`, a linked-list walk
// `while ((v = next[v]) != 0)`), and local arrays initialised from braced lists (filter taps, a
// zeroed histogram, a 2-D table with inner braces left out).
#include <cuda_runtime.h>

// index of `key` in keys[0..n), or -1
__device__ int find_key(const int* keys, int n, int key)
{
    for (int k = 0; k < n; ++k) {
        if (keys[k] == key) return k;
    }
    return -1;
}

// flat index of the first cell of a rows x cols table equal to `key`, or -1
__device__ int find_cell(const int* table, int rows, int cols, int key)
{
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            if (table[r * cols + c] == key) return r * cols + c;
        }
    }
    return -1;
}

__global__ void lookup_keys(const int* __restrict__ keys, const int* __restrict__ queries,
                            int* __restrict__ pos, int* __restrict__ cell, int n, int q)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < q) {
        pos[i] = find_key(keys, n, queries[i]);
        cell[i] = find_cell(keys, 4, n / 4, queries[i]);
    }
}

// first[row] = first column whose value exceeds `threshold`, -1 when none; one thread per row, and
// the thread leaves the kernel from inside its loop once it is found
__global__ void first_above(const float* __restrict__ x, int* __restrict__ first, int rows, int cols,
                            float threshold)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= rows) return;
    for (int c = 0; c < cols; ++c) {
        if (x[row * cols + c] > threshold) {
            first[row] = c;
            return;
        }
    }
    first[row] = -1;
}

// hops[i]: steps from node i along next[] until node 0 (at most 16); big[i]: count[i] when above 2
__global__ void walk_lists(const int* __restrict__ next, const int* __restrict__ count,
                           int* __restrict__ hops, int* __restrict__ big, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int m;
    hops[i] = big[i] = 0;
    if ((m = count[i]) > 2) big[i] = m;
    int v = i;
    int steps = 0;
    while ((v = next[v]) != 0 && ++steps < 16) {
    }
    int scaled = (m += 1) * 2;
    hops[i] = steps * 100 + scaled + m;
}

// y[i] = 5-tap filter of x (clamped at the ends) + a per-thread histogram's bin and a 2-D table entry
__global__ void taps_and_tables(const float* __restrict__ x, const int* __restrict__ labels,
                                float* __restrict__ y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    const float taps[5] = {0.0625f, 0.25f, 0.375f, 0.25f, 0.0625f};
    int hist[8] = {0};
    float table[2][3] = {{1.0f, 2.0f}, {4.0f}};   // {{1, 2, 0}, {4, 0, 0}}
    int flat[2][2] = {7, 8, 9};                    // {{7, 8}, {9, 0}}
    if (i >= n) return;
    float s = 0.0f;
    for (int k = 0; k < 5; ++k) {
        int j = min(max(i + k - 2, 0), n - 1);
        s += taps[k] * x[j];
    }
    for (int k = 0; k < 4; ++k) hist[labels[(i + k) % n]] += 1;
    int label = labels[i];
    y[i] = s + hist[label] * 10.0f + table[label % 2][label % 3] + flat[label % 2][(label / 2) % 2];
}

// per element, by its label: a border mode chosen with `switch` (shared clauses, a braced clause with
// its own loop and `break`, a clause that returns, `default` in the middle)
enum Border { TOP = 0, LEFT = 1, BOTTOM = 2, RIGHT = 3 };

__global__ void border_switch(const float* __restrict__ x, const int* __restrict__ labels,
                              float* __restrict__ y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    switch (labels[i] & 7) {
    case TOP:
    case BOTTOM:
        v = v * 2.0f;
        break;
    default:
        v = -v;
        break;
    case LEFT: {
        float acc = 0.0f;
        for (int k = 0; k < 8; ++k) {
            if (k > labels[i]) break;
            acc += (float)k;
        }
        v = v + acc;
        break;
    }
    case 5:
        return;
    case RIGHT:
        v = v - 1.0f;
    }
    y[i] = v;
}

int main()
{
    const int N = 64, Q = 300, ROWS = 200, COLS = 37, M = 1000;
    int *keys, *queries, *pos, *cell, *first, *next, *count, *hops, *big, *labels;
    float *x, *y, *xs;
    cudaMalloc(&keys, N * sizeof(int));
    cudaMalloc(&queries, Q * sizeof(int));
    cudaMalloc(&pos, Q * sizeof(int));
    cudaMalloc(&cell, Q * sizeof(int));
    cudaMalloc(&x, ROWS * COLS * sizeof(float));
    cudaMalloc(&first, ROWS * sizeof(int));
    cudaMalloc(&next, M * sizeof(int));
    cudaMalloc(&count, M * sizeof(int));
    cudaMalloc(&hops, M * sizeof(int));
    cudaMalloc(&big, M * sizeof(int));
    cudaMalloc(&xs, M * sizeof(float));
    cudaMalloc(&labels, M * sizeof(int));
    cudaMalloc(&y, M * sizeof(float));
    lookup_keys<<<(Q + 127) / 128, 128>>>(keys, queries, pos, cell, N, Q);
    first_above<<<(ROWS + 63) / 64, 64>>>(x, first, ROWS, COLS, 1.5f);
    walk_lists<<<(M + 255) / 256, 256>>>(next, count, hops, big, M);
    taps_and_tables<<<(M + 255) / 256, 256>>>(xs, labels, y, M);
    border_switch<<<(M + 255) / 256, 256>>>(xs, labels, y, M);
    cudaDeviceSynchronize();
    cudaFree(keys); cudaFree(queries); cudaFree(pos); cudaFree(cell); cudaFree(x); cudaFree(first);
    cudaFree(next); cudaFree(count); cudaFree(hops); cudaFree(big); cudaFree(xs); cudaFree(labels); cudaFree(y);
    return 0;
}
