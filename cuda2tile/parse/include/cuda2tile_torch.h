/* cuda2tile_torch.h -- hermetic stand-in for the PyTorch C++ API (ATen,
 * torch::), shared by the torch/, ATen/, c10/ stand-in headers.  See
 * README-torch.md and cuda2tile_torch_c10.h (macros, c10 types).
 *
 * at::Tensor and the free functions are declaration-only host code.  The
 * tensor accessors, at::acc_type/opmath_type and at::numeric_limits have
 * PyTorch's bodies (device code uses them), and the AT_DISPATCH_* macros have
 * ATen's semantics and type order. */
#ifndef CUDA2TILE_TORCH_H
#define CUDA2TILE_TORCH_H

#include "cuda2tile_torch_c10.h"

/* ==================================================================== at */
namespace at {

/* ------------------------------------------------ TensorAccessor.h */
template <typename T> struct DefaultPtrTraits {
  typedef T *PtrType;
};
template <typename T> struct RestrictPtrTraits {
  typedef T *__restrict__ PtrType;
};

template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class TensorAccessorBase {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;

  C10_HOST_DEVICE TensorAccessorBase(PtrType data_, const index_t *sizes_,
                                     const index_t *strides_)
      : data_(data_), sizes_(sizes_), strides_(strides_) {}
  C10_HOST IntArrayRef sizes() const;
  C10_HOST IntArrayRef strides() const;
  C10_HOST_DEVICE index_t stride(index_t i) const { return strides_[i]; }
  C10_HOST_DEVICE index_t size(index_t i) const { return sizes_[i]; }
  C10_HOST_DEVICE PtrType data() { return data_; }
  C10_HOST_DEVICE const PtrType data() const { return data_; }

protected:
  PtrType data_;
  const index_t *sizes_;
  const index_t *strides_;
};

template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class TensorAccessor : public TensorAccessorBase<T, N, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;

  C10_HOST_DEVICE TensorAccessor(PtrType data_, const index_t *sizes_,
                                 const index_t *strides_)
      : TensorAccessorBase<T, N, PtrTraits, index_t>(data_, sizes_, strides_) {
  }
  C10_HOST_DEVICE TensorAccessor<T, N - 1, PtrTraits, index_t>
  operator[](index_t i) {
    return TensorAccessor<T, N - 1, PtrTraits, index_t>(
        this->data_ + this->strides_[0] * i, this->sizes_ + 1,
        this->strides_ + 1);
  }
  C10_HOST_DEVICE const TensorAccessor<T, N - 1, PtrTraits, index_t>
  operator[](index_t i) const {
    return TensorAccessor<T, N - 1, PtrTraits, index_t>(
        this->data_ + this->strides_[0] * i, this->sizes_ + 1,
        this->strides_ + 1);
  }
};

template <typename T, template <typename U> class PtrTraits, typename index_t>
class TensorAccessor<T, 1, PtrTraits, index_t>
    : public TensorAccessorBase<T, 1, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;

  C10_HOST_DEVICE TensorAccessor(PtrType data_, const index_t *sizes_,
                                 const index_t *strides_)
      : TensorAccessorBase<T, 1, PtrTraits, index_t>(data_, sizes_, strides_) {
  }
  C10_HOST_DEVICE T &operator[](index_t i) {
    return this->data_[this->strides_[0] * i];
  }
  C10_HOST_DEVICE const T &operator[](index_t i) const {
    return this->data_[this->strides_[0] * i];
  }
};

template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class GenericPackedTensorAccessorBase {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST GenericPackedTensorAccessorBase(PtrType data_,
                                           const index_t *sizes_,
                                           const index_t *strides_)
      : data_(data_) {
    for (size_t i = 0; i < N; ++i) {
      this->sizes_[i] = sizes_[i];
      this->strides_[i] = strides_[i];
    }
  }
  template <typename source_index_t,
            class = typename ::std::enable_if<
                ::std::is_same<source_index_t, int64_t>::value>::type>
  C10_HOST GenericPackedTensorAccessorBase(PtrType data_,
                                           const source_index_t *sizes_,
                                           const source_index_t *strides_)
      : data_(data_) {
    for (size_t i = 0; i < N; ++i) {
      this->sizes_[i] = sizes_[i];
      this->strides_[i] = strides_[i];
    }
  }
  C10_HOST_DEVICE index_t stride(index_t i) const { return strides_[i]; }
  C10_HOST_DEVICE index_t size(index_t i) const { return sizes_[i]; }
  C10_HOST_DEVICE PtrType data() { return data_; }
  C10_HOST_DEVICE const PtrType data() const { return data_; }

protected:
  PtrType data_;
  index_t sizes_[N];
  index_t strides_[N];
};

template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class GenericPackedTensorAccessor
    : public GenericPackedTensorAccessorBase<T, N, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;

  C10_HOST GenericPackedTensorAccessor(PtrType data_, const index_t *sizes_,
                                       const index_t *strides_)
      : GenericPackedTensorAccessorBase<T, N, PtrTraits, index_t>(
            data_, sizes_, strides_) {}
  template <typename source_index_t,
            class = typename ::std::enable_if<
                ::std::is_same<source_index_t, int64_t>::value>::type>
  C10_HOST GenericPackedTensorAccessor(PtrType data_,
                                       const source_index_t *sizes_,
                                       const source_index_t *strides_)
      : GenericPackedTensorAccessorBase<T, N, PtrTraits, index_t>(
            data_, sizes_, strides_) {}

  C10_DEVICE TensorAccessor<T, N - 1, PtrTraits, index_t>
  operator[](index_t i) {
    index_t *new_sizes = this->sizes_ + 1;
    index_t *new_strides = this->strides_ + 1;
    return TensorAccessor<T, N - 1, PtrTraits, index_t>(
        this->data_ + this->strides_[0] * i, new_sizes, new_strides);
  }
  C10_DEVICE const TensorAccessor<T, N - 1, PtrTraits, index_t>
  operator[](index_t i) const {
    const index_t *new_sizes = this->sizes_ + 1;
    const index_t *new_strides = this->strides_ + 1;
    return TensorAccessor<T, N - 1, PtrTraits, index_t>(
        this->data_ + this->strides_[0] * i, new_sizes, new_strides);
  }
  C10_HOST GenericPackedTensorAccessor<T, N, PtrTraits, index_t>
  transpose(index_t dim1, index_t dim2) const;
};

template <typename T, template <typename U> class PtrTraits, typename index_t>
class GenericPackedTensorAccessor<T, 1, PtrTraits, index_t>
    : public GenericPackedTensorAccessorBase<T, 1, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST GenericPackedTensorAccessor(PtrType data_, const index_t *sizes_,
                                       const index_t *strides_)
      : GenericPackedTensorAccessorBase<T, 1, PtrTraits, index_t>(
            data_, sizes_, strides_) {}
  template <typename source_index_t,
            class = typename ::std::enable_if<
                ::std::is_same<source_index_t, int64_t>::value>::type>
  C10_HOST GenericPackedTensorAccessor(PtrType data_,
                                       const source_index_t *sizes_,
                                       const source_index_t *strides_)
      : GenericPackedTensorAccessorBase<T, 1, PtrTraits, index_t>(
            data_, sizes_, strides_) {}

  C10_DEVICE T &operator[](index_t i) {
    return this->data_[this->strides_[0] * i];
  }
  C10_DEVICE const T &operator[](index_t i) const {
    return this->data_[this->strides_[0] * i];
  }
  C10_HOST GenericPackedTensorAccessor<T, 1, PtrTraits, index_t>
  transpose(index_t dim1, index_t dim2) const;
};

/* deprecated alias kept by PyTorch */
template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
using PackedTensorAccessor =
    GenericPackedTensorAccessor<T, N, PtrTraits, index_t>;
template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 =
    GenericPackedTensorAccessor<T, N, PtrTraits, int32_t>;
template <typename T, size_t N,
          template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 =
    GenericPackedTensorAccessor<T, N, PtrTraits, int64_t>;

/* ------------------------------------------------------------- Tensor */
class Tensor;
class TensorBase;
using TensorList = ArrayRef<Tensor>;
using ITensorListRef = ArrayRef<Tensor>;
using DimVector = SmallVector<int64_t, 5>;
using DimnameList = ArrayRef<int64_t>;
struct Dimname;
namespace indexing {
struct EllipsisIndexType final {
  EllipsisIndexType() = default;
};
extern const EllipsisIndexType Ellipsis;
extern const c10::nullopt_t None;
struct Slice final {
  Slice(optional<int64_t> start_index = nullopt,
        optional<int64_t> stop_index = nullopt,
        optional<int64_t> step_index = nullopt);
  int64_t start() const;
  int64_t stop() const;
  int64_t step() const;
};
struct TensorIndex final {
  TensorIndex(c10::nullopt_t none = nullopt);
  TensorIndex(EllipsisIndexType);
  TensorIndex(const char *str);
  TensorIndex(int64_t integer);
  TensorIndex(int integer);
  TensorIndex(bool boolean);
  TensorIndex(Slice slice);
  TensorIndex(Tensor tensor);
  bool is_none() const;
  bool is_ellipsis() const;
  bool is_integer() const;
  bool is_boolean() const;
  bool is_slice() const;
  bool is_tensor() const;
};
} // namespace indexing

/* the legacy `tensor.type()` object */
class DeprecatedTypeProperties {
public:
  Backend backend() const;
  Layout layout() const;
  bool is_sparse() const;
  bool is_sparse_csr() const;
  DeviceType device_type() const;
  bool is_cuda() const;
  ScalarType scalarType() const;
  TypeMeta typeMeta() const;
  bool operator==(const DeprecatedTypeProperties &other) const;
  bool operator!=(const DeprecatedTypeProperties &other) const;
  ::std::string toString() const;
  TensorOptions options(int16_t device_index = -1) const;
  TensorOptions options(optional<Device> device_opt) const;
  operator TensorOptions() const;
};
using Type = DeprecatedTypeProperties;

class TensorBase {
public:
  TensorBase() = default;
  TensorBase(const TensorBase &) = default;
  TensorBase(TensorBase &&) noexcept = default;
  TensorBase &operator=(const TensorBase &) & = default;
  TensorBase &operator=(TensorBase &&) & noexcept = default;

  int64_t dim() const;
  int64_t ndimension() const;
  int64_t size(int64_t dim) const;
  IntArrayRef sizes() const;
  int64_t stride(int64_t dim) const;
  IntArrayRef strides() const;
  int64_t numel() const;
  size_t nbytes() const;
  int64_t storage_offset() const;
  int64_t sym_size(int64_t dim) const;
  IntArrayRef sym_sizes() const;
  bool defined() const;
  void reset();
  bool is_same(const TensorBase &other) const noexcept;
  size_t use_count() const noexcept;
  bool is_contiguous(MemoryFormat memory_format = MemoryFormat::Contiguous) const;
  bool is_non_overlapping_and_dense() const;
  MemoryFormat suggest_memory_format(
      bool channels_last_strides_exact_match = false) const;
  ScalarType scalar_type() const;
  TypeMeta dtype() const;
  Layout layout() const;
  Device device() const;
  int64_t get_device() const;
  bool is_cpu() const;
  bool is_cuda() const;
  bool is_hip() const;
  bool is_xpu() const;
  bool is_xla() const;
  bool is_mps() const;
  bool is_meta() const;
  bool is_mkldnn() const;
  bool is_vulkan() const;
  bool is_privateuseone() const;
  bool is_sparse() const;
  bool is_sparse_csr() const;
  bool is_quantized() const;
  bool is_nested() const;
  bool is_complex() const;
  bool is_floating_point() const;
  bool is_signed() const;
  bool is_inference() const;
  bool has_names() const;
  bool has_storage() const;
  bool requires_grad() const;
  bool is_leaf() const;
  int64_t output_nr() const;
  int64_t _version() const;
  TensorOptions options() const;
  size_t element_size() const;
  size_t itemsize() const;
  ::std::string toString() const;
  void *data_ptr() const;
  template <typename T> T *data_ptr() const;
  const void *const_data_ptr() const;
  template <typename T> const T *const_data_ptr() const;
  void *mutable_data_ptr() const;
  template <typename T> T *mutable_data_ptr() const;
  template <typename T, size_t N> TensorAccessor<T, N> accessor() const &;
  template <typename T, size_t N> TensorAccessor<T, N> accessor() && = delete;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits,
            typename index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t>
  generic_packed_accessor() const &;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits,
            typename index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t>
  generic_packed_accessor() && = delete;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() const &;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() && = delete;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() const &;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() && = delete;

protected:
  void *impl_ = nullptr;
};

/* Unary elementwise ops: `t.op()`, `t.op_()` and `at::op(t)`. */
#define __C2T_TORCH_UNARY_OPS(_)                                               \
  _(abs) _(absolute) _(acos) _(acosh) _(angle) _(asin) _(asinh) _(atan)        \
  _(atanh) _(bitwise_not) _(ceil) _(cos) _(cosh) _(deg2rad) _(digamma)         \
  _(erf) _(erfc) _(erfinv) _(exp) _(exp2) _(expm1) _(fix) _(floor) _(frac)     \
  _(lgamma) _(log) _(log10) _(log1p) _(log2) _(logical_not) _(neg)             \
  _(negative) _(rad2deg) _(reciprocal) _(relu) _(round) _(rsqrt) _(sgn)        \
  _(sigmoid) _(sign) _(sin) _(sinc) _(sinh) _(sqrt) _(square) _(tan) _(tanh)   \
  _(trunc) _(conj_physical) _(i0) _(isnan) _(isinf) _(isfinite) _(signbit)     \
  _(nan_to_num) _(silu) _(mish) _(gelu)

class Tensor : public TensorBase {
public:
  Tensor() = default;
  Tensor(const Tensor &tensor) = default;
  Tensor(Tensor &&tensor) = default;
  explicit Tensor(const TensorBase &base);
  Tensor(TensorBase &&base);
  Tensor &operator=(const TensorBase &x) &;
  Tensor &operator=(TensorBase &&x) &;
  Tensor &operator=(const Tensor &x) &;
  Tensor &operator=(Tensor &&x) &;
  Tensor &operator=(const Scalar &v) &&;
  Tensor &operator=(const Tensor &rhs) &&;
  Tensor &operator=(Tensor &&rhs) &&;

  DeprecatedTypeProperties &type() const;
  Tensor toType(ScalarType t) const;
  Tensor toBackend(Backend b) const;
  template <typename T> T *data() const;
  Tensor data() const;
  template <typename T> T item() const;
  Scalar item() const;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits,
            typename index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t>
  packed_accessor() const &;
  template <typename T, size_t N,
            template <typename U> class PtrTraits = DefaultPtrTraits,
            typename index_t = int64_t>
  GenericPackedTensorAccessor<T, N, PtrTraits, index_t>
  packed_accessor() && = delete;

  /* operators */
  Tensor operator~() const;
  Tensor operator-() const;
  Tensor &operator+=(const Tensor &other);
  Tensor &operator+=(const Scalar &other);
  Tensor &operator-=(const Tensor &other);
  Tensor &operator-=(const Scalar &other);
  Tensor &operator*=(const Tensor &other);
  Tensor &operator*=(const Scalar &other);
  Tensor &operator/=(const Tensor &other);
  Tensor &operator/=(const Scalar &other);
  Tensor &operator&=(const Tensor &other);
  Tensor &operator|=(const Tensor &other);
  Tensor &operator^=(const Tensor &other);
  Tensor operator[](const Scalar &index) const;
  Tensor operator[](const Tensor &index) const;
  Tensor operator[](int64_t index) const;
  Tensor index(ArrayRef<indexing::TensorIndex> indices) const;
  Tensor index(::std::initializer_list<indexing::TensorIndex> indices) const;
  Tensor &index_put_(ArrayRef<indexing::TensorIndex> indices,
                     Tensor const &rhs);
  Tensor &index_put_(ArrayRef<indexing::TensorIndex> indices, const Scalar &v);
  Tensor &index_put_(::std::initializer_list<indexing::TensorIndex> indices,
                     Tensor const &rhs);
  Tensor &index_put_(::std::initializer_list<indexing::TensorIndex> indices,
                     const Scalar &v);

  /* memory and device */
  Tensor contiguous(MemoryFormat memory_format = MemoryFormat::Contiguous) const;
  Tensor clone(optional<MemoryFormat> memory_format = nullopt) const;
  Tensor detach() const;
  Tensor &detach_() const;
  Tensor cpu() const;
  Tensor cuda() const;
  Tensor hip() const;
  Tensor to(TensorOptions options = {}, bool non_blocking = false,
            bool copy = false,
            optional<MemoryFormat> memory_format = nullopt) const;
  Tensor to(Device device, ScalarType dtype, bool non_blocking = false,
            bool copy = false,
            optional<MemoryFormat> memory_format = nullopt) const;
  Tensor to(ScalarType dtype, bool non_blocking = false, bool copy = false,
            optional<MemoryFormat> memory_format = nullopt) const;
  Tensor to(const Tensor &other, bool non_blocking = false, bool copy = false,
            optional<MemoryFormat> memory_format = nullopt) const;
  Tensor type_as(const Tensor &other) const;
  Tensor pin_memory(optional<Device> device = nullopt) const;
  bool is_pinned(optional<Device> device = nullopt) const;
  Tensor &requires_grad_(bool requires_grad = true) const;
  const Tensor &set_requires_grad(bool requires_grad) const;
  Tensor &grad();
  const Tensor &grad() const;
  void backward(const Tensor &gradient = {},
                optional<bool> retain_graph = nullopt,
                bool create_graph = false) const;
  Tensor &copy_(const Tensor &src, bool non_blocking = false) const;
  Tensor &fill_(const Scalar &value) const;
  Tensor &fill_(const Tensor &value) const;
  Tensor &zero_() const;
  Tensor &resize_(IntArrayRef size,
                  optional<MemoryFormat> memory_format = nullopt) const;
  Tensor &resize_as_(const Tensor &the_template,
                     optional<MemoryFormat> memory_format = nullopt) const;
  Tensor &set_(const Tensor &source) const;
  Tensor new_empty(IntArrayRef size, TensorOptions options = {}) const;
  Tensor new_zeros(IntArrayRef size, TensorOptions options = {}) const;
  Tensor new_ones(IntArrayRef size, TensorOptions options = {}) const;
  Tensor new_full(IntArrayRef size, const Scalar &fill_value,
                  TensorOptions options = {}) const;
  Tensor new_empty_strided(IntArrayRef size, IntArrayRef stride,
                           TensorOptions options = {}) const;

  /* views and shape */
  Tensor view(IntArrayRef size) const;
  Tensor view(ScalarType dtype) const;
  Tensor view_as(const Tensor &other) const;
  Tensor reshape(IntArrayRef shape) const;
  Tensor reshape_as(const Tensor &other) const;
  Tensor flatten(int64_t start_dim = 0, int64_t end_dim = -1) const;
  Tensor unflatten(int64_t dim, IntArrayRef sizes) const;
  Tensor squeeze() const;
  Tensor squeeze(int64_t dim) const;
  Tensor squeeze(IntArrayRef dim) const;
  Tensor &squeeze_() const;
  Tensor &squeeze_(int64_t dim) const;
  Tensor unsqueeze(int64_t dim) const;
  Tensor &unsqueeze_(int64_t dim) const;
  Tensor transpose(int64_t dim0, int64_t dim1) const;
  Tensor &transpose_(int64_t dim0, int64_t dim1) const;
  Tensor t() const;
  Tensor &t_() const;
  Tensor permute(IntArrayRef dims) const;
  Tensor movedim(int64_t source, int64_t destination) const;
  Tensor expand(IntArrayRef size, bool implicit = false) const;
  Tensor expand_as(const Tensor &other) const;
  Tensor repeat(IntArrayRef repeats) const;
  Tensor repeat_interleave(int64_t repeats,
                           optional<int64_t> dim = nullopt) const;
  Tensor narrow(int64_t dim, int64_t start, int64_t length) const;
  Tensor select(int64_t dim, int64_t index) const;
  Tensor slice(int64_t dim = 0, optional<int64_t> start = nullopt,
               optional<int64_t> end = nullopt, int64_t step = 1) const;
  Tensor as_strided(IntArrayRef size, IntArrayRef stride,
                    optional<int64_t> storage_offset = nullopt) const;
  Tensor diagonal(int64_t offset = 0, int64_t dim1 = 0, int64_t dim2 = 1) const;
  Tensor flip(IntArrayRef dims) const;
  Tensor roll(IntArrayRef shifts, IntArrayRef dims = {}) const;
  Tensor tril(int64_t diagonal = 0) const;
  Tensor triu(int64_t diagonal = 0) const;
  ::std::vector<Tensor> chunk(int64_t chunks, int64_t dim = 0) const;
  ::std::vector<Tensor> split(int64_t split_size, int64_t dim = 0) const;
  ::std::vector<Tensor> split(IntArrayRef split_size, int64_t dim = 0) const;
  ::std::vector<Tensor> split_with_sizes(IntArrayRef split_sizes,
                                        int64_t dim = 0) const;
  ::std::vector<Tensor> unbind(int64_t dim = 0) const;

  /* indexing */
  Tensor index_select(int64_t dim, const Tensor &index) const;
  Tensor masked_select(const Tensor &mask) const;
  Tensor masked_fill(const Tensor &mask, const Scalar &value) const;
  Tensor masked_fill(const Tensor &mask, const Tensor &value) const;
  Tensor &masked_fill_(const Tensor &mask, const Scalar &value) const;
  Tensor &masked_fill_(const Tensor &mask, const Tensor &value) const;
  Tensor &masked_scatter_(const Tensor &mask, const Tensor &source) const;
  Tensor &index_fill_(int64_t dim, const Tensor &index,
                      const Scalar &value) const;
  Tensor index_fill(int64_t dim, const Tensor &index,
                    const Scalar &value) const;
  Tensor &index_add_(int64_t dim, const Tensor &index, const Tensor &source,
                     const Scalar &alpha = 1) const;
  Tensor index_add(int64_t dim, const Tensor &index, const Tensor &source,
                   const Scalar &alpha = 1) const;
  Tensor &index_copy_(int64_t dim, const Tensor &index,
                      const Tensor &source) const;
  Tensor index_copy(int64_t dim, const Tensor &index,
                    const Tensor &source) const;
  Tensor &index_put_(const ::std::vector<optional<Tensor>> &indices,
                     const Tensor &values, bool accumulate = false) const;
  Tensor index_put(const ::std::vector<optional<Tensor>> &indices,
                   const Tensor &values, bool accumulate = false) const;
  Tensor gather(int64_t dim, const Tensor &index,
                bool sparse_grad = false) const;
  Tensor scatter(int64_t dim, const Tensor &index, const Tensor &src) const;
  Tensor scatter(int64_t dim, const Tensor &index, const Scalar &value) const;
  Tensor &scatter_(int64_t dim, const Tensor &index, const Tensor &src) const;
  Tensor &scatter_(int64_t dim, const Tensor &index,
                   const Scalar &value) const;
  Tensor scatter_add(int64_t dim, const Tensor &index,
                     const Tensor &src) const;
  Tensor &scatter_add_(int64_t dim, const Tensor &index,
                       const Tensor &src) const;
  Tensor take(const Tensor &index) const;
  Tensor nonzero() const;
  ::std::vector<Tensor> nonzero_numpy() const;
  Tensor where(const Tensor &condition, const Tensor &other) const;

  /* reductions */
  Tensor sum(optional<ScalarType> dtype = nullopt) const;
  Tensor sum(IntArrayRef dim, bool keepdim = false,
             optional<ScalarType> dtype = nullopt) const;
  Tensor mean(optional<ScalarType> dtype = nullopt) const;
  Tensor mean(IntArrayRef dim, bool keepdim = false,
              optional<ScalarType> dtype = nullopt) const;
  Tensor prod(optional<ScalarType> dtype = nullopt) const;
  Tensor prod(int64_t dim, bool keepdim = false,
              optional<ScalarType> dtype = nullopt) const;
  Tensor max() const;
  Tensor min() const;
  Tensor amax(IntArrayRef dim = {}, bool keepdim = false) const;
  Tensor amin(IntArrayRef dim = {}, bool keepdim = false) const;
  Tensor argmax(optional<int64_t> dim = nullopt, bool keepdim = false) const;
  Tensor argmin(optional<int64_t> dim = nullopt, bool keepdim = false) const;
  Tensor norm(const Scalar &p = 2) const;
  Tensor norm(const optional<Scalar> &p, IntArrayRef dim,
              bool keepdim = false) const;
  Tensor std(bool unbiased = true) const;
  Tensor std(IntArrayRef dim, bool unbiased = true, bool keepdim = false) const;
  Tensor var(bool unbiased = true) const;
  Tensor var(IntArrayRef dim, bool unbiased = true, bool keepdim = false) const;
  Tensor any() const;
  Tensor any(int64_t dim, bool keepdim = false) const;
  Tensor all() const;
  Tensor all(int64_t dim, bool keepdim = false) const;
  Tensor count_nonzero(optional<int64_t> dim = nullopt) const;
  Tensor cumsum(int64_t dim, optional<ScalarType> dtype = nullopt) const;
  Tensor &cumsum_(int64_t dim, optional<ScalarType> dtype = nullopt) const;
  Tensor cumprod(int64_t dim, optional<ScalarType> dtype = nullopt) const;
  Tensor logsumexp(IntArrayRef dim, bool keepdim = false) const;
  Tensor softmax(int64_t dim, optional<ScalarType> dtype = nullopt) const;
  Tensor log_softmax(int64_t dim, optional<ScalarType> dtype = nullopt) const;
  Tensor argsort(int64_t dim = -1, bool descending = false) const;
  Tensor bincount(const optional<Tensor> &weights = {},
                  int64_t minlength = 0) const;
#ifdef CUDA2TILE_TORCH_HAS_TUPLE
  ::std::tuple<Tensor, Tensor> max(int64_t dim, bool keepdim = false) const;
  ::std::tuple<Tensor, Tensor> min(int64_t dim, bool keepdim = false) const;
  ::std::tuple<Tensor, Tensor> sort(int64_t dim = -1,
                                    bool descending = false) const;
  ::std::tuple<Tensor, Tensor> topk(int64_t k, int64_t dim = -1,
                                    bool largest = true,
                                    bool sorted = true) const;
  ::std::tuple<Tensor, Tensor> kthvalue(int64_t k, int64_t dim = -1,
                                        bool keepdim = false) const;
  ::std::tuple<Tensor, Tensor> median(int64_t dim, bool keepdim = false) const;
  ::std::tuple<Tensor, Tensor> mode(int64_t dim = -1,
                                    bool keepdim = false) const;
#endif
  Tensor median() const;

  /* elementwise */
#define __C2T_TORCH_UNARY_METHOD(name)                                         \
  Tensor name() const;                                                         \
  Tensor &name##_() const;
  __C2T_TORCH_UNARY_OPS(__C2T_TORCH_UNARY_METHOD)
#undef __C2T_TORCH_UNARY_METHOD
  Tensor add(const Tensor &other, const Scalar &alpha = 1) const;
  Tensor &add_(const Tensor &other, const Scalar &alpha = 1) const;
  Tensor add(const Scalar &other, const Scalar &alpha = 1) const;
  Tensor &add_(const Scalar &other, const Scalar &alpha = 1) const;
  Tensor sub(const Tensor &other, const Scalar &alpha = 1) const;
  Tensor &sub_(const Tensor &other, const Scalar &alpha = 1) const;
  Tensor sub(const Scalar &other, const Scalar &alpha = 1) const;
  Tensor &sub_(const Scalar &other, const Scalar &alpha = 1) const;
  Tensor mul(const Tensor &other) const;
  Tensor &mul_(const Tensor &other) const;
  Tensor mul(const Scalar &other) const;
  Tensor &mul_(const Scalar &other) const;
  Tensor div(const Tensor &other) const;
  Tensor &div_(const Tensor &other) const;
  Tensor div(const Scalar &other) const;
  Tensor &div_(const Scalar &other) const;
  Tensor div(const Tensor &other, optional<c10::string_view> rounding_mode) const;
  Tensor &div_(const Tensor &other, optional<c10::string_view> rounding_mode) const;
  Tensor div(const Scalar &other, optional<c10::string_view> rounding_mode) const;
  Tensor &div_(const Scalar &other, optional<c10::string_view> rounding_mode) const;
  Tensor true_divide(const Tensor &other) const;
  Tensor &true_divide_(const Tensor &other) const;
  Tensor true_divide(const Scalar &other) const;
  Tensor &true_divide_(const Scalar &other) const;
  Tensor floor_divide(const Tensor &other) const;
  Tensor floor_divide(const Scalar &other) const;
  Tensor remainder(const Tensor &other) const;
  Tensor remainder(const Scalar &other) const;
  Tensor fmod(const Tensor &other) const;
  Tensor fmod(const Scalar &other) const;
  Tensor pow(const Tensor &exponent) const;
  Tensor pow(const Scalar &exponent) const;
  Tensor &pow_(const Tensor &exponent) const;
  Tensor &pow_(const Scalar &exponent) const;
  Tensor atan2(const Tensor &other) const;
  Tensor maximum(const Tensor &other) const;
  Tensor minimum(const Tensor &other) const;
  Tensor max(const Tensor &other) const;
  Tensor min(const Tensor &other) const;
  Tensor clamp(const optional<Scalar> &min,
               const optional<Scalar> &max = nullopt) const;
  Tensor &clamp_(const optional<Scalar> &min,
                 const optional<Scalar> &max = nullopt) const;
  Tensor clamp(const optional<Tensor> &min,
               const optional<Tensor> &max = {}) const;
  Tensor clamp_min(const Scalar &min) const;
  Tensor &clamp_min_(const Scalar &min) const;
  Tensor clamp_max(const Scalar &max) const;
  Tensor &clamp_max_(const Scalar &max) const;
  Tensor clip(const optional<Scalar> &min,
              const optional<Scalar> &max = nullopt) const;
  Tensor lerp(const Tensor &end, const Scalar &weight) const;
  Tensor addcmul(const Tensor &tensor1, const Tensor &tensor2,
                 const Scalar &value = 1) const;
  Tensor &addcmul_(const Tensor &tensor1, const Tensor &tensor2,
                   const Scalar &value = 1) const;
  Tensor addcdiv(const Tensor &tensor1, const Tensor &tensor2,
                 const Scalar &value = 1) const;
  Tensor &addcdiv_(const Tensor &tensor1, const Tensor &tensor2,
                   const Scalar &value = 1) const;
  Tensor eq(const Scalar &other) const;
  Tensor eq(const Tensor &other) const;
  Tensor ne(const Scalar &other) const;
  Tensor ne(const Tensor &other) const;
  Tensor lt(const Scalar &other) const;
  Tensor lt(const Tensor &other) const;
  Tensor le(const Scalar &other) const;
  Tensor le(const Tensor &other) const;
  Tensor gt(const Scalar &other) const;
  Tensor gt(const Tensor &other) const;
  Tensor ge(const Scalar &other) const;
  Tensor ge(const Tensor &other) const;
  Tensor logical_and(const Tensor &other) const;
  Tensor logical_or(const Tensor &other) const;
  Tensor logical_xor(const Tensor &other) const;
  Tensor bitwise_and(const Tensor &other) const;
  Tensor bitwise_or(const Tensor &other) const;
  Tensor bitwise_xor(const Tensor &other) const;
  bool equal(const Tensor &other) const;
  bool allclose(const Tensor &other, double rtol = 1e-05, double atol = 1e-08,
                bool equal_nan = false) const;
  bool is_same_size(const Tensor &other) const;
  bool is_set_to(const Tensor &tensor) const;
  Tensor bernoulli(optional<Generator> generator = nullopt) const;
  Tensor &bernoulli_(double p = 0.5, optional<Generator> generator = nullopt) const;
  Tensor &uniform_(double from = 0, double to = 1,
                   optional<Generator> generator = nullopt) const;
  Tensor &normal_(double mean = 0, double std = 1,
                  optional<Generator> generator = nullopt) const;
  Tensor &random_(optional<Generator> generator = nullopt) const;

  /* linear algebra */
  Tensor mm(const Tensor &mat2) const;
  Tensor bmm(const Tensor &mat2) const;
  Tensor matmul(const Tensor &other) const;
  Tensor mv(const Tensor &vec) const;
  Tensor dot(const Tensor &tensor) const;
  Tensor addmm(const Tensor &mat1, const Tensor &mat2, const Scalar &beta = 1,
               const Scalar &alpha = 1) const;
  Tensor &addmm_(const Tensor &mat1, const Tensor &mat2,
                 const Scalar &beta = 1, const Scalar &alpha = 1) const;
  Tensor baddbmm(const Tensor &batch1, const Tensor &batch2,
                 const Scalar &beta = 1, const Scalar &alpha = 1) const;
  Tensor outer(const Tensor &vec2) const;
  Tensor cross(const Tensor &other, optional<int64_t> dim = nullopt) const;
  Tensor inverse() const;

  /* dtype conversions */
  Tensor to_dense(optional<ScalarType> dtype = nullopt) const;
  Tensor float_power(const Scalar &exponent) const;
  Tensor _coalesced_(bool coalesced) const;
  Tensor coalesce() const;
  Tensor indices() const;
  Tensor values() const;
};

/* operators on tensors (ATen/TensorOperators.h) */
#define __C2T_TORCH_BINARY_OPERATOR(OP)                                        \
  Tensor operator OP(const Tensor &x, const Tensor &y);                        \
  Tensor operator OP(const Tensor &x, const Scalar &y);                        \
  Tensor operator OP(const Scalar &x, const Tensor &y);
__C2T_TORCH_BINARY_OPERATOR(+)
__C2T_TORCH_BINARY_OPERATOR(-)
__C2T_TORCH_BINARY_OPERATOR(*)
__C2T_TORCH_BINARY_OPERATOR(/)
__C2T_TORCH_BINARY_OPERATOR(%)
__C2T_TORCH_BINARY_OPERATOR(&)
__C2T_TORCH_BINARY_OPERATOR(|)
__C2T_TORCH_BINARY_OPERATOR(^)
__C2T_TORCH_BINARY_OPERATOR(<)
__C2T_TORCH_BINARY_OPERATOR(>)
__C2T_TORCH_BINARY_OPERATOR(<=)
__C2T_TORCH_BINARY_OPERATOR(>=)
__C2T_TORCH_BINARY_OPERATOR(==)
__C2T_TORCH_BINARY_OPERATOR(!=)
#undef __C2T_TORCH_BINARY_OPERATOR
::std::ostream &operator<<(::std::ostream &out, const TensorBase &t);
::std::ostream &print(::std::ostream &stream, const Tensor &tensor,
                      int64_t linesize);
void print(const Tensor &t, int64_t linesize = 80);

/* ----------------------------------------------------- free functions */
optional<Device> device_of(const Tensor &t);
optional<Device> device_of(const optional<Tensor> &t);
optional<Device> device_of(ITensorListRef t);
bool is_expandable_to(IntArrayRef shape, IntArrayRef desired);
DimVector infer_size(IntArrayRef a, IntArrayRef b);

/* factories (ATen/Functions.h; the TensorOptions forms) */
Tensor empty(IntArrayRef size, TensorOptions options = {},
             optional<MemoryFormat> memory_format = nullopt);
Tensor empty_strided(IntArrayRef size, IntArrayRef stride,
                     TensorOptions options = {});
Tensor empty_like(const Tensor &self, TensorOptions options = {},
                  optional<MemoryFormat> memory_format = nullopt);
Tensor zeros(IntArrayRef size, TensorOptions options = {});
Tensor zeros_like(const Tensor &self, TensorOptions options = {},
                  optional<MemoryFormat> memory_format = nullopt);
Tensor ones(IntArrayRef size, TensorOptions options = {});
Tensor ones_like(const Tensor &self, TensorOptions options = {},
                 optional<MemoryFormat> memory_format = nullopt);
Tensor full(IntArrayRef size, const Scalar &fill_value,
            TensorOptions options = {});
Tensor full_like(const Tensor &self, const Scalar &fill_value,
                 TensorOptions options = {},
                 optional<MemoryFormat> memory_format = nullopt);
Tensor rand(IntArrayRef size, TensorOptions options = {});
Tensor rand(IntArrayRef size, optional<Generator> generator,
            TensorOptions options = {});
Tensor rand_like(const Tensor &self, TensorOptions options = {},
                 optional<MemoryFormat> memory_format = nullopt);
Tensor randn(IntArrayRef size, TensorOptions options = {});
Tensor randn_like(const Tensor &self, TensorOptions options = {},
                  optional<MemoryFormat> memory_format = nullopt);
Tensor randint(int64_t high, IntArrayRef size, TensorOptions options = at::kLong);
Tensor randint(int64_t low, int64_t high, IntArrayRef size,
               TensorOptions options = at::kLong);
Tensor randperm(int64_t n, TensorOptions options = at::kLong);
Tensor arange(const Scalar &end, TensorOptions options = {});
Tensor arange(const Scalar &start, const Scalar &end,
              TensorOptions options = {});
Tensor arange(const Scalar &start, const Scalar &end, const Scalar &step,
              TensorOptions options = {});
Tensor linspace(const Scalar &start, const Scalar &end, int64_t steps,
                TensorOptions options = {});
Tensor eye(int64_t n, TensorOptions options = {});
Tensor eye(int64_t n, int64_t m, TensorOptions options = {});
Tensor scalar_tensor(const Scalar &s, TensorOptions options = {});
Tensor tensor(ArrayRef<int64_t> values, const TensorOptions &options = {});
Tensor tensor(ArrayRef<int> values, const TensorOptions &options = {});
Tensor tensor(ArrayRef<float> values, const TensorOptions &options = {});
Tensor tensor(ArrayRef<double> values, const TensorOptions &options = {});
Tensor tensor(ArrayRef<bool> values, const TensorOptions &options = {});
Tensor tensor(int64_t value, const TensorOptions &options = {});
Tensor tensor(double value, const TensorOptions &options = {});
Tensor from_blob(void *data, IntArrayRef sizes,
                 const TensorOptions &options = {});
Tensor from_blob(void *data, IntArrayRef sizes, IntArrayRef strides,
                 const TensorOptions &options = {});
#ifdef CUDA2TILE_TORCH_HAS_FUNCTIONAL
Tensor from_blob(void *data, IntArrayRef sizes,
                 const ::std::function<void(void *)> &deleter,
                 const TensorOptions &options = {});
Tensor from_blob(void *data, IntArrayRef sizes, IntArrayRef strides,
                 const ::std::function<void(void *)> &deleter,
                 const TensorOptions &options = {});
#endif

/* structure */
Tensor cat(TensorList tensors, int64_t dim = 0);
Tensor concat(TensorList tensors, int64_t dim = 0);
Tensor &cat_out(Tensor &out, TensorList tensors, int64_t dim = 0);
Tensor stack(TensorList tensors, int64_t dim = 0);
Tensor hstack(TensorList tensors);
Tensor vstack(TensorList tensors);
::std::vector<Tensor> broadcast_tensors(TensorList tensors);
::std::vector<Tensor> meshgrid(TensorList tensors);
::std::vector<Tensor> meshgrid(TensorList tensors, c10::string_view indexing);
::std::vector<Tensor> chunk(const Tensor &self, int64_t chunks,
                            int64_t dim = 0);
::std::vector<Tensor> split(const Tensor &self, int64_t split_size,
                            int64_t dim = 0);
::std::vector<Tensor> unbind(const Tensor &self, int64_t dim = 0);
Tensor reshape(const Tensor &self, IntArrayRef shape);
Tensor flatten(const Tensor &self, int64_t start_dim = 0, int64_t end_dim = -1);
Tensor squeeze(const Tensor &self);
Tensor squeeze(const Tensor &self, int64_t dim);
Tensor unsqueeze(const Tensor &self, int64_t dim);
Tensor transpose(const Tensor &self, int64_t dim0, int64_t dim1);
Tensor permute(const Tensor &self, IntArrayRef dims);
Tensor narrow(const Tensor &self, int64_t dim, int64_t start, int64_t length);
Tensor select(const Tensor &self, int64_t dim, int64_t index);
Tensor flip(const Tensor &self, IntArrayRef dims);
Tensor roll(const Tensor &self, IntArrayRef shifts, IntArrayRef dims = {});
Tensor tril(const Tensor &self, int64_t diagonal = 0);
Tensor triu(const Tensor &self, int64_t diagonal = 0);
Tensor repeat_interleave(const Tensor &self, int64_t repeats,
                         optional<int64_t> dim = nullopt);
Tensor pad(const Tensor &self, IntArrayRef pad, c10::string_view mode = "constant",
           optional<double> value = nullopt);
Tensor constant_pad_nd(const Tensor &self, IntArrayRef pad,
                       const Scalar &value = 0);

/* indexing */
Tensor index_select(const Tensor &self, int64_t dim, const Tensor &index);
Tensor &index_select_out(Tensor &out, const Tensor &self, int64_t dim,
                         const Tensor &index);
Tensor masked_select(const Tensor &self, const Tensor &mask);
Tensor masked_fill(const Tensor &self, const Tensor &mask, const Scalar &value);
Tensor gather(const Tensor &self, int64_t dim, const Tensor &index,
              bool sparse_grad = false);
Tensor scatter(const Tensor &self, int64_t dim, const Tensor &index,
               const Tensor &src);
Tensor scatter_add(const Tensor &self, int64_t dim, const Tensor &index,
                   const Tensor &src);
Tensor index_add(const Tensor &self, int64_t dim, const Tensor &index,
                 const Tensor &source, const Scalar &alpha = 1);
Tensor nonzero(const Tensor &self);
::std::vector<Tensor> where(const Tensor &condition);
Tensor where(const Tensor &condition, const Tensor &self, const Tensor &other);
Tensor where(const Tensor &condition, const Scalar &self, const Tensor &other);
Tensor where(const Tensor &condition, const Tensor &self, const Scalar &other);
Tensor where(const Tensor &condition, const Scalar &self, const Scalar &other);
Tensor searchsorted(const Tensor &sorted_sequence, const Tensor &self,
                    bool out_int32 = false, bool right = false);
Tensor bucketize(const Tensor &self, const Tensor &boundaries,
                 bool out_int32 = false, bool right = false);

/* reductions */
Tensor sum(const Tensor &self, optional<ScalarType> dtype = nullopt);
Tensor sum(const Tensor &self, IntArrayRef dim, bool keepdim = false,
           optional<ScalarType> dtype = nullopt);
Tensor mean(const Tensor &self, optional<ScalarType> dtype = nullopt);
Tensor mean(const Tensor &self, IntArrayRef dim, bool keepdim = false,
            optional<ScalarType> dtype = nullopt);
Tensor prod(const Tensor &self, optional<ScalarType> dtype = nullopt);
Tensor max(const Tensor &self);
Tensor min(const Tensor &self);
Tensor max(const Tensor &self, const Tensor &other);
Tensor min(const Tensor &self, const Tensor &other);
Tensor maximum(const Tensor &self, const Tensor &other);
Tensor minimum(const Tensor &self, const Tensor &other);
Tensor amax(const Tensor &self, IntArrayRef dim = {}, bool keepdim = false);
Tensor amin(const Tensor &self, IntArrayRef dim = {}, bool keepdim = false);
Tensor argmax(const Tensor &self, optional<int64_t> dim = nullopt,
              bool keepdim = false);
Tensor argmin(const Tensor &self, optional<int64_t> dim = nullopt,
              bool keepdim = false);
Tensor argsort(const Tensor &self, int64_t dim = -1, bool descending = false);
Tensor cumsum(const Tensor &self, int64_t dim,
              optional<ScalarType> dtype = nullopt);
Tensor cumprod(const Tensor &self, int64_t dim,
               optional<ScalarType> dtype = nullopt);
Tensor norm(const Tensor &self, const Scalar &p = 2);
Tensor logsumexp(const Tensor &self, IntArrayRef dim, bool keepdim = false);
Tensor any(const Tensor &self);
Tensor all(const Tensor &self);
Tensor bincount(const Tensor &self, const optional<Tensor> &weights = {},
                int64_t minlength = 0);
bool equal(const Tensor &self, const Tensor &other);
bool allclose(const Tensor &self, const Tensor &other, double rtol = 1e-05,
              double atol = 1e-08, bool equal_nan = false);
#ifdef CUDA2TILE_TORCH_HAS_TUPLE
::std::tuple<Tensor, Tensor> max(const Tensor &self, int64_t dim,
                                 bool keepdim = false);
::std::tuple<Tensor, Tensor> min(const Tensor &self, int64_t dim,
                                 bool keepdim = false);
::std::tuple<Tensor, Tensor> sort(const Tensor &self, int64_t dim = -1,
                                  bool descending = false);
::std::tuple<Tensor, Tensor> topk(const Tensor &self, int64_t k,
                                  int64_t dim = -1, bool largest = true,
                                  bool sorted = true);
::std::tuple<Tensor, Tensor> _unique(const Tensor &self, bool sorted = true,
                                     bool return_inverse = false);
::std::tuple<Tensor, Tensor, Tensor> _unique2(const Tensor &self,
                                              bool sorted = true,
                                              bool return_inverse = false,
                                              bool return_counts = false);
::std::tuple<Tensor, Tensor, Tensor> unique_dim(const Tensor &self,
                                                int64_t dim, bool sorted = true,
                                                bool return_inverse = false,
                                                bool return_counts = false);
::std::tuple<Tensor, Tensor, Tensor>
unique_consecutive(const Tensor &self, bool return_inverse = false,
                   bool return_counts = false,
                   optional<int64_t> dim = nullopt);
::std::tuple<Tensor, Tensor> std_mean(const Tensor &self, IntArrayRef dim,
                                      bool unbiased = true,
                                      bool keepdim = false);
::std::tuple<Tensor, Tensor> var_mean(const Tensor &self, IntArrayRef dim,
                                      bool unbiased = true,
                                      bool keepdim = false);
#endif

/* elementwise */
#define __C2T_TORCH_UNARY_FUNCTION(name)                                       \
  Tensor name(const Tensor &self);                                             \
  Tensor &name##_(Tensor &self);
__C2T_TORCH_UNARY_OPS(__C2T_TORCH_UNARY_FUNCTION)
#undef __C2T_TORCH_UNARY_FUNCTION
Tensor add(const Tensor &self, const Tensor &other, const Scalar &alpha = 1);
Tensor add(const Tensor &self, const Scalar &other, const Scalar &alpha = 1);
Tensor sub(const Tensor &self, const Tensor &other, const Scalar &alpha = 1);
Tensor sub(const Tensor &self, const Scalar &other, const Scalar &alpha = 1);
Tensor mul(const Tensor &self, const Tensor &other);
Tensor mul(const Tensor &self, const Scalar &other);
Tensor div(const Tensor &self, const Tensor &other);
Tensor div(const Tensor &self, const Scalar &other);
Tensor div(const Tensor &self, const Tensor &other,
           optional<c10::string_view> rounding_mode);
Tensor div(const Tensor &self, const Scalar &other,
           optional<c10::string_view> rounding_mode);
Tensor true_divide(const Tensor &self, const Tensor &other);
Tensor floor_divide(const Tensor &self, const Tensor &other);
Tensor remainder(const Tensor &self, const Tensor &other);
Tensor remainder(const Tensor &self, const Scalar &other);
Tensor fmod(const Tensor &self, const Tensor &other);
Tensor pow(const Tensor &self, const Tensor &exponent);
Tensor pow(const Tensor &self, const Scalar &exponent);
Tensor pow(const Scalar &self, const Tensor &exponent);
Tensor atan2(const Tensor &self, const Tensor &other);
Tensor clamp(const Tensor &self, const optional<Scalar> &min,
             const optional<Scalar> &max = nullopt);
Tensor clamp(const Tensor &self, const optional<Tensor> &min,
             const optional<Tensor> &max = {});
Tensor &clamp_(Tensor &self, const optional<Scalar> &min,
               const optional<Scalar> &max = nullopt);
Tensor clamp_min(const Tensor &self, const Scalar &min);
Tensor clamp_max(const Tensor &self, const Scalar &max);
Tensor clip(const Tensor &self, const optional<Scalar> &min,
            const optional<Scalar> &max = nullopt);
Tensor lerp(const Tensor &self, const Tensor &end, const Scalar &weight);
Tensor addcmul(const Tensor &self, const Tensor &tensor1,
               const Tensor &tensor2, const Scalar &value = 1);
Tensor addcdiv(const Tensor &self, const Tensor &tensor1,
               const Tensor &tensor2, const Scalar &value = 1);
Tensor eq(const Tensor &self, const Tensor &other);
Tensor ne(const Tensor &self, const Tensor &other);
Tensor lt(const Tensor &self, const Tensor &other);
Tensor le(const Tensor &self, const Tensor &other);
Tensor gt(const Tensor &self, const Tensor &other);
Tensor ge(const Tensor &self, const Tensor &other);
Tensor eq(const Tensor &self, const Scalar &other);
Tensor ne(const Tensor &self, const Scalar &other);
Tensor lt(const Tensor &self, const Scalar &other);
Tensor le(const Tensor &self, const Scalar &other);
Tensor gt(const Tensor &self, const Scalar &other);
Tensor ge(const Tensor &self, const Scalar &other);
Tensor logical_and(const Tensor &self, const Tensor &other);
Tensor logical_or(const Tensor &self, const Tensor &other);
Tensor logical_xor(const Tensor &self, const Tensor &other);
Tensor bitwise_and(const Tensor &self, const Tensor &other);
Tensor bitwise_or(const Tensor &self, const Tensor &other);
Tensor isclose(const Tensor &self, const Tensor &other, double rtol = 1e-05,
               double atol = 1e-08, bool equal_nan = false);
Tensor bernoulli(const Tensor &self, optional<Generator> generator = nullopt);
Tensor bernoulli(const Tensor &self, double p,
                 optional<Generator> generator = nullopt);
Tensor softmax(const Tensor &self, int64_t dim,
               optional<ScalarType> dtype = nullopt);
Tensor log_softmax(const Tensor &self, int64_t dim,
                   optional<ScalarType> dtype = nullopt);
Tensor dropout(const Tensor &input, double p, bool train);
Tensor threshold(const Tensor &self, const Scalar &threshold,
                 const Scalar &value);
Tensor leaky_relu(const Tensor &self, const Scalar &negative_slope = 0.01);
Tensor hardtanh(const Tensor &self, const Scalar &min_val = -1,
                const Scalar &max_val = 1);
Tensor softplus(const Tensor &self, const Scalar &beta = 1,
                const Scalar &threshold = 20);
Tensor elu(const Tensor &self, const Scalar &alpha = 1, const Scalar &scale = 1,
           const Scalar &input_scale = 1);
Tensor celu(const Tensor &self, const Scalar &alpha = 1.0);
Tensor selu(const Tensor &self);
Tensor silu(const Tensor &self);
Tensor mish(const Tensor &self);
Tensor gelu(const Tensor &self, c10::string_view approximate = "none");

/* linear algebra and nn */
Tensor mm(const Tensor &self, const Tensor &mat2);
Tensor &mm_out(Tensor &out, const Tensor &self, const Tensor &mat2);
Tensor bmm(const Tensor &self, const Tensor &mat2);
Tensor &bmm_out(Tensor &out, const Tensor &self, const Tensor &mat2);
Tensor matmul(const Tensor &self, const Tensor &other);
Tensor mv(const Tensor &self, const Tensor &vec);
Tensor dot(const Tensor &self, const Tensor &tensor);
Tensor outer(const Tensor &self, const Tensor &vec2);
Tensor einsum(c10::string_view equation, TensorList tensors);
Tensor addmm(const Tensor &self, const Tensor &mat1, const Tensor &mat2,
             const Scalar &beta = 1, const Scalar &alpha = 1);
Tensor &addmm_out(Tensor &out, const Tensor &self, const Tensor &mat1,
                  const Tensor &mat2, const Scalar &beta = 1,
                  const Scalar &alpha = 1);
Tensor baddbmm(const Tensor &self, const Tensor &batch1, const Tensor &batch2,
               const Scalar &beta = 1, const Scalar &alpha = 1);
Tensor addbmm(const Tensor &self, const Tensor &batch1, const Tensor &batch2,
              const Scalar &beta = 1, const Scalar &alpha = 1);
Tensor linear(const Tensor &input, const Tensor &weight,
              const optional<Tensor> &bias = {});
Tensor conv2d(const Tensor &input, const Tensor &weight,
              const optional<Tensor> &bias = {}, IntArrayRef stride = 1,
              IntArrayRef padding = 0, IntArrayRef dilation = 1,
              int64_t groups = 1);
Tensor im2col(const Tensor &self, IntArrayRef kernel_size,
              IntArrayRef dilation, IntArrayRef padding, IntArrayRef stride);
Tensor col2im(const Tensor &self, IntArrayRef output_size,
              IntArrayRef kernel_size, IntArrayRef dilation,
              IntArrayRef padding, IntArrayRef stride);
Tensor layer_norm(const Tensor &input, IntArrayRef normalized_shape,
                  const optional<Tensor> &weight = {},
                  const optional<Tensor> &bias = {}, double eps = 1e-05,
                  bool cudnn_enable = true);
Tensor cross(const Tensor &self, const Tensor &other,
             optional<int64_t> dim = nullopt);
Tensor inverse(const Tensor &self);
Tensor cdist(const Tensor &x1, const Tensor &x2, double p = 2,
             optional<int64_t> compute_mode = nullopt);
Tensor grid_sampler(const Tensor &input, const Tensor &grid,
                    int64_t interpolation_mode, int64_t padding_mode,
                    bool align_corners);
Tensor upsample_nearest2d(const Tensor &self, IntArrayRef output_size,
                          optional<double> scales_h = nullopt,
                          optional<double> scales_w = nullopt);
Tensor upsample_bilinear2d(const Tensor &self, IntArrayRef output_size,
                           bool align_corners,
                           optional<double> scales_h = nullopt,
                           optional<double> scales_w = nullopt);

/* ------------------------------------------------ ATen/AccumulateType.h */
template <typename T, c10::DeviceType D> struct AccumulateTypeDevice {};
template <typename T, bool> struct AccumulateType {};
template <typename T> struct AccumulateType<T, false> {
  using type = typename AccumulateTypeDevice<T, c10::DeviceType::CPU>::type;
};
template <typename T> struct AccumulateType<T, true> {
  using type = typename AccumulateTypeDevice<T, c10::DeviceType::CUDA>::type;
};
template <typename T, c10::DeviceType device>
using acc_type_device = typename AccumulateTypeDevice<T, device>::type;
template <typename T, bool is_cuda>
using acc_type = typename AccumulateType<T, is_cuda>::type;
#define ACC_TYPE(t, acc_t, device_type)                                        \
  template <> struct AccumulateTypeDevice<t, device_type> {                    \
    using type = acc_t;                                                        \
  };
#define MPS_ACC_TYPE(t, acc_t) ACC_TYPE(t, acc_t, c10::DeviceType::MPS)
#define XPU_ACC_TYPE(t, acc_t) ACC_TYPE(t, acc_t, c10::DeviceType::XPU)
#define CUDA_ACC_TYPE(t, acc_t) ACC_TYPE(t, acc_t, c10::DeviceType::CUDA)
#define CPU_ACC_TYPE(t, acc_t) ACC_TYPE(t, acc_t, c10::DeviceType::CPU)
CUDA_ACC_TYPE(half, float)
CUDA_ACC_TYPE(BFloat16, float)
CUDA_ACC_TYPE(Half, float)
CUDA_ACC_TYPE(Float8_e5m2, float)
CUDA_ACC_TYPE(Float8_e4m3fn, float)
CUDA_ACC_TYPE(Float8_e5m2fnuz, float)
CUDA_ACC_TYPE(Float8_e4m3fnuz, float)
CUDA_ACC_TYPE(float, float)
CUDA_ACC_TYPE(double, double)
CUDA_ACC_TYPE(int8_t, int64_t)
CUDA_ACC_TYPE(uint8_t, int64_t)
CUDA_ACC_TYPE(char, int64_t)
CUDA_ACC_TYPE(int16_t, int64_t)
CUDA_ACC_TYPE(int32_t, int64_t)
CUDA_ACC_TYPE(int64_t, int64_t)
CUDA_ACC_TYPE(bool, bool)
CUDA_ACC_TYPE(c10::complex<Half>, c10::complex<float>)
CUDA_ACC_TYPE(c10::complex<float>, c10::complex<float>)
CUDA_ACC_TYPE(c10::complex<double>, c10::complex<double>)
CPU_ACC_TYPE(BFloat16, float)
CPU_ACC_TYPE(Half, float)
CPU_ACC_TYPE(Float8_e5m2, float)
CPU_ACC_TYPE(Float8_e4m3fn, float)
CPU_ACC_TYPE(Float8_e5m2fnuz, float)
CPU_ACC_TYPE(Float8_e4m3fnuz, float)
CPU_ACC_TYPE(float, double)
CPU_ACC_TYPE(double, double)
CPU_ACC_TYPE(int8_t, int64_t)
CPU_ACC_TYPE(uint8_t, int64_t)
CPU_ACC_TYPE(char, int64_t)
CPU_ACC_TYPE(int16_t, int64_t)
CPU_ACC_TYPE(int32_t, int64_t)
CPU_ACC_TYPE(int64_t, int64_t)
CPU_ACC_TYPE(bool, bool)
CPU_ACC_TYPE(c10::complex<Half>, c10::complex<float>)
CPU_ACC_TYPE(c10::complex<float>, c10::complex<double>)
CPU_ACC_TYPE(c10::complex<double>, c10::complex<double>)
c10::ScalarType toAccumulateType(c10::ScalarType type, c10::DeviceType device);
c10::ScalarType toAccumulateType(c10::ScalarType type, bool is_cuda);

/* ------------------------------------------------------ ATen/OpMathType.h */
template <typename scalar_t> struct OpMathType {
  using type = scalar_t;
};
template <> struct OpMathType<at::Half> {
  using type = float;
};
template <> struct OpMathType<at::BFloat16> {
  using type = float;
};
template <> struct OpMathType<at::Float8_e5m2> {
  using type = float;
};
template <> struct OpMathType<at::Float8_e4m3fn> {
  using type = float;
};
template <> struct OpMathType<at::Float8_e5m2fnuz> {
  using type = float;
};
template <> struct OpMathType<at::Float8_e4m3fnuz> {
  using type = float;
};
template <> struct OpMathType<at::Float8_e8m0fnu> {
  using type = float;
};
template <> struct OpMathType<c10::complex<Half>> {
  using type = c10::complex<float>;
};
template <> struct OpMathType<c10::complex<BFloat16>> {
  using type = c10::complex<float>;
};
template <typename T> using opmath_type = typename OpMathType<T>::type;
c10::ScalarType toOpMathType(const c10::ScalarType type);

/* at::_isnan / at::_isinf (torch/headeronly/util/NumericUtils.h) */
template <typename T,
          typename ::std::enable_if<::std::is_integral<T>::value, int>::type = 0>
inline C10_HOST_DEVICE bool _isnan(T /*val*/) {
  return false;
}
template <typename T,
          typename ::std::enable_if<::std::is_floating_point<T>::value,
                                    int>::type = 0>
inline C10_HOST_DEVICE bool _isnan(T val) {
  return ::isnan(val);
}
template <typename T>
inline C10_HOST_DEVICE bool _isnan(c10::complex<T> val) {
  return ::isnan(val.real()) || ::isnan(val.imag());
}
inline C10_HOST_DEVICE bool _isnan(at::Half val) {
  return ::isnan(static_cast<float>(val));
}
inline C10_HOST_DEVICE bool _isnan(at::BFloat16 val) {
  return ::isnan(static_cast<float>(val));
}
template <typename T,
          typename ::std::enable_if<::std::is_integral<T>::value, int>::type = 0>
inline C10_HOST_DEVICE bool _isinf(T /*val*/) {
  return false;
}
template <typename T,
          typename ::std::enable_if<::std::is_floating_point<T>::value,
                                    int>::type = 0>
inline C10_HOST_DEVICE bool _isinf(T val) {
  return ::isinf(val);
}
inline C10_HOST_DEVICE bool _isinf(at::Half val) {
  return ::isinf(static_cast<float>(val));
}
inline C10_HOST_DEVICE bool _isinf(at::BFloat16 val) {
  return ::isinf(static_cast<float>(val));
}
/* ATen/ceil_div.h */
template <typename T, typename = typename ::std::enable_if<
                          ::std::is_integral<T>::value>::type>
C10_ALWAYS_INLINE C10_HOST_DEVICE T ceil_div(T a, T b) {
  return (a + b - 1) / b;
}
template <typename T> inline T round_up(T a, T b) {
  return ceil_div(a, b) * b;
}

/* ATen/TensorUtils.h */
struct TensorArg {
  const Tensor &tensor;
  const char *name;
  int pos;
  TensorArg(const Tensor &tensor, const char *name, int pos);
  const Tensor *operator->() const;
  const Tensor &operator*() const;
};
struct TensorGeometryArg {
  TensorGeometryArg(TensorArg arg);
};
using CheckedFrom = const char *;
void checkDim(CheckedFrom c, const Tensor &tensor, const char *name, int pos,
              int64_t dim);
void checkDim(CheckedFrom c, const TensorGeometryArg &t, int64_t dim);
void checkDimRange(CheckedFrom c, const TensorGeometryArg &t,
                   int64_t dim_start, int64_t dim_end);
void checkSameDim(CheckedFrom c, const TensorGeometryArg &t1,
                  const TensorGeometryArg &t2);
void checkContiguous(CheckedFrom c, const TensorGeometryArg &t);
void checkAllContiguous(CheckedFrom c, ArrayRef<TensorArg> ts);
void checkSize(CheckedFrom c, const TensorGeometryArg &t, IntArrayRef sizes);
void checkSize(CheckedFrom c, const TensorGeometryArg &t, int64_t dim,
               int64_t size);
void checkNumel(CheckedFrom c, const TensorGeometryArg &t, int64_t numel);
void checkSameNumel(CheckedFrom c, const TensorArg &t1, const TensorArg &t2);
void checkAllSameNumel(CheckedFrom c, ArrayRef<TensorArg> tensors);
void checkScalarType(CheckedFrom c, const TensorArg &t, ScalarType s);
void checkScalarTypes(CheckedFrom c, const TensorArg &t,
                      ArrayRef<ScalarType> l);
void checkSameGPU(CheckedFrom c, const TensorArg &t1, const TensorArg &t2);
void checkAllSameGPU(CheckedFrom c, ArrayRef<TensorArg> tensors);
void checkSameType(CheckedFrom c, const TensorArg &t1, const TensorArg &t2);
void checkAllSameType(CheckedFrom c, ArrayRef<TensorArg> tensors);
void checkSameSize(CheckedFrom c, const TensorArg &t1, const TensorArg &t2);
void checkAllSameSize(CheckedFrom c, ArrayRef<TensorArg> tensors);
void checkDefined(CheckedFrom c, const TensorArg &t);
void checkAllDefined(CheckedFrom c, ArrayRef<TensorArg> t);
void checkBackend(CheckedFrom c, const Tensor &t, Backend backend);
void checkDeviceType(CheckedFrom c, const Tensor &t, DeviceType device_type);
void checkLayout(CheckedFrom c, const Tensor &t, Layout layout);
bool geometry_is_contiguous(IntArrayRef sizes, IntArrayRef strides);

/* misc ATen */
enum class Tag : uint8_t { core, data_dependent_output, dynamic_output_shape, generated, inplace_view, needs_fixed_stride_order, nondeterministic_bitwise, nondeterministic_seeded, pointwise, pt2_compliant_tag, view_copy };
struct NoTF32Guard {
  NoTF32Guard();
  ~NoTF32Guard();
};
struct AutoDispatchBelowAutograd {
  AutoDispatchBelowAutograd();
  ~AutoDispatchBelowAutograd();
};
class Context {
public:
  bool hasCUDA() const;
  bool deterministicAlgorithms() const;
  bool allowTF32CuBLAS() const;
  bool userEnabledCuDNN() const;
};
Context &globalContext();
void manual_seed(uint64_t seed);
bool hasCUDA();
int get_num_threads();
void set_num_threads(int);
template <class F>
void parallel_for(const int64_t begin, const int64_t end,
                  const int64_t grain_size, const F &f);
} // namespace at

/* ::detail::scalar_type (ATen/Dispatch.h): the dispatch macros accept a
 * ScalarType or the legacy `tensor.type()`. */
namespace detail {
inline at::ScalarType scalar_type(at::ScalarType s) { return s; }
inline at::ScalarType scalar_type(const at::DeprecatedTypeProperties &t) {
  return t.scalarType();
}
} // namespace detail

/* std::numeric_limits for the 16-bit types (as Half.h / BFloat16.h) */
namespace std {
template <> class numeric_limits<c10::Half> {
public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_signed = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr bool is_iec559 = true;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr float_round_style round_style = round_to_nearest;
  static constexpr int digits = 11;
  static constexpr int digits10 = 3;
  static constexpr int max_digits10 = 5;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -13;
  static constexpr int min_exponent10 = -4;
  static constexpr int max_exponent = 16;
  static constexpr int max_exponent10 = 4;
  static constexpr c10::Half min() {
    return c10::Half(0x0400, c10::Half::from_bits());
  }
  static constexpr c10::Half lowest() {
    return c10::Half(0xFBFF, c10::Half::from_bits());
  }
  static constexpr c10::Half max() {
    return c10::Half(0x7BFF, c10::Half::from_bits());
  }
  static constexpr c10::Half epsilon() {
    return c10::Half(0x1400, c10::Half::from_bits());
  }
  static constexpr c10::Half round_error() {
    return c10::Half(0x3800, c10::Half::from_bits());
  }
  static constexpr c10::Half infinity() {
    return c10::Half(0x7C00, c10::Half::from_bits());
  }
  static constexpr c10::Half quiet_NaN() {
    return c10::Half(0x7E00, c10::Half::from_bits());
  }
  static constexpr c10::Half signaling_NaN() {
    return c10::Half(0x7D00, c10::Half::from_bits());
  }
  static constexpr c10::Half denorm_min() {
    return c10::Half(0x0001, c10::Half::from_bits());
  }
};
template <> class numeric_limits<c10::BFloat16> {
public:
  static constexpr bool is_signed = true;
  static constexpr bool is_specialized = true;
  static constexpr bool is_integer = false;
  static constexpr bool is_exact = false;
  static constexpr bool has_infinity = true;
  static constexpr bool has_quiet_NaN = true;
  static constexpr bool has_signaling_NaN = true;
  static constexpr bool is_iec559 = false;
  static constexpr bool is_bounded = true;
  static constexpr bool is_modulo = false;
  static constexpr float_round_style round_style = round_to_nearest;
  static constexpr int digits = 8;
  static constexpr int digits10 = 2;
  static constexpr int max_digits10 = 4;
  static constexpr int radix = 2;
  static constexpr int min_exponent = -125;
  static constexpr int min_exponent10 = -37;
  static constexpr int max_exponent = 128;
  static constexpr int max_exponent10 = 38;
  static constexpr c10::BFloat16 min() {
    return c10::BFloat16(0x0080, c10::BFloat16::from_bits());
  }
  static constexpr c10::BFloat16 lowest() {
    return c10::BFloat16(0xFF7F, c10::BFloat16::from_bits());
  }
  static constexpr c10::BFloat16 max() {
    return c10::BFloat16(0x7F7F, c10::BFloat16::from_bits());
  }
  static constexpr c10::BFloat16 epsilon() {
    return c10::BFloat16(0x3C00, c10::BFloat16::from_bits());
  }
  static constexpr c10::BFloat16 round_error() {
    return c10::BFloat16(0x3F00, c10::BFloat16::from_bits());
  }
  static constexpr c10::BFloat16 infinity() {
    return c10::BFloat16(0x7F80, c10::BFloat16::from_bits());
  }
  static constexpr c10::BFloat16 quiet_NaN() {
    return c10::BFloat16(0x7FC0, c10::BFloat16::from_bits());
  }
  static constexpr c10::BFloat16 signaling_NaN() {
    return c10::BFloat16(0x7F80, c10::BFloat16::from_bits());
  }
  static constexpr c10::BFloat16 denorm_min() {
    return c10::BFloat16(0x0001, c10::BFloat16::from_bits());
  }
};
} // namespace std

/* ================================================================ torch */
namespace torch {
using namespace at;
constexpr auto kUInt8 = at::kByte;
constexpr auto kInt8 = at::kChar;
constexpr auto kInt16 = at::kShort;
constexpr auto kInt32 = at::kInt;
constexpr auto kInt64 = at::kLong;
constexpr auto kUInt16 = at::kUInt16;
constexpr auto kUInt32 = at::kUInt32;
constexpr auto kUInt64 = at::kUInt64;
constexpr auto kFloat16 = at::kHalf;
constexpr auto kFloat32 = at::kFloat;
constexpr auto kFloat64 = at::kDouble;
constexpr auto kU8 = kUInt8;
constexpr auto kU16 = kUInt16;
constexpr auto kU32 = kUInt32;
constexpr auto kU64 = kUInt64;
constexpr auto kI8 = kInt8;
constexpr auto kI16 = kInt16;
constexpr auto kI32 = kInt32;
constexpr auto kI64 = kInt64;
constexpr auto kF16 = kFloat16;
constexpr auto kF32 = kFloat32;
constexpr auto kF64 = kFloat64;
using Dtype = at::ScalarType;
namespace autograd {
using Variable = at::Tensor;
using variable_list = ::std::vector<Variable>;
} // namespace autograd
using autograd::Variable;
struct NoGradGuard {
  NoGradGuard();
  ~NoGradGuard();
};
struct AutoGradMode {
  AutoGradMode(bool enabled);
  ~AutoGradMode();
};
struct InferenceMode {
  InferenceMode(bool enabled = true);
  ~InferenceMode();
};
namespace cuda {
int64_t device_count();
bool is_available();
void synchronize(int64_t device_index = -1);
} // namespace cuda
} // namespace torch

/* ============================================ c10::IValue, c10::List and
 * torch::RegisterOperators (ATen/core/op_registration): the registration
 * `static auto r = torch::RegisterOperators().op("ns::name", &f);` that
 * torch.ops.load_library runs, and the boxed values autograd functions keep
 * in `ctx->saved_data`. */
namespace c10 {
template <class T> class List {
public:
  List();
  List(::std::initializer_list<T> values);
  explicit List(ArrayRef<T> values);
  T get(size_t pos) const;
  T operator[](size_t pos) const;
  size_t size() const;
  bool empty() const;
  void push_back(const T &value) const;
  ::std::vector<T> vec() const;
};
class IValue {
public:
  IValue();
  IValue(at::Tensor t);
  IValue(int64_t i);
  IValue(int i);
  IValue(double d);
  IValue(bool b);
  IValue(::std::string s);
  IValue(const char *s);
  IValue(ArrayRef<int64_t> v);
  IValue(const ::std::vector<int64_t> &v);
  IValue(List<int64_t> v);
  bool isNone() const;
  bool isTensor() const;
  bool isInt() const;
  bool isDouble() const;
  bool isBool() const;
  bool isIntList() const;
  at::Tensor toTensor() const;
  int64_t toInt() const;
  double toDouble() const;
  bool toBool() const;
  ::std::string toStringRef() const;
  List<int64_t> toIntList() const;
  ::std::vector<int64_t> toIntVector() const;
};
class RegisterOperators final {
public:
  class Options final {
  public:
    Options &&schema(const ::std::string &schemaOrName) &&;
    template <class FuncType> Options &&catchAllKernel(FuncType *func) &&;
    template <class Lambda> Options &&catchAllKernel(Lambda &&func) && {
      return static_cast<Options &&>(*this);
    }
  };
  RegisterOperators();
  ~RegisterOperators();
  RegisterOperators(const RegisterOperators &) = delete;
  RegisterOperators(RegisterOperators &&) noexcept;
  static Options options();
  template <class FuncType>
  RegisterOperators &&op(const ::std::string &schemaOrName, FuncType *func,
                         Options &&options = RegisterOperators::options()) &&;
  template <class Lambda>
  RegisterOperators &&op(const ::std::string &schemaOrName, Lambda &&lambda,
                         Options &&options = RegisterOperators::options()) && {
    return static_cast<RegisterOperators &&>(*this); /* a lambda's closure type has no linkage */
  }
  RegisterOperators &&op(Options &&options) &&;
};
} // namespace c10
namespace at {
using c10::IValue;
}
namespace torch {
using c10::IValue;
using c10::RegisterOperators;
namespace jit {
using c10::RegisterOperators;
}
/* torch/csrc/autograd/custom_function.h: a C++ autograd function. The class
 * derives from Function<T> and declares static forward(ctx, args...) and
 * backward(ctx, grad_outputs); T::apply(args...) runs forward and records
 * backward. */
namespace autograd {
struct AutogradContext {
  AutogradContext() = default;
  struct SavedData {
    c10::IValue &operator[](const ::std::string &key);
    const c10::IValue &at(const ::std::string &key) const;
    bool contains(const ::std::string &key) const;
  };
  SavedData saved_data;
  void save_for_backward(variable_list to_save);
  void mark_dirty(const variable_list &inputs);
  void mark_non_differentiable(const variable_list &outputs);
  void set_materialize_grads(bool value);
  variable_list get_saved_variables() const;
  bool needs_input_grad(size_t output_edge_index) const;
};
template <class T> struct Function {
  template <typename X = T, typename... Args>
  static auto apply(Args &&...args)
      -> decltype(X::forward((AutogradContext *)nullptr, args...));
};
} // namespace autograd
} // namespace torch

/* ======================================================= torch/library.h */
namespace c10 {
class FunctionSchema;
class OperatorName;
} // namespace c10
namespace torch {
class CppFunction {
public:
  template <typename Func> explicit CppFunction(Func *f);
  template <typename Func> explicit CppFunction(Func &&f);
  template <typename Func> static CppFunction makeFromBoxedFunction();
  static CppFunction makeFallthrough();
  CppFunction &debug(::std::string d);
};
template <typename Func> CppFunction dispatch(c10::DispatchKey k, Func &&raw_f);
template <typename Func> CppFunction dispatch(c10::DeviceType type, Func &&raw_f);
enum class _RegisterOrVerify { REGISTER, VERIFY };
class Library final {
public:
  enum Kind { DEF, IMPL, FRAGMENT };
  Library(Kind kind, ::std::string ns, optional<c10::DispatchKey> k,
          const char *file, uint32_t line);
  Library(const Library &) = delete;
  Library &operator=(const Library &) = delete;
  Library(Library &&) = default;
  Library &operator=(Library &&) = default;
  template <typename Schema>
  Library &def(Schema &&raw_schema,
               const ::std::vector<at::Tag> &tags = {},
               _RegisterOrVerify rv = _RegisterOrVerify::REGISTER) &;
  template <typename NameOrSchema, typename Func>
  Library &def(NameOrSchema &&raw_name_or_schema, Func &&raw_f,
               const ::std::vector<at::Tag> &tags = {}) &;
  template <typename Name, typename Func>
  Library &impl(Name name, Func &&raw_f,
                _RegisterOrVerify rv = _RegisterOrVerify::REGISTER) &;
  template <typename Name, typename Dispatch, typename Func>
  Library &impl(Name name, Dispatch &&key, Func &&raw_f) &;
  template <typename Func> Library &fallback(Func &&raw_f) &;
  template <class CurClass> void class_(const ::std::string &className);
  Library &set_python_module(const char *pymodule, const char *context = "");
};
namespace detail {
class TorchLibraryInit final {
public:
  using InitFn = void(Library &);
  TorchLibraryInit(Library::Kind kind, InitFn *fn, const char *ns,
                   optional<c10::DispatchKey> k, const char *file,
                   uint32_t line);
};
} // namespace detail
} // namespace torch
#define TORCH_LIBRARY(ns, m)                                                   \
  static void TORCH_LIBRARY_init_##ns(torch::Library &);                       \
  static const torch::detail::TorchLibraryInit TORCH_LIBRARY_static_init_##ns( \
      torch::Library::DEF, &TORCH_LIBRARY_init_##ns, #ns, ::c10::nullopt,      \
      __FILE__, __LINE__);                                                     \
  void TORCH_LIBRARY_init_##ns(torch::Library &m)
#define TORCH_LIBRARY_FRAGMENT(ns, m) _TORCH_LIBRARY_FRAGMENT(ns, m, C10_UID)
#define _TORCH_LIBRARY_FRAGMENT(ns, m, uid)                                    \
  static void C10_CONCATENATE(TORCH_LIBRARY_FRAGMENT_init_##ns##_,             \
                              uid)(torch::Library &);                          \
  static const torch::detail::TorchLibraryInit C10_CONCATENATE(                \
      TORCH_LIBRARY_FRAGMENT_static_init_##ns##_, uid)(                        \
      torch::Library::FRAGMENT,                                                \
      &C10_CONCATENATE(TORCH_LIBRARY_FRAGMENT_init_##ns##_, uid), #ns,         \
      ::c10::nullopt, __FILE__, __LINE__);                                     \
  void C10_CONCATENATE(TORCH_LIBRARY_FRAGMENT_init_##ns##_,                    \
                       uid)(torch::Library & m)
#define TORCH_LIBRARY_IMPL(ns, k, m) _TORCH_LIBRARY_IMPL(ns, k, m, C10_UID)
#define _TORCH_LIBRARY_IMPL(ns, k, m, uid)                                     \
  static void C10_CONCATENATE(TORCH_LIBRARY_IMPL_init_##ns##_##k##_,           \
                              uid)(torch::Library &);                          \
  static const torch::detail::TorchLibraryInit C10_CONCATENATE(                \
      TORCH_LIBRARY_IMPL_static_init_##ns##_##k##_, uid)(                      \
      torch::Library::IMPL,                                                    \
      &C10_CONCATENATE(TORCH_LIBRARY_IMPL_init_##ns##_##k##_, uid), #ns,       \
      ::c10::make_optional(c10::DispatchKey::k), __FILE__, __LINE__);          \
  void C10_CONCATENATE(TORCH_LIBRARY_IMPL_init_##ns##_##k##_,                  \
                       uid)(torch::Library & m)
#define TORCH_FN(func) (func)
#define TORCH_SELECTIVE_SCHEMA(n) (n)
#define TORCH_SELECTIVE_NAME(n) (n)

/* ======================================================= AT_DISPATCH_*
 * ATen/Dispatch.h: an immediately-invoked lambda switching on the
 * ScalarType; each case declares `using scalar_t = <C++ type>;` and returns
 * the lambda's result.  Unlisted dtypes fail with TORCH_CHECK_NOT_IMPLEMENTED. */
#define AT_PRIVATE_CHECK_SELECTIVE_BUILD(enum_type)                            \
  do {                                                                         \
  } while (0)
#define RECORD_KERNEL_FUNCTION_DTYPE(NAME, enum_type)
#define AT_PRIVATE_CASE_TYPE_USING_HINT(enum_type, HINT, ...)                  \
  case enum_type: {                                                            \
    AT_PRIVATE_CHECK_SELECTIVE_BUILD(enum_type);                               \
    using HINT [[maybe_unused]] = ::c10::impl::ScalarTypeToCPPTypeT<enum_type>; \
    return __VA_ARGS__();                                                      \
  }
#define AT_DISPATCH_CASE(enum_type, ...)                                       \
  AT_PRIVATE_CASE_TYPE_USING_HINT(enum_type, scalar_t, __VA_ARGS__)
#define AT_DISPATCH_SWITCH(TYPE, NAME, ...)                                    \
  [&] {                                                                        \
    const auto &the_type = TYPE;                                               \
    constexpr const char *at_dispatch_name = NAME;                             \
    ::c10::ScalarType _st = ::detail::scalar_type(the_type);                   \
    RECORD_KERNEL_FUNCTION_DTYPE(at_dispatch_name, _st);                       \
    switch (_st) {                                                             \
      __VA_ARGS__                                                              \
    default:                                                                   \
      TORCH_CHECK_NOT_IMPLEMENTED(false, '"', at_dispatch_name,                \
                                  "\" not implemented for '",                  \
                                  ::c10::toString(_st), "'");                  \
    }                                                                          \
  }()
#define AT_DISPATCH_CASE_QINT(enum_type, scalar_type, ...)                     \
  case enum_type: {                                                            \
    using scalar_t = scalar_type;                                              \
    using underlying_t [[maybe_unused]] = typename scalar_t::underlying;       \
    [[maybe_unused]] const auto &SCALAR_TYPE = enum_type;                      \
    [[maybe_unused]] const auto &UNDERLYING_TYPE = ::c10::toUnderlying(enum_type); \
    return __VA_ARGS__();                                                      \
  }

/* double, float */
#define AT_DISPATCH_CASE_FLOATING_TYPES(...)                                   \
  AT_DISPATCH_CASE(at::ScalarType::Double, __VA_ARGS__)                        \
  AT_DISPATCH_CASE(at::ScalarType::Float, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...)                            \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__))
/* double, float, at::Half */
#define AT_DISPATCH_CASE_FLOATING_TYPES_AND_HALF(...)                          \
  AT_DISPATCH_CASE(at::ScalarType::Double, __VA_ARGS__)                        \
  AT_DISPATCH_CASE(at::ScalarType::Float, __VA_ARGS__)                         \
  AT_DISPATCH_CASE(at::ScalarType::Half, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...)                   \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_TYPES_AND_HALF(__VA_ARGS__))
/* at::Half, at::BFloat16 */
#define AT_DISPATCH_CASE_REDUCED_FLOATING_TYPES(...)                           \
  AT_DISPATCH_CASE(at::ScalarType::Half, __VA_ARGS__)                          \
  AT_DISPATCH_CASE(at::ScalarType::BFloat16, __VA_ARGS__)
#define AT_DISPATCH_REDUCED_FLOATING_TYPES(TYPE, NAME, ...)                    \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_REDUCED_FLOATING_TYPES(__VA_ARGS__))
/* double, float, then the extra types in the order given */
#define AT_DISPATCH_CASE_FLOATING_TYPES_AND(SCALARTYPE, ...)                   \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE(SCALARTYPE, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND(SCALARTYPE, TYPE, NAME, ...)            \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_TYPES_AND(SCALARTYPE, __VA_ARGS__))
#define AT_DISPATCH_CASE_FLOATING_TYPES_AND2(SCALARTYPE1, SCALARTYPE2, ...)    \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE(SCALARTYPE1, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE2, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND2(SCALARTYPE1, SCALARTYPE2, TYPE, NAME,  \
                                        ...)                                   \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_TYPES_AND2(                     \
                         SCALARTYPE1, SCALARTYPE2, __VA_ARGS__))
#define AT_DISPATCH_CASE_FLOATING_TYPES_AND3(SCALARTYPE1, SCALARTYPE2,         \
                                             SCALARTYPE3, ...)                 \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE(SCALARTYPE1, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE2, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE3, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND3(SCALARTYPE1, SCALARTYPE2, SCALARTYPE3, \
                                        TYPE, NAME, ...)                       \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_TYPES_AND3(                     \
                         SCALARTYPE1, SCALARTYPE2, SCALARTYPE3, __VA_ARGS__))
#define AT_DISPATCH_CASE_FLOATING_TYPES_AND4(SCALARTYPE1, SCALARTYPE2,         \
                                             SCALARTYPE3, SCALARTYPE4, ...)    \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE(SCALARTYPE1, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE2, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE3, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE4, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND4(SCALARTYPE1, SCALARTYPE2, SCALARTYPE3, \
                                        SCALARTYPE4, TYPE, NAME, ...)          \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_TYPES_AND4(                     \
                         SCALARTYPE1, SCALARTYPE2, SCALARTYPE3, SCALARTYPE4,   \
                         __VA_ARGS__))
/* c10::complex<double>, c10::complex<float> */
#define AT_DISPATCH_CASE_COMPLEX_TYPES(...)                                    \
  AT_DISPATCH_CASE(at::ScalarType::ComplexDouble, __VA_ARGS__)                 \
  AT_DISPATCH_CASE(at::ScalarType::ComplexFloat, __VA_ARGS__)
#define AT_DISPATCH_COMPLEX_TYPES(TYPE, NAME, ...)                             \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_COMPLEX_TYPES(__VA_ARGS__))
#define AT_DISPATCH_CASE_COMPLEX_TYPES_AND(SCALARTYPE, ...)                    \
  AT_DISPATCH_CASE_COMPLEX_TYPES(__VA_ARGS__)                                  \
  AT_DISPATCH_CASE(SCALARTYPE, __VA_ARGS__)
#define AT_DISPATCH_COMPLEX_TYPES_AND(SCALARTYPE, TYPE, NAME, ...)             \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_COMPLEX_TYPES_AND(SCALARTYPE, __VA_ARGS__))
/* double, float, c10::complex<double>, c10::complex<float>, then extras */
#define AT_DISPATCH_CASE_FLOATING_AND_COMPLEX_TYPES(...)                       \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE_COMPLEX_TYPES(__VA_ARGS__)
#define AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES(TYPE, NAME, ...)                \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_AND_COMPLEX_TYPES(__VA_ARGS__))
#define AT_DISPATCH_CASE_FLOATING_AND_COMPLEX_TYPES_AND1(SCALARTYPE, ...)      \
  AT_DISPATCH_CASE_FLOATING_AND_COMPLEX_TYPES(__VA_ARGS__)                     \
  AT_DISPATCH_CASE(SCALARTYPE, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES_AND1(SCALARTYPE, TYPE, NAME,    \
                                                    ...)                       \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_AND_COMPLEX_TYPES_AND1(         \
                         SCALARTYPE, __VA_ARGS__))
#define AT_DISPATCH_CASE_FLOATING_AND_COMPLEX_TYPES_AND2(SCALARTYPE1,          \
                                                         SCALARTYPE2, ...)     \
  AT_DISPATCH_CASE_FLOATING_AND_COMPLEX_TYPES(__VA_ARGS__)                     \
  AT_DISPATCH_CASE(SCALARTYPE1, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE2, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES_AND2(SCALARTYPE1, SCALARTYPE2,  \
                                                    TYPE, NAME, ...)           \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_FLOATING_AND_COMPLEX_TYPES_AND2(         \
                         SCALARTYPE1, SCALARTYPE2, __VA_ARGS__))
/* uint8_t, int8_t, int32_t, int64_t, int16_t (ATen's order: Byte, Char,
 * Int, Long, Short), then extras */
#define AT_DISPATCH_CASE_INTEGRAL_TYPES(...)                                   \
  AT_DISPATCH_CASE(at::ScalarType::Byte, __VA_ARGS__)                          \
  AT_DISPATCH_CASE(at::ScalarType::Char, __VA_ARGS__)                          \
  AT_DISPATCH_CASE(at::ScalarType::Int, __VA_ARGS__)                           \
  AT_DISPATCH_CASE(at::ScalarType::Long, __VA_ARGS__)                          \
  AT_DISPATCH_CASE(at::ScalarType::Short, __VA_ARGS__)
#define AT_DISPATCH_INTEGRAL_TYPES(TYPE, NAME, ...)                            \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_INTEGRAL_TYPES(__VA_ARGS__))
#define AT_DISPATCH_CASE_INTEGRAL_TYPES_AND(SCALARTYPE, ...)                   \
  AT_DISPATCH_CASE_INTEGRAL_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE(SCALARTYPE, __VA_ARGS__)
#define AT_DISPATCH_INTEGRAL_TYPES_AND(SCALARTYPE, TYPE, NAME, ...)            \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_INTEGRAL_TYPES_AND(SCALARTYPE, __VA_ARGS__))
/* the integral types (above), then double, float, then extras */
#define AT_DISPATCH_CASE_ALL_TYPES(...)                                        \
  AT_DISPATCH_CASE_INTEGRAL_TYPES(__VA_ARGS__)                                 \
  AT_DISPATCH_CASE_FLOATING_TYPES(__VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES(TYPE, NAME, ...)                                 \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_ALL_TYPES(__VA_ARGS__))
#define AT_DISPATCH_CASE_ALL_TYPES_AND(SCALARTYPE, ...)                        \
  AT_DISPATCH_CASE_ALL_TYPES(__VA_ARGS__)                                      \
  AT_DISPATCH_CASE(SCALARTYPE, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND(SCALARTYPE, TYPE, NAME, ...)                 \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_ALL_TYPES_AND(SCALARTYPE, __VA_ARGS__))
#define AT_DISPATCH_CASE_ALL_TYPES_AND2(SCALARTYPE1, SCALARTYPE2, ...)         \
  AT_DISPATCH_CASE_ALL_TYPES(__VA_ARGS__)                                      \
  AT_DISPATCH_CASE(SCALARTYPE1, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE2, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND2(SCALARTYPE1, SCALARTYPE2, TYPE, NAME, ...)  \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_ALL_TYPES_AND2(SCALARTYPE1, SCALARTYPE2, \
                                                     __VA_ARGS__))
#define AT_DISPATCH_CASE_ALL_TYPES_AND3(SCALARTYPE1, SCALARTYPE2, SCALARTYPE3, \
                                        ...)                                   \
  AT_DISPATCH_CASE_ALL_TYPES(__VA_ARGS__)                                      \
  AT_DISPATCH_CASE(SCALARTYPE1, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE2, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE3, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND3(SCALARTYPE1, SCALARTYPE2, SCALARTYPE3,      \
                                   TYPE, NAME, ...)                            \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_ALL_TYPES_AND3(                          \
                         SCALARTYPE1, SCALARTYPE2, SCALARTYPE3, __VA_ARGS__))
/* all types (above), then c10::complex<double>, c10::complex<float>, extras */
#define AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX(...)                            \
  AT_DISPATCH_CASE_ALL_TYPES(__VA_ARGS__)                                      \
  AT_DISPATCH_CASE_COMPLEX_TYPES(__VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX(TYPE, NAME, ...)                     \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX(__VA_ARGS__))
#define AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND(SCALARTYPE, ...)            \
  AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX(__VA_ARGS__)                          \
  AT_DISPATCH_CASE(SCALARTYPE, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND(SCALARTYPE, TYPE, NAME, ...)     \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND(SCALARTYPE,    \
                                                                __VA_ARGS__))
#define AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND2(SCALARTYPE1, SCALARTYPE2,  \
                                                    ...)                       \
  AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX(__VA_ARGS__)                          \
  AT_DISPATCH_CASE(SCALARTYPE1, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE2, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND2(SCALARTYPE1, SCALARTYPE2, TYPE, \
                                               NAME, ...)                      \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND2(              \
                         SCALARTYPE1, SCALARTYPE2, __VA_ARGS__))
#define AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND3(SCALARTYPE1, SCALARTYPE2,  \
                                                    SCALARTYPE3, ...)          \
  AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX(__VA_ARGS__)                          \
  AT_DISPATCH_CASE(SCALARTYPE1, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE2, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE3, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND3(SCALARTYPE1, SCALARTYPE2,       \
                                               SCALARTYPE3, TYPE, NAME, ...)   \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND3(              \
                         SCALARTYPE1, SCALARTYPE2, SCALARTYPE3, __VA_ARGS__))
#define AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND4(                           \
    SCALARTYPE1, SCALARTYPE2, SCALARTYPE3, SCALARTYPE4, ...)                   \
  AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX(__VA_ARGS__)                          \
  AT_DISPATCH_CASE(SCALARTYPE1, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE2, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE3, __VA_ARGS__)                                   \
  AT_DISPATCH_CASE(SCALARTYPE4, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND4(SCALARTYPE1, SCALARTYPE2,       \
                                               SCALARTYPE3, SCALARTYPE4, TYPE, \
                                               NAME, ...)                      \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_DISPATCH_CASE_ALL_TYPES_AND_COMPLEX_AND4(              \
                         SCALARTYPE1, SCALARTYPE2, SCALARTYPE3, SCALARTYPE4,   \
                         __VA_ARGS__))
/* qint8, quint8, qint32 (scalar_t, underlying_t) */
#define AT_DISPATCH_CASE_QINT_TYPES(...)                                       \
  AT_DISPATCH_CASE_QINT(at::kQInt8, at::qint8, __VA_ARGS__)                    \
  AT_DISPATCH_CASE_QINT(at::kQUInt8, at::quint8, __VA_ARGS__)                  \
  AT_DISPATCH_CASE_QINT(at::kQInt32, at::qint32, __VA_ARGS__)
#define AT_DISPATCH_QINT_TYPES(TYPE, NAME, ...)                                \
  AT_DISPATCH_SWITCH(TYPE, NAME, AT_DISPATCH_CASE_QINT_TYPES(__VA_ARGS__))
/* int32_t, int64_t, as `index_t` */
#define AT_DISPATCH_INDEX_TYPES(TYPE, NAME, ...)                               \
  AT_DISPATCH_SWITCH(TYPE, NAME,                                               \
                     AT_PRIVATE_CASE_TYPE_USING_HINT(at::ScalarType::Int,      \
                                                     index_t, __VA_ARGS__)     \
                         AT_PRIVATE_CASE_TYPE_USING_HINT(                      \
                             at::ScalarType::Long, index_t, __VA_ARGS__))

#endif /* CUDA2TILE_TORCH_H */
