// Transcendental single-precision math: libdevice functions (expf, logf,
// sqrtf, sinf, cosf, tanhf, powf) and the fast intrinsics (__expf,
// __fdividef, __powf).
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>

// y = expf(x) + logf(p) * sqrtf(p)        (p >= 1, so no cancellation)
__global__ void exp_log_sqrt(int n, const float* x, const float* p, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float pv = p[i];
    y[i] = expf(x[i]) + logf(pv) * sqrtf(pv);
}

// Three outputs from one input: s = sinf(t), c = cosf(t), th = tanhf(t)
__global__ void trig_tanh(int n, const float* t, float* s, float* c, float* th)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = t[i];
        s[i] = sinf(v);
        c[i] = cosf(v);
        th[i] = tanhf(v);
    }
}

// rotary embedding: each pair (x[2i], x[2i+1]) rotated by angle[i], cosine and sine from one
// sincosf into locals; the double angle's pair through sincos into a buffer
__global__ void rotate_pairs(int n, const float* angle, float* x, double* sc)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float s, c;
        sincosf(angle[i], &s, &c);
        float a = x[2 * i], b = x[2 * i + 1];
        x[2 * i] = a * c - b * s;
        x[2 * i + 1] = a * s + b * c;
        sincos((double)angle[i], &sc[2 * i], sc + 2 * i + 1);
    }
}

// y = powf(x, e)       (x > 0)
__global__ void pow_pos(int n, float e, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = powf(x[i], e);
}

// Logistic function with the fast intrinsics: 1 / (1 + e^-x)
__global__ void fast_sigmoid(int n, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = __fdividef(1.0f, 1.0f + __expf(-x[i]));
}

// y = __powf(x, e) * rsqrtf(x)    (x > 0; fast pow, large exponent)
__global__ void fast_pow(int n, float e, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    y[i] = __powf(v, e) * rsqrtf(v);
}

int main()
{
    const int N = 3000;
    float *x, *p, *y, *s, *c;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&p, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMalloc(&s, N * sizeof(float));
    cudaMalloc(&c, N * sizeof(float));
    cudaMemset(x, 0, N * sizeof(float));
    cudaMemset(p, 0, N * sizeof(float));

    exp_log_sqrt<<<(N + 255) / 256, 256>>>(N, x, p, y);
    trig_tanh<<<(N + 127) / 128, 128>>>(N, x, s, c, y);
    pow_pos<<<(N + 255) / 256, 256>>>(N, 1.7f, p, y);
    double* sc;
    cudaMalloc(&sc, 2 * N * sizeof(double));
    rotate_pairs<<<(N / 2 + 127) / 128, 128>>>(N / 2, x, y, sc);
    cudaFree(sc);
    fast_sigmoid<<<(N + 255) / 256, 256>>>(N, x, y);
    fast_pow<<<(N + 255) / 256, 256>>>(N, 6.5f, p, y);
    cudaDeviceSynchronize();
    if (cudaGetLastError() != cudaSuccess) {
        printf("launch failed\n");
    }

    cudaFree(x);
    cudaFree(p);
    cudaFree(y);
    cudaFree(s);
    cudaFree(c);
    return 0;
}
