#include <torch/script.h>

#ifdef WITH_CUDA
#include <cuda.h>
#endif

namespace toyload {
int64_t cuda_version() noexcept {
#ifdef WITH_CUDA
  return CUDA_VERSION;
#else
  return -1;
#endif
}
} // namespace toyload

static auto registry = torch::RegisterOperators().op(
    "toyload::cuda_version", [] { return toyload::cuda_version(); });
