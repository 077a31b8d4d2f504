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

/* More of <type_traits> (cuda2tile_std.h is the prelude: every trait is a
 * template, so it costs nothing until used). */
template <class _T> struct is_volatile : false_type {};
template <class _T> struct is_volatile<volatile _T> : true_type {};
template <class _T> struct is_lvalue_reference : false_type {};
template <class _T> struct is_lvalue_reference<_T &> : true_type {};
template <class _T> struct is_rvalue_reference : false_type {};
template <class _T> struct is_rvalue_reference<_T &&> : true_type {};
template <class _T> struct is_function : bool_constant<__is_function(_T)> {};
template <class _T> struct is_union : bool_constant<__is_union(_T)> {};
template <class _T> struct is_object : bool_constant<__is_object(_T)> {};
template <class _T>
struct is_fundamental : bool_constant<__is_fundamental(_T)> {};
template <class _T> struct is_compound : bool_constant<__is_compound(_T)> {};
template <class _T>
struct is_member_pointer : bool_constant<__is_member_pointer(_T)> {};
template <class _T>
struct is_member_function_pointer
    : bool_constant<__is_member_function_pointer(_T)> {};
template <class _T>
struct is_member_object_pointer
    : bool_constant<__is_member_object_pointer(_T)> {};
template <class _T>
struct is_null_pointer : is_same<typename remove_cv<_T>::type, nullptr_t> {};
template <class _T> struct is_empty : bool_constant<__is_empty(_T)> {};
template <class _T>
struct is_polymorphic : bool_constant<__is_polymorphic(_T)> {};
template <class _T> struct is_abstract : bool_constant<__is_abstract(_T)> {};
template <class _T> struct is_final : bool_constant<__is_final(_T)> {};
template <class _T> struct is_aggregate : bool_constant<__is_aggregate(_T)> {};
template <class _T> struct is_trivial : bool_constant<__is_trivial(_T)> {};
template <class _T>
struct is_standard_layout : bool_constant<__is_standard_layout(_T)> {};
template <class _T> struct is_pod : bool_constant<__is_pod(_T)> {};
template <class _T>
struct has_virtual_destructor : bool_constant<__has_virtual_destructor(_T)> {};
template <class _T, class... _A>
struct is_constructible : bool_constant<__is_constructible(_T, _A...)> {};
template <class _T>
struct is_default_constructible : is_constructible<_T> {};
template <class _T>
struct is_copy_constructible
    : is_constructible<_T, typename add_lvalue_reference<const _T>::type> {};
template <class _T>
struct is_move_constructible
    : is_constructible<_T, typename add_rvalue_reference<_T>::type> {};
template <class _T, class _U>
struct is_assignable : bool_constant<__is_assignable(_T, _U)> {};
template <class _T>
struct is_copy_assignable
    : is_assignable<typename add_lvalue_reference<_T>::type,
                    typename add_lvalue_reference<const _T>::type> {};
template <class _T>
struct is_move_assignable
    : is_assignable<typename add_lvalue_reference<_T>::type,
                    typename add_rvalue_reference<_T>::type> {};
template <class _T>
struct is_destructible : bool_constant<__is_destructible(_T)> {};
template <class _T, class... _A>
struct is_trivially_constructible
    : bool_constant<__is_trivially_constructible(_T, _A...)> {};
template <class _T>
struct is_trivially_default_constructible : is_trivially_constructible<_T> {};
template <class _T>
struct is_trivially_copy_constructible
    : is_trivially_constructible<_T, const _T &> {};
template <class _T>
struct is_trivially_move_constructible
    : is_trivially_constructible<_T, _T &&> {};
template <class _T, class _U>
struct is_trivially_assignable
    : bool_constant<__is_trivially_assignable(_T, _U)> {};
template <class _T>
struct is_trivially_copy_assignable
    : is_trivially_assignable<_T &, const _T &> {};
template <class _T>
struct is_trivially_move_assignable : is_trivially_assignable<_T &, _T &&> {};
template <class _T>
struct is_trivially_destructible
    : bool_constant<__is_trivially_destructible(_T)> {};
template <class _T, class... _A>
struct is_nothrow_constructible
    : bool_constant<__is_nothrow_constructible(_T, _A...)> {};
template <class _T>
struct is_nothrow_default_constructible : is_nothrow_constructible<_T> {};
template <class _T>
struct is_nothrow_copy_constructible
    : is_nothrow_constructible<_T, const _T &> {};
template <class _T>
struct is_nothrow_move_constructible : is_nothrow_constructible<_T, _T &&> {};
template <class _T, class _U>
struct is_nothrow_assignable
    : bool_constant<__is_nothrow_assignable(_T, _U)> {};
template <class _T>
struct is_nothrow_copy_assignable : is_nothrow_assignable<_T &, const _T &> {};
template <class _T>
struct is_nothrow_move_assignable : is_nothrow_assignable<_T &, _T &&> {};
template <class _T>
struct is_nothrow_destructible : bool_constant<__is_nothrow_destructible(_T)> {};
template <class _T>
struct alignment_of : integral_constant<size_t, alignof(_T)> {};
template <class _T> struct rank : integral_constant<size_t, __array_rank(_T)> {};
template <class _T, unsigned _I = 0>
struct extent : integral_constant<size_t, __array_extent(_T, _I)> {};
template <class _T> struct remove_extent { typedef _T type; };
template <class _T> struct remove_extent<_T[]> { typedef _T type; };
template <class _T, size_t _N> struct remove_extent<_T[_N]> { typedef _T type; };
template <class _T> struct remove_all_extents { typedef _T type; };
template <class _T> struct remove_all_extents<_T[]> {
  typedef typename remove_all_extents<_T>::type type;
};
template <class _T, size_t _N> struct remove_all_extents<_T[_N]> {
  typedef typename remove_all_extents<_T>::type type;
};
template <class _T> struct add_volatile { typedef volatile _T type; };
template <class _T> struct add_cv { typedef const volatile _T type; };
template <class _T> using add_volatile_t = typename add_volatile<_T>::type;
template <class _T> using add_cv_t = typename add_cv<_T>::type;
template <class _T>
using add_lvalue_reference_t = typename add_lvalue_reference<_T>::type;
template <class _T>
using add_rvalue_reference_t = typename add_rvalue_reference<_T>::type;
template <class _T> using remove_volatile_t = typename remove_volatile<_T>::type;
template <class _T> using remove_extent_t = typename remove_extent<_T>::type;
template <class _T>
using remove_all_extents_t = typename remove_all_extents<_T>::type;
template <class _T> using underlying_type_t = typename underlying_type<_T>::type;
template <class _T> using type_identity_t = typename type_identity<_T>::type;
/* "the most stringent alignment" for the default: 16, as libstdc++ on x86_64. */
template <size_t _Len, size_t _Align = 16>
struct aligned_storage {
  struct type {
    alignas(_Align) unsigned char __data[_Len];
  };
};
template <size_t _Len, size_t _Align = 16>
using aligned_storage_t = typename aligned_storage<_Len, _Align>::type;
template <class... _B> struct conjunction : true_type {};
template <class _B1> struct conjunction<_B1> : _B1 {};
template <class _B1, class... _Bn>
struct conjunction<_B1, _Bn...>
    : conditional<bool(_B1::value), conjunction<_Bn...>, _B1>::type {};
template <class... _B> struct disjunction : false_type {};
template <class _B1> struct disjunction<_B1> : _B1 {};
template <class _B1, class... _Bn>
struct disjunction<_B1, _Bn...>
    : conditional<bool(_B1::value), _B1, disjunction<_Bn...>>::type {};
template <class _B> struct negation : bool_constant<!bool(_B::value)> {};
template <class _T1, class _T2, class = void> struct __c2t_common_type2 {};
template <class _T1, class _T2>
struct __c2t_common_type2<
    _T1, _T2, void_t<decltype(false ? declval<_T1>() : declval<_T2>())>> {
  typedef typename decay<decltype(false ? declval<_T1>()
                                        : declval<_T2>())>::type type;
};
template <class... _T> struct common_type {};
template <class _T> struct common_type<_T> : common_type<_T, _T> {};
template <class _T1, class _T2>
struct common_type<_T1, _T2>
    : __c2t_common_type2<typename decay<_T1>::type,
                         typename decay<_T2>::type> {};
template <class _T1, class _T2, class _T3, class... _R>
struct common_type<_T1, _T2, _T3, _R...>
    : common_type<typename common_type<_T1, _T2>::type, _T3, _R...> {};
template <class... _T> using common_type_t = typename common_type<_T...>::type;
/* invoke_result/result_of: callables only (no pointer-to-member forms). */
template <class _Void, class _F, class... _A> struct __c2t_invoke_result {};
template <class _F, class... _A>
struct __c2t_invoke_result<
    void_t<decltype(declval<_F>()(declval<_A>()...))>, _F, _A...> {
  typedef decltype(declval<_F>()(declval<_A>()...)) type;
};
template <class _F, class... _A>
struct invoke_result : __c2t_invoke_result<void, _F, _A...> {};
template <class _F, class... _A>
using invoke_result_t = typename invoke_result<_F, _A...>::type;
template <class _Sig> struct result_of;
template <class _F, class... _A>
struct result_of<_F(_A...)> : invoke_result<_F, _A...> {};
template <class _Sig> using result_of_t = typename result_of<_Sig>::type;
template <class _Void, class _F, class... _A>
struct __c2t_is_invocable : false_type {};
template <class _F, class... _A>
struct __c2t_is_invocable<void_t<typename invoke_result<_F, _A...>::type>, _F,
                          _A...> : true_type {};
template <class _F, class... _A>
struct is_invocable : __c2t_is_invocable<void, _F, _A...> {};
template <class _R, class _F, class... _A>
struct is_invocable_r
    : conjunction<is_invocable<_F, _A...>,
                  is_convertible<invoke_result_t<_F, _A...>, _R>> {};
template <class _T>
inline constexpr bool is_reference_v = is_reference<_T>::value;
template <class _T>
inline constexpr bool is_lvalue_reference_v = is_lvalue_reference<_T>::value;
template <class _T>
inline constexpr bool is_rvalue_reference_v = is_rvalue_reference<_T>::value;
template <class _T> inline constexpr bool is_const_v = is_const<_T>::value;
template <class _T>
inline constexpr bool is_volatile_v = is_volatile<_T>::value;
template <class _T> inline constexpr bool is_array_v = is_array<_T>::value;
template <class _T> inline constexpr bool is_enum_v = is_enum<_T>::value;
template <class _T> inline constexpr bool is_class_v = is_class<_T>::value;
template <class _T> inline constexpr bool is_union_v = is_union<_T>::value;
template <class _T>
inline constexpr bool is_function_v = is_function<_T>::value;
template <class _T> inline constexpr bool is_scalar_v = is_scalar<_T>::value;
template <class _T> inline constexpr bool is_object_v = is_object<_T>::value;
template <class _T>
inline constexpr bool is_fundamental_v = is_fundamental<_T>::value;
template <class _T>
inline constexpr bool is_member_pointer_v = is_member_pointer<_T>::value;
template <class _T>
inline constexpr bool is_null_pointer_v = is_null_pointer<_T>::value;
template <class _T> inline constexpr bool is_empty_v = is_empty<_T>::value;
template <class _T>
inline constexpr bool is_polymorphic_v = is_polymorphic<_T>::value;
template <class _T>
inline constexpr bool is_abstract_v = is_abstract<_T>::value;
template <class _T> inline constexpr bool is_final_v = is_final<_T>::value;
template <class _T> inline constexpr bool is_trivial_v = is_trivial<_T>::value;
template <class _T>
inline constexpr bool is_trivially_copyable_v = is_trivially_copyable<_T>::value;
template <class _T>
inline constexpr bool is_standard_layout_v = is_standard_layout<_T>::value;
template <class _T> inline constexpr bool is_pod_v = is_pod<_T>::value;
template <class _B, class _D>
inline constexpr bool is_base_of_v = is_base_of<_B, _D>::value;
template <class _F, class _T>
inline constexpr bool is_convertible_v = is_convertible<_F, _T>::value;
template <class _T, class... _A>
inline constexpr bool is_constructible_v = is_constructible<_T, _A...>::value;
template <class _T>
inline constexpr bool is_default_constructible_v =
    is_default_constructible<_T>::value;
template <class _T>
inline constexpr bool is_copy_constructible_v = is_copy_constructible<_T>::value;
template <class _T>
inline constexpr bool is_move_constructible_v = is_move_constructible<_T>::value;
template <class _T, class _U>
inline constexpr bool is_assignable_v = is_assignable<_T, _U>::value;
template <class _T>
inline constexpr bool is_copy_assignable_v = is_copy_assignable<_T>::value;
template <class _T>
inline constexpr bool is_move_assignable_v = is_move_assignable<_T>::value;
template <class _T>
inline constexpr bool is_destructible_v = is_destructible<_T>::value;
template <class _T>
inline constexpr bool is_trivially_destructible_v =
    is_trivially_destructible<_T>::value;
template <class _T>
inline constexpr bool is_trivially_default_constructible_v =
    is_trivially_default_constructible<_T>::value;
template <class _T>
inline constexpr bool is_trivially_copy_constructible_v =
    is_trivially_copy_constructible<_T>::value;
template <class _T, class... _A>
inline constexpr bool is_nothrow_constructible_v =
    is_nothrow_constructible<_T, _A...>::value;
template <class _T>
inline constexpr bool is_nothrow_move_constructible_v =
    is_nothrow_move_constructible<_T>::value;
template <class _T>
inline constexpr bool has_virtual_destructor_v = has_virtual_destructor<_T>::value;
template <class _T>
inline constexpr size_t alignment_of_v = alignment_of<_T>::value;
template <class _T> inline constexpr size_t rank_v = rank<_T>::value;
template <class _T, unsigned _I = 0>
inline constexpr size_t extent_v = extent<_T, _I>::value;
template <class... _B>
inline constexpr bool conjunction_v = conjunction<_B...>::value;
template <class... _B>
inline constexpr bool disjunction_v = disjunction<_B...>::value;
template <class _B> inline constexpr bool negation_v = negation<_B>::value;
template <class _F, class... _A>
inline constexpr bool is_invocable_v = is_invocable<_F, _A...>::value;
template <class _R, class _F, class... _A>
inline constexpr bool is_invocable_r_v = is_invocable_r<_R, _F, _A...>::value;
constexpr bool is_constant_evaluated() noexcept {
  return __builtin_is_constant_evaluated();
}

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
  pair(const pair &) = default;
  pair(pair &&) = default;
  template <class _U1, class _U2>
  constexpr pair(_U1 &&__x, _U2 &&__y)
      : first(static_cast<_U1 &&>(__x)), second(static_cast<_U2 &&>(__y)) {}
  template <class _U1, class _U2>
  constexpr pair(const pair<_U1, _U2> &__p)
      : first(__p.first), second(__p.second) {}
  template <class _U1, class _U2>
  constexpr pair(pair<_U1, _U2> &&__p)
      : first(static_cast<_U1 &&>(__p.first)),
        second(static_cast<_U2 &&>(__p.second)) {}
  pair &operator=(const pair &) = default;
  pair &operator=(pair &&) = default;
  template <class _U1, class _U2>
  constexpr pair &operator=(const pair<_U1, _U2> &__p) {
    first = __p.first;
    second = __p.second;
    return *this;
  }
  constexpr void swap(pair &__p) {
    _T1 __f = static_cast<_T1 &&>(first);
    first = static_cast<_T1 &&>(__p.first);
    __p.first = static_cast<_T1 &&>(__f);
    _T2 __s = static_cast<_T2 &&>(second);
    second = static_cast<_T2 &&>(__p.second);
    __p.second = static_cast<_T2 &&>(__s);
  }
};
template <class _T1, class _T2>
constexpr pair<_T1, _T2> make_pair(_T1 __a, _T2 __b) {
  return pair<_T1, _T2>(__a, __b);
}
template <class _T1, class _T2>
constexpr bool operator==(const pair<_T1, _T2> &__x, const pair<_T1, _T2> &__y) {
  return __x.first == __y.first && __x.second == __y.second;
}
template <class _T1, class _T2>
constexpr bool operator!=(const pair<_T1, _T2> &__x, const pair<_T1, _T2> &__y) {
  return !(__x == __y);
}
template <class _T1, class _T2>
constexpr bool operator<(const pair<_T1, _T2> &__x, const pair<_T1, _T2> &__y) {
  return __x.first < __y.first ||
         (!(__y.first < __x.first) && __x.second < __y.second);
}
template <class _T1, class _T2>
constexpr bool operator>(const pair<_T1, _T2> &__x, const pair<_T1, _T2> &__y) {
  return __y < __x;
}
template <class _T1, class _T2>
constexpr bool operator<=(const pair<_T1, _T2> &__x, const pair<_T1, _T2> &__y) {
  return !(__y < __x);
}
template <class _T1, class _T2>
constexpr bool operator>=(const pair<_T1, _T2> &__x, const pair<_T1, _T2> &__y) {
  return !(__x < __y);
}
/* tuple protocol (declared by <utility> in C++17); <tuple> adds tuple. */
template <class _T> struct tuple_size;
template <class _T>
struct tuple_size<const _T> : integral_constant<size_t, tuple_size<_T>::value> {};
template <size_t _I, class _T> struct tuple_element;
template <size_t _I, class _T> struct tuple_element<_I, const _T> {
  typedef const typename tuple_element<_I, _T>::type type;
};
template <size_t _I, class _T>
using tuple_element_t = typename tuple_element<_I, _T>::type;
template <class _T>
inline constexpr size_t tuple_size_v = tuple_size<_T>::value;
template <class _T1, class _T2>
struct tuple_size<pair<_T1, _T2>> : integral_constant<size_t, 2> {};
template <class _T1, class _T2> struct tuple_element<0, pair<_T1, _T2>> {
  typedef _T1 type;
};
template <class _T1, class _T2> struct tuple_element<1, pair<_T1, _T2>> {
  typedef _T2 type;
};
template <size_t _I, class _T1, class _T2>
constexpr typename tuple_element<_I, pair<_T1, _T2>>::type &
get(pair<_T1, _T2> &__p) noexcept {
  if constexpr (_I == 0) return __p.first; else return __p.second;
}
template <size_t _I, class _T1, class _T2>
constexpr const typename tuple_element<_I, pair<_T1, _T2>>::type &
get(const pair<_T1, _T2> &__p) noexcept {
  if constexpr (_I == 0) return __p.first; else return __p.second;
}
template <size_t _I, class _T1, class _T2>
constexpr typename tuple_element<_I, pair<_T1, _T2>>::type &&
get(pair<_T1, _T2> &&__p) noexcept {
  if constexpr (_I == 0)
    return static_cast<_T1 &&>(__p.first);
  else
    return static_cast<_T2 &&>(__p.second);
}
template <class _T, _T... _I> struct integer_sequence {
  typedef _T value_type;
  static constexpr size_t size() noexcept { return sizeof...(_I); }
};
template <size_t... _I> using index_sequence = integer_sequence<size_t, _I...>;
template <class _T, _T _N>
using make_integer_sequence = __make_integer_seq<integer_sequence, _T, _N>;
template <size_t _N>
using make_index_sequence = make_integer_sequence<size_t, _N>;
template <class... _T>
using index_sequence_for = make_index_sequence<sizeof...(_T)>;
template <class _T, class _U = _T>
constexpr _T exchange(_T &__obj, _U &&__new_val) {
  _T __old = static_cast<_T &&>(__obj);
  __obj = static_cast<_U &&>(__new_val);
  return __old;
}
template <class _T> constexpr const _T &as_const(_T &__t) noexcept { return __t; }
template <class _T> void as_const(const _T &&) = delete;
template <class _T> constexpr _T *addressof(_T &__r) noexcept {
  return __builtin_addressof(__r);
}
template <class _T> const _T *addressof(const _T &&) = delete;
template <class _T, size_t _N>
constexpr void swap(_T (&__a)[_N], _T (&__b)[_N]) noexcept {
  for (size_t __i = 0; __i < _N; ++__i) swap(__a[__i], __b[__i]);
}
struct piecewise_construct_t { explicit piecewise_construct_t() = default; };
inline constexpr piecewise_construct_t piecewise_construct{};
struct in_place_t { explicit in_place_t() = default; };
inline constexpr in_place_t in_place{};
template <class _T> struct in_place_type_t { explicit in_place_type_t() = default; };
template <class _T> inline constexpr in_place_type_t<_T> in_place_type{};
template <size_t _I> struct in_place_index_t { explicit in_place_index_t() = default; };
template <size_t _I> inline constexpr in_place_index_t<_I> in_place_index{};

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
