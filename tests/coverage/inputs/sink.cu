// A kitchen sink of CUDA constructs for the coverage scanner's tests. It need not convert (most of it
// cannot); tests/coverage/test_coverage_scan.py names the construct expected on each marked line.
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cooperative_groups.h>
#include <mma.h>
#include <cstdio>
namespace cg = cooperative_groups;
using namespace nvcuda;

__constant__ float coeffs[16];
__device__ int counter;
texture<float, 1, cudaReadModeElementType> tex_ref;
extern __device__ float __vendor_intrinsic(float);

__device__ float helper(float x) { return x * 2.0f; }
__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

__global__ void everything(float* out, const float* __restrict__ in, __half* h, int n, cudaTextureObject_t tex)
{
    __shared__ float tile[256];
    extern __shared__ float dyn[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = in[i];
    __syncthreads();
    float s = __shfl_down_sync(0xffffffff, tile[threadIdx.x], 1);
    __half a = __hadd(h[i], h[i]);
    __half2 h2 = __floats2half2_rn(1.0f, 2.0f);
    float t = tex1Dfetch<float>(tex, i);
    switch (n) { case 1: s += 1; break; default: break; }
    asm volatile("membar.gl;");
    atomicCAS((int*)out, 0, 1);
    out[i] = s + coeffs[0] + helper(t) + __half2float(a) + counter + __popc(n) + __vendor_intrinsic(t);
    printf("%d\n", i);
    cg::thread_block block = cg::this_thread_block();
    block.sync();
    dyn[0] = fact(n);
}

__global__ void control(int n, float* x)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    for (int k = 0; k < 4; ++k) x[i] += k;
    for (int k = n; k > 0; k /= 2) { if (k == 3) continue; x[i] -= 1.0f; }
    while (x[i] > 10.0f) { x[i] *= 0.5f; if (x[i] < 1.0f) break; }
    do { x[i] += 1.0f; } while (x[i] < 0.0f);
    for (int k = 0; k < n; ++k) { if (x[k] < 0.0f) return; }
    x[i] = x[i] > 0.0f ? x[i] : -x[i];
}

__global__ void wmma_kernel(half* a, half* b, float* c)
{
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 0.0f);
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}

__global__ void child(float* x) { x[threadIdx.x] = 0; }
__global__ void parent(float* x) { child<<<1, 32>>>(x); }
__global__ void __launch_bounds__(128) bounded(float* x) { x[0] = 1.0f; }

int main()
{
    float* d;
    cudaMalloc(&d, 100);  // cudaFree( in a comment is not a call
    cudaMemcpy(d, d, 100, cudaMemcpyDeviceToDevice);
    everything<<<4, 256, 1024>>>(d, d, nullptr, 3, 0);
    control<<<4, 256>>>(3, d);
    thrust::sort(d, d + 100);
    cub::DeviceReduce::Sum(nullptr, 0, d, d, 100);
    cudaDeviceSynchronize();
    cudaFree(d);
    return 0;
}
