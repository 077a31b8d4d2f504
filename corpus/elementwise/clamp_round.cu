// Clamping (fminf/fmaxf and integer min/max), nested ternaries, and
// rounding functions (floorf, ceilf, fabsf).
#include <cuda_runtime.h>
#include <math.h>

// y = clamp(x, lo, hi)
__global__ void clamp_float(int n, float lo, float hi, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = fminf(fmaxf(x[i], lo), hi);
}

// y = clamp(x, lo, hi) on ints with min/max
__global__ void clamp_int(int n, int lo, int hi, const int* x, int* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = min(max(x[i], lo), hi);
}

// y = sign(x) * (|x| + 1) via nested ternaries: -k-1 / 0 / k+1
__global__ void sign_int(int n, const int* x, int* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = x[i];
    int s = v > 0 ? 1 : (v < 0 ? -1 : 0);
    y[i] = s * (abs(v) + 1);
}

// Quantise to multiples of `step`: fl = floor(x/step)*step, ce = ceil(x/step)*step, ab = |x|
__global__ void round_abs(int n, float step, const float* x, float* fl, float* ce, float* ab)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float q = x[i] / step;
        fl[i] = floorf(q) * step;
        ce[i] = ceilf(q) * step;
        ab[i] = fabsf(x[i]);
    }
}

int main()
{
    const int N = 2500;
    float *xf, *yf, *zf, *wf;
    int *xi, *yi;
    cudaMalloc(&xf, N * sizeof(float));
    cudaMalloc(&yf, N * sizeof(float));
    cudaMalloc(&zf, N * sizeof(float));
    cudaMalloc(&wf, N * sizeof(float));
    cudaMalloc(&xi, N * sizeof(int));
    cudaMalloc(&yi, N * sizeof(int));
    cudaMemset(xf, 0, N * sizeof(float));
    cudaMemset(xi, 0, N * sizeof(int));

    clamp_float<<<(N + 255) / 256, 256>>>(N, -0.5f, 0.75f, xf, yf);
    clamp_int<<<(N + 255) / 256, 256>>>(N, -10, 20, xi, yi);
    sign_int<<<(N + 127) / 128, 128>>>(N, xi, yi);
    round_abs<<<(N + 255) / 256, 256>>>(N, 0.25f, xf, yf, zf, wf);
    cudaDeviceSynchronize();

    cudaFree(xf);
    cudaFree(yf);
    cudaFree(zf);
    cudaFree(wf);
    cudaFree(xi);
    cudaFree(yi);
    return 0;
}
