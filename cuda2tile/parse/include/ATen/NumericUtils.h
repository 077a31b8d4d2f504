/* ATen/NumericUtils.h stand-in (cuda2tile): the at::exp/log/... templates
 * and at::numeric_limits, with PyTorch's bodies (at::_isnan and at::_isinf
 * are in cuda2tile_torch.h, as in torch/headeronly).
 * Not part of cuda2tile_torch.h because ATen/ATen.h does not include it: with
 * `using namespace at;` its at::numeric_limits and at::exp would otherwise
 * meet std::numeric_limits and ::exp. */
#ifndef CUDA2TILE_ATEN_NUMERICUTILS_H
#define CUDA2TILE_ATEN_NUMERICUTILS_H
#include "cuda2tile_torch.h"
namespace at {
template <typename T> C10_HOST_DEVICE inline T exp(T x) {
  return ::exp(x);
}
template <typename T> C10_HOST_DEVICE inline T log(T x) {
  return ::log(x);
}
template <typename T> C10_HOST_DEVICE inline T tan(T x) {
  return ::tan(x);
}
template <typename T> C10_HOST_DEVICE inline T log1p(T x) {
  return ::log1p(x);
}
template <typename T> C10_HOST_DEVICE inline T expm1(T x) {
  return ::expm1(x);
}
template <typename T> C10_HOST_DEVICE inline T nextafter(T from, T to) {
  return ::nextafter(from, to);
}

/* at::numeric_limits (ATen/NumericUtils.h, CUDA path) */
template <typename T> struct numeric_limits {};
template <> struct numeric_limits<bool> {
  static inline __host__ __device__ bool lowest() { return false; }
  static inline __host__ __device__ bool max() { return true; }
  static inline __host__ __device__ bool lower_bound() { return false; }
  static inline __host__ __device__ bool upper_bound() { return true; }
};
#define __C2T_TORCH_INT_LIMITS(T, LO, HI)                                      \
  template <> struct numeric_limits<T> {                                       \
    static inline __host__ __device__ T lowest() { return LO; }                \
    static inline __host__ __device__ T max() { return HI; }                   \
    static inline __host__ __device__ T lower_bound() { return LO; }           \
    static inline __host__ __device__ T upper_bound() { return HI; }           \
  };
__C2T_TORCH_INT_LIMITS(uint8_t, 0, UINT8_MAX)
__C2T_TORCH_INT_LIMITS(int8_t, INT8_MIN, INT8_MAX)
__C2T_TORCH_INT_LIMITS(int16_t, INT16_MIN, INT16_MAX)
__C2T_TORCH_INT_LIMITS(int32_t, INT32_MIN, INT32_MAX)
__C2T_TORCH_INT_LIMITS(int64_t, INT64_MIN, INT64_MAX)
#undef __C2T_TORCH_INT_LIMITS
template <> struct numeric_limits<at::Half> {
  static inline __host__ __device__ at::Half lowest() {
    return at::Half(0xFBFF, at::Half::from_bits());
  }
  static inline __host__ __device__ at::Half max() {
    return at::Half(0x7BFF, at::Half::from_bits());
  }
  static inline __host__ __device__ at::Half lower_bound() {
    return at::Half(0xFC00, at::Half::from_bits());
  }
  static inline __host__ __device__ at::Half upper_bound() {
    return at::Half(0x7C00, at::Half::from_bits());
  }
};
template <> struct numeric_limits<at::BFloat16> {
  static inline __host__ __device__ at::BFloat16 lowest() {
    return at::BFloat16(0xFF7F, at::BFloat16::from_bits());
  }
  static inline __host__ __device__ at::BFloat16 max() {
    return at::BFloat16(0x7F7F, at::BFloat16::from_bits());
  }
  static inline __host__ __device__ at::BFloat16 lower_bound() {
    return at::BFloat16(0xFF80, at::BFloat16::from_bits());
  }
  static inline __host__ __device__ at::BFloat16 upper_bound() {
    return at::BFloat16(0x7F80, at::BFloat16::from_bits());
  }
};
template <> struct numeric_limits<float> {
  static inline __host__ __device__ float lowest() { return -FLT_MAX; }
  static inline __host__ __device__ float max() { return FLT_MAX; }
  static inline __host__ __device__ float lower_bound() {
    return -__builtin_huge_valf();
  }
  static inline __host__ __device__ float upper_bound() {
    return __builtin_huge_valf();
  }
};
template <> struct numeric_limits<double> {
  static inline __host__ __device__ double lowest() { return -DBL_MAX; }
  static inline __host__ __device__ double max() { return DBL_MAX; }
  static inline __host__ __device__ double lower_bound() {
    return -__builtin_huge_val();
  }
  static inline __host__ __device__ double upper_bound() {
    return __builtin_huge_val();
  }
};

} // namespace at
#endif
