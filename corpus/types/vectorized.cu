// Vectorised memory access: float buffers reinterpreted as float4 / float2,
// member access .x/.y/.z/.w, make_float4, and a scalar tail for sizes that
// are not a multiple of 4.
#include <cuda_runtime.h>

// dst = src, four floats per thread (n4 = element count / 4)
__global__ void copy_float4(int n4, const float* __restrict__ src, float* __restrict__ dst)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n4) return;
    reinterpret_cast<float4*>(dst)[i] = reinterpret_cast<const float4*>(src)[i];
}

// y = s * x + t, four floats per thread
__global__ void scale_float4(int n4, float s, float t, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n4) return;
    float4 v = reinterpret_cast<const float4*>(x)[i];
    float4 r = make_float4(v.x * s + t, v.y * s + t, v.z * s + t, v.w * s + t);
    reinterpret_cast<float4*>(y)[i] = r;
}

// c = a + b with float2 loads and stores (n2 = element count / 2)
__global__ void add_float2(int n2, const float* a, const float* b, float* c)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n2) {
        float2 va = reinterpret_cast<const float2*>(a)[i];
        float2 vb = reinterpret_cast<const float2*>(b)[i];
        float2 r;
        r.x = va.x + vb.x;
        r.y = va.y + vb.y;
        reinterpret_cast<float2*>(c)[i] = r;
    }
}

// y = s * x for n elements: full float4 chunks vectorised, the last partial
// chunk (n % 4 elements) handled with scalar accesses by its thread
__global__ void scale_float4_tail(int n, float s, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int base = 4 * i;
    if (base >= n) return;
    if (base + 3 < n) {
        float4 v = reinterpret_cast<const float4*>(x)[i];
        v.x = v.x * s;
        v.y = v.y * s;
        v.z = v.z * s;
        v.w = v.w * s;
        reinterpret_cast<float4*>(y)[i] = v;
    } else {
        for (int j = base; j < n; ++j) {
            y[j] = x[j] * s;
        }
    }
}

int main()
{
    const int N4 = 2500;
    const int N = 10002;
    float *x, *y, *z;
    cudaMalloc(&x, N * sizeof(float));
    cudaMalloc(&y, N * sizeof(float));
    cudaMalloc(&z, N * sizeof(float));
    cudaMemset(x, 0, N * sizeof(float));
    cudaMemset(y, 0, N * sizeof(float));

    copy_float4<<<(N4 + 255) / 256, 256>>>(N4, x, y);
    scale_float4<<<(N4 + 127) / 128, 128>>>(N4, 2.0f, 0.5f, x, y);
    add_float2<<<(2 * N4 + 255) / 256, 256>>>(2 * N4, x, y, z);
    scale_float4_tail<<<((N + 3) / 4 + 255) / 256, 256>>>(N, -3.0f, x, z);
    cudaDeviceSynchronize();

    cudaFree(x);
    cudaFree(y);
    cudaFree(z);
    return 0;
}
