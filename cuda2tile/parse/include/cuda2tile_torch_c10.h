/* cuda2tile_torch_c10.h -- part of the hermetic stand-in for the PyTorch C++
 * API (cuda2tile_torch.h includes it): macros, error checks, c10 types.
 * The stand-in as a whole covers what CUDA extensions include
 * (<torch/extension.h>, <ATen/ATen.h>, ...); see README-torch.md.
 *
 * Host API (at::Tensor, factories, TensorOptions, the error macros,
 * pybind11 in cuda2tile_pybind11.h) is declaration-only: extension host code
 * parses, is type-checked against PyTorch's signatures, and is never
 * converted.  Device-side types have PyTorch's real bodies, written for the
 * device compilation pass (__CUDA_ARCH__ defined, USE_ROCM undefined):
 * c10::Half, c10::BFloat16, c10::complex, the tensor accessors,
 * at::numeric_limits, at::acc_type / at::opmath_type.  The AT_DISPATCH_*
 * macros have ATen's semantics: one `case` per dtype, each with
 * `using scalar_t = <C++ type>;`, in ATen's order.
 *
 * Layout follows PyTorch: c10 holds the core types, `namespace at { using
 * namespace c10; }`, `namespace torch { using namespace at; }`,
 * `namespace at::cuda { using namespace c10::cuda; }`.  Internal helpers
 * live in cuda2tile_torch_detail. */
#ifndef CUDA2TILE_TORCH_C10_H
#define CUDA2TILE_TORCH_C10_H

#include "cuda2tile_prelude.h"
#include "cuda_fp16.h"
#include "cuda_bf16.h"
#include "string"
#include "vector"
#include "iostream"
#include "stdexcept"
/* Standard headers PyTorch brings in transitively; included when this
 * prelude provides them. */
#if __has_include(<tuple>)
#include <tuple>
#define CUDA2TILE_TORCH_HAS_TUPLE 1
#endif
#if __has_include(<optional>)
#include <optional>
#endif
#if __has_include(<memory>)
#include <memory>
#endif
#if __has_include(<map>)
#include <map>
#endif
#if __has_include(<functional>)
#include <functional>
#define CUDA2TILE_TORCH_HAS_FUNCTIONAL 1
#endif
#if __has_include(<array>)
#include <array>
#endif
#if __has_include(<unordered_map>)
#include <unordered_map>
#endif
#if __has_include(<string_view>)
#include <string_view>
#endif

/* ------------------------------------------------------------------ macros
 * c10/macros/Macros.h, Export.h (CUDA, not ROCm). */
#define C10_HOST_DEVICE __host__ __device__
#define C10_DEVICE __device__
#define C10_HOST __host__
#define C10_API
#define C10_CUDA_API
#define TORCH_API
#define TORCH_CUDA_CPP_API
#define TORCH_CUDA_CU_API
#define TORCH_PYTHON_API
#define C10_EXPORT
#define C10_IMPORT
#define C10_HIDDEN
#define CAFFE2_API
#define C10_UNUSED [[maybe_unused]]
#define C10_NODISCARD [[nodiscard]]
#define C10_NORETURN [[noreturn]]
#define C10_FALLTHROUGH [[fallthrough]]
#define C10_RESTRICT __restrict
#define C10_LIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 1))
#define C10_UNLIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 0))
#define C10_UNLIKELY_OR_CONST(e) C10_UNLIKELY(e)
#define C10_ALWAYS_INLINE __attribute__((__always_inline__)) inline
#define C10_ALWAYS_INLINE_ATTRIBUTE __attribute__((__always_inline__))
#define C10_NOINLINE __attribute__((__noinline__))
#define C10_ATTR_VISIBILITY_HIDDEN __attribute__((__visibility__("hidden")))
#define C10_LIFETIMEBOUND
#define C10_DEPRECATED
#define C10_DEPRECATED_MESSAGE(message)
#define C10_DEFINE_DEPRECATED_USING(TypeName, TypeThingy)                      \
  using TypeName = TypeThingy;
#define C10_CONCATENATE_IMPL(s1, s2) s1##s2
#define C10_CONCATENATE(s1, s2) C10_CONCATENATE_IMPL(s1, s2)
#define C10_MACRO_EXPAND(args) args
#define C10_EXPAND_MSVC_WORKAROUND(x) x
#define C10_STRINGIZE_IMPL(x) #x
#define C10_STRINGIZE(x) C10_STRINGIZE_IMPL(x)
#define C10_UID __COUNTER__
#define C10_ANONYMOUS_VARIABLE(str) C10_CONCATENATE(str, __LINE__)
#define C10_CLANG_DIAGNOSTIC_PUSH()
#define C10_CLANG_DIAGNOSTIC_POP()
#define C10_CLANG_DIAGNOSTIC_IGNORE(flag)
#define C10_CLANG_HAS_WARNING(flag) 0
#define C10_DIAGNOSTIC_PUSH_AND_IGNORED_IF_DEFINED(warning)
#define C10_DIAGNOSTIC_POP()
#define C10_HOST_CONSTEXPR_EXCEPT_WIN_CUDA constexpr
#define C10_HOST_CONSTEXPR_VAR constexpr
#define CONSTEXPR_EXCEPT_WIN_CUDA constexpr
#define C10_TYPENAME_CONSTEXPR constexpr
#define C10_ASAN_ENABLED 0
#define C10_MOBILE 0
#define __ubsan_ignore_float_divide_by_zero__                                  \
  __attribute__((no_sanitize("float-divide-by-zero")))
#define __ubsan_ignore_undefined__ __attribute__((no_sanitize("undefined")))
#define __ubsan_ignore_signed_int_overflow__                                   \
  __attribute__((no_sanitize("signed-integer-overflow")))
#define __ubsan_ignore_pointer_overflow__                                      \
  __attribute__((no_sanitize("pointer-overflow")))
#define __ubsan_ignore_function__ __attribute__((no_sanitize("function")))
#define __ubsan_ignore_float_cast_overflow__                                   \
  __attribute__((no_sanitize("float-cast-overflow")))
/* CUDA launch bounds (Macros.h, non-ROCm values) */
#define CUDA_MAX_THREADS_PER_SM 2048
#define CUDA_MAX_THREADS_PER_BLOCK 1024
#define CUDA_THREADS_PER_BLOCK_FALLBACK 256
#define C10_MAX_THREADS_PER_BLOCK(val)                                         \
  (((val) <= CUDA_MAX_THREADS_PER_BLOCK) ? (val)                               \
                                         : CUDA_THREADS_PER_BLOCK_FALLBACK)
#define C10_MIN_BLOCKS_PER_SM(threads_per_block, blocks_per_sm)                \
  ((((threads_per_block) * (blocks_per_sm) <= CUDA_MAX_THREADS_PER_SM)         \
        ? (blocks_per_sm)                                                      \
        : ((CUDA_MAX_THREADS_PER_SM + (threads_per_block) - 1) /               \
           (threads_per_block))))
#define C10_LAUNCH_BOUNDS_0 __launch_bounds__(256, 4)
#define C10_LAUNCH_BOUNDS_1(max_threads_per_block)                             \
  __launch_bounds__((C10_MAX_THREADS_PER_BLOCK((max_threads_per_block))))
#define C10_LAUNCH_BOUNDS_2(max_threads_per_block, min_blocks_per_sm)          \
  __launch_bounds__(                                                           \
      (C10_MAX_THREADS_PER_BLOCK((max_threads_per_block))),                    \
      (C10_MIN_BLOCKS_PER_SM((max_threads_per_block), (min_blocks_per_sm))))
#define C10_WARP_SIZE 32
#define C10_WARP_SIZE_LOWER_BOUND 32
#define C10_WARP_SIZE_UPPER_BOUND 32
/* device-side assertions (Macros.h, Linux CUDA) */
#define CUDA_KERNEL_ASSERT(cond)                                               \
  if (C10_UNLIKELY(!(cond))) {                                                 \
    __assert_fail(#cond, __FILE__, static_cast<unsigned int>(__LINE__),        \
                  __func__);                                                   \
  }
#define CUDA_KERNEL_ASSERT_MSG(cond, msg)                                      \
  if (C10_UNLIKELY(!(cond))) {                                                 \
    __assert_fail(msg, __FILE__, static_cast<unsigned int>(__LINE__),          \
                  __func__);                                                   \
  }
#define CUDA_KERNEL_ASSERT_PRINTF(cond, msg, ...)                              \
  if (C10_UNLIKELY(!(cond))) {                                                 \
    printf(msg, ##__VA_ARGS__);                                                \
    __assert_fail(#cond, __FILE__, static_cast<unsigned int>(__LINE__),        \
                  __func__);                                                   \
  }
#define SYCL_KERNEL_ASSERT(cond) CUDA_KERNEL_ASSERT(cond)

/* ------------------------------------------------------------------ the
 * namespaces (torch/headeronly/macros/Macros.h) */
namespace c10 {
namespace cuda {}
namespace hip {}
namespace detail {}
} // namespace c10
namespace caffe2 {
using namespace c10;
}
namespace at {
using namespace c10;
namespace cuda {
using namespace c10::cuda;
}
} // namespace at

/* ------------------------------------------------------------------
 * internal helpers: std-like pieces this prelude may not provide */
namespace cuda2tile_torch_detail {
struct nullopt_t {
  constexpr explicit nullopt_t(int) {}
};
inline constexpr nullopt_t nullopt{0};
/* c10::optional when <optional> is not available (declaration-only, host) */
template <class T> class optional {
  alignas(T) unsigned char storage_[sizeof(T)];
  bool engaged_;

public:
  typedef T value_type;
  optional() noexcept;
  optional(nullopt_t) noexcept;
  optional(const optional &other);
  optional(optional &&other);
  template <class U = T,
            typename ::std::enable_if<
                ::std::is_convertible<U &&, T>::value &&
                    !::std::is_same<typename ::std::decay<U>::type,
                                    optional>::value &&
                    !::std::is_same<typename ::std::decay<U>::type,
                                    nullopt_t>::value,
                int>::type = 0>
  optional(U &&value);
  template <class U,
            typename ::std::enable_if<::std::is_convertible<const U &, T>::value,
                                      int>::type = 0>
  optional(const optional<U> &other);
  ~optional();
  optional &operator=(nullopt_t) noexcept;
  optional &operator=(const optional &other);
  optional &operator=(optional &&other);
  template <class U = T,
            typename ::std::enable_if<
                ::std::is_convertible<U &&, T>::value &&
                    !::std::is_same<typename ::std::decay<U>::type,
                                    optional>::value,
                int>::type = 0>
  optional &operator=(U &&value);
  bool has_value() const noexcept;
  explicit operator bool() const noexcept;
  T &value() &;
  const T &value() const &;
  T &operator*() &;
  const T &operator*() const &;
  T *operator->();
  const T *operator->() const;
  template <class U> T value_or(U &&default_value) const &;
  void reset() noexcept;
  template <class... Args> T &emplace(Args &&...args);
};
template <class T> bool operator==(const optional<T> &o, nullopt_t);
template <class T> bool operator!=(const optional<T> &o, nullopt_t);
template <class T> optional<typename ::std::decay<T>::type> make_optional(T &&v);
} // namespace cuda2tile_torch_detail

/* ==================================================================== c10 */
namespace c10 {

#if __has_include(<optional>)
using ::std::make_optional;
using ::std::nullopt;
using ::std::nullopt_t;
using ::std::optional;
#else
using ::cuda2tile_torch_detail::make_optional;
using ::cuda2tile_torch_detail::nullopt;
using ::cuda2tile_torch_detail::nullopt_t;
using ::cuda2tile_torch_detail::optional;
#endif

#if __has_include(<string_view>)
using string_view = ::std::string_view;
#else
using string_view = ::std::string;
#endif

/* c10::str / c10::Error (c10/util/StringUtil.h, Exception.h).  The real str
 * streams every argument; here any argument is accepted. */
template <class... Args>::std::string str(const Args &...args);
class Error : public ::std::exception {
public:
  Error(::std::string msg, ::std::string backtrace = "",
        const void *caller = nullptr);
  const char *what() const noexcept override;
  const ::std::string &msg() const;
};
class IndexError : public Error { using Error::Error; };
class ValueError : public Error { using Error::Error; };
class TypeError : public Error { using Error::Error; };
class NotImplementedError : public Error { using Error::Error; };
class LinAlgError : public Error { using Error::Error; };
class OutOfMemoryError : public Error { using Error::Error; };
class BufferError : public Error { using Error::Error; };
class EnforceFiniteError : public Error { using Error::Error; };
namespace detail {
[[noreturn]] void torchCheckFail(const char *func, const char *file,
                                 uint32_t line, const ::std::string &msg);
[[noreturn]] void torchCheckFail(const char *func, const char *file,
                                 uint32_t line, const char *msg);
[[noreturn]] void torchInternalAssertFail(const char *func, const char *file,
                                          uint32_t line, const char *condMsg,
                                          const ::std::string &userMsg);
[[noreturn]] void torchInternalAssertFail(const char *func, const char *file,
                                          uint32_t line, const char *condMsg,
                                          const char *userMsg);
void torchWarn(const ::std::string &msg);
/* the stream of TORCH_CHECK_EQ(a, b) << "..." */
struct CheckStream {
  explicit CheckStream(bool ok);
  template <class T> CheckStream &operator<<(const T &value);
};
} // namespace detail
} // namespace c10

/* c10/util/Exception.h */
#define TORCH_CHECK_MSG(cond, type, ...) (::c10::str("", ##__VA_ARGS__))
#define TORCH_CHECK(cond, ...)                                                 \
  if (C10_UNLIKELY_OR_CONST(!(cond))) {                                        \
    ::c10::detail::torchCheckFail(__func__, __FILE__,                          \
                                  static_cast<uint32_t>(__LINE__),             \
                                  TORCH_CHECK_MSG(cond, "", ##__VA_ARGS__));   \
  }
#define TORCH_CHECK_WITH(error_t, cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_WITH_MSG(error_t, cond, type, ...)                         \
  TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_ARG(cond, argN, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_INDEX(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_VALUE(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_TYPE(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_NOT_IMPLEMENTED(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_LINALG(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_BUFFER(cond, ...) TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_CHECK_ALWAYS_SHOW_CPP_STACKTRACE(cond, ...)                      \
  TORCH_CHECK(cond, ##__VA_ARGS__)
#define TORCH_INTERNAL_ASSERT(cond, ...)                                       \
  if (C10_UNLIKELY_OR_CONST(!(cond))) {                                        \
    ::c10::detail::torchInternalAssertFail(                                    \
        __func__, __FILE__, static_cast<uint32_t>(__LINE__),                  \
        #cond " INTERNAL ASSERT FAILED", ::c10::str(__VA_ARGS__));             \
  }
#define TORCH_INTERNAL_ASSERT_DEBUG_ONLY(...)                                  \
  while (false)                                                                \
  TORCH_INTERNAL_ASSERT(__VA_ARGS__)
#define TORCH_CHECK_OP(val1, val2, op)                                         \
  ::c10::detail::CheckStream(static_cast<bool>((val1)op(val2)))
#define TORCH_CHECK_EQ(val1, val2) TORCH_CHECK_OP(val1, val2, ==)
#define TORCH_CHECK_NE(val1, val2) TORCH_CHECK_OP(val1, val2, !=)
#define TORCH_CHECK_LE(val1, val2) TORCH_CHECK_OP(val1, val2, <=)
#define TORCH_CHECK_LT(val1, val2) TORCH_CHECK_OP(val1, val2, <)
#define TORCH_CHECK_GE(val1, val2) TORCH_CHECK_OP(val1, val2, >=)
#define TORCH_CHECK_GT(val1, val2) TORCH_CHECK_OP(val1, val2, >)
#define TORCH_DCHECK_EQ(val1, val2) TORCH_CHECK_EQ(val1, val2)
#define TORCH_DCHECK_NE(val1, val2) TORCH_CHECK_NE(val1, val2)
#define TORCH_DCHECK_LE(val1, val2) TORCH_CHECK_LE(val1, val2)
#define TORCH_DCHECK_LT(val1, val2) TORCH_CHECK_LT(val1, val2)
#define TORCH_DCHECK_GE(val1, val2) TORCH_CHECK_GE(val1, val2)
#define TORCH_DCHECK_GT(val1, val2) TORCH_CHECK_GT(val1, val2)
#define TORCH_WARN(...) ::c10::detail::torchWarn(::c10::str(__VA_ARGS__));
#define TORCH_WARN_ONCE(...) ::c10::detail::torchWarn(::c10::str(__VA_ARGS__));
#define TORCH_WARN_DEPRECATION(...)                                            \
  ::c10::detail::torchWarn(::c10::str(__VA_ARGS__));
#define C10_THROW_ERROR(err_type, msg) throw ::c10::err_type(msg)
#define C10_BUILD_ERROR(err_type, msg) ::c10::err_type(msg)
#define AT_ASSERT(...)                                                         \
  do {                                                                         \
    TORCH_INTERNAL_ASSERT(__VA_ARGS__);                                        \
  } while (false)
#define AT_ASSERTM(cond, ...)                                                  \
  do {                                                                         \
    TORCH_INTERNAL_ASSERT(cond, __VA_ARGS__);                                  \
  } while (false)
#define AT_ERROR(...)                                                          \
  do {                                                                         \
    TORCH_CHECK(false, ::c10::str(__VA_ARGS__));                               \
  } while (false)
#define AT_INDEX_ERROR(...) AT_ERROR(__VA_ARGS__)
/* AT_CHECK was removed in PyTorch 1.5; older extensions still use it. */
#define AT_CHECK(...) TORCH_CHECK(__VA_ARGS__)

/* ==================================================================== c10
 * 16-bit floats (torch/headeronly/util/Half.h, BFloat16.h; device path). */
namespace c10 {

struct alignas(2) Half {
  unsigned short x;
  struct from_bits_t {};
  C10_HOST_DEVICE static constexpr from_bits_t from_bits() {
    return from_bits_t();
  }
  Half() = default;
  constexpr C10_HOST_DEVICE Half(unsigned short bits, from_bits_t)
      : x(bits) {}
  inline C10_HOST_DEVICE Half(float value);
  inline C10_HOST_DEVICE operator float() const;
  inline C10_HOST_DEVICE Half(const __half &value);
  inline C10_HOST_DEVICE operator __half() const;
};

inline C10_HOST_DEVICE Half::Half(float value)
    : x(__half_as_short(__float2half(value))) {}
inline C10_HOST_DEVICE Half::operator float() const {
  return __half2float(*reinterpret_cast<const __half *>(&x));
}
inline C10_HOST_DEVICE Half::Half(const __half &value) {
  x = *reinterpret_cast<const unsigned short *>(&value);
}
inline C10_HOST_DEVICE Half::operator __half() const {
  return *reinterpret_cast<const __half *>(&x);
}
inline __device__ Half __ldg(const Half *ptr) {
  return __ldg(reinterpret_cast<const __half *>(ptr));
}

struct alignas(2) BFloat16 {
  uint16_t x;
  BFloat16() = default;
  struct from_bits_t {};
  static constexpr C10_HOST_DEVICE from_bits_t from_bits() {
    return from_bits_t();
  }
  constexpr C10_HOST_DEVICE BFloat16(unsigned short bits, from_bits_t)
      : x(bits) {}
  inline C10_HOST_DEVICE BFloat16(float value);
  inline C10_HOST_DEVICE operator float() const;
  inline C10_HOST_DEVICE BFloat16(const __nv_bfloat16 &value);
  explicit inline C10_HOST_DEVICE operator __nv_bfloat16() const;
};

inline C10_HOST_DEVICE BFloat16::BFloat16(float value)
    : x(__bfloat16_as_ushort(__float2bfloat16(value))) {}
inline C10_HOST_DEVICE BFloat16::operator float() const {
  return __bfloat162float(*reinterpret_cast<const __nv_bfloat16 *>(&x));
}
inline C10_HOST_DEVICE BFloat16::BFloat16(const __nv_bfloat16 &value) {
  x = *reinterpret_cast<const unsigned short *>(&value);
}
inline C10_HOST_DEVICE BFloat16::operator __nv_bfloat16() const {
  return *reinterpret_cast<const __nv_bfloat16 *>(&x);
}
inline C10_DEVICE BFloat16 __ldg(const BFloat16 *ptr) {
  return __ldg(reinterpret_cast<const __nv_bfloat16 *>(ptr));
}

/* The arithmetic PyTorch defines (Half-inl.h / BFloat16-inl.h): same-type
 * operators compute in float; mixing with float gives float, with double
 * gives double, with int / int64_t gives the 16-bit type. */
#define __C2T_TORCH_F16_OPS(H)                                                 \
  inline C10_HOST_DEVICE H operator+(const H &a, const H &b) {                 \
    return static_cast<float>(a) + static_cast<float>(b);                      \
  }                                                                            \
  inline C10_HOST_DEVICE H operator-(const H &a, const H &b) {                 \
    return static_cast<float>(a) - static_cast<float>(b);                      \
  }                                                                            \
  inline C10_HOST_DEVICE H operator*(const H &a, const H &b) {                 \
    return static_cast<float>(a) * static_cast<float>(b);                      \
  }                                                                            \
  inline C10_HOST_DEVICE H operator/(const H &a, const H &b)                   \
      __ubsan_ignore_float_divide_by_zero__ {                                  \
    return static_cast<float>(a) / static_cast<float>(b);                      \
  }                                                                            \
  inline C10_HOST_DEVICE H &operator+=(H &a, const H &b) {                     \
    a = a + b;                                                                 \
    return a;                                                                  \
  }                                                                            \
  inline C10_HOST_DEVICE H &operator-=(H &a, const H &b) {                     \
    a = a - b;                                                                 \
    return a;                                                                  \
  }                                                                            \
  inline C10_HOST_DEVICE H &operator*=(H &a, const H &b) {                     \
    a = a * b;                                                                 \
    return a;                                                                  \
  }                                                                            \
  inline C10_HOST_DEVICE H &operator/=(H &a, const H &b) {                     \
    a = a / b;                                                                 \
    return a;                                                                  \
  }                                                                            \
  inline C10_HOST_DEVICE float operator+(H a, float b) {                       \
    return static_cast<float>(a) + b;                                          \
  }                                                                            \
  inline C10_HOST_DEVICE float operator-(H a, float b) {                       \
    return static_cast<float>(a) - b;                                          \
  }                                                                            \
  inline C10_HOST_DEVICE float operator*(H a, float b) {                       \
    return static_cast<float>(a) * b;                                          \
  }                                                                            \
  inline C10_HOST_DEVICE float operator/(H a, float b)                         \
      __ubsan_ignore_float_divide_by_zero__ {                                  \
    return static_cast<float>(a) / b;                                          \
  }                                                                            \
  inline C10_HOST_DEVICE float operator+(float a, H b) {                       \
    return a + static_cast<float>(b);                                          \
  }                                                                            \
  inline C10_HOST_DEVICE float operator-(float a, H b) {                       \
    return a - static_cast<float>(b);                                          \
  }                                                                            \
  inline C10_HOST_DEVICE float operator*(float a, H b) {                       \
    return a * static_cast<float>(b);                                          \
  }                                                                            \
  inline C10_HOST_DEVICE float operator/(float a, H b)                         \
      __ubsan_ignore_float_divide_by_zero__ {                                  \
    return a / static_cast<float>(b);                                          \
  }                                                                            \
  inline C10_HOST_DEVICE float &operator+=(float &a, const H &b) {             \
    return a += static_cast<float>(b);                                         \
  }                                                                            \
  inline C10_HOST_DEVICE float &operator-=(float &a, const H &b) {             \
    return a -= static_cast<float>(b);                                         \
  }                                                                            \
  inline C10_HOST_DEVICE float &operator*=(float &a, const H &b) {             \
    return a *= static_cast<float>(b);                                         \
  }                                                                            \
  inline C10_HOST_DEVICE float &operator/=(float &a, const H &b) {             \
    return a /= static_cast<float>(b);                                         \
  }                                                                            \
  inline C10_HOST_DEVICE double operator+(H a, double b) {                     \
    return static_cast<double>(a) + b;                                         \
  }                                                                            \
  inline C10_HOST_DEVICE double operator-(H a, double b) {                     \
    return static_cast<double>(a) - b;                                         \
  }                                                                            \
  inline C10_HOST_DEVICE double operator*(H a, double b) {                     \
    return static_cast<double>(a) * b;                                         \
  }                                                                            \
  inline C10_HOST_DEVICE double operator/(H a, double b)                       \
      __ubsan_ignore_float_divide_by_zero__ {                                  \
    return static_cast<double>(a) / b;                                         \
  }                                                                            \
  inline C10_HOST_DEVICE double operator+(double a, H b) {                     \
    return a + static_cast<double>(b);                                         \
  }                                                                            \
  inline C10_HOST_DEVICE double operator-(double a, H b) {                     \
    return a - static_cast<double>(b);                                         \
  }                                                                            \
  inline C10_HOST_DEVICE double operator*(double a, H b) {                     \
    return a * static_cast<double>(b);                                         \
  }                                                                            \
  inline C10_HOST_DEVICE double operator/(double a, H b)                       \
      __ubsan_ignore_float_divide_by_zero__ {                                  \
    return a / static_cast<double>(b);                                         \
  }                                                                            \
  inline C10_HOST_DEVICE H operator+(H a, int b) {                             \
    return a + static_cast<H>(b);                                              \
  }                                                                            \
  inline C10_HOST_DEVICE H operator-(H a, int b) {                             \
    return a - static_cast<H>(b);                                              \
  }                                                                            \
  inline C10_HOST_DEVICE H operator*(H a, int b) {                             \
    return a * static_cast<H>(b);                                              \
  }                                                                            \
  inline C10_HOST_DEVICE H operator/(H a, int b) {                             \
    return a / static_cast<H>(b);                                              \
  }                                                                            \
  inline C10_HOST_DEVICE H operator+(int a, H b) {                             \
    return static_cast<H>(a) + b;                                              \
  }                                                                            \
  inline C10_HOST_DEVICE H operator-(int a, H b) {                             \
    return static_cast<H>(a) - b;                                              \
  }                                                                            \
  inline C10_HOST_DEVICE H operator*(int a, H b) {                             \
    return static_cast<H>(a) * b;                                              \
  }                                                                            \
  inline C10_HOST_DEVICE H operator/(int a, H b) {                             \
    return static_cast<H>(a) / b;                                              \
  }                                                                            \
  inline C10_HOST_DEVICE H operator+(H a, int64_t b) {                         \
    return a + static_cast<H>(b);                                              \
  }                                                                            \
  inline C10_HOST_DEVICE H operator-(H a, int64_t b) {                         \
    return a - static_cast<H>(b);                                              \
  }                                                                            \
  inline C10_HOST_DEVICE H operator*(H a, int64_t b) {                         \
    return a * static_cast<H>(b);                                              \
  }                                                                            \
  inline C10_HOST_DEVICE H operator/(H a, int64_t b) {                         \
    return a / static_cast<H>(b);                                              \
  }                                                                            \
  inline C10_HOST_DEVICE H operator+(int64_t a, H b) {                         \
    return static_cast<H>(a) + b;                                              \
  }                                                                            \
  inline C10_HOST_DEVICE H operator-(int64_t a, H b) {                         \
    return static_cast<H>(a) - b;                                              \
  }                                                                            \
  inline C10_HOST_DEVICE H operator*(int64_t a, H b) {                         \
    return static_cast<H>(a) * b;                                              \
  }                                                                            \
  inline C10_HOST_DEVICE H operator/(int64_t a, H b) {                         \
    return static_cast<H>(a) / b;                                              \
  }
__C2T_TORCH_F16_OPS(Half)
__C2T_TORCH_F16_OPS(BFloat16)
#undef __C2T_TORCH_F16_OPS
/* Half-inl.h: unary minus uses __hneg on sm_53+ */
inline C10_HOST_DEVICE Half operator-(const Half &a) {
  return __hneg(a);
}
inline C10_HOST_DEVICE BFloat16 operator-(const BFloat16 &a) {
  return -static_cast<float>(a);
}
/* cuda2tile addition: comparisons of Half.  PyTorch declares none: its
 * extensions are compiled with -D__CUDA_NO_HALF_OPERATORS__
 * -D__CUDA_NO_HALF_CONVERSIONS__, so `h1 < h2` or `h < 0` compares the float
 * conversions (operator float).  This prelude's __half always has its
 * operators, and with Half's implicit operator __half, `h1 < h2` would be
 * ambiguous between the built-in float comparison and __half's operator<.
 * These overloads are exact matches and compute what nvcc computes. */
#define __C2T_TORCH_HALF_CMP(OP)                                               \
  inline C10_HOST_DEVICE bool operator OP(const Half &a, const Half &b) {      \
    return static_cast<float>(a) OP static_cast<float>(b);                     \
  }                                                                            \
  template <typename T, typename ::std::enable_if<                             \
                            ::std::is_arithmetic<T>::value, int>::type = 0>    \
  inline C10_HOST_DEVICE bool operator OP(const Half &a, T b) {                \
    return static_cast<float>(a) OP b;                                         \
  }                                                                            \
  template <typename T, typename ::std::enable_if<                             \
                            ::std::is_arithmetic<T>::value, int>::type = 0>    \
  inline C10_HOST_DEVICE bool operator OP(T a, const Half &b) {                \
    return a OP static_cast<float>(b);                                         \
  }
__C2T_TORCH_HALF_CMP(==)
__C2T_TORCH_HALF_CMP(!=)
__C2T_TORCH_HALF_CMP(<)
__C2T_TORCH_HALF_CMP(<=)
__C2T_TORCH_HALF_CMP(>)
__C2T_TORCH_HALF_CMP(>=)
#undef __C2T_TORCH_HALF_CMP
/* BFloat16-inl.h: comparisons and bitwise ops take non-const references */
inline C10_HOST_DEVICE bool operator>(BFloat16 &lhs, BFloat16 &rhs) {
  return float(lhs) > float(rhs);
}
inline C10_HOST_DEVICE bool operator<(BFloat16 &lhs, BFloat16 &rhs) {
  return float(lhs) < float(rhs);
}
inline C10_HOST_DEVICE BFloat16 &operator|(BFloat16 &a, const BFloat16 &b) {
  a.x = a.x | b.x;
  return a;
}
inline C10_HOST_DEVICE BFloat16 &operator^(BFloat16 &a, const BFloat16 &b) {
  a.x = a.x ^ b.x;
  return a;
}
inline C10_HOST_DEVICE BFloat16 &operator&(BFloat16 &a, const BFloat16 &b) {
  a.x = a.x & b.x;
  return a;
}
::std::ostream &operator<<(::std::ostream &out, const Half &value);
::std::ostream &operator<<(::std::ostream &out, const BFloat16 &value);

/* Other element types of ScalarType: storage only (no arithmetic). */
#define __C2T_TORCH_F8(NAME)                                                   \
  struct alignas(1) NAME {                                                     \
    uint8_t x;                                                                 \
    struct from_bits_t {};                                                     \
    C10_HOST_DEVICE static constexpr from_bits_t from_bits() {                 \
      return from_bits_t();                                                    \
    }                                                                          \
    NAME() = default;                                                          \
    constexpr C10_HOST_DEVICE NAME(uint8_t bits, from_bits_t) : x(bits) {}     \
    C10_HOST_DEVICE NAME(float value);                                         \
    C10_HOST_DEVICE operator float() const;                                    \
  };
__C2T_TORCH_F8(Float8_e5m2)
__C2T_TORCH_F8(Float8_e4m3fn)
__C2T_TORCH_F8(Float8_e5m2fnuz)
__C2T_TORCH_F8(Float8_e4m3fnuz)
__C2T_TORCH_F8(Float8_e8m0fnu)
#undef __C2T_TORCH_F8
struct alignas(1) Float4_e2m1fn_x2 {
  uint8_t val_;
};
#define __C2T_TORCH_QINT(NAME, UNDERLYING, ALIGN)                              \
  struct alignas(ALIGN) NAME {                                                 \
    using underlying = UNDERLYING;                                             \
    UNDERLYING val_;                                                           \
    NAME() = default;                                                          \
    C10_HOST_DEVICE explicit NAME(UNDERLYING val) : val_(val) {}               \
  };
__C2T_TORCH_QINT(qint8, int8_t, 1)
__C2T_TORCH_QINT(quint8, uint8_t, 1)
__C2T_TORCH_QINT(qint32, int32_t, 4)
__C2T_TORCH_QINT(quint4x2, uint8_t, 1)
__C2T_TORCH_QINT(quint2x4, uint8_t, 1)
__C2T_TORCH_QINT(bits1x8, uint8_t, 1)
__C2T_TORCH_QINT(bits2x4, uint8_t, 1)
__C2T_TORCH_QINT(bits4x2, uint8_t, 1)
__C2T_TORCH_QINT(bits8, uint8_t, 1)
__C2T_TORCH_QINT(bits16, uint16_t, 2)
#undef __C2T_TORCH_QINT
template <unsigned N> struct dummy_uint1_7_t { uint8_t val_; };
template <unsigned N> struct dummy_int1_7_t { int8_t val_; };

/* c10/util/complex.h (the members and arithmetic kernels use) */
template <typename T> struct alignas(sizeof(T) * 2) complex {
  using value_type = T;
  T real_ = T(0);
  T imag_ = T(0);
  constexpr complex() = default;
  C10_HOST_DEVICE constexpr complex(const T &re, const T &im = T())
      : real_(re), imag_(im) {}
  template <typename U>
  C10_HOST_DEVICE explicit constexpr complex(const complex<U> &other)
      : real_(other.real()), imag_(other.imag()) {}
  constexpr C10_HOST_DEVICE T real() const { return real_; }
  constexpr C10_HOST_DEVICE void real(T value) { real_ = value; }
  constexpr C10_HOST_DEVICE T imag() const { return imag_; }
  constexpr C10_HOST_DEVICE void imag(T value) { imag_ = value; }
  constexpr C10_HOST_DEVICE complex<T> &operator=(T re) {
    real_ = re;
    imag_ = 0;
    return *this;
  }
  constexpr C10_HOST_DEVICE complex<T> &operator+=(const complex<T> &rhs) {
    real_ += rhs.real_;
    imag_ += rhs.imag_;
    return *this;
  }
  constexpr C10_HOST_DEVICE complex<T> &operator-=(const complex<T> &rhs) {
    real_ -= rhs.real_;
    imag_ -= rhs.imag_;
    return *this;
  }
  constexpr C10_HOST_DEVICE complex<T> &operator*=(const complex<T> &rhs) {
    T a = real_, b = imag_, c = rhs.real(), d = rhs.imag();
    real_ = a * c - b * d;
    imag_ = a * d + b * c;
    return *this;
  }
  constexpr C10_HOST_DEVICE complex<T> &operator/=(const complex<T> &rhs) {
    T a = real_, b = imag_, c = rhs.real(), d = rhs.imag();
    T denominator = c * c + d * d;
    real_ = (a * c + b * d) / denominator;
    imag_ = (b * c - a * d) / denominator;
    return *this;
  }
  constexpr C10_HOST_DEVICE complex<T> &operator+=(T re) {
    real_ += re;
    return *this;
  }
  constexpr C10_HOST_DEVICE complex<T> &operator-=(T re) {
    real_ -= re;
    return *this;
  }
  constexpr C10_HOST_DEVICE complex<T> &operator*=(T re) {
    real_ *= re;
    imag_ *= re;
    return *this;
  }
  constexpr C10_HOST_DEVICE complex<T> &operator/=(T re) {
    real_ /= re;
    imag_ /= re;
    return *this;
  }
  explicit constexpr C10_HOST_DEVICE operator bool() const {
    return real() || imag();
  }
};
template <typename T>
constexpr C10_HOST_DEVICE complex<T> operator+(const complex<T> &val) {
  return val;
}
template <typename T>
constexpr C10_HOST_DEVICE complex<T> operator-(const complex<T> &val) {
  return complex<T>(-val.real(), -val.imag());
}
#define __C2T_TORCH_COMPLEX_OP(OP)                                             \
  template <typename T>                                                        \
  constexpr C10_HOST_DEVICE complex<T> operator OP(const complex<T> &lhs,      \
                                                   const complex<T> &rhs) {    \
    complex<T> result = lhs;                                                   \
    return result OP## = rhs;                                                  \
  }                                                                            \
  template <typename T>                                                        \
  constexpr C10_HOST_DEVICE complex<T> operator OP(const complex<T> &lhs,      \
                                                   const T &rhs) {             \
    complex<T> result = lhs;                                                   \
    return result OP## = rhs;                                                  \
  }                                                                            \
  template <typename T>                                                        \
  constexpr C10_HOST_DEVICE complex<T> operator OP(const T &lhs,               \
                                                   const complex<T> &rhs) {    \
    complex<T> result(lhs);                                                    \
    return result OP## = rhs;                                                  \
  }
__C2T_TORCH_COMPLEX_OP(+)
__C2T_TORCH_COMPLEX_OP(-)
__C2T_TORCH_COMPLEX_OP(*)
__C2T_TORCH_COMPLEX_OP(/)
#undef __C2T_TORCH_COMPLEX_OP
template <typename T>
constexpr C10_HOST_DEVICE bool operator==(const complex<T> &lhs,
                                          const complex<T> &rhs) {
  return (lhs.real() == rhs.real()) && (lhs.imag() == rhs.imag());
}
template <typename T>
constexpr C10_HOST_DEVICE bool operator!=(const complex<T> &lhs,
                                          const complex<T> &rhs) {
  return !(lhs == rhs);
}

/* ------------------------------------------------------------ ScalarType */
using DeviceIndex = int8_t;
using StreamId = int64_t;

enum class ScalarType : int8_t {
  Byte, Char, Short, Int, Long, Half, Float, Double, ComplexHalf,
  ComplexFloat, ComplexDouble, Bool, QInt8, QUInt8, QInt32, BFloat16,
  QUInt4x2, QUInt2x4, Bits1x8, Bits2x4, Bits4x2, Bits8, Bits16, Float8_e5m2,
  Float8_e4m3fn, Float8_e5m2fnuz, Float8_e4m3fnuz, UInt16, UInt32, UInt64,
  UInt1, UInt2, UInt3, UInt4, UInt5, UInt6, UInt7, Int1, Int2, Int3, Int4,
  Int5, Int6, Int7, Float8_e8m0fnu, Float4_e2m1fn_x2, BComplex32, Undefined,
  NumOptions
};
/* The C++ type of each ScalarType, as AT_FORALL_SCALAR_TYPES_WITH_COMPLEX_AND_QINTS */
#define __C2T_TORCH_FORALL_SCALAR_TYPES(_)                                     \
  _(uint8_t, Byte)                                                             \
  _(int8_t, Char)                                                              \
  _(int16_t, Short)                                                            \
  _(int, Int)                                                                  \
  _(int64_t, Long)                                                             \
  _(c10::Half, Half)                                                           \
  _(float, Float)                                                              \
  _(double, Double)                                                            \
  _(c10::complex<c10::Half>, ComplexHalf)                                      \
  _(c10::complex<float>, ComplexFloat)                                         \
  _(c10::complex<double>, ComplexDouble)                                       \
  _(bool, Bool)                                                                \
  _(c10::qint8, QInt8)                                                         \
  _(c10::quint8, QUInt8)                                                       \
  _(c10::qint32, QInt32)                                                       \
  _(c10::BFloat16, BFloat16)                                                   \
  _(c10::quint4x2, QUInt4x2)                                                   \
  _(c10::quint2x4, QUInt2x4)                                                   \
  _(c10::bits1x8, Bits1x8)                                                     \
  _(c10::bits2x4, Bits2x4)                                                     \
  _(c10::bits4x2, Bits4x2)                                                     \
  _(c10::bits8, Bits8)                                                         \
  _(c10::bits16, Bits16)                                                       \
  _(c10::Float8_e5m2, Float8_e5m2)                                             \
  _(c10::Float8_e4m3fn, Float8_e4m3fn)                                         \
  _(c10::Float8_e5m2fnuz, Float8_e5m2fnuz)                                     \
  _(c10::Float8_e4m3fnuz, Float8_e4m3fnuz)                                     \
  _(uint16_t, UInt16)                                                          \
  _(uint32_t, UInt32)                                                          \
  _(uint64_t, UInt64)                                                          \
  _(c10::dummy_uint1_7_t<1>, UInt1)                                            \
  _(c10::dummy_uint1_7_t<2>, UInt2)                                            \
  _(c10::dummy_uint1_7_t<3>, UInt3)                                            \
  _(c10::dummy_uint1_7_t<4>, UInt4)                                            \
  _(c10::dummy_uint1_7_t<5>, UInt5)                                            \
  _(c10::dummy_uint1_7_t<6>, UInt6)                                            \
  _(c10::dummy_uint1_7_t<7>, UInt7)                                            \
  _(c10::dummy_int1_7_t<1>, Int1)                                              \
  _(c10::dummy_int1_7_t<2>, Int2)                                              \
  _(c10::dummy_int1_7_t<3>, Int3)                                              \
  _(c10::dummy_int1_7_t<4>, Int4)                                              \
  _(c10::dummy_int1_7_t<5>, Int5)                                              \
  _(c10::dummy_int1_7_t<6>, Int6)                                              \
  _(c10::dummy_int1_7_t<7>, Int7)                                              \
  _(c10::Float8_e8m0fnu, Float8_e8m0fnu)                                       \
  _(c10::Float4_e2m1fn_x2, Float4_e2m1fn_x2)                                   \
  _(c10::complex<c10::BFloat16>, BComplex32)

#define __C2T_TORCH_SCALAR_CONST(cpp_type, name)                               \
  constexpr ScalarType k##name = ScalarType::name;
__C2T_TORCH_FORALL_SCALAR_TYPES(__C2T_TORCH_SCALAR_CONST)
#undef __C2T_TORCH_SCALAR_CONST

namespace impl {
template <ScalarType N> struct ScalarTypeToCPPType;
#define __C2T_TORCH_SPECIALIZE(cpp_type, scalar_type)                          \
  template <> struct ScalarTypeToCPPType<ScalarType::scalar_type> {            \
    using type = cpp_type;                                                     \
    static type t;                                                             \
  };
__C2T_TORCH_FORALL_SCALAR_TYPES(__C2T_TORCH_SPECIALIZE)
#undef __C2T_TORCH_SPECIALIZE
template <ScalarType N>
using ScalarTypeToCPPTypeT = typename ScalarTypeToCPPType<N>::type;
} // namespace impl

template <typename T> struct CppTypeToScalarType;
#define __C2T_TORCH_SPECIALIZE(cpp_type, scalar_type)                          \
  template <>                                                                  \
  struct CppTypeToScalarType<cpp_type>                                         \
      : ::std::integral_constant<ScalarType, ScalarType::scalar_type> {};
__C2T_TORCH_SPECIALIZE(uint8_t, Byte)
__C2T_TORCH_SPECIALIZE(int8_t, Char)
__C2T_TORCH_SPECIALIZE(int16_t, Short)
__C2T_TORCH_SPECIALIZE(int, Int)
__C2T_TORCH_SPECIALIZE(int64_t, Long)
__C2T_TORCH_SPECIALIZE(c10::Half, Half)
__C2T_TORCH_SPECIALIZE(float, Float)
__C2T_TORCH_SPECIALIZE(double, Double)
__C2T_TORCH_SPECIALIZE(c10::complex<c10::Half>, ComplexHalf)
__C2T_TORCH_SPECIALIZE(c10::complex<float>, ComplexFloat)
__C2T_TORCH_SPECIALIZE(c10::complex<double>, ComplexDouble)
__C2T_TORCH_SPECIALIZE(bool, Bool)
__C2T_TORCH_SPECIALIZE(c10::BFloat16, BFloat16)
__C2T_TORCH_SPECIALIZE(uint16_t, UInt16)
__C2T_TORCH_SPECIALIZE(uint32_t, UInt32)
__C2T_TORCH_SPECIALIZE(uint64_t, UInt64)
#undef __C2T_TORCH_SPECIALIZE

const char *toString(ScalarType t);
size_t elementSize(ScalarType t);
bool isIntegralType(ScalarType t, bool includeBool);
bool isFloatingType(ScalarType t);
bool isReducedFloatingType(ScalarType t);
bool isComplexType(ScalarType t);
bool isQIntType(ScalarType t);
bool isBitsType(ScalarType t);
bool isSignedType(ScalarType t);
bool isUnderlying(ScalarType type, ScalarType qtype);
ScalarType toRealValueType(ScalarType t);
ScalarType toComplexType(ScalarType t);
ScalarType toUnderlying(ScalarType t);
ScalarType promoteTypes(ScalarType a, ScalarType b);
bool canCast(const ScalarType from, const ScalarType to);
::std::ostream &operator<<(::std::ostream &stream, ScalarType scalar_type);

/* ---------------------------------------------------------------- Device */
enum class DeviceType : int8_t {
  CPU = 0, CUDA = 1, MKLDNN = 2, OPENGL = 3, OPENCL = 4, IDEEP = 5, HIP = 6,
  FPGA = 7, MAIA = 8, XLA = 9, Vulkan = 10, Metal = 11, XPU = 12, MPS = 13,
  Meta = 14, HPU = 15, VE = 16, Lazy = 17, IPU = 18, MTIA = 19,
  PrivateUse1 = 20, COMPILE_TIME_MAX_DEVICE_TYPES = 21,
};
constexpr DeviceType kCPU = DeviceType::CPU;
constexpr DeviceType kCUDA = DeviceType::CUDA;
constexpr DeviceType kHIP = DeviceType::HIP;
constexpr DeviceType kFPGA = DeviceType::FPGA;
constexpr DeviceType kMAIA = DeviceType::MAIA;
constexpr DeviceType kXLA = DeviceType::XLA;
constexpr DeviceType kMPS = DeviceType::MPS;
constexpr DeviceType kMeta = DeviceType::Meta;
constexpr DeviceType kVulkan = DeviceType::Vulkan;
constexpr DeviceType kMetal = DeviceType::Metal;
constexpr DeviceType kXPU = DeviceType::XPU;
constexpr DeviceType kHPU = DeviceType::HPU;
constexpr DeviceType kVE = DeviceType::VE;
constexpr DeviceType kLazy = DeviceType::Lazy;
constexpr DeviceType kIPU = DeviceType::IPU;
constexpr DeviceType kMTIA = DeviceType::MTIA;
constexpr DeviceType kPrivateUse1 = DeviceType::PrivateUse1;
constexpr int COMPILE_TIME_MAX_DEVICE_TYPES =
    static_cast<int>(DeviceType::COMPILE_TIME_MAX_DEVICE_TYPES);
::std::string DeviceTypeName(DeviceType d, bool lower_case = false);
bool isValidDeviceType(DeviceType d);
::std::ostream &operator<<(::std::ostream &stream, DeviceType type);

struct Device final {
  using Type = DeviceType;
  Device(DeviceType type, DeviceIndex index = -1);
  Device(const ::std::string &device_string);
  bool operator==(const Device &other) const noexcept;
  bool operator!=(const Device &other) const noexcept;
  void set_index(DeviceIndex index);
  DeviceType type() const noexcept;
  DeviceIndex index() const noexcept;
  bool has_index() const noexcept;
  bool is_cuda() const noexcept;
  bool is_privateuseone() const noexcept;
  bool is_mps() const noexcept;
  bool is_hip() const noexcept;
  bool is_ve() const noexcept;
  bool is_xpu() const noexcept;
  bool is_ipu() const noexcept;
  bool is_xla() const noexcept;
  bool is_mtia() const noexcept;
  bool is_hpu() const noexcept;
  bool is_lazy() const noexcept;
  bool is_vulkan() const noexcept;
  bool is_metal() const noexcept;
  bool is_maia() const noexcept;
  bool is_meta() const noexcept;
  bool is_cpu() const noexcept;
  bool supports_as_strided() const noexcept;
  ::std::string str() const;

private:
  DeviceType type_;
  DeviceIndex index_ = -1;
};
::std::ostream &operator<<(::std::ostream &stream, const Device &device);

enum class Backend {
  CPU, CUDA, HIP, VE, FPGA, IPU, XPU, SparseCPU, SparseCUDA, SparseCsrCPU,
  SparseCsrCUDA, SparseHIP, SparseVE, SparseXPU, SparsePrivateUse1,
  SparseCsrHIP, SparseCsrVE, SparseCsrXPU, SparseCsrPrivateUse1, MAIA,
  MTIA, XLA, Vulkan, Metal, Meta, QuantizedCPU, QuantizedCUDA,
  QuantizedXPU, QuantizedPrivateUse1, Undefined, MkldnnCPU, MPS, HPU, Lazy,
  PrivateUse1, NumOptions
};
const char *toString(Backend b);
DeviceType backendToDeviceType(Backend b);

enum class Layout : int8_t {
  Strided, Sparse, SparseCsr, Mkldnn, SparseCsc, SparseBsr, SparseBsc,
  Jagged, NumOptions
};
constexpr auto kStrided = Layout::Strided;
constexpr auto kSparse = Layout::Sparse;
constexpr auto kSparseCsr = Layout::SparseCsr;
constexpr auto kMkldnn = Layout::Mkldnn;
constexpr auto kSparseCsc = Layout::SparseCsc;
constexpr auto kSparseBsr = Layout::SparseBsr;
constexpr auto kSparseBsc = Layout::SparseBsc;
constexpr auto kJagged = Layout::Jagged;

enum class MemoryFormat : int8_t {
  Contiguous, Preserve, ChannelsLast, ChannelsLast3d, NumOptions
};
using LegacyContiguousMemoryFormat = MemoryFormat;
inline constexpr MemoryFormat get_contiguous_memory_format() {
  return MemoryFormat::Contiguous;
}

/* DispatchKey: the keys TORCH_LIBRARY_IMPL names */
enum class DispatchKey : uint16_t {
  Undefined = 0, CatchAll = Undefined, Dense, FPGA, MAIA, Vulkan, Metal,
  Quantized, CustomRNGKeyId, MkldnnCPU, Sparse, SparseCsr, NestedTensor,
  BackendSelect, Python, Fake, FuncTorchDynamicLayerBackMode, Functionalize,
  Named, Conjugate, Negative, ZeroTensor, ADInplaceOrView, AutogradOther,
  AutogradFunctionality, AutogradNestedTensor, Tracer, AutocastCPU,
  AutocastCUDA, AutocastXPU, AutocastMPS, FuncTorchBatched, BatchedNestedTensor,
  FuncTorchVmapMode, Batched, VmapMode, FuncTorchGradWrapper,
  DeferredInit, PythonTLSSnapshot, FuncTorchDynamicLayerFrontMode,
  TESTING_ONLY_GenericWrapper, TESTING_ONLY_GenericMode,
  PreDispatch, PythonDispatcher, EndOfFunctionalityKeys,
  CPU, CUDA, HIP, XLA, MPS, IPU, XPU, HPU, VE, Lazy, MTIA, PrivateUse1,
  Meta, QuantizedCPU, QuantizedCUDA, QuantizedXPU, SparseCPU, SparseCUDA,
  SparseCsrCPU, SparseCsrCUDA, NestedTensorCPU, NestedTensorCUDA,
  AutogradCPU, AutogradCUDA, AutogradXLA, AutogradMPS, AutogradXPU,
  AutogradMeta, AutogradPrivateUse1, Autograd, CompositeImplicitAutograd,
  FuncTorchBatchedDecomposition, CompositeImplicitAutogradNestedTensor,
  CompositeExplicitAutograd, CompositeExplicitAutogradNonFunctional
};

/* ------------------------------------------------------------- ArrayRef */
template <typename T> class ArrayRef final {
public:
  using iterator = const T *;
  using const_iterator = const T *;
  using size_type = size_t;
  using value_type = T;

private:
  const T *Data;
  size_type Length;

public:
  constexpr ArrayRef() : Data(nullptr), Length(0) {}
  constexpr ArrayRef(const T &OneElt) : Data(&OneElt), Length(1) {}
  constexpr ArrayRef(const T *data, size_t length)
      : Data(data), Length(length) {}
  constexpr ArrayRef(const T *begin, const T *end)
      : Data(begin), Length(end - begin) {}
  template <typename A>
  ArrayRef(const ::std::vector<T, A> &Vec)
      : Data(Vec.data()), Length(Vec.size()) {}
  template <size_t N>
  constexpr ArrayRef(const T (&Arr)[N]) : Data(Arr), Length(N) {}
  constexpr ArrayRef(const ::std::initializer_list<T> &Vec)
      : Data(Vec.begin() == Vec.end() ? static_cast<T *>(nullptr)
                                      : Vec.begin()),
        Length(Vec.size()) {}
  constexpr iterator begin() const { return Data; }
  constexpr iterator end() const { return Data + Length; }
  constexpr const_iterator cbegin() const { return Data; }
  constexpr const_iterator cend() const { return Data + Length; }
  constexpr bool empty() const { return Length == 0; }
  constexpr const T *data() const { return Data; }
  constexpr size_t size() const { return Length; }
  constexpr const T &front() const { return Data[0]; }
  constexpr const T &back() const { return Data[Length - 1]; }
  constexpr bool equals(ArrayRef RHS) const {
    if (Length != RHS.Length)
      return false;
    for (size_t i = 0; i < Length; ++i)
      if (!(Data[i] == RHS.Data[i]))
        return false;
    return true;
  }
  constexpr ArrayRef<T> slice(size_t N, size_t M) const {
    return ArrayRef<T>(data() + N, M);
  }
  constexpr ArrayRef<T> slice(size_t N) const {
    return slice(N, size() - N);
  }
  constexpr const T &operator[](size_t Index) const { return Data[Index]; }
  constexpr const T &at(size_t Index) const { return Data[Index]; }
  ::std::vector<T> vec() const;
};
template <typename T> bool operator==(ArrayRef<T> a1, ArrayRef<T> a2) {
  return a1.equals(a2);
}
template <typename T> bool operator!=(ArrayRef<T> a1, ArrayRef<T> a2) {
  return !a1.equals(a2);
}
template <typename T> bool operator==(const ::std::vector<T> &a1, ArrayRef<T> a2) {
  return ArrayRef<T>(a1).equals(a2);
}
template <typename T> bool operator!=(const ::std::vector<T> &a1, ArrayRef<T> a2) {
  return !ArrayRef<T>(a1).equals(a2);
}
template <typename T> bool operator==(ArrayRef<T> a1, const ::std::vector<T> &a2) {
  return a1.equals(ArrayRef<T>(a2));
}
template <typename T> bool operator!=(ArrayRef<T> a1, const ::std::vector<T> &a2) {
  return !a1.equals(ArrayRef<T>(a2));
}
template <typename T>
::std::ostream &operator<<(::std::ostream &out, ArrayRef<T> list);
using IntArrayRef = ArrayRef<int64_t>;
using OptionalIntArrayRef = optional<IntArrayRef>;

/* SmallVector / DimVector: host containers (declaration-only) */
template <typename T, unsigned N = 8> class SmallVector : public ::std::vector<T> {
public:
  using ::std::vector<T>::vector;
  SmallVector();
  SmallVector(ArrayRef<T> ref);
  operator ArrayRef<T>() const;
};

/* c10/util/irange.h (host and device) */
template <typename I> struct __c2t_integer_range {
  struct iterator {
    I value;
    constexpr C10_HOST_DEVICE I operator*() const { return value; }
    constexpr C10_HOST_DEVICE iterator &operator++() {
      ++value;
      return *this;
    }
    constexpr C10_HOST_DEVICE bool operator!=(const iterator &other) const {
      return value != other.value;
    }
    constexpr C10_HOST_DEVICE bool operator==(const iterator &other) const {
      return value == other.value;
    }
  };
  I begin_, end_;
  constexpr C10_HOST_DEVICE iterator begin() const { return iterator{begin_}; }
  constexpr C10_HOST_DEVICE iterator end() const { return iterator{end_}; }
};
template <typename Integer1, typename Integer2>
constexpr C10_HOST_DEVICE __c2t_integer_range<Integer2>
irange(Integer1 begin, Integer2 end) {
  return {static_cast<Integer2>(begin),
          end < static_cast<Integer2>(begin) ? static_cast<Integer2>(begin)
                                             : end};
}
template <typename Integer>
constexpr C10_HOST_DEVICE __c2t_integer_range<Integer> irange(Integer end) {
  return {Integer(), end < Integer() ? Integer() : end};
}

/* ------------------------------------------------------------ TypeMeta */
} // namespace c10
namespace caffe2 {
class TypeMeta final {
public:
  TypeMeta() noexcept;
  template <typename T> static TypeMeta Make();
  static TypeMeta fromScalarType(c10::ScalarType scalar_type);
  c10::ScalarType toScalarType() const;
  size_t itemsize() const noexcept;
  bool isScalarType() const noexcept;
  bool isScalarType(c10::ScalarType scalar_type) const noexcept;
  template <typename T> bool Match() const noexcept;
  const char *name() const noexcept;
  TypeMeta &operator=(c10::ScalarType scalar_type) noexcept;
  friend bool operator==(const TypeMeta &lhs, const TypeMeta &rhs) noexcept;
  friend bool operator!=(const TypeMeta &lhs, const TypeMeta &rhs) noexcept;
};
::std::ostream &operator<<(::std::ostream &stream, const TypeMeta &typeMeta);
} // namespace caffe2
namespace c10 {
using caffe2::TypeMeta;
/* c10/core/ScalarTypeToTypeMeta.h */
TypeMeta scalarTypeToTypeMeta(ScalarType scalar_type);
ScalarType typeMetaToScalarType(TypeMeta dtype);
optional<ScalarType> optTypeMetaToScalarType(optional<TypeMeta> type_meta);
bool operator==(const ScalarType t, const TypeMeta m);
bool operator==(const TypeMeta m, const ScalarType t);
bool operator!=(const ScalarType t, const TypeMeta m);
bool operator!=(const TypeMeta m, const ScalarType t);

/* ------------------------------------------------------------- Scalar */
class Scalar {
public:
  Scalar();
  Scalar(signed char v);
  Scalar(unsigned char v);
  Scalar(short v);
  Scalar(unsigned short v);
  Scalar(int v);
  Scalar(unsigned int v);
  Scalar(long v);
  Scalar(unsigned long v);
  Scalar(long long v);
  Scalar(unsigned long long v);
  Scalar(float v);
  Scalar(double v);
  Scalar(c10::Half v);
  Scalar(c10::BFloat16 v);
  Scalar(c10::complex<c10::Half> v);
  Scalar(c10::complex<float> v);
  Scalar(c10::complex<double> v);
  template <typename T,
            typename ::std::enable_if<::std::is_same<T, bool>::value,
                                      bool>::type * = nullptr>
  Scalar(T v);
  template <typename T> T to() const;
  double toDouble() const;
  float toFloat() const;
  int64_t toLong() const;
  int toInt() const;
  int16_t toShort() const;
  int8_t toChar() const;
  uint8_t toByte() const;
  uint16_t toUInt16() const;
  uint32_t toUInt32() const;
  uint64_t toUInt64() const;
  c10::Half toHalf() const;
  c10::BFloat16 toBFloat16() const;
  c10::complex<float> toComplexFloat() const;
  c10::complex<double> toComplexDouble() const;
  bool toBool() const;
  bool isFloatingPoint() const;
  bool isIntegral(bool includeBool) const;
  bool isComplex() const;
  bool isBoolean() const;
  bool isSymbolic() const;
  ScalarType type() const;
  Scalar operator-() const;
  Scalar conj() const;
  Scalar log() const;
  bool equal(const Scalar &other) const;
};
::std::ostream &operator<<(::std::ostream &out, const Scalar &s);
::std::string toString(const Scalar &s);
using OptionalScalarRef = const Scalar *;

/* -------------------------------------------------------- TensorOptions */
struct TensorOptions {
  TensorOptions();
  TensorOptions(Layout layout);
  TensorOptions(Device device);
  TensorOptions(DeviceType device_type);
  TensorOptions(TypeMeta dtype);
  TensorOptions(ScalarType dtype);
  TensorOptions(MemoryFormat memory_format);
  TensorOptions device(optional<Device> device) const noexcept;
  TensorOptions device(Device device) const noexcept;
  TensorOptions device(DeviceType type, DeviceIndex index = -1) const noexcept;
  TensorOptions device_index(DeviceIndex device_index) const noexcept;
  TensorOptions dtype(optional<TypeMeta> dtype) const noexcept;
  TensorOptions dtype(optional<ScalarType> dtype) const noexcept;
  TensorOptions dtype(TypeMeta dtype) const noexcept;
  TensorOptions dtype(ScalarType dtype) const noexcept;
  template <typename T> TensorOptions dtype() const noexcept;
  TensorOptions layout(optional<Layout> layout) const noexcept;
  TensorOptions layout(Layout layout) const noexcept;
  TensorOptions requires_grad(optional<bool> requires_grad) const noexcept;
  TensorOptions requires_grad(bool requires_grad) const noexcept;
  TensorOptions pinned_memory(optional<bool> pinned_memory) const noexcept;
  TensorOptions pinned_memory(bool pinned_memory) const noexcept;
  TensorOptions memory_format(optional<MemoryFormat> memory_format) const noexcept;
  TensorOptions memory_format(MemoryFormat memory_format) const noexcept;
  Device device() const noexcept;
  bool has_device() const noexcept;
  optional<Device> device_opt() const noexcept;
  DeviceIndex device_index() const noexcept;
  TypeMeta dtype() const noexcept;
  bool has_dtype() const noexcept;
  optional<TypeMeta> dtype_opt() const noexcept;
  Layout layout() const noexcept;
  bool has_layout() const noexcept;
  optional<Layout> layout_opt() const noexcept;
  bool requires_grad() const noexcept;
  bool has_requires_grad() const noexcept;
  bool pinned_memory() const noexcept;
  bool has_pinned_memory() const noexcept;
  bool is_sparse() const;
  bool is_cuda() const;
  bool has_memory_format() const noexcept;
  optional<MemoryFormat> memory_format_opt() const noexcept;
  Backend backend() const;
  bool type_equal(const TensorOptions &other) const;
};
TensorOptions dtype(TypeMeta dtype);
TensorOptions dtype(ScalarType dtype);
template <typename T> TensorOptions dtype();
TensorOptions layout(Layout layout);
TensorOptions device(Device device);
TensorOptions device_index(DeviceIndex device_index);
TensorOptions requires_grad(bool requires_grad = true);
TensorOptions memory_format(MemoryFormat memory_format);
::std::ostream &operator<<(::std::ostream &stream, const TensorOptions &options);
ScalarType typeMetaToScalarType(optional<TypeMeta> dtype);

/* ------------------------------------------------------------ guards */
struct DeviceGuard {
  explicit DeviceGuard() = delete;
  explicit DeviceGuard(Device device);
  DeviceGuard(const DeviceGuard &) = delete;
  DeviceGuard &operator=(const DeviceGuard &) = delete;
  ~DeviceGuard();
  void reset_device(Device device);
  void set_device(Device device);
  void set_index(DeviceIndex index);
  Device original_device() const;
  Device current_device() const;
};
struct OptionalDeviceGuard {
  explicit OptionalDeviceGuard();
  explicit OptionalDeviceGuard(Device device);
  explicit OptionalDeviceGuard(optional<Device> device);
  OptionalDeviceGuard(const OptionalDeviceGuard &) = delete;
  ~OptionalDeviceGuard();
  void reset_device(Device device);
  optional<Device> original_device() const;
  optional<Device> current_device() const;
  void reset();
};

/* ---------------------------------------------------------------- Stream */
class Stream final {
public:
  enum Unsafe { UNSAFE };
  enum Default { DEFAULT };
  explicit Stream(Unsafe, Device device, StreamId id);
  explicit Stream(Default, Device device);
  bool operator==(const Stream &other) const noexcept;
  bool operator!=(const Stream &other) const noexcept;
  Device device() const noexcept;
  DeviceType device_type() const noexcept;
  DeviceIndex device_index() const noexcept;
  StreamId id() const noexcept;
  bool query() const;
  void synchronize() const;
};

class Allocator;
class Storage;
/* c10/core/GeneratorImpl.h, ATen/core/Generator.h */
struct GeneratorImpl;
class Generator {
public:
  Generator();
  bool defined() const;
  GeneratorImpl *unsafeGetGeneratorImpl() const;
  void set_current_seed(uint64_t seed);
  uint64_t current_seed() const;
  uint64_t seed();
  Device device() const;
  template <typename T> T *get() const;
};
} // namespace c10
namespace at {
using Generator = c10::Generator;
}

#endif /* CUDA2TILE_TORCH_C10_H */
