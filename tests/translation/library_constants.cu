// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// What PyTorch extensions call from the library in device code: `std::numeric_limits<T>::lowest()`
// and its constant members fold to their values per instantiation; PyTorch's own helpers whose body
// the stand-in headers carry (`at::cuda::detail::IndexToOffset<T, I, -1>::get`, `ATenCeilDiv`) are
// lifted from that body, with the `TensorInfo` struct parameter flattened into its fields.
#include <limits>
#include <ATen/cuda/detail/IndexUtils.cuh>
#include <ATen/cuda/detail/TensorInfo.cuh>
#include <ATen/cuda/ApplyGridUtils.cuh>
#include <ATen/cuda/DeviceUtils.cuh>

struct Config { static constexpr int kChunk = 4; };

template <typename T>
__global__ void segment_max(const T* x, T* out, const int* ptr, int n) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= n) return;
  T best = std::numeric_limits<T>::lowest();
  for (int k = ptr[r]; k < ptr[r + 1]; ++k) best = x[k] > best ? x[k] : best;
  if (std::numeric_limits<T>::has_infinity && best == std::numeric_limits<T>::lowest())
    best = -std::numeric_limits<T>::infinity();
  out[r] = best * Config::kChunk;
}
template __global__ void segment_max<float>(const float*, float*, const int*, int);
template __global__ void segment_max<int>(const int*, int*, const int*, int);

// PyTorch's warp helpers (`WARP_SHFL_XOR`, `WARP_SHFL` of ATen/cuda/DeviceUtils.cuh, as apex's layer
// norm calls them) are lifted from their bodies: the shuffle under the default full mask and width
template <typename U>
__global__ void warp_allreduce(U* x) {
  U v = x[threadIdx.x];
  for (int mask = 16; mask > 0; mask /= 2) v += WARP_SHFL_XOR(v, mask);
  x[threadIdx.x] = WARP_SHFL(v, 0);
}
template __global__ void warp_allreduce<float>(float*);
// CHECK-LABEL: def segment_max_float(
// CHECK: best = _float_const(-3.4028234663852886e+38, "float32", target)
// CHECK: if True and best == _float_const(-3.4028234663852886e+38, "float32", target):
// CHECK: best = -T.infinity("float32")
// CHECK: out[r] = best * T.float32(4.0)
// CHECK-LABEL: def segment_max_int(
// CHECK: best = -2147483648
// CHECK: if False and best == -2147483648:
// CHECK: best = 0

__global__ void gather_strided(const float* src, const at::cuda::detail::TensorInfo<int64_t, int> index,
                               float* out, int numel) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < numel) {
    int offset = at::cuda::detail::IndexToOffset<int64_t, int, -1>::get(t, index);
    out[t] = src[index.data[offset]] + (float)at::cuda::ATenCeilDiv(t, 4);
  }
}
// CHECK-LABEL: def warp_allreduce_float(
// CHECK: WARP_SHFL_XOR_result[tx] = T.if_then_else(tx ^ laneMask < tx - T.truncmod(tx, width) + width
// CHECK-LABEL: def gather_strided(
// CHECK: Call the result with (src, index_data, index_sizes, index_strides, index_dims, out, numel, grid_x).
// CHECK: def get(linearId, info_data, info_data_off, info_sizes, info_sizes_off, info_strides, info_strides_off, info_dims):
// CHECK: while i_next > 0:
// CHECK: return offset + linearId_local * info_strides[info_strides_off]
// CHECK: def ATenCeilDiv_int(a, b):
// CHECK-NEXT: `__device__ ATenCeilDiv<int>`
