/* cuda2tile_std.h -- a minimal freestanding subset of the C++ standard
 * library: what CUDA device code commonly uses from <cstddef>, <cstdint>,
 * <type_traits>, <utility>, <algorithm>, <limits> and <initializer_list>.
 * Everything is constexpr or a template, so clang treats it as usable from
 * both host and device code (-fcuda-host-device-constexpr is clang's
 * default).  Included by cuda2tile_prelude.h. */
#ifndef CUDA2TILE_STD_H
#define CUDA2TILE_STD_H

namespace std {

typedef ::size_t size_t;
typedef ::ptrdiff_t ptrdiff_t;
typedef decltype(nullptr) nullptr_t;
typedef ::max_align_t max_align_t;
using ::int8_t;
using ::int16_t;
using ::int32_t;
using ::int64_t;
using ::uint8_t;
using ::uint16_t;
using ::uint32_t;
using ::uint64_t;
using ::intptr_t;
using ::uintptr_t;
using ::intmax_t;
using ::uintmax_t;
using ::int_least8_t;
using ::int_least16_t;
using ::int_least32_t;
using ::int_least64_t;
using ::uint_least8_t;
using ::uint_least16_t;
using ::uint_least32_t;
using ::uint_least64_t;
using ::int_fast8_t;
using ::int_fast16_t;
using ::int_fast32_t;
using ::int_fast64_t;
using ::uint_fast8_t;
using ::uint_fast16_t;
using ::uint_fast32_t;
using ::uint_fast64_t;
enum class byte : unsigned char {};

/* <initializer_list> (layout required by clang: pointer + size) */
template <class _E> class initializer_list {
  const _E *__begin_;
  size_t __size_;
  constexpr initializer_list(const _E *__b, size_t __s)
      : __begin_(__b), __size_(__s) {}

public:
  typedef _E value_type;
  typedef const _E &reference;
  typedef const _E &const_reference;
  typedef size_t size_type;
  typedef const _E *iterator;
  typedef const _E *const_iterator;
  constexpr initializer_list() noexcept : __begin_(nullptr), __size_(0) {}
  constexpr size_t size() const noexcept { return __size_; }
  constexpr const _E *begin() const noexcept { return __begin_; }
  constexpr const _E *end() const noexcept { return __begin_ + __size_; }
};
template <class _E>
constexpr const _E *begin(initializer_list<_E> __il) noexcept {
  return __il.begin();
}
template <class _E>
constexpr const _E *end(initializer_list<_E> __il) noexcept {
  return __il.end();
}

/* <type_traits> */
template <class _Tp, _Tp __v> struct integral_constant {
  static constexpr _Tp value = __v;
  typedef _Tp value_type;
  typedef integral_constant type;
  constexpr operator value_type() const noexcept { return value; }
  constexpr value_type operator()() const noexcept { return value; }
};
typedef integral_constant<bool, true> true_type;
typedef integral_constant<bool, false> false_type;
template <bool __b> using bool_constant = integral_constant<bool, __b>;

template <bool, class _Tp = void> struct enable_if {};
template <class _Tp> struct enable_if<true, _Tp> { typedef _Tp type; };
template <bool _B, class _Tp = void>
using enable_if_t = typename enable_if<_B, _Tp>::type;

template <bool, class _T, class _F> struct conditional { typedef _T type; };
template <class _T, class _F> struct conditional<false, _T, _F> {
  typedef _F type;
};
template <bool _B, class _T, class _F>
using conditional_t = typename conditional<_B, _T, _F>::type;

template <class _T, class _U> struct is_same : false_type {};
template <class _T> struct is_same<_T, _T> : true_type {};
template <class _T, class _U>
inline constexpr bool is_same_v = is_same<_T, _U>::value;

template <class _T> struct remove_const { typedef _T type; };
template <class _T> struct remove_const<const _T> { typedef _T type; };
template <class _T> struct remove_volatile { typedef _T type; };
template <class _T> struct remove_volatile<volatile _T> { typedef _T type; };
template <class _T> struct remove_cv {
  typedef typename remove_volatile<typename remove_const<_T>::type>::type type;
};
template <class _T> struct remove_reference { typedef _T type; };
template <class _T> struct remove_reference<_T &> { typedef _T type; };
template <class _T> struct remove_reference<_T &&> { typedef _T type; };
template <class _T> struct remove_pointer { typedef _T type; };
template <class _T> struct remove_pointer<_T *> { typedef _T type; };
template <class _T> struct remove_pointer<_T *const> { typedef _T type; };
template <class _T> struct remove_cvref {
  typedef typename remove_cv<typename remove_reference<_T>::type>::type type;
};
template <class _T> struct add_const { typedef const _T type; };
template <class _T> struct add_pointer {
  typedef typename remove_reference<_T>::type *type;
};
template <class _T> struct add_lvalue_reference { typedef _T &type; };
template <class _T> struct add_rvalue_reference { typedef _T &&type; };
template <class _T> struct type_identity { typedef _T type; };
template <class _T> using remove_const_t = typename remove_const<_T>::type;
template <class _T> using remove_cv_t = typename remove_cv<_T>::type;
template <class _T>
using remove_reference_t = typename remove_reference<_T>::type;
template <class _T> using remove_pointer_t = typename remove_pointer<_T>::type;
template <class _T> using remove_cvref_t = typename remove_cvref<_T>::type;
template <class _T> using add_const_t = typename add_const<_T>::type;
template <class _T> using add_pointer_t = typename add_pointer<_T>::type;

template <class _T> struct is_integral : bool_constant<__is_integral(_T)> {};
template <class _T>
struct is_floating_point : bool_constant<__is_floating_point(_T)> {};
template <class _T> struct is_arithmetic : bool_constant<__is_arithmetic(_T)> {};
template <class _T> struct is_signed : bool_constant<__is_signed(_T)> {};
template <class _T> struct is_unsigned : bool_constant<__is_unsigned(_T)> {};
template <class _T> struct is_pointer : bool_constant<__is_pointer(_T)> {};
template <class _T> struct is_reference : bool_constant<__is_reference(_T)> {};
template <class _T> struct is_const : bool_constant<__is_const(_T)> {};
template <class _T> struct is_void : is_same<typename remove_cv<_T>::type, void> {};
template <class _T> struct is_array : bool_constant<__is_array(_T)> {};
template <class _T> struct is_enum : bool_constant<__is_enum(_T)> {};
template <class _T> struct is_class : bool_constant<__is_class(_T)> {};
template <class _T> struct is_scalar : bool_constant<__is_scalar(_T)> {};
template <class _T>
struct is_trivially_copyable : bool_constant<__is_trivially_copyable(_T)> {};
template <class _B, class _D>
struct is_base_of : bool_constant<__is_base_of(_B, _D)> {};
template <class _F, class _T>
struct is_convertible : bool_constant<__is_convertible_to(_F, _T)> {};
template <class _T> struct make_unsigned { typedef __make_unsigned(_T) type; };
template <class _T> struct make_signed { typedef __make_signed(_T) type; };
template <class _T> struct decay { typedef __decay(_T) type; };
template <class _T> struct underlying_type {
  typedef __underlying_type(_T) type;
};
template <class _T> using make_unsigned_t = typename make_unsigned<_T>::type;
template <class _T> using make_signed_t = typename make_signed<_T>::type;
template <class _T> using decay_t = typename decay<_T>::type;
template <class _T>
inline constexpr bool is_integral_v = is_integral<_T>::value;
template <class _T>
inline constexpr bool is_floating_point_v = is_floating_point<_T>::value;
template <class _T>
inline constexpr bool is_arithmetic_v = is_arithmetic<_T>::value;
template <class _T> inline constexpr bool is_signed_v = is_signed<_T>::value;
template <class _T>
inline constexpr bool is_unsigned_v = is_unsigned<_T>::value;
template <class _T> inline constexpr bool is_pointer_v = is_pointer<_T>::value;
template <class _T> inline constexpr bool is_void_v = is_void<_T>::value;
template <class _T>
typename add_rvalue_reference<_T>::type declval() noexcept;
template <class...> using void_t = void;

/* <utility> */
template <class _T>
constexpr typename remove_reference<_T>::type &&move(_T &&__t) noexcept {
  return static_cast<typename remove_reference<_T>::type &&>(__t);
}
template <class _T>
constexpr _T &&forward(typename remove_reference<_T>::type &__t) noexcept {
  return static_cast<_T &&>(__t);
}
template <class _T>
constexpr _T &&forward(typename remove_reference<_T>::type &&__t) noexcept {
  return static_cast<_T &&>(__t);
}
template <class _T> constexpr void swap(_T &__a, _T &__b) noexcept {
  _T __tmp = static_cast<_T &&>(__a);
  __a = static_cast<_T &&>(__b);
  __b = static_cast<_T &&>(__tmp);
}
template <class _T1, class _T2> struct pair {
  typedef _T1 first_type;
  typedef _T2 second_type;
  _T1 first;
  _T2 second;
  constexpr pair() : first(), second() {}
  constexpr pair(const _T1 &__a, const _T2 &__b) : first(__a), second(__b) {}
};
template <class _T1, class _T2>
constexpr pair<_T1, _T2> make_pair(_T1 __a, _T2 __b) {
  return pair<_T1, _T2>(__a, __b);
}

/* <algorithm> (the constexpr scalar ones) */
template <class _T> constexpr const _T &min(const _T &__a, const _T &__b) {
  return (__b < __a) ? __b : __a;
}
template <class _T> constexpr const _T &max(const _T &__a, const _T &__b) {
  return (__a < __b) ? __b : __a;
}
template <class _T> constexpr _T min(initializer_list<_T> __il) {
  const _T *__p = __il.begin();
  _T __r = *__p;
  for (++__p; __p != __il.end(); ++__p)
    if (*__p < __r) __r = *__p;
  return __r;
}
template <class _T> constexpr _T max(initializer_list<_T> __il) {
  const _T *__p = __il.begin();
  _T __r = *__p;
  for (++__p; __p != __il.end(); ++__p)
    if (__r < *__p) __r = *__p;
  return __r;
}
template <class _T>
constexpr const _T &clamp(const _T &__v, const _T &__lo, const _T &__hi) {
  return (__v < __lo) ? __lo : (__hi < __v) ? __hi : __v;
}
template <class _It, class _T>
constexpr void fill(_It __first, _It __last, const _T &__value) {
  for (; __first != __last; ++__first) *__first = __value;
}
template <class _It, class _Size, class _T>
constexpr _It fill_n(_It __first, _Size __n, const _T &__value) {
  for (; __n > 0; --__n, ++__first) *__first = __value;
  return __first;
}
template <class _InIt, class _OutIt>
constexpr _OutIt copy(_InIt __first, _InIt __last, _OutIt __out) {
  for (; __first != __last; ++__first, ++__out) *__out = *__first;
  return __out;
}

/* <limits> */
enum float_round_style { round_toward_zero = 0, round_to_nearest = 1 };
template <class _T> struct numeric_limits {
  static constexpr bool is_specialized = false;
};
#define __C2T_INT_LIMITS(T, MIN, MAX, SIGNED, DIGITS)                          \
  template <> struct numeric_limits<T> {                                       \
    static constexpr bool is_specialized = true;                               \
    static constexpr bool is_signed = SIGNED;                                  \
    static constexpr bool is_integer = true;                                   \
    static constexpr bool is_exact = true;                                     \
    static constexpr bool has_infinity = false;                                \
    static constexpr bool has_quiet_NaN = false;                               \
    static constexpr int digits = DIGITS;                                      \
    static constexpr int radix = 2;                                            \
    static constexpr T min() noexcept { return MIN; }                          \
    static constexpr T max() noexcept { return MAX; }                          \
    static constexpr T lowest() noexcept { return MIN; }                       \
    static constexpr T epsilon() noexcept { return 0; }                        \
    static constexpr T infinity() noexcept { return 0; }                       \
    static constexpr T quiet_NaN() noexcept { return 0; }                      \
  };
__C2T_INT_LIMITS(bool, false, true, false, 1)
__C2T_INT_LIMITS(char, CHAR_MIN, CHAR_MAX, (CHAR_MIN < 0), (CHAR_MIN < 0 ? 7 : 8))
__C2T_INT_LIMITS(signed char, SCHAR_MIN, SCHAR_MAX, true, 7)
__C2T_INT_LIMITS(unsigned char, 0, UCHAR_MAX, false, 8)
__C2T_INT_LIMITS(short, SHRT_MIN, SHRT_MAX, true, 15)
__C2T_INT_LIMITS(unsigned short, 0, USHRT_MAX, false, 16)
__C2T_INT_LIMITS(int, INT_MIN, INT_MAX, true, 31)
__C2T_INT_LIMITS(unsigned int, 0U, UINT_MAX, false, 32)
__C2T_INT_LIMITS(long, LONG_MIN, LONG_MAX, true, 63)
__C2T_INT_LIMITS(unsigned long, 0UL, ULONG_MAX, false, 64)
__C2T_INT_LIMITS(long long, LLONG_MIN, LLONG_MAX, true, 63)
__C2T_INT_LIMITS(unsigned long long, 0ULL, ULLONG_MAX, false, 64)
#undef __C2T_INT_LIMITS
#define __C2T_FLT_LIMITS(T, P, SUF)                                            \
  template <> struct numeric_limits<T> {                                       \
    static constexpr bool is_specialized = true;                               \
    static constexpr bool is_signed = true;                                    \
    static constexpr bool is_integer = false;                                  \
    static constexpr bool is_exact = false;                                    \
    static constexpr bool has_infinity = true;                                 \
    static constexpr bool has_quiet_NaN = true;                                \
    static constexpr bool is_iec559 = true;                                    \
    static constexpr float_round_style round_style = round_to_nearest;         \
    static constexpr int digits = P##_MANT_DIG__;                              \
    static constexpr int digits10 = P##_DIG__;                                 \
    static constexpr int max_digits10 = P##_DECIMAL_DIG__;                     \
    static constexpr int radix = 2;                                            \
    static constexpr int min_exponent = P##_MIN_EXP__;                         \
    static constexpr int max_exponent = P##_MAX_EXP__;                         \
    static constexpr T min() noexcept { return P##_MIN__; }                    \
    static constexpr T max() noexcept { return P##_MAX__; }                    \
    static constexpr T lowest() noexcept { return -P##_MAX__; }                \
    static constexpr T epsilon() noexcept { return P##_EPSILON__; }            \
    static constexpr T round_error() noexcept { return 0.5; }                  \
    static constexpr T denorm_min() noexcept { return P##_DENORM_MIN__; }      \
    static constexpr T infinity() noexcept { return __builtin_huge_val##SUF(); } \
    static constexpr T quiet_NaN() noexcept { return __builtin_nan##SUF(""); } \
    static constexpr T signaling_NaN() noexcept {                              \
      return __builtin_nans##SUF("");                                          \
    }                                                                          \
  };
__C2T_FLT_LIMITS(float, __FLT, f)
__C2T_FLT_LIMITS(double, __DBL, )
#undef __C2T_FLT_LIMITS
template <class _T> struct numeric_limits<const _T> : numeric_limits<_T> {};

} /* namespace std */

/* <new>: placement forms (CUDA device code may use placement new). */
__host__ __device__ inline void *operator new(size_t, void *__p) noexcept {
  return __p;
}
__host__ __device__ inline void *operator new[](size_t, void *__p) noexcept {
  return __p;
}
__host__ __device__ inline void operator delete(void *, void *) noexcept {}
__host__ __device__ inline void operator delete[](void *, void *) noexcept {}

#endif /* CUDA2TILE_STD_H */
