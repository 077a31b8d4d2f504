// Device APIs real projects use that the runtime must accept: <mma.h>, <cuda/pipeline>,
// <cuda_pipeline.h> and <cuda_profiler_api.h> included next to plain kernels, the SIMD video
// intrinsics, cg::block_tile_memory, gettimeofday() in host code, a user `lerp` at global scope and
// samples-style error-check helpers that test the CUDA headers' include guards.
#include <cuda_runtime.h>
#include <cuda.h>
#include <mma.h>
#include <cuda/pipeline>
#include <cuda_pipeline.h>
#include <cuda_profiler_api.h>
#include <cooperative_groups.h>
#include <math.h>
#include <sys/time.h>
#include "check_helpers.h"
namespace cg = cooperative_groups;

// C++20's <math.h> exports std::lerp as ::lerp; nvcc (C++17) does not, so this must compile
float lerp(float a, float b, float t) { return a + t * (b - a); }

// one output row per intrinsic, in the order of SIMD_OPS in test_device_apis.py
__global__ void simd_ops(const unsigned* a, const unsigned* b, unsigned* out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const unsigned x = a[i], y = b[i];
    const unsigned results[] = {
        __vadd2(x, y), __vadd4(x, y), __vsub2(x, y), __vsub4(x, y),
        __vmaxs2(x, y), __vmaxs4(x, y), __vmaxu2(x, y), __vmaxu4(x, y),
        __vmins2(x, y), __vmins4(x, y), __vminu2(x, y), __vminu4(x, y),
        __vabsdiffs2(x, y), __vabsdiffs4(x, y), __vabsdiffu2(x, y), __vabsdiffu4(x, y),
        __vaddss2(x, y), __vaddss4(x, y), __vaddus2(x, y), __vaddus4(x, y),
        __vsubss2(x, y), __vsubss4(x, y), __vsubus2(x, y), __vsubus4(x, y),
        __vcmpeq4(x, y), __vcmpgts4(x, y), __vcmpltu2(x, y), __vsetges4(x, y), __vsetleu2(x, y),
        __vavgu4(x, y), __vhaddu2(x, y), __vabs4(x), __vabsss4(x), __vneg2(x), __vnegss2(x),
        __vsads4(x, y), __vsadu2(x, y),
    };
    const int count = sizeof(results) / sizeof(results[0]);
    for (int k = 0; k < count; ++k) out[k * n + i] = results[k];
}

// lerp between neighbours inside 64-thread tiles (CUDA 11 wants block_tile_memory for them)
__global__ void tile_lerp(const float* x, float* y, float t) {
    __shared__ cg::block_tile_memory<128> scratch;
    cg::thread_block block = cg::this_thread_block(scratch);
    auto tile = cg::tiled_partition<32>(block);
    const float right = tile.shfl_down(x[block.thread_rank()], 1);
    y[block.thread_rank()] = tile.thread_rank() == 31 ? x[block.thread_rank()] : lerp(x[block.thread_rank()], right, t);
}

// host code of a typical benchmark driver: timing with gettimeofday, profiler range, error checks
extern "C" int time_tile_lerp(const float* x, float* y, int n) {
    float *dx, *dy;
    timeval start, stop;
    gettimeofday(&start, nullptr);
    checkCudaErrors(cudaProfilerStart());
    checkCudaErrors(cudaMalloc(&dx, n * sizeof(float)));
    checkCudaErrors(cudaMalloc(&dy, n * sizeof(float)));
    checkCudaErrors(cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice));
    tile_lerp<<<1, n>>>(dx, dy, 0.25f);
    getLastCudaError("tile_lerp launch failed");
    checkCudaErrors(cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
    checkCudaErrors(cudaFree(dx));
    checkCudaErrors(cudaFree(dy));
    checkCudaErrors(cudaProfilerStop());
    CUresult driver_ok = CUDA_SUCCESS;
    checkCudaErrors(driver_ok);
    gettimeofday(&stop, nullptr);
    return stop.tv_sec >= start.tv_sec ? 0 : 1;
}
