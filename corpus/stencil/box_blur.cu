// 1-D box filter templated on the element type and on the radius, with
// clamp-to-edge addressing via integer min/max.
#include <cuda_runtime.h>

template <typename T, int R>
__global__ void box_blur1d(int n, const T* __restrict__ src, T* __restrict__ dst)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    T acc = T(0);
    for (int k = -R; k <= R; ++k) {
        int j = min(max(i + k, 0), n - 1);
        acc += src[j];
    }
    dst[i] = acc / T(2 * R + 1);
}

int main()
{
    const int N = 1000;
    float *src, *dst;
    cudaMalloc(&src, N * sizeof(float));
    cudaMalloc(&dst, N * sizeof(float));
    cudaMemset(src, 0, N * sizeof(float));

    box_blur1d<float, 2><<<(N + 127) / 128, 128>>>(N, src, dst);
    cudaDeviceSynchronize();

    cudaFree(src);
    cudaFree(dst);
    return 0;
}
