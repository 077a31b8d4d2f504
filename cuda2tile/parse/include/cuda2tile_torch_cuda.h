/* cuda2tile_torch_cuda.h -- hermetic stand-in for PyTorch's CUDA host API:
 * c10::cuda (streams, guards, device functions, CUDACachingAllocator, the
 * C10_CUDA_CHECK macros) and at::cuda (CUDAContext, ApplyGridUtils,
 * detail::TensorInfo / IndexUtils).  Declaration-only host code, except
 * TensorInfo / IndexToOffset / ATenCeilDiv, which kernels use and which have
 * PyTorch's bodies.  Global-scope device helpers (gpuAtomicAdd, WARP_SHFL...)
 * are in ATen/cuda/Atomic.cuh and ATen/cuda/DeviceUtils.cuh, included only
 * where PyTorch includes them. */
#ifndef CUDA2TILE_TORCH_CUDA_H
#define CUDA2TILE_TORCH_CUDA_H

#include "cuda2tile_torch.h"

/* handles of the CUDA libraries CUDAContext.h brings in (as their headers
 * declare them) */
struct cublasContext;
typedef struct cublasContext *cublasHandle_t;
struct cublasLtContext;
typedef struct cublasLtContext *cublasLtHandle_t;
struct cusparseContext;
typedef struct cusparseContext *cusparseHandle_t;
struct cusolverDnContext;
typedef struct cusolverDnContext *cusolverDnHandle_t;
struct cudnnContext;
typedef struct cudnnContext *cudnnHandle_t;

/* ------------------------------------------------ c10/core/Allocator.h */
namespace c10 {
using DeleterFnPtr = void (*)(void *);
class DataPtr {
public:
  DataPtr();
  DataPtr(void *data, Device device);
  DataPtr(void *data, void *ctx, DeleterFnPtr ctx_deleter, Device device);
  void *operator->() const;
  void clear();
  void *get() const;
  void *mutable_get();
  void *get_context() const;
  void *release_context();
  operator bool() const;
  DeleterFnPtr get_deleter() const;
  Device device() const;
};
class Allocator {
public:
  virtual ~Allocator();
  virtual DataPtr allocate(size_t n) = 0;
  void *raw_allocate(size_t n);
  void raw_deallocate(void *ptr);
};
} // namespace c10

/* ------------------------------------------------------------- c10::cuda */
namespace c10 {
namespace cuda {
class CUDAStream {
public:
  enum Unchecked { UNCHECKED };
  explicit CUDAStream(Stream stream);
  explicit CUDAStream(Unchecked, Stream stream);
  bool operator==(const CUDAStream &other) const noexcept;
  bool operator!=(const CUDAStream &other) const noexcept;
  operator cudaStream_t() const;
  operator Stream() const;
  DeviceType device_type() const;
  DeviceIndex device_index() const;
  Device device() const;
  StreamId id() const;
  bool query() const;
  void synchronize() const;
  int priority() const;
  cudaStream_t stream() const;
  Stream unwrap() const;
};
CUDAStream getStreamFromPool(const bool isHighPriority = false,
                             DeviceIndex device = -1);
CUDAStream getStreamFromPool(const int priority, DeviceIndex device = -1);
CUDAStream getStreamFromExternal(cudaStream_t ext_stream,
                                 DeviceIndex device_index);
CUDAStream getDefaultCUDAStream(DeviceIndex device_index = -1);
CUDAStream getCurrentCUDAStream(DeviceIndex device_index = -1);
void setCurrentCUDAStream(CUDAStream stream);
::std::ostream &operator<<(::std::ostream &stream, const CUDAStream &s);

/* c10/cuda/CUDAFunctions.h */
DeviceIndex device_count() noexcept;
DeviceIndex device_count_ensure_non_zero();
DeviceIndex current_device();
void set_device(DeviceIndex device, bool force = false);
void device_synchronize();
void warn_or_error_on_sync();
cudaError_t GetDeviceCount(int *dev_count);
cudaError_t GetDevice(DeviceIndex *device);
cudaError_t SetDevice(DeviceIndex device, bool force = false);
cudaError_t MaybeSetDevice(DeviceIndex device);
DeviceIndex ExchangeDevice(DeviceIndex device);
DeviceIndex MaybeExchangeDevice(DeviceIndex device);
void SetTargetDevice();
void memcpy_and_sync(void *dst, const void *src, int64_t nbytes,
                     cudaMemcpyKind kind, cudaStream_t stream);
void stream_synchronize(cudaStream_t stream);
bool hasPrimaryContext(DeviceIndex device_index);

/* c10/cuda/CUDAException.h */
void c10_cuda_check_implementation(const int32_t err, const char *filename,
                                   const char *function_name,
                                   const uint32_t line_number,
                                   const bool include_device_assertions);
class CUDAError : public c10::Error {
  using Error::Error;
};

/* c10/cuda/CUDAGuard.h */
struct CUDAGuard {
  explicit CUDAGuard() = delete;
  explicit CUDAGuard(DeviceIndex device_index);
  explicit CUDAGuard(Device device);
  CUDAGuard(const CUDAGuard &) = delete;
  CUDAGuard &operator=(const CUDAGuard &) = delete;
  CUDAGuard(CUDAGuard &&other) = delete;
  CUDAGuard &operator=(CUDAGuard &&other) = delete;
  ~CUDAGuard();
  void set_device(Device device);
  void reset_device(Device device);
  void set_index(DeviceIndex device_index);
  Device original_device() const;
  Device current_device() const;
};
struct OptionalCUDAGuard {
  explicit OptionalCUDAGuard();
  explicit OptionalCUDAGuard(optional<Device> device_opt);
  explicit OptionalCUDAGuard(optional<DeviceIndex> device_index_opt);
  OptionalCUDAGuard(const OptionalCUDAGuard &) = delete;
  OptionalCUDAGuard &operator=(const OptionalCUDAGuard &) = delete;
  OptionalCUDAGuard(OptionalCUDAGuard &&other) = delete;
  OptionalCUDAGuard &operator=(OptionalCUDAGuard &&other) = delete;
  ~OptionalCUDAGuard();
  void set_device(Device device);
  void reset_device(Device device);
  void set_index(DeviceIndex device_index);
  optional<Device> original_device() const;
  optional<Device> current_device() const;
  void reset();
};
struct CUDAStreamGuard {
  explicit CUDAStreamGuard() = delete;
  explicit CUDAStreamGuard(Stream stream);
  CUDAStreamGuard(const CUDAStreamGuard &) = delete;
  CUDAStreamGuard &operator=(const CUDAStreamGuard &) = delete;
  ~CUDAStreamGuard();
  void reset_stream(Stream stream);
  CUDAStream original_stream() const;
  CUDAStream current_stream() const;
  Device current_device() const;
  Device original_device() const;
};
struct OptionalCUDAStreamGuard {
  explicit OptionalCUDAStreamGuard();
  explicit OptionalCUDAStreamGuard(Stream stream);
  explicit OptionalCUDAStreamGuard(optional<Stream> stream_opt);
  OptionalCUDAStreamGuard(const OptionalCUDAStreamGuard &) = delete;
  ~OptionalCUDAStreamGuard();
  void reset_stream(Stream stream);
  optional<CUDAStream> original_stream() const;
  optional<CUDAStream> current_stream() const;
  void reset();
};
struct CUDAMultiStreamGuard {
  explicit CUDAMultiStreamGuard(ArrayRef<CUDAStream> streams);
  CUDAMultiStreamGuard(const CUDAMultiStreamGuard &) = delete;
  ~CUDAMultiStreamGuard();
};

/* c10/cuda/CUDACachingAllocator.h */
namespace CUDACachingAllocator {
void *raw_alloc(size_t nbytes);
void *raw_alloc_with_stream(size_t nbytes, cudaStream_t stream);
void raw_delete(void *ptr);
c10::Allocator *get();
void init(int device_count);
void emptyCache();
void recordStream(const DataPtr &dataPtr, CUDAStream stream);
void cacheInfo(DeviceIndex device, size_t *largestBlock);
void *getBaseAllocation(void *ptr, size_t *size);
void setMemoryFraction(double fraction, DeviceIndex device);
} // namespace CUDACachingAllocator
} // namespace cuda
} // namespace c10

/* C10_CUDA_CHECK and friends (c10/cuda/CUDAException.h,
 * ATen/cuda/Exceptions.h) */
#define C10_CUDA_CHECK(EXPR)                                                   \
  do {                                                                         \
    const cudaError_t __err = EXPR;                                            \
    c10::cuda::c10_cuda_check_implementation(                                  \
        static_cast<int32_t>(__err), __FILE__, __func__,                       \
        static_cast<uint32_t>(__LINE__), true);                                \
  } while (0)
#define C10_CUDA_CHECK_WARN(EXPR)                                              \
  do {                                                                         \
    const cudaError_t __err = EXPR;                                            \
    if (C10_UNLIKELY(__err != cudaSuccess)) {                                  \
      [[maybe_unused]] auto error_unused = cudaGetLastError();                 \
      TORCH_WARN("CUDA warning: ", cudaGetErrorString(__err));                 \
    }                                                                          \
  } while (0)
#define C10_CUDA_ERROR_HANDLED(EXPR) EXPR
#define C10_CUDA_IGNORE_ERROR(EXPR)                                            \
  do {                                                                         \
    const cudaError_t __err = EXPR;                                            \
    if (C10_UNLIKELY(__err != cudaSuccess)) {                                  \
      [[maybe_unused]] cudaError_t error_unused = cudaGetLastError();          \
    }                                                                          \
  } while (0)
#define C10_CUDA_CLEAR_ERROR()                                                 \
  do {                                                                         \
    [[maybe_unused]] cudaError_t error_unused = cudaGetLastError();            \
  } while (0)
#define C10_CUDA_KERNEL_LAUNCH_CHECK() C10_CUDA_CHECK(cudaGetLastError())
#define AT_CUDA_CHECK(EXPR) C10_CUDA_CHECK(EXPR)
#define AT_CUDA_CHECK_WARN(EXPR) C10_CUDA_CHECK_WARN(EXPR)
#define AT_CUDA_DRIVER_CHECK(EXPR)                                             \
  do {                                                                         \
    auto __err = EXPR;                                                         \
    TORCH_CHECK(static_cast<int>(__err) == 0, "CUDA driver error: ",           \
                static_cast<int>(__err));                                      \
  } while (0)
#define TORCH_CUDABLAS_CHECK(EXPR)                                             \
  do {                                                                         \
    auto __err = EXPR;                                                         \
    TORCH_CHECK(static_cast<int>(__err) == 0, "CUDA error: ",                  \
                static_cast<int>(__err), " when calling `" #EXPR "`");         \
  } while (0)
#define TORCH_CUSPARSE_CHECK(EXPR) TORCH_CUDABLAS_CHECK(EXPR)
#define TORCH_CUSOLVER_CHECK(EXPR) TORCH_CUDABLAS_CHECK(EXPR)
#define AT_CUDNN_CHECK(EXPR) TORCH_CUDABLAS_CHECK(EXPR)

/* ---------------------------------------------------------------- at::cuda */
namespace at {
namespace cuda {
/* ATen/cuda/CUDAContextLight.h */
int64_t getNumGPUs();
bool is_available();
cudaDeviceProp *getCurrentDeviceProperties();
int warp_size();
cudaDeviceProp *getDeviceProperties(c10::DeviceIndex device);
bool canDeviceAccessPeer(c10::DeviceIndex device, c10::DeviceIndex peer_device);
c10::Allocator *getCUDADeviceAllocator();
cusparseHandle_t getCurrentCUDASparseHandle();
cublasHandle_t getCurrentCUDABlasHandle(bool setup = true);
cublasLtHandle_t getCurrentCUDABlasLtHandle();
cusolverDnHandle_t getCurrentCUDASolverDnHandle();
void clearCublasWorkspaces();
size_t getChosenWorkspaceSize();
size_t getCUDABlasLtWorkspaceSize();
void *getCUDABlasLtWorkspace();

/* ATen/cuda/CUDAEvent.h */
struct CUDAEvent {
  CUDAEvent() noexcept;
  CUDAEvent(unsigned int flags) noexcept;
  ~CUDAEvent();
  CUDAEvent(const CUDAEvent &) = delete;
  CUDAEvent &operator=(const CUDAEvent &) = delete;
  operator cudaEvent_t() const;
  bool isCreated() const;
  DeviceIndex device_index() const;
  cudaEvent_t event() const;
  bool query() const;
  void record();
  void recordOnce(const CUDAStream &stream);
  void record(const CUDAStream &stream);
  void block(const CUDAStream &stream);
  float elapsed_time(const CUDAEvent &other) const;
  void synchronize() const;
};

/* ATen/cuda/ApplyGridUtils.cuh */
template <typename T>
__host__ __device__ __forceinline__ __C2T_LIFT_BODY T ATenCeilDiv(T a, T b) {
  return (a + b - 1) / b;
}
constexpr uint32_t AT_APPLY_THREADS_PER_BLOCK = 512;
constexpr uint32_t AT_APPLY_BLOCKS_PER_SM = 4;
template <int step = 1>
inline bool getApplyGrid(uint64_t totalElements, dim3 &grid,
                         c10::DeviceIndex curDevice,
                         int max_threads_per_block = AT_APPLY_THREADS_PER_BLOCK) {
  if (curDevice == -1)
    return false;
  uint64_t numel_per_thread = static_cast<uint64_t>(max_threads_per_block) *
                              static_cast<uint64_t>(step);
  uint64_t numBlocks = ATenCeilDiv(totalElements, numel_per_thread);
  uint64_t maxGridX = at::cuda::getDeviceProperties(curDevice)->maxGridSize[0];
  if (numBlocks > maxGridX)
    numBlocks = maxGridX;
  grid = dim3(numBlocks);
  return true;
}
constexpr int getApplyBlocksPerSM() { return AT_APPLY_BLOCKS_PER_SM; }
constexpr int getApplyBlockSize() { return AT_APPLY_THREADS_PER_BLOCK; }
inline dim3 getApplyBlock(int max_threads_per_block = AT_APPLY_THREADS_PER_BLOCK) {
  return dim3(max_threads_per_block);
}

namespace detail {
/* ATen/cuda/detail/TensorInfo.cuh */
#define MAX_TENSORINFO_DIMS 25
template <typename T, typename IndexType> struct TensorInfo {
  TensorInfo();
  TensorInfo(T *p, int dim, IndexType sz[MAX_TENSORINFO_DIMS],
             IndexType st[MAX_TENSORINFO_DIMS]);
  void reduceDim(int dim);
  int collapseDims(const int excludeDim = -1);
  __host__ __device__ inline bool isContiguous() const {
    return (dims == 1 && strides[0] == 1);
  }
  T *data;
  IndexType sizes[MAX_TENSORINFO_DIMS];
  IndexType strides[MAX_TENSORINFO_DIMS];
  int dims;
};
template <typename T, typename IndexType>
TensorInfo<T, IndexType>::TensorInfo() {
  data = nullptr;
  dims = 0;
}
template <typename T, typename IndexType>
TensorInfo<T, IndexType>::TensorInfo(T *p, int dim,
                                     IndexType sz[MAX_TENSORINFO_DIMS],
                                     IndexType st[MAX_TENSORINFO_DIMS]) {
  data = p;
  dims = dim;
  TORCH_CHECK(dims < MAX_TENSORINFO_DIMS,
              "CUDA Tensors cannot have more than 25 dimensions");
  for (int i = 0; i < dim; ++i) {
    sizes[i] = sz[i];
    strides[i] = st[i];
  }
}
template <typename T, typename IndexType>
void TensorInfo<T, IndexType>::reduceDim(int dim) {
  TORCH_CHECK(dim < dims && dim >= 0, "expected dim between 0 and dims - 1");
  sizes[dim] = 1;
}
/* Translate a linear index for the apply to a T* offset */
template <typename T, typename IndexType, int Dims> struct IndexToOffset {
  static __host__ __device__ __C2T_LIFT_BODY IndexType
  get(IndexType linearId, const TensorInfo<T, IndexType> &info) {
    IndexType offset = 0;
    for (int i = Dims - 1; i > 0; --i) {
      IndexType curDimIndex = linearId % info.sizes[i];
      IndexType curDimOffset = curDimIndex * info.strides[i];
      offset += curDimOffset;
      linearId /= info.sizes[i];
    }
    return offset + linearId * info.strides[0];
  }
};
/* Uses dynamic (runtime) instead of static (compiletime) dims */
template <typename T, typename IndexType>
struct IndexToOffset<T, IndexType, -1> {
  static inline __host__ __device__ __C2T_LIFT_BODY IndexType
  get(IndexType linearId, const TensorInfo<T, IndexType> &info) {
    IndexType offset = 0;
    for (int i = info.dims - 1; i > 0; --i) {
      IndexType curDimIndex = linearId % info.sizes[i];
      IndexType curDimOffset = curDimIndex * info.strides[i];
      offset += curDimOffset;
      linearId /= info.sizes[i];
    }
    return offset + linearId * info.strides[0];
  }
};

/* ATen/cuda/detail/IndexUtils.cuh */
bool maybeOverlappingIndices(const at::TensorBase &t);
bool canUse32BitIndexMath(const at::TensorBase &t,
                          int64_t max_elem = ::std::numeric_limits<int32_t>::max());
template <typename scalar, typename IndexType>
TensorInfo<scalar, IndexType> getTensorInfo(const at::TensorBase &t);
const at::Generator &getDefaultCUDAGenerator(c10::DeviceIndex device_index = -1);
} // namespace detail
} // namespace cuda

namespace native {
cudnnHandle_t getCudnnHandle();
}
} // namespace at

#endif /* CUDA2TILE_TORCH_CUDA_H */
