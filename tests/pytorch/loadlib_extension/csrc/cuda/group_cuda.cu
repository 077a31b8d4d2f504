#include "group_cuda.h"

#include <ATen/cuda/CUDAContext.h>
#include <ATen/cuda/detail/TensorInfo.cuh>

#include "combine.cuh"

#define CHECK_CUDA(x) TORCH_CHECK(x.device().is_cuda(), #x " must be CUDA tensor")
#define THREADS 128
#define BLOCKS(N) (((N) + THREADS - 1) / THREADS)

// The offset of element i of a tensor given as a TensorInfo: `group` may be a strided view.
__device__ int offset_of(int i, const at::cuda::detail::TensorInfo<int64_t, int> &info) {
  int offset = 0;
  for (int d = info.dims - 1; d >= 0; d--) {
    offset += (i % info.sizes[d]) * info.strides[d];
    i /= info.sizes[d];
  }
  return offset;
}

// One thread per group: the group's result, from the identity the host wrote.
template <typename scalar_t, Combine HOW>
__global__ void group_reduce_kernel(const scalar_t *src,
                                    at::cuda::detail::TensorInfo<int64_t, int> group,
                                    scalar_t *out, int n, int num_groups) {
  const int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g < num_groups) {
    scalar_t acc = out[g];
    for (int i = 0; i < n; i++) {
      if (group.data[offset_of(i, group)] == g)
        acc = Combiner<scalar_t, HOW>::apply(acc, src[i]);
    }
    out[g] = acc;
  }
}

// The first element of each group holding its result (n for an empty group).
template <typename scalar_t>
__global__ void group_arg_kernel(const scalar_t *src,
                                 at::cuda::detail::TensorInfo<int64_t, int> group,
                                 const scalar_t *out, int64_t *arg, int n, int num_groups) {
  const int g = blockIdx.x * blockDim.x + threadIdx.x;
  if (g < num_groups) {
    for (int i = n - 1; i >= 0; i--) {
      if (group.data[offset_of(i, group)] == g && src[i] == out[g])
        arg[g] = i;
    }
  }
}

std::tuple<torch::Tensor, std::optional<torch::Tensor>>
group_reduce_cuda(torch::Tensor src, torch::Tensor group, int64_t num_groups,
                  std::string how) {
  CHECK_CUDA(src);
  CHECK_CUDA(group);
  TORCH_CHECK(src.dim() == 1 && group.numel() == src.numel(),
              "src must be 1-D with one group per element");
  src = src.contiguous();
  // no count given: one more than the largest group, read back to the host
  if (num_groups < 0)
    num_groups = group.numel() == 0 ? 0 : 1 + group.max().cpu().data_ptr<int64_t>()[0];
  auto out = torch::empty({num_groups}, src.options());

  bool wants_arg;
  switch (kCombineByName.at(how)) {
  case Combine::Largest:
  case Combine::Smallest:
    wants_arg = true;
    break;
  default:
    wants_arg = false;
  }
  std::optional<torch::Tensor> arg = std::nullopt;
  int64_t *arg_data = nullptr;
  if (wants_arg) {
    arg = torch::full({num_groups}, src.numel(), group.options());
    arg_data = arg.value().data_ptr<int64_t>();
  }

  auto info = at::cuda::detail::getTensorInfo<int64_t, int>(group);
  auto stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_ALL_TYPES(src.scalar_type(), "group_reduce_cuda", [&] {
    auto src_data = src.data_ptr<scalar_t>();
    auto out_data = out.data_ptr<scalar_t>();
    DISPATCH_COMBINE(how, [&] {
      out.fill_(Combiner<scalar_t, HOW>::identity());
      group_reduce_kernel<scalar_t, HOW><<<BLOCKS(num_groups), THREADS, 0, stream>>>(
          src_data, info, out_data, src.numel(), num_groups);
      if (HOW == Combine::Largest || HOW == Combine::Smallest)
        group_arg_kernel<scalar_t><<<BLOCKS(num_groups), THREADS, 0, stream>>>(
            src_data, info, out_data, arg_data, src.numel(), num_groups);
    });
  });
  return std::make_tuple(out, arg);
}
