// cuda2tile CPU SIMT runtime: the device side of PyTorch's C++ headers that kernels use, the tensor
// accessors of ATen/core/TensorAccessor.h (same classes, same layout: `T* data_; index_t sizes_[N];
// index_t strides_[N];`, so a launch spec's "a.data", "a.size0"... fields land where PyTorch puts them).
// The host API (`at::Tensor`, factories, AT_DISPATCH) is not here: a file whose host code uses it does
// not build on the CPU runtime (its kernels run on the GPU side of parity, or through `cuda2tile
// convert`'s PyTorch package, docs/pytorch.md).
#pragma once
#include "cuda_cpu_runtime.h"
#include <cstddef>
#include <cstdint>

#ifndef C10_HOST_DEVICE
#define C10_HOST_DEVICE __host__ __device__
#define C10_HOST __host__
#define C10_DEVICE __device__
#endif

namespace at {
template <typename T> struct DefaultPtrTraits { typedef T *PtrType; };
template <typename T> struct RestrictPtrTraits { typedef T *__restrict__ PtrType; };

template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class TensorAccessorBase {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST_DEVICE TensorAccessorBase(PtrType data_, const index_t *sizes_, const index_t *strides_)
      : data_(data_), sizes_(sizes_), strides_(strides_) {}
  C10_HOST_DEVICE index_t stride(index_t i) const { return strides_[i]; }
  C10_HOST_DEVICE index_t size(index_t i) const { return sizes_[i]; }
  C10_HOST_DEVICE PtrType data() { return data_; }
  C10_HOST_DEVICE const PtrType data() const { return data_; }

protected:
  PtrType data_;
  const index_t *sizes_;
  const index_t *strides_;
};

template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class TensorAccessor : public TensorAccessorBase<T, N, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST_DEVICE TensorAccessor(PtrType data_, const index_t *sizes_, const index_t *strides_)
      : TensorAccessorBase<T, N, PtrTraits, index_t>(data_, sizes_, strides_) {}
  C10_HOST_DEVICE TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i) {
    return TensorAccessor<T, N - 1, PtrTraits, index_t>(this->data_ + this->strides_[0] * i, this->sizes_ + 1,
                                                        this->strides_ + 1);
  }
  C10_HOST_DEVICE const TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i) const {
    return TensorAccessor<T, N - 1, PtrTraits, index_t>(this->data_ + this->strides_[0] * i, this->sizes_ + 1,
                                                        this->strides_ + 1);
  }
};

template <typename T, template <typename U> class PtrTraits, typename index_t>
class TensorAccessor<T, 1, PtrTraits, index_t> : public TensorAccessorBase<T, 1, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST_DEVICE TensorAccessor(PtrType data_, const index_t *sizes_, const index_t *strides_)
      : TensorAccessorBase<T, 1, PtrTraits, index_t>(data_, sizes_, strides_) {}
  C10_HOST_DEVICE T &operator[](index_t i) { return this->data_[this->strides_[0] * i]; }
  C10_HOST_DEVICE const T &operator[](index_t i) const { return this->data_[this->strides_[0] * i]; }
};

template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class GenericPackedTensorAccessorBase {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_HOST_DEVICE index_t stride(index_t i) const { return strides_[i]; }
  C10_HOST_DEVICE index_t size(index_t i) const { return sizes_[i]; }
  C10_HOST_DEVICE PtrType data() { return data_; }
  C10_HOST_DEVICE const PtrType data() const { return data_; }

protected:
  PtrType data_;
  index_t sizes_[N];
  index_t strides_[N];
};

template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
class GenericPackedTensorAccessor : public GenericPackedTensorAccessorBase<T, N, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_DEVICE TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i) {
    index_t *new_sizes = this->sizes_ + 1;
    index_t *new_strides = this->strides_ + 1;
    return TensorAccessor<T, N - 1, PtrTraits, index_t>(this->data_ + this->strides_[0] * i, new_sizes,
                                                        new_strides);
  }
  C10_DEVICE const TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t i) const {
    const index_t *new_sizes = this->sizes_ + 1;
    const index_t *new_strides = this->strides_ + 1;
    return TensorAccessor<T, N - 1, PtrTraits, index_t>(this->data_ + this->strides_[0] * i, new_sizes,
                                                        new_strides);
  }
};

template <typename T, template <typename U> class PtrTraits, typename index_t>
class GenericPackedTensorAccessor<T, 1, PtrTraits, index_t>
    : public GenericPackedTensorAccessorBase<T, 1, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  C10_DEVICE T &operator[](index_t i) { return this->data_[this->strides_[0] * i]; }
  C10_DEVICE const T &operator[](index_t i) const { return this->data_[this->strides_[0] * i]; }
};

template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits,
          typename index_t = int64_t>
using PackedTensorAccessor = GenericPackedTensorAccessor<T, N, PtrTraits, index_t>;
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 = GenericPackedTensorAccessor<T, N, PtrTraits, int32_t>;
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 = GenericPackedTensorAccessor<T, N, PtrTraits, int64_t>;
} // namespace at

namespace torch {
using namespace at;
} // namespace torch
