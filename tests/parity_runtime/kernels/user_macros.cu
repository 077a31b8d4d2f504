// Configuration macros the way real projects write them, defined BEFORE the CUDA headers: short
// names (N, T, K, Size) and words (warp, lane, mask, grid, block, args) that a runtime header could
// just as well use for its own template parameters, locals or launch-stub parameters.
#define N 300
#define T float
#define K 8
#define Size 4
#define warp (threadIdx.x / 32)
#define lane (threadIdx.x % 32)
#define mask 0xffffffffu
#define grid ((N + 127) / 128)
#define block 128
#define args int_args
#define smem 0
#define value v_
#define data d_
#include <cuda_runtime.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// out[i] = K * in[i] for i < N; sums[w] = sum of in over warp w of the grid (Size-wide partial
// tiles reduced with cooperative groups, then across the warp with shuffles)
__global__ void scale_and_warp_sums(const T* in, T* out, T* sums) {
    __shared__ T tile[block];
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    T value = i < N ? in[i] : T(0);
    tile[threadIdx.x] = value;
    __syncthreads();
    if (i < N) out[i] = K * tile[threadIdx.x];
    auto part = cg::tiled_partition<Size>(cg::this_thread_block());
    T data = cg::reduce(part, value, cg::plus<T>());
    data = part.thread_rank() == 0 ? data : T(0);
    for (int off = 16; off > 0; off /= 2) data += __shfl_down_sync(mask, data, off);
    if (lane == 0) sums[blockIdx.x * (block / 32) + warp] = data;
}

// host side with the same macros: the launch is rewritten by the runtime
int args(void) { return grid * block; }
void run_host(const T* in, T* out, T* sums) { scale_and_warp_sums<<<grid, block, smem>>>(in, out, sums); }
