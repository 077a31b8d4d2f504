/* cuda2tile_stl.h -- internal: what the container, string, stream and
 * algorithm stand-ins share.  <memory>'s allocator, <iterator>'s traits,
 * tags, reverse_iterator, inserters and range access, <functional>'s
 * operator function objects and std::hash, <string>'s char_traits.
 *
 * Host-only declarations, except what libstdc++ makes constexpr (the
 * function objects, iterator_traits, range access): those have bodies and,
 * being constexpr, are usable in device code as with clang's CUDA mode. */
#ifndef CUDA2TILE_STL_H
#define CUDA2TILE_STL_H
#include "cuda2tile_prelude.h"

namespace std {

/* <memory>: allocator */
template <class _T> class allocator {
public:
  typedef _T value_type;
  typedef _T *pointer;
  typedef const _T *const_pointer;
  typedef _T &reference;
  typedef const _T &const_reference;
  typedef size_t size_type;
  typedef ptrdiff_t difference_type;
  typedef true_type propagate_on_container_move_assignment;
  typedef true_type is_always_equal;
  template <class _U> struct rebind { typedef allocator<_U> other; };
  allocator() noexcept;
  allocator(const allocator &) noexcept;
  template <class _U> allocator(const allocator<_U> &) noexcept;
  ~allocator();
  _T *allocate(size_t __n);
  void deallocate(_T *__p, size_t __n);
};
template <> class allocator<void> {
public:
  typedef void value_type;
  typedef void *pointer;
  typedef const void *const_pointer;
  template <class _U> struct rebind { typedef allocator<_U> other; };
};
template <class _T, class _U>
bool operator==(const allocator<_T> &, const allocator<_U> &) noexcept;
template <class _T, class _U>
bool operator!=(const allocator<_T> &, const allocator<_U> &) noexcept;
template <class _Alloc> struct allocator_traits {
  typedef _Alloc allocator_type;
  typedef typename _Alloc::value_type value_type;
  typedef value_type *pointer;
  typedef const value_type *const_pointer;
  typedef size_t size_type;
  typedef ptrdiff_t difference_type;
  template <class _U>
  using rebind_alloc = typename _Alloc::template rebind<_U>::other;
  static pointer allocate(_Alloc &__a, size_type __n);
  static void deallocate(_Alloc &__a, pointer __p, size_type __n);
  template <class _U, class... _Args>
  static void construct(_Alloc &__a, _U *__p, _Args &&...__args);
  template <class _U> static void destroy(_Alloc &__a, _U *__p);
  static size_type max_size(const _Alloc &__a) noexcept;
};

/* <iterator>: tags and traits */
struct input_iterator_tag {};
struct output_iterator_tag {};
struct forward_iterator_tag : input_iterator_tag {};
struct bidirectional_iterator_tag : forward_iterator_tag {};
struct random_access_iterator_tag : bidirectional_iterator_tag {};
template <class _It, class = void> struct __c2t_iterator_traits {};
template <class _It>
struct __c2t_iterator_traits<_It, void_t<typename _It::iterator_category>> {
  typedef typename _It::iterator_category iterator_category;
  typedef typename _It::value_type value_type;
  typedef typename _It::difference_type difference_type;
  typedef typename _It::pointer pointer;
  typedef typename _It::reference reference;
};
template <class _It> struct iterator_traits : __c2t_iterator_traits<_It> {};
template <class _T> struct iterator_traits<_T *> {
  typedef random_access_iterator_tag iterator_category;
  typedef typename remove_cv<_T>::type value_type;
  typedef ptrdiff_t difference_type;
  typedef _T *pointer;
  typedef _T &reference;
};
/* std::iterator: deprecated in C++17, still provided by libstdc++. */
template <class _Category, class _T, class _Distance = ptrdiff_t,
          class _Pointer = _T *, class _Reference = _T &>
struct iterator {
  typedef _Category iterator_category;
  typedef _T value_type;
  typedef _Distance difference_type;
  typedef _Pointer pointer;
  typedef _Reference reference;
};
template <class _It>
constexpr typename iterator_traits<_It>::difference_type distance(_It __first,
                                                                 _It __last) {
  typename iterator_traits<_It>::difference_type __n = 0;
  for (; __first != __last; ++__first) ++__n;
  return __n;
}
template <class _T>
constexpr ptrdiff_t distance(_T *__first, _T *__last) {
  return __last - __first;
}
template <class _It, class _Distance>
constexpr void advance(_It &__it, _Distance __n) {
  for (; __n > 0; --__n) ++__it;
  for (; __n < 0; ++__n) --__it;
}
template <class _It>
constexpr _It next(_It __it,
                   typename iterator_traits<_It>::difference_type __n = 1) {
  advance(__it, __n);
  return __it;
}
template <class _It>
constexpr _It prev(_It __it,
                   typename iterator_traits<_It>::difference_type __n = 1) {
  advance(__it, -__n);
  return __it;
}
template <class _It> class reverse_iterator {
public:
  typedef _It iterator_type;
  typedef typename iterator_traits<_It>::iterator_category iterator_category;
  typedef typename iterator_traits<_It>::value_type value_type;
  typedef typename iterator_traits<_It>::difference_type difference_type;
  typedef typename iterator_traits<_It>::pointer pointer;
  typedef typename iterator_traits<_It>::reference reference;
  constexpr reverse_iterator() : current() {}
  constexpr explicit reverse_iterator(_It __x) : current(__x) {}
  template <class _U>
  constexpr reverse_iterator(const reverse_iterator<_U> &__u)
      : current(__u.base()) {}
  constexpr _It base() const { return current; }
  constexpr reference operator*() const {
    _It __tmp = current;
    return *--__tmp;
  }
  pointer operator->() const;
  constexpr reverse_iterator &operator++() { --current; return *this; }
  constexpr reverse_iterator operator++(int) {
    reverse_iterator __tmp = *this; --current; return __tmp;
  }
  constexpr reverse_iterator &operator--() { ++current; return *this; }
  constexpr reverse_iterator operator--(int) {
    reverse_iterator __tmp = *this; ++current; return __tmp;
  }
  constexpr reverse_iterator operator+(difference_type __n) const {
    return reverse_iterator(current - __n);
  }
  constexpr reverse_iterator operator-(difference_type __n) const {
    return reverse_iterator(current + __n);
  }
  constexpr reverse_iterator &operator+=(difference_type __n) {
    current -= __n; return *this;
  }
  constexpr reverse_iterator &operator-=(difference_type __n) {
    current += __n; return *this;
  }
  constexpr reference operator[](difference_type __n) const {
    return *(*this + __n);
  }

protected:
  _It current;
};
template <class _I1, class _I2>
constexpr bool operator==(const reverse_iterator<_I1> &__x,
                          const reverse_iterator<_I2> &__y) {
  return __x.base() == __y.base();
}
template <class _I1, class _I2>
constexpr bool operator!=(const reverse_iterator<_I1> &__x,
                          const reverse_iterator<_I2> &__y) {
  return __x.base() != __y.base();
}
template <class _I1, class _I2>
constexpr bool operator<(const reverse_iterator<_I1> &__x,
                         const reverse_iterator<_I2> &__y) {
  return __y.base() < __x.base();
}
template <class _I1, class _I2>
constexpr auto operator-(const reverse_iterator<_I1> &__x,
                         const reverse_iterator<_I2> &__y)
    -> decltype(__y.base() - __x.base()) {
  return __y.base() - __x.base();
}
template <class _It>
constexpr reverse_iterator<_It> make_reverse_iterator(_It __i) {
  return reverse_iterator<_It>(__i);
}
template <class _It> class move_iterator {
public:
  typedef _It iterator_type;
  typedef typename iterator_traits<_It>::iterator_category iterator_category;
  typedef typename iterator_traits<_It>::value_type value_type;
  typedef typename iterator_traits<_It>::difference_type difference_type;
  typedef _It pointer;
  typedef value_type &&reference;
  move_iterator();
  explicit move_iterator(_It __i);
  _It base() const;
  reference operator*() const;
  move_iterator &operator++();
  move_iterator operator++(int);
  move_iterator &operator--();
  move_iterator operator+(difference_type __n) const;
  move_iterator operator-(difference_type __n) const;
};
template <class _I1, class _I2>
bool operator==(const move_iterator<_I1> &__x, const move_iterator<_I2> &__y);
template <class _I1, class _I2>
bool operator!=(const move_iterator<_I1> &__x, const move_iterator<_I2> &__y);
template <class _I1, class _I2>
auto operator-(const move_iterator<_I1> &__x, const move_iterator<_I2> &__y)
    -> decltype(__x.base() - __y.base());
template <class _It> move_iterator<_It> make_move_iterator(_It __i);
template <class _Container> class back_insert_iterator {
public:
  typedef output_iterator_tag iterator_category;
  typedef void value_type;
  typedef ptrdiff_t difference_type;
  typedef void pointer;
  typedef void reference;
  typedef _Container container_type;
  explicit back_insert_iterator(_Container &__x);
  back_insert_iterator &operator=(const typename _Container::value_type &__v);
  back_insert_iterator &operator=(typename _Container::value_type &&__v);
  back_insert_iterator &operator*();
  back_insert_iterator &operator++();
  back_insert_iterator operator++(int);
};
template <class _Container>
back_insert_iterator<_Container> back_inserter(_Container &__x);
template <class _Container> class front_insert_iterator {
public:
  typedef output_iterator_tag iterator_category;
  typedef void value_type;
  typedef ptrdiff_t difference_type;
  typedef void pointer;
  typedef void reference;
  typedef _Container container_type;
  explicit front_insert_iterator(_Container &__x);
  front_insert_iterator &operator=(const typename _Container::value_type &__v);
  front_insert_iterator &operator*();
  front_insert_iterator &operator++();
  front_insert_iterator operator++(int);
};
template <class _Container>
front_insert_iterator<_Container> front_inserter(_Container &__x);
template <class _Container> class insert_iterator {
public:
  typedef output_iterator_tag iterator_category;
  typedef void value_type;
  typedef ptrdiff_t difference_type;
  typedef void pointer;
  typedef void reference;
  typedef _Container container_type;
  insert_iterator(_Container &__x, typename _Container::iterator __i);
  insert_iterator &operator=(const typename _Container::value_type &__v);
  insert_iterator &operator*();
  insert_iterator &operator++();
  insert_iterator &operator++(int);
};
template <class _Container>
insert_iterator<_Container> inserter(_Container &__x,
                                     typename _Container::iterator __i);

/* range access */
template <class _C> constexpr auto begin(_C &__c) -> decltype(__c.begin()) {
  return __c.begin();
}
template <class _C>
constexpr auto begin(const _C &__c) -> decltype(__c.begin()) {
  return __c.begin();
}
template <class _C> constexpr auto end(_C &__c) -> decltype(__c.end()) {
  return __c.end();
}
template <class _C> constexpr auto end(const _C &__c) -> decltype(__c.end()) {
  return __c.end();
}
template <class _T, size_t _N> constexpr _T *begin(_T (&__a)[_N]) noexcept {
  return __a;
}
template <class _T, size_t _N> constexpr _T *end(_T (&__a)[_N]) noexcept {
  return __a + _N;
}
template <class _C>
constexpr auto cbegin(const _C &__c) -> decltype(std::begin(__c)) {
  return std::begin(__c);
}
template <class _C>
constexpr auto cend(const _C &__c) -> decltype(std::end(__c)) {
  return std::end(__c);
}
template <class _C> constexpr auto rbegin(_C &__c) -> decltype(__c.rbegin()) {
  return __c.rbegin();
}
template <class _C> constexpr auto rend(_C &__c) -> decltype(__c.rend()) {
  return __c.rend();
}
template <class _C> constexpr auto size(const _C &__c) -> decltype(__c.size()) {
  return __c.size();
}
template <class _T, size_t _N>
constexpr size_t size(const _T (&)[_N]) noexcept {
  return _N;
}
template <class _C>
constexpr auto empty(const _C &__c) -> decltype(__c.empty()) {
  return __c.empty();
}
template <class _T, size_t _N>
constexpr bool empty(const _T (&)[_N]) noexcept {
  return false;
}
template <class _C> constexpr auto data(_C &__c) -> decltype(__c.data()) {
  return __c.data();
}
template <class _C>
constexpr auto data(const _C &__c) -> decltype(__c.data()) {
  return __c.data();
}
template <class _T, size_t _N> constexpr _T *data(_T (&__a)[_N]) noexcept {
  return __a;
}

/* <functional>: operator function objects (constexpr, as in libstdc++) */
template <class _Arg, class _Result> struct unary_function {
  typedef _Arg argument_type;
  typedef _Result result_type;
};
template <class _Arg1, class _Arg2, class _Result> struct binary_function {
  typedef _Arg1 first_argument_type;
  typedef _Arg2 second_argument_type;
  typedef _Result result_type;
};
#define __C2T_BINOP(NAME, R, OP)                                               \
  template <class _T = void> struct NAME {                                     \
    typedef _T first_argument_type;                                            \
    typedef _T second_argument_type;                                           \
    typedef R result_type;                                                     \
    constexpr R operator()(const _T &__x, const _T &__y) const {               \
      return __x OP __y;                                                       \
    }                                                                          \
  };                                                                           \
  template <> struct NAME<void> {                                              \
    typedef void is_transparent;                                               \
    template <class _T, class _U>                                              \
    constexpr auto operator()(_T &&__t, _U &&__u) const                        \
        -> decltype(static_cast<_T &&>(__t) OP static_cast<_U &&>(__u)) {      \
      return static_cast<_T &&>(__t) OP static_cast<_U &&>(__u);               \
    }                                                                          \
  };
__C2T_BINOP(plus, _T, +)
__C2T_BINOP(minus, _T, -)
__C2T_BINOP(multiplies, _T, *)
__C2T_BINOP(divides, _T, /)
__C2T_BINOP(modulus, _T, %)
__C2T_BINOP(equal_to, bool, ==)
__C2T_BINOP(not_equal_to, bool, !=)
__C2T_BINOP(greater, bool, >)
__C2T_BINOP(less, bool, <)
__C2T_BINOP(greater_equal, bool, >=)
__C2T_BINOP(less_equal, bool, <=)
__C2T_BINOP(logical_and, bool, &&)
__C2T_BINOP(logical_or, bool, ||)
__C2T_BINOP(bit_and, _T, &)
__C2T_BINOP(bit_or, _T, |)
__C2T_BINOP(bit_xor, _T, ^)
#undef __C2T_BINOP
#define __C2T_UNOP(NAME, R, OP)                                                \
  template <class _T = void> struct NAME {                                     \
    typedef _T argument_type;                                                  \
    typedef R result_type;                                                     \
    constexpr R operator()(const _T &__x) const { return OP __x; }             \
  };                                                                           \
  template <> struct NAME<void> {                                              \
    typedef void is_transparent;                                               \
    template <class _T>                                                        \
    constexpr auto operator()(_T &&__t) const                                  \
        -> decltype(OP static_cast<_T &&>(__t)) {                              \
      return OP static_cast<_T &&>(__t);                                       \
    }                                                                          \
  };
__C2T_UNOP(negate, _T, -)
__C2T_UNOP(logical_not, bool, !)
__C2T_UNOP(bit_not, _T, ~)
#undef __C2T_UNOP

/* std::hash: the primary template is declared only (as in libstdc++, an
 * unsupported type is an error); arithmetic, enum and pointer types. */
template <class _T, class = void> struct __c2t_hash_base {
  __c2t_hash_base() = delete;
};
template <class _T>
struct __c2t_hash_base<_T, typename enable_if<__is_enum(_T)>::type> {
  typedef _T argument_type;
  typedef size_t result_type;
  size_t operator()(_T __v) const noexcept;
};
template <class _T> struct hash : __c2t_hash_base<_T> {};
template <class _T> struct hash<_T *> {
  typedef _T *argument_type;
  typedef size_t result_type;
  size_t operator()(_T *__p) const noexcept;
};
#define __C2T_HASH(T)                                                          \
  template <> struct hash<T> {                                                 \
    typedef T argument_type;                                                   \
    typedef size_t result_type;                                                \
    size_t operator()(T __v) const noexcept;                                   \
  };
__C2T_HASH(bool)
__C2T_HASH(char)
__C2T_HASH(signed char)
__C2T_HASH(unsigned char)
__C2T_HASH(wchar_t)
__C2T_HASH(char16_t)
__C2T_HASH(char32_t)
__C2T_HASH(short)
__C2T_HASH(unsigned short)
__C2T_HASH(int)
__C2T_HASH(unsigned int)
__C2T_HASH(long)
__C2T_HASH(unsigned long)
__C2T_HASH(long long)
__C2T_HASH(unsigned long long)
__C2T_HASH(float)
__C2T_HASH(double)
__C2T_HASH(long double)
__C2T_HASH(nullptr_t)
#undef __C2T_HASH

/* <string>: char_traits */
typedef long streamoff;
typedef long streamsize;
struct __c2t_mbstate_t { int __count; unsigned int __value; };
typedef __c2t_mbstate_t mbstate_t;
template <class _State> class fpos {
public:
  fpos(streamoff __off = 0);
  operator streamoff() const;
  _State state() const;
  fpos &operator+=(streamoff __off);
  fpos &operator-=(streamoff __off);
  fpos operator+(streamoff __off) const;
  fpos operator-(streamoff __off) const;
  streamoff operator-(const fpos &__other) const;
};
typedef fpos<mbstate_t> streampos;
template <class _State>
bool operator==(const fpos<_State> &__x, const fpos<_State> &__y);
template <class _State>
bool operator!=(const fpos<_State> &__x, const fpos<_State> &__y);
template <class _C> struct char_traits {
  typedef _C char_type;
  typedef unsigned long int_type;
  typedef streamoff off_type;
  typedef streampos pos_type;
  typedef mbstate_t state_type;
  static constexpr void assign(char_type &__c1, const char_type &__c2) noexcept {
    __c1 = __c2;
  }
  static constexpr bool eq(const char_type &__c1, const char_type &__c2) noexcept {
    return __c1 == __c2;
  }
  static constexpr bool lt(const char_type &__c1, const char_type &__c2) noexcept {
    return __c1 < __c2;
  }
  static constexpr size_t length(const char_type *__s) {
    size_t __n = 0;
    while (!eq(__s[__n], char_type())) ++__n;
    return __n;
  }
  static int compare(const char_type *__s1, const char_type *__s2, size_t __n);
  static const char_type *find(const char_type *__s, size_t __n,
                               const char_type &__a);
  static char_type *move(char_type *__s1, const char_type *__s2, size_t __n);
  static char_type *copy(char_type *__s1, const char_type *__s2, size_t __n);
  static char_type *assign(char_type *__s, size_t __n, char_type __a);
  static constexpr int_type eof() noexcept { return static_cast<int_type>(-1); }
  static constexpr char_type to_char_type(const int_type &__c) noexcept {
    return static_cast<char_type>(__c);
  }
  static constexpr int_type to_int_type(const char_type &__c) noexcept {
    return static_cast<int_type>(__c);
  }
};
template <> struct char_traits<char> {
  typedef char char_type;
  typedef int int_type;
  typedef streamoff off_type;
  typedef streampos pos_type;
  typedef mbstate_t state_type;
  static constexpr void assign(char &__c1, const char &__c2) noexcept {
    __c1 = __c2;
  }
  static constexpr bool eq(const char &__c1, const char &__c2) noexcept {
    return __c1 == __c2;
  }
  static constexpr bool lt(const char &__c1, const char &__c2) noexcept {
    return (unsigned char)__c1 < (unsigned char)__c2;
  }
  static constexpr size_t length(const char *__s) {
    return __builtin_strlen(__s);
  }
  static constexpr int compare(const char *__s1, const char *__s2, size_t __n) {
    return __builtin_memcmp(__s1, __s2, __n);
  }
  static const char *find(const char *__s, size_t __n, const char &__a);
  static char *move(char *__s1, const char *__s2, size_t __n);
  static char *copy(char *__s1, const char *__s2, size_t __n);
  static char *assign(char *__s, size_t __n, char __a);
  static constexpr int_type eof() noexcept { return -1; }
  static constexpr int_type not_eof(const int_type &__c) noexcept {
    return __c == -1 ? 0 : __c;
  }
  static constexpr char to_char_type(const int_type &__c) noexcept {
    return static_cast<char>(__c);
  }
  static constexpr int_type to_int_type(const char &__c) noexcept {
    return static_cast<int_type>(static_cast<unsigned char>(__c));
  }
  static constexpr bool eq_int_type(const int_type &__c1,
                                    const int_type &__c2) noexcept {
    return __c1 == __c2;
  }
};

/* <functional>: reference_wrapper, ref, cref */
template <class _T> class reference_wrapper {
  _T *__ptr;

public:
  typedef _T type;
  constexpr reference_wrapper(_T &__r) noexcept : __ptr(__builtin_addressof(__r)) {}
  reference_wrapper(_T &&) = delete;
  constexpr operator _T &() const noexcept { return *__ptr; }
  constexpr _T &get() const noexcept { return *__ptr; }
  template <class... _A>
  constexpr invoke_result_t<_T &, _A...> operator()(_A &&...__args) const {
    return (*__ptr)(static_cast<_A &&>(__args)...);
  }
};
template <class _T>
constexpr reference_wrapper<_T> ref(_T &__t) noexcept {
  return reference_wrapper<_T>(__t);
}
template <class _T>
constexpr reference_wrapper<const _T> cref(const _T &__t) noexcept {
  return reference_wrapper<const _T>(__t);
}
template <class _T> void ref(const _T &&) = delete;
template <class _T> void cref(const _T &&) = delete;
template <class _T>
constexpr reference_wrapper<_T> ref(reference_wrapper<_T> __t) noexcept {
  return __t;
}

} /* namespace std */

#endif /* CUDA2TILE_STL_H */
