// A complete CUDA program: host code with cudaMalloc / <<<>>> compiles unchanged.
#include <cstdio>
#include <cuda_runtime.h>

template <typename T>
__global__ void fill(T* p, T value, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = value + (T)i;
}

__global__ void block_sums(const float* in, float* out) {
    __shared__ float s[128];
    s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        float acc = 0;
        for (int i = 0; i < (int)blockDim.x; ++i) acc += s[i];
        out[blockIdx.x] = acc;
    }
}

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("error %s\n", cudaGetErrorString(e)); return 1; } } while (0)

extern "C" int run_on_host(float* result) {
    const int n = 512;
    float *d_in, *d_out;
    CHECK(cudaMalloc(&d_in, n * sizeof(float)));
    CHECK(cudaMalloc((void**)&d_out, 4 * sizeof(float)));
    fill<<<(n + 127) / 128, 128>>>(d_in, 1.0f, n);
    dim3 grid(4), block(128);
    block_sums<<<grid, block, 0, 0>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(result, d_out, 4 * sizeof(float), cudaMemcpyDeviceToHost));
    cudaFree(d_in);
    cudaFree(d_out);
    return 0;
}

int main() {
    float r[4];
    if (run_on_host(r)) return 1;
    printf("%f %f %f %f\n", r[0], r[1], r[2], r[3]);
    return 0;
}
