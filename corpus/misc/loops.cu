// Data-dependent loops: while loops with compound conditions, an Euclid
// loop with %, and a fixed-count Newton iteration carried in a float.
#include <cuda_runtime.h>

// Number of Collatz steps to reach 1, capped at max_steps
__global__ void collatz_steps(int n, int max_steps, const unsigned* start, int* steps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned v = start[i];
    int s = 0;
    while (v != 1u && s < max_steps) {
        v = (v & 1u) ? 3u * v + 1u : v >> 1;
        s++;
    }
    steps[i] = s;
}

// g = gcd(a, b) for positive a, b (Euclid)
__global__ void gcd_pairs(int n, const int* a, const int* b, int* g)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int x = a[i];
    int y = b[i];
    while (y != 0) {
        int t = x % y;
        x = y;
        y = t;
    }
    g[i] = x;
}

// y = sqrt(x) by `iters` Newton steps r <- (r + x / r) / 2 starting from r = x
__global__ void newton_sqrt(int n, int iters, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    float r = v;
    for (int k = 0; k < iters; k++) {
        r = 0.5f * (r + v / r);
    }
    y[i] = r;
}

int main()
{
    const int N = 2000;
    unsigned* start;
    int *steps, *a, *b;
    float *x, *y;
    cudaMalloc(&start, N * sizeof(unsigned));
    cudaMalloc(&steps, N * sizeof(int));
    cudaMalloc(&a, N * sizeof(int));
    cudaMalloc(&b, N * sizeof(int));
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMemset(start, 0, N * sizeof(unsigned));
    cudaMemset(a, 0, N * sizeof(int));
    cudaMemset(b, 0, N * sizeof(int));
    cudaMemset(x, 0, N * sizeof(float));

    collatz_steps<<<(N + 127) / 128, 128>>>(N, 300, start, steps);
    gcd_pairs<<<(N + 255) / 256, 256>>>(N, a, b, steps);
    newton_sqrt<<<(N + 255) / 256, 256>>>(N, 12, x, y);
    cudaDeviceSynchronize();

    cudaFree(start);
    cudaFree(steps);
    cudaFree(a);
    cudaFree(b);
    cudaFree(x);
    cudaFree(y);
    return 0;
}
