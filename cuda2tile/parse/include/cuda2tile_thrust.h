/* cuda2tile_thrust.h -- internal: the Thrust subset behind every thrust/
 * stand-in, as in CUDA 12.4's CCCL 2.3: execution policies (thrust::host,
 * device, seq, cuda::par and par.on(stream)), device_ptr/device_reference,
 * host_vector/device_vector, raw_pointer_cast, the function objects, the
 * fancy iterators (counting, constant, transform, zip, permutation,
 * discard, reverse), thrust::complex, thrust::pair/tuple (aliases of the
 * std:: ones, as cuda::std is std here), the random engines, and the
 * algorithms.
 *
 * The algorithms are __host__ __device__ function templates without bodies
 * (callable from kernels with thrust::seq as in Thrust), each with and
 * without a leading execution policy; the policy parameter binds only to a
 * policy type, as in Thrust, so the two forms do not collide.  Iterators and
 * function objects have bodies (they are used inside kernels).  One file for
 * all: including any thrust/ header declares the whole subset, where real
 * Thrust headers declare less (an approximation that only makes the
 * stand-ins more permissive about missing #includes). */
#ifndef CUDA2TILE_THRUST_H
#define CUDA2TILE_THRUST_H
#include "cuda2tile_prelude.h"
#include "cuda2tile_stl.h"
#include "tuple"
#include "vector"
#include "cuComplex.h"
#define THRUST_VERSION 200300
#define THRUST_MAJOR_VERSION 2
#define THRUST_MINOR_VERSION 3
#define THRUST_SUBMINOR_VERSION 0
#define THRUST_PATCH_NUMBER 0
#define THRUST_DEVICE_SYSTEM_CUDA 1
#define THRUST_DEVICE_SYSTEM_OMP 2
#define THRUST_DEVICE_SYSTEM_TBB 3
#define THRUST_DEVICE_SYSTEM_CPP 4
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CUDA
#define THRUST_HOST_SYSTEM_CPP 1
#define THRUST_HOST_SYSTEM THRUST_HOST_SYSTEM_CPP
#define THRUST_NAMESPACE_BEGIN namespace thrust {
#define THRUST_NAMESPACE_END }
#define __thrust_exec_check_disable__
#define __THRUST_HD __host__ __device__

namespace thrust {
/* ---- execution policies ---- */
namespace detail {
template <class Derived> struct execution_policy_base {};
} /* namespace detail */
template <class Derived> struct execution_policy : detail::execution_policy_base<Derived> {};
struct host_execution_policy_tag {};
namespace detail {
struct host_t : execution_policy<host_t> {};
struct device_t : execution_policy<device_t> {};
struct seq_t : execution_policy<seq_t> {};
} /* namespace detail */
inline constexpr detail::host_t host{};
inline constexpr detail::device_t device{};
inline constexpr detail::seq_t seq{};
struct any_system_tag {};
struct host_system_tag {};
struct device_system_tag {};
namespace cuda_cub {
struct execute_on_stream : execution_policy<execute_on_stream> {
  __THRUST_HD execute_on_stream() {}
  __THRUST_HD explicit execute_on_stream(cudaStream_t s) : __stream(s) {}
  cudaStream_t __stream;
};
struct execute_on_stream_nosync : execution_policy<execute_on_stream_nosync> {
  __THRUST_HD execute_on_stream_nosync() {}
  __THRUST_HD explicit execute_on_stream_nosync(cudaStream_t s) : __stream(s) {}
  cudaStream_t __stream;
};
struct par_t : execution_policy<par_t> {
  __THRUST_HD constexpr par_t() {}
  __THRUST_HD execute_on_stream on(cudaStream_t const &stream) const {
    return execute_on_stream(stream);
  }
  /* par(allocator).on(stream) */
  template <class Allocator> __THRUST_HD par_t operator()(Allocator &) const { return *this; }
};
struct par_nosync_t : execution_policy<par_nosync_t> {
  __THRUST_HD constexpr par_nosync_t() {}
  __THRUST_HD execute_on_stream_nosync on(cudaStream_t const &stream) const {
    return execute_on_stream_nosync(stream);
  }
};
inline constexpr par_t par{};
inline constexpr par_nosync_t par_nosync{};
struct tag : execution_policy<tag> {};
} /* namespace cuda_cub */
namespace system {
namespace cuda = thrust::cuda_cub;
namespace cpp {
struct tag : execution_policy<tag> {};
inline constexpr detail::seq_t par{};
} /* namespace cpp */
} /* namespace system */
namespace cuda = cuda_cub;
typedef system::cuda::tag device_system_tag_t;

/* ---- pair and tuple: cuda::std's (here std's) ---- */
template <class T1, class T2> using pair = std::pair<T1, T2>;
template <class... T> using tuple = std::tuple<T...>;
using std::get;
using std::make_pair;
using std::make_tuple;
using std::tie;
using std::tuple_element;
using std::tuple_size;

/* ---- device_ptr / device_reference ---- */
template <class T> class device_ptr;
template <class T> class device_reference {
public:
  typedef T value_type;
  typedef device_ptr<T> pointer;
  __THRUST_HD explicit device_reference(const pointer &ptr) : __ptr(ptr) {}
  template <class U> __THRUST_HD device_reference(const device_reference<U> &other);
  __THRUST_HD device_reference &operator=(const T &x);
  __THRUST_HD device_reference &operator=(const device_reference &x);
  __THRUST_HD pointer operator&() const { return __ptr; }
  __THRUST_HD operator T() const;
  __THRUST_HD device_reference &operator+=(const T &x);
  __THRUST_HD device_reference &operator-=(const T &x);
  __THRUST_HD device_reference &operator*=(const T &x);
  __THRUST_HD device_reference &operator/=(const T &x);
  __THRUST_HD device_reference &operator++();
  __THRUST_HD T operator++(int);
  __THRUST_HD device_reference &operator--();
  __THRUST_HD T operator--(int);
  __THRUST_HD void swap(device_reference &other);

private:
  pointer __ptr;
};
template <class T> class device_ptr {
public:
  typedef std::random_access_iterator_tag iterator_category;
  typedef typename std::remove_cv<T>::type value_type;
  typedef ptrdiff_t difference_type;
  typedef device_ptr pointer;
  typedef device_reference<T> reference;
  typedef T element_type;
  __THRUST_HD device_ptr() : __p(nullptr) {}
  __THRUST_HD device_ptr(decltype(nullptr)) : __p(nullptr) {}
  template <class U> __THRUST_HD explicit device_ptr(U *p) : __p(p) {}
  template <class U> __THRUST_HD device_ptr(const device_ptr<U> &other) : __p(other.get()) {}
  __THRUST_HD T *get() const { return __p; }
  __THRUST_HD reference operator*() const { return reference(*this); }
  __THRUST_HD reference operator[](difference_type n) const { return reference(*this + n); }
  __THRUST_HD device_ptr &operator++() { ++__p; return *this; }
  __THRUST_HD device_ptr operator++(int) { device_ptr t = *this; ++__p; return t; }
  __THRUST_HD device_ptr &operator--() { --__p; return *this; }
  __THRUST_HD device_ptr operator--(int) { device_ptr t = *this; --__p; return t; }
  __THRUST_HD device_ptr &operator+=(difference_type n) { __p += n; return *this; }
  __THRUST_HD device_ptr &operator-=(difference_type n) { __p -= n; return *this; }
  __THRUST_HD device_ptr operator+(difference_type n) const { return device_ptr(__p + n); }
  __THRUST_HD device_ptr operator-(difference_type n) const { return device_ptr(__p - n); }
  __THRUST_HD difference_type operator-(const device_ptr &o) const { return __p - o.__p; }
  __THRUST_HD explicit operator bool() const { return __p != nullptr; }
  __THRUST_HD bool operator==(const device_ptr &o) const { return __p == o.__p; }
  __THRUST_HD bool operator!=(const device_ptr &o) const { return __p != o.__p; }
  __THRUST_HD bool operator<(const device_ptr &o) const { return __p < o.__p; }
  __THRUST_HD bool operator>(const device_ptr &o) const { return __p > o.__p; }
  __THRUST_HD bool operator<=(const device_ptr &o) const { return __p <= o.__p; }
  __THRUST_HD bool operator>=(const device_ptr &o) const { return __p >= o.__p; }

private:
  T *__p;
};
template <> class device_ptr<void> {
public:
  typedef void element_type;
  __THRUST_HD device_ptr() : __p(nullptr) {}
  template <class U> __THRUST_HD explicit device_ptr(U *p) : __p(p) {}
  template <class U> __THRUST_HD device_ptr(const device_ptr<U> &other) : __p(other.get()) {}
  __THRUST_HD void *get() const { return __p; }

private:
  void *__p;
};
template <class T> __THRUST_HD device_ptr<T> device_pointer_cast(T *ptr) { return device_ptr<T>(ptr); }
template <class T> __THRUST_HD device_ptr<T> device_pointer_cast(const device_ptr<T> &ptr) { return ptr; }
template <class T> __THRUST_HD T *raw_pointer_cast(T *ptr) { return ptr; }
template <class T> __THRUST_HD T *raw_pointer_cast(const device_ptr<T> &ptr) { return ptr.get(); }
template <class T> __THRUST_HD T &raw_reference_cast(T &ref) { return ref; }
template <class T> __host__ device_ptr<T> device_malloc(size_t n);
__host__ device_ptr<void> device_malloc(size_t n);
template <class T> __host__ void device_free(device_ptr<T> ptr);
template <class T> __host__ device_ptr<T> device_new(size_t n = 1);
template <class T> __host__ void device_delete(device_ptr<T> ptr, size_t n = 1);
template <class T> class device_allocator {
public:
  typedef T value_type;
  typedef device_ptr<T> pointer;
  typedef device_reference<T> reference;
  typedef size_t size_type;
  template <class U> struct rebind { typedef device_allocator<U> other; };
  __host__ device_allocator();
  template <class U> __host__ device_allocator(const device_allocator<U> &);
  __host__ pointer allocate(size_type n);
  __host__ void deallocate(pointer p, size_type n);
};
template <class T> class device_malloc_allocator : public device_allocator<T> {};

/* ---- vectors ---- */
#define __C2T_VECTOR_COMMON(NAME, PTR, REF, CREF)                              \
public:                                                                        \
  typedef T value_type;                                                        \
  typedef Alloc allocator_type;                                                \
  typedef size_t size_type;                                                    \
  typedef ptrdiff_t difference_type;                                           \
  typedef PTR pointer;                                                         \
  typedef REF reference;                                                       \
  typedef CREF const_reference;                                                \
  typedef PTR iterator;                                                        \
  typedef std::reverse_iterator<iterator> reverse_iterator;                    \
  __host__ NAME();                                                             \
  __host__ explicit NAME(size_type n);                                         \
  __host__ NAME(size_type n, const value_type &value);                         \
  __host__ NAME(const NAME &v);                                                \
  __host__ NAME(NAME &&v);                                                     \
  template <class OtherT, class OtherAlloc>                                    \
  __host__ NAME(const device_vector<OtherT, OtherAlloc> &v);                   \
  template <class OtherT, class OtherAlloc>                                    \
  __host__ NAME(const host_vector<OtherT, OtherAlloc> &v);                     \
  template <class OtherT, class OtherAlloc>                                    \
  __host__ NAME(const std::vector<OtherT, OtherAlloc> &v);                     \
  __host__ NAME(std::initializer_list<T> il);                                  \
  template <class It, class = typename std::iterator_traits<It>::iterator_category> \
  __host__ NAME(It first, It last);                                            \
  __host__ ~NAME();                                                            \
  __host__ NAME &operator=(const NAME &v);                                     \
  __host__ NAME &operator=(NAME &&v);                                          \
  template <class OtherT, class OtherAlloc>                                    \
  __host__ NAME &operator=(const device_vector<OtherT, OtherAlloc> &v);        \
  template <class OtherT, class OtherAlloc>                                    \
  __host__ NAME &operator=(const host_vector<OtherT, OtherAlloc> &v);          \
  template <class OtherT, class OtherAlloc>                                    \
  __host__ NAME &operator=(const std::vector<OtherT, OtherAlloc> &v);          \
  __host__ void resize(size_type new_size);                                    \
  __host__ void resize(size_type new_size, const value_type &x);               \
  __host__ size_type size() const;                                             \
  __host__ size_type max_size() const;                                         \
  __host__ void reserve(size_type n);                                          \
  __host__ size_type capacity() const;                                         \
  __host__ void shrink_to_fit();                                               \
  __host__ reference operator[](size_type n);                                  \
  __host__ const_reference operator[](size_type n) const;                      \
  __host__ iterator begin();                                                   \
  __host__ iterator begin() const;                                             \
  __host__ iterator cbegin() const;                                            \
  __host__ iterator end();                                                     \
  __host__ iterator end() const;                                               \
  __host__ iterator cend() const;                                              \
  __host__ reverse_iterator rbegin();                                          \
  __host__ reverse_iterator rend();                                            \
  __host__ reference front();                                                  \
  __host__ const_reference front() const;                                      \
  __host__ reference back();                                                   \
  __host__ const_reference back() const;                                       \
  __host__ pointer data();                                                     \
  __host__ pointer data() const;                                               \
  __host__ void clear();                                                       \
  __host__ bool empty() const;                                                 \
  __host__ void push_back(const value_type &x);                                \
  __host__ void pop_back();                                                    \
  __host__ void swap(NAME &v);                                                 \
  __host__ iterator erase(iterator pos);                                       \
  __host__ iterator erase(iterator first, iterator last);                      \
  __host__ iterator insert(iterator position, const T &x);                     \
  __host__ void insert(iterator position, size_type n, const T &x);            \
  template <class It> __host__ void insert(iterator position, It first, It last); \
  __host__ void assign(size_type n, const T &x);                               \
  template <class It> __host__ void assign(It first, It last);                 \
  __host__ allocator_type get_allocator() const;
template <class T, class Alloc = std::allocator<T>> class host_vector;
template <class T, class Alloc = device_allocator<T>> class device_vector {
  __C2T_VECTOR_COMMON(device_vector, device_ptr<T>, device_reference<T>, device_reference<const T>)
};
template <class T, class Alloc> class host_vector {
  __C2T_VECTOR_COMMON(host_vector, T *, T &, const T &)
};
#undef __C2T_VECTOR_COMMON
template <class T> using universal_vector = device_vector<T>;

/* ---- function objects (functional.h) ---- */
#define __C2T_TBIN(NAME, R, OP)                                                \
  template <class T = void> struct NAME {                                      \
    typedef T first_argument_type;                                             \
    typedef T second_argument_type;                                            \
    typedef R result_type;                                                     \
    __THRUST_HD constexpr R operator()(const T &x, const T &y) const { return x OP y; } \
  };                                                                           \
  template <> struct NAME<void> {                                              \
    typedef void is_transparent;                                               \
    template <class T1, class T2>                                              \
    __THRUST_HD constexpr auto operator()(T1 &&t1, T2 &&t2) const -> decltype(t1 OP t2) { \
      return t1 OP t2;                                                         \
    }                                                                          \
  };
__C2T_TBIN(plus, T, +)
__C2T_TBIN(minus, T, -)
__C2T_TBIN(multiplies, T, *)
__C2T_TBIN(divides, T, /)
__C2T_TBIN(modulus, T, %)
__C2T_TBIN(equal_to, bool, ==)
__C2T_TBIN(not_equal_to, bool, !=)
__C2T_TBIN(greater, bool, >)
__C2T_TBIN(less, bool, <)
__C2T_TBIN(greater_equal, bool, >=)
__C2T_TBIN(less_equal, bool, <=)
__C2T_TBIN(logical_and, bool, &&)
__C2T_TBIN(logical_or, bool, ||)
__C2T_TBIN(bit_and, T, &)
__C2T_TBIN(bit_or, T, |)
__C2T_TBIN(bit_xor, T, ^)
#undef __C2T_TBIN
template <class T = void> struct maximum {
  typedef T result_type;
  __THRUST_HD constexpr T operator()(const T &x, const T &y) const { return x < y ? y : x; }
};
template <> struct maximum<void> {
  template <class T1, class T2>
  __THRUST_HD constexpr typename std::common_type<T1, T2>::type operator()(const T1 &x, const T2 &y) const {
    return x < y ? y : x;
  }
};
template <class T = void> struct minimum {
  typedef T result_type;
  __THRUST_HD constexpr T operator()(const T &x, const T &y) const { return y < x ? y : x; }
};
template <> struct minimum<void> {
  template <class T1, class T2>
  __THRUST_HD constexpr typename std::common_type<T1, T2>::type operator()(const T1 &x, const T2 &y) const {
    return y < x ? y : x;
  }
};
template <class T = void> struct negate {
  typedef T result_type;
  __THRUST_HD constexpr T operator()(const T &x) const { return -x; }
};
template <class T = void> struct logical_not {
  typedef bool result_type;
  __THRUST_HD constexpr bool operator()(const T &x) const { return !x; }
};
template <class T = void> struct identity {
  typedef T result_type;
  __THRUST_HD constexpr const T &operator()(const T &x) const { return x; }
};
template <> struct identity<void> {
  template <class T> __THRUST_HD constexpr T &&operator()(T &&x) const { return static_cast<T &&>(x); }
};
template <class T1 = void, class T2 = void> struct project1st {
  __THRUST_HD constexpr const T1 &operator()(const T1 &lhs, const T2 &) const { return lhs; }
};
template <class T1 = void, class T2 = void> struct project2nd {
  __THRUST_HD constexpr const T2 &operator()(const T1 &, const T2 &rhs) const { return rhs; }
};
template <class Predicate> struct unary_negate {
  Predicate pred;
  __THRUST_HD explicit unary_negate(Predicate p) : pred(p) {}
  template <class T> __THRUST_HD bool operator()(const T &x) { return !pred(x); }
};
template <class Predicate> __THRUST_HD unary_negate<Predicate> not1(const Predicate &pred) {
  return unary_negate<Predicate>(pred);
}
template <class Arg, class Result> struct unary_function {
  typedef Arg argument_type;
  typedef Result result_type;
};
template <class Arg1, class Arg2, class Result> struct binary_function {
  typedef Arg1 first_argument_type;
  typedef Arg2 second_argument_type;
  typedef Result result_type;
};

/* ---- iterators ---- */
struct use_default {};
template <class It> struct iterator_traits : std::iterator_traits<It> {};
template <class It> struct iterator_value { typedef typename std::iterator_traits<It>::value_type type; };
template <class It> struct iterator_difference {
  typedef typename std::iterator_traits<It>::difference_type type;
};
template <class It> struct iterator_reference { typedef typename std::iterator_traits<It>::reference type; };
template <class It> using iterator_value_t = typename iterator_value<It>::type;
typedef std::random_access_iterator_tag random_access_device_iterator_tag;
typedef std::random_access_iterator_tag random_access_host_iterator_tag;
struct input_device_iterator_tag : std::input_iterator_tag {};
struct output_device_iterator_tag : std::output_iterator_tag {};
struct forward_device_iterator_tag : std::forward_iterator_tag {};
struct bidirectional_device_iterator_tag : std::bidirectional_iterator_tag {};

/* The random-access operations of the fancy iterators, on a member
 * __pos/__it via the derived class's __advance/__distance. */
#define __C2T_RA_OPS(NAME)                                                     \
  __THRUST_HD NAME &operator++() { __advance(1); return *this; }               \
  __THRUST_HD NAME operator++(int) { NAME t = *this; __advance(1); return t; } \
  __THRUST_HD NAME &operator--() { __advance(-1); return *this; }              \
  __THRUST_HD NAME operator--(int) { NAME t = *this; __advance(-1); return t; } \
  __THRUST_HD NAME &operator+=(difference_type n) { __advance(n); return *this; } \
  __THRUST_HD NAME &operator-=(difference_type n) { __advance(-n); return *this; } \
  __THRUST_HD NAME operator+(difference_type n) const { NAME t = *this; t.__advance(n); return t; } \
  __THRUST_HD NAME operator-(difference_type n) const { NAME t = *this; t.__advance(-n); return t; } \
  __THRUST_HD difference_type operator-(const NAME &o) const { return __distance(o); } \
  __THRUST_HD reference operator[](difference_type n) const { return *(*this + n); } \
  __THRUST_HD bool operator==(const NAME &o) const { return __distance(o) == 0; } \
  __THRUST_HD bool operator!=(const NAME &o) const { return __distance(o) != 0; } \
  __THRUST_HD bool operator<(const NAME &o) const { return __distance(o) < 0; } \
  __THRUST_HD bool operator>(const NAME &o) const { return __distance(o) > 0; } \
  __THRUST_HD bool operator<=(const NAME &o) const { return __distance(o) <= 0; } \
  __THRUST_HD bool operator>=(const NAME &o) const { return __distance(o) >= 0; }

template <class Incrementable, class System = use_default, class Traversal = use_default,
          class Difference = use_default>
class counting_iterator {
public:
  typedef std::random_access_iterator_tag iterator_category;
  typedef Incrementable value_type;
  typedef ptrdiff_t difference_type;
  typedef const Incrementable *pointer;
  typedef Incrementable reference;
  __THRUST_HD counting_iterator() : __v() {}
  __THRUST_HD counting_iterator(Incrementable x) : __v(x) {}
  __THRUST_HD reference operator*() const { return __v; }
  __C2T_RA_OPS(counting_iterator)
  __THRUST_HD void __advance(difference_type n) { __v = Incrementable(__v + n); }
  __THRUST_HD difference_type __distance(const counting_iterator &o) const {
    return difference_type(__v) - difference_type(o.__v);
  }
  Incrementable __v;
};
template <class Incrementable>
__THRUST_HD counting_iterator<Incrementable> make_counting_iterator(Incrementable x) {
  return counting_iterator<Incrementable>(x);
}
template <class Value, class Incrementable = use_default, class System = use_default>
class constant_iterator {
public:
  typedef std::random_access_iterator_tag iterator_category;
  typedef Value value_type;
  typedef ptrdiff_t difference_type;
  typedef const Value *pointer;
  typedef Value reference;
  __THRUST_HD constant_iterator() : __v(), __i(0) {}
  __THRUST_HD constant_iterator(const Value &v, ptrdiff_t i = 0) : __v(v), __i(i) {}
  __THRUST_HD reference operator*() const { return __v; }
  __C2T_RA_OPS(constant_iterator)
  __THRUST_HD void __advance(difference_type n) { __i += n; }
  __THRUST_HD difference_type __distance(const constant_iterator &o) const { return __i - o.__i; }
  Value __v;
  ptrdiff_t __i;
};
template <class V> __THRUST_HD constant_iterator<V> make_constant_iterator(V x, ptrdiff_t i = 0) {
  return constant_iterator<V>(x, i);
}
template <class Fn, class It, class Reference = use_default, class Value = use_default>
class transform_iterator {
public:
  typedef std::random_access_iterator_tag iterator_category;
  typedef typename std::conditional<
      std::is_same<Reference, use_default>::value,
      std::invoke_result_t<Fn, typename std::iterator_traits<It>::reference>, Reference>::type reference;
  typedef typename std::conditional<std::is_same<Value, use_default>::value,
                                    std::remove_cv_t<std::remove_reference_t<reference>>, Value>::type value_type;
  typedef typename std::iterator_traits<It>::difference_type difference_type;
  typedef void pointer;
  __THRUST_HD transform_iterator() {}
  __THRUST_HD transform_iterator(It const &x, Fn f) : __it(x), __f(f) {}
  __THRUST_HD It const &base() const { return __it; }
  __THRUST_HD Fn functor() const { return __f; }
  __THRUST_HD reference operator*() const { return __f(*__it); }
  __C2T_RA_OPS(transform_iterator)
  __THRUST_HD void __advance(difference_type n) { __it += n; }
  __THRUST_HD difference_type __distance(const transform_iterator &o) const { return __it - o.__it; }
  It __it;
  mutable Fn __f;
};
template <class Fn, class It>
__THRUST_HD transform_iterator<Fn, It> make_transform_iterator(It it, Fn fun) {
  return transform_iterator<Fn, It>(it, fun);
}
template <class ElementIterator, class IndexIterator> class permutation_iterator {
public:
  typedef std::random_access_iterator_tag iterator_category;
  typedef typename std::iterator_traits<ElementIterator>::value_type value_type;
  typedef typename std::iterator_traits<ElementIterator>::reference reference;
  typedef typename std::iterator_traits<IndexIterator>::difference_type difference_type;
  typedef void pointer;
  __THRUST_HD permutation_iterator() {}
  __THRUST_HD permutation_iterator(ElementIterator x, IndexIterator y) : __e(x), __it(y) {}
  __THRUST_HD reference operator*() const { return *(__e + *__it); }
  __C2T_RA_OPS(permutation_iterator)
  __THRUST_HD void __advance(difference_type n) { __it += n; }
  __THRUST_HD difference_type __distance(const permutation_iterator &o) const { return __it - o.__it; }
  ElementIterator __e;
  IndexIterator __it;
};
template <class E, class I>
__THRUST_HD permutation_iterator<E, I> make_permutation_iterator(E e, I i) {
  return permutation_iterator<E, I>(e, i);
}
template <class IteratorTuple> class zip_iterator;
template <class... Its> class zip_iterator<thrust::tuple<Its...>> {
public:
  typedef std::random_access_iterator_tag iterator_category;
  typedef thrust::tuple<typename std::iterator_traits<Its>::value_type...> value_type;
  typedef thrust::tuple<typename std::iterator_traits<Its>::reference...> reference;
  typedef ptrdiff_t difference_type;
  typedef void pointer;
  __THRUST_HD zip_iterator() {}
  __THRUST_HD zip_iterator(thrust::tuple<Its...> its) : __its(its) {}
  __THRUST_HD const thrust::tuple<Its...> &get_iterator_tuple() const { return __its; }
  __THRUST_HD reference operator*() const { return __deref(std::index_sequence_for<Its...>()); }
  __C2T_RA_OPS(zip_iterator)
  template <size_t... I> __THRUST_HD reference __deref(std::index_sequence<I...>) const {
    return reference(*std::get<I>(__its)...);
  }
  template <size_t... I> __THRUST_HD void __adv(difference_type n, std::index_sequence<I...>) {
    ((std::get<I>(__its) += n), ...);
  }
  __THRUST_HD void __advance(difference_type n) { __adv(n, std::index_sequence_for<Its...>()); }
  __THRUST_HD difference_type __distance(const zip_iterator &o) const {
    return std::get<0>(__its) - std::get<0>(o.__its);
  }
  thrust::tuple<Its...> __its;
};
template <class... Its>
__THRUST_HD zip_iterator<thrust::tuple<Its...>> make_zip_iterator(thrust::tuple<Its...> t) {
  return zip_iterator<thrust::tuple<Its...>>(t);
}
template <class... Its>
__THRUST_HD zip_iterator<thrust::tuple<Its...>> make_zip_iterator(Its... its) {
  return zip_iterator<thrust::tuple<Its...>>(thrust::tuple<Its...>(its...));
}
struct __c2t_discard_ref {
  template <class T> __THRUST_HD const __c2t_discard_ref &operator=(const T &) const { return *this; }
};
template <class System = use_default> class discard_iterator {
public:
  typedef std::random_access_iterator_tag iterator_category;
  typedef __c2t_discard_ref value_type;
  typedef ptrdiff_t difference_type;
  typedef void pointer;
  typedef __c2t_discard_ref reference;
  __THRUST_HD discard_iterator(ptrdiff_t i = 0) : __i(i) {}
  __THRUST_HD reference operator*() const { return reference(); }
  __C2T_RA_OPS(discard_iterator)
  __THRUST_HD void __advance(difference_type n) { __i += n; }
  __THRUST_HD difference_type __distance(const discard_iterator &o) const { return __i - o.__i; }
  ptrdiff_t __i;
};
__THRUST_HD inline discard_iterator<> make_discard_iterator(ptrdiff_t i = 0) { return discard_iterator<>(i); }
#undef __C2T_RA_OPS
template <class It> using reverse_iterator = std::reverse_iterator<It>;
template <class It> __THRUST_HD reverse_iterator<It> make_reverse_iterator(It x) {
  return reverse_iterator<It>(x);
}
template <class It> __THRUST_HD typename std::iterator_traits<It>::difference_type distance(It first, It last);
template <class It, class D> __THRUST_HD void advance(It &i, D n);

/* ---- complex ---- */
template <class T> struct complex {
  typedef T value_type;
  __THRUST_HD constexpr complex(const T &re = T(), const T &im = T()) : __re(re), __im(im) {}
  template <class U> __THRUST_HD constexpr complex(const complex<U> &z) : __re(T(z.real())), __im(T(z.imag())) {}
  __THRUST_HD complex(const cuFloatComplex &z) : __re(T(z.x)), __im(T(z.y)) {}
  __THRUST_HD complex(const cuDoubleComplex &z) : __re(T(z.x)), __im(T(z.y)) {}
  __THRUST_HD constexpr T real() const { return __re; }
  __THRUST_HD constexpr T imag() const { return __im; }
  __THRUST_HD void real(T re) { __re = re; }
  __THRUST_HD void imag(T im) { __im = im; }
  __THRUST_HD complex &operator+=(const complex &z) { __re += z.__re; __im += z.__im; return *this; }
  __THRUST_HD complex &operator-=(const complex &z) { __re -= z.__re; __im -= z.__im; return *this; }
  __THRUST_HD complex &operator*=(const complex &z) { return *this = *this * z; }
  __THRUST_HD complex &operator/=(const complex &z) { return *this = *this / z; }
  __THRUST_HD complex &operator*=(const T &s) { __re *= s; __im *= s; return *this; }
  __THRUST_HD complex &operator/=(const T &s) { __re /= s; __im /= s; return *this; }
  __THRUST_HD operator cuFloatComplex() const { return make_cuFloatComplex(float(__re), float(__im)); }
  __THRUST_HD operator cuDoubleComplex() const { return make_cuDoubleComplex(double(__re), double(__im)); }
  T __re, __im;
};
template <class T> __THRUST_HD complex<T> operator+(const complex<T> &a, const complex<T> &b) {
  return complex<T>(a.real() + b.real(), a.imag() + b.imag());
}
template <class T> __THRUST_HD complex<T> operator-(const complex<T> &a, const complex<T> &b) {
  return complex<T>(a.real() - b.real(), a.imag() - b.imag());
}
template <class T> __THRUST_HD complex<T> operator*(const complex<T> &a, const complex<T> &b) {
  return complex<T>(a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real());
}
template <class T> __THRUST_HD complex<T> operator/(const complex<T> &a, const complex<T> &b) {
  T d = b.real() * b.real() + b.imag() * b.imag();
  return complex<T>((a.real() * b.real() + a.imag() * b.imag()) / d,
                    (a.imag() * b.real() - a.real() * b.imag()) / d);
}
template <class T> __THRUST_HD complex<T> operator+(const complex<T> &a, const T &s) { return complex<T>(a.real() + s, a.imag()); }
template <class T> __THRUST_HD complex<T> operator+(const T &s, const complex<T> &a) { return complex<T>(s + a.real(), a.imag()); }
template <class T> __THRUST_HD complex<T> operator-(const complex<T> &a, const T &s) { return complex<T>(a.real() - s, a.imag()); }
template <class T> __THRUST_HD complex<T> operator-(const T &s, const complex<T> &a) { return complex<T>(s - a.real(), -a.imag()); }
template <class T> __THRUST_HD complex<T> operator*(const complex<T> &a, const T &s) { return complex<T>(a.real() * s, a.imag() * s); }
template <class T> __THRUST_HD complex<T> operator*(const T &s, const complex<T> &a) { return complex<T>(s * a.real(), s * a.imag()); }
template <class T> __THRUST_HD complex<T> operator/(const complex<T> &a, const T &s) { return complex<T>(a.real() / s, a.imag() / s); }
template <class T> __THRUST_HD complex<T> operator-(const complex<T> &a) { return complex<T>(-a.real(), -a.imag()); }
template <class T> __THRUST_HD complex<T> operator+(const complex<T> &a) { return a; }
template <class T> __THRUST_HD bool operator==(const complex<T> &a, const complex<T> &b) {
  return a.real() == b.real() && a.imag() == b.imag();
}
template <class T> __THRUST_HD bool operator!=(const complex<T> &a, const complex<T> &b) { return !(a == b); }
template <class T> __THRUST_HD complex<T> conj(const complex<T> &z) { return complex<T>(z.real(), -z.imag()); }
template <class T> __THRUST_HD T norm(const complex<T> &z) { return z.real() * z.real() + z.imag() * z.imag(); }
template <class T> __THRUST_HD T abs(const complex<T> &z) { return ::hypot(z.real(), z.imag()); }
template <class T> __THRUST_HD T arg(const complex<T> &z) { return ::atan2(z.imag(), z.real()); }
template <class T> __THRUST_HD complex<T> polar(const T &m, const T &theta = T()) {
  return complex<T>(m * ::cos(theta), m * ::sin(theta));
}
template <class T> __THRUST_HD complex<T> exp(const complex<T> &z) {
  return polar(T(::exp(z.real())), z.imag());
}
template <class T> __THRUST_HD complex<T> log(const complex<T> &z) {
  return complex<T>(::log(abs(z)), arg(z));
}
template <class T> __THRUST_HD complex<T> sqrt(const complex<T> &z);
template <class T> __THRUST_HD complex<T> pow(const complex<T> &x, const complex<T> &y);
template <class T> __THRUST_HD complex<T> pow(const complex<T> &x, const T &y);
template <class T> __THRUST_HD complex<T> sin(const complex<T> &z);
template <class T> __THRUST_HD complex<T> cos(const complex<T> &z);
template <class T> __THRUST_HD complex<T> tanh(const complex<T> &z);
template <class T> __THRUST_HD complex<T> proj(const complex<T> &z);

/* ---- random ---- */
namespace random {
template <class UIntType, UIntType a, UIntType c, UIntType m> class linear_congruential_engine {
public:
  typedef UIntType result_type;
  static const result_type multiplier = a;
  static const result_type increment = c;
  static const result_type modulus = m;
  static const result_type default_seed = 1u;
  __THRUST_HD explicit linear_congruential_engine(result_type s = default_seed) : __x(s) {}
  __THRUST_HD void seed(result_type s = default_seed) { __x = s; }
  __THRUST_HD result_type operator()(void) { __x = (a * __x + c) % m; return __x; }
  __THRUST_HD void discard(unsigned long long z) { for (; z > 0; --z) (*this)(); }
  static const result_type min = c == 0u ? 1u : 0u;
  static const result_type max = m - 1u;
  result_type __x;
};
typedef linear_congruential_engine<unsigned int, 16807, 0, 2147483647> minstd_rand0;
typedef linear_congruential_engine<unsigned int, 48271, 0, 2147483647> minstd_rand;
typedef minstd_rand default_random_engine;
typedef minstd_rand taus88;
typedef minstd_rand ranlux24;
typedef minstd_rand ranlux48;
template <class RealType = double> class uniform_real_distribution {
public:
  typedef RealType result_type;
  __THRUST_HD explicit uniform_real_distribution(RealType a = 0.0, RealType b = 1.0) : __a(a), __b(b) {}
  template <class URNG> __THRUST_HD result_type operator()(URNG &urng) {
    return __a + (__b - __a) * (RealType(urng() - URNG::min) / RealType(URNG::max - URNG::min + 1));
  }
  __THRUST_HD result_type a() const { return __a; }
  __THRUST_HD result_type b() const { return __b; }
  __THRUST_HD void reset() {}
  RealType __a, __b;
};
template <class IntType = int> class uniform_int_distribution {
public:
  typedef IntType result_type;
  __THRUST_HD explicit uniform_int_distribution(IntType a = 0, IntType b = 2147483647) : __a(a), __b(b) {}
  template <class URNG> __THRUST_HD result_type operator()(URNG &urng) {
    return __a + IntType((urng() - URNG::min) % (unsigned long long)(__b - __a + 1));
  }
  __THRUST_HD void reset() {}
  IntType __a, __b;
};
template <class RealType = double> class normal_distribution {
public:
  typedef RealType result_type;
  __THRUST_HD explicit normal_distribution(RealType mean = 0.0, RealType stddev = 1.0) : __m(mean), __s(stddev) {}
  template <class URNG> __THRUST_HD result_type operator()(URNG &urng);
  __THRUST_HD void reset() {}
  RealType __m, __s;
};
} /* namespace random */
using random::default_random_engine;
using random::minstd_rand;
using random::normal_distribution;
using random::uniform_int_distribution;
using random::uniform_real_distribution;

/* ---- algorithms ---- */
#define __C2T_EXEC const thrust::detail::execution_policy_base<DerivedPolicy> &exec
#define __C2T_ALG(RET, NAME, TPARAMS, PARAMS)                                  \
  template <TPARAMS> __THRUST_HD RET NAME PARAMS;                              \
  template <class DerivedPolicy, TPARAMS>                                      \
  __THRUST_HD RET NAME(__C2T_EXEC, __C2T_UNPAREN PARAMS);
#define __C2T_UNPAREN(...) __VA_ARGS__
#define __C2T_T(...) __VA_ARGS__
#define __C2T_VAL(It) typename thrust::iterator_traits<It>::value_type
#define __C2T_DIFF(It) typename thrust::iterator_traits<It>::difference_type
__C2T_ALG(F, for_each, __C2T_T(class It, class F), (It first, It last, F f))
__C2T_ALG(It, for_each_n, __C2T_T(class It, class Size, class F), (It first, Size n, F f))
__C2T_ALG(Out, transform, __C2T_T(class It, class Out, class F), (It first, It last, Out result, F op))
__C2T_ALG(Out, transform, __C2T_T(class It1, class It2, class Out, class F),
          (It1 first1, It1 last1, It2 first2, Out result, F op))
__C2T_ALG(Out, transform_if, __C2T_T(class It, class Out, class F, class P),
          (It first, It last, Out result, F op, P pred))
__C2T_ALG(void, fill, __C2T_T(class It, class T), (It first, It last, const T &value))
__C2T_ALG(It, fill_n, __C2T_T(class It, class Size, class T), (It first, Size n, const T &value))
__C2T_ALG(void, sequence, __C2T_T(class It), (It first, It last))
__C2T_ALG(void, sequence, __C2T_T(class It, class T), (It first, It last, T init))
__C2T_ALG(void, sequence, __C2T_T(class It, class T), (It first, It last, T init, T step))
__C2T_ALG(void, tabulate, __C2T_T(class It, class F), (It first, It last, F op))
__C2T_ALG(void, generate, __C2T_T(class It, class G), (It first, It last, G gen))
__C2T_ALG(Out, copy, __C2T_T(class It, class Out), (It first, It last, Out result))
__C2T_ALG(Out, copy_n, __C2T_T(class It, class Size, class Out), (It first, Size n, Out result))
__C2T_ALG(Out, copy_if, __C2T_T(class It, class Out, class P), (It first, It last, Out result, P pred))
__C2T_ALG(Out, copy_if, __C2T_T(class It1, class It2, class Out, class P),
          (It1 first, It1 last, It2 stencil, Out result, P pred))
__C2T_ALG(__C2T_VAL(It), reduce, __C2T_T(class It), (It first, It last))
__C2T_ALG(T, reduce, __C2T_T(class It, class T), (It first, It last, T init))
__C2T_ALG(T, reduce, __C2T_T(class It, class T, class Op), (It first, It last, T init, Op op))
__C2T_ALG(__C2T_T(thrust::pair<O1, O2>), reduce_by_key, __C2T_T(class I1, class I2, class O1, class O2),
          (I1 keys_first, I1 keys_last, I2 values_first, O1 keys_output, O2 values_output))
__C2T_ALG(__C2T_T(thrust::pair<O1, O2>), reduce_by_key,
          __C2T_T(class I1, class I2, class O1, class O2, class P, class Op),
          (I1 keys_first, I1 keys_last, I2 values_first, O1 keys_output, O2 values_output, P pred, Op op))
__C2T_ALG(T, transform_reduce, __C2T_T(class It, class U, class T, class B),
          (It first, It last, U unary_op, T init, B binary_op))
__C2T_ALG(T, inner_product, __C2T_T(class It1, class It2, class T), (It1 first1, It1 last1, It2 first2, T init))
__C2T_ALG(T, inner_product, __C2T_T(class It1, class It2, class T, class B1, class B2),
          (It1 first1, It1 last1, It2 first2, T init, B1 op1, B2 op2))
__C2T_ALG(__C2T_DIFF(It), count, __C2T_T(class It, class T), (It first, It last, const T &value))
__C2T_ALG(__C2T_DIFF(It), count_if, __C2T_T(class It, class P), (It first, It last, P pred))
__C2T_ALG(It, min_element, __C2T_T(class It), (It first, It last))
__C2T_ALG(It, min_element, __C2T_T(class It, class C), (It first, It last, C comp))
__C2T_ALG(It, max_element, __C2T_T(class It), (It first, It last))
__C2T_ALG(It, max_element, __C2T_T(class It, class C), (It first, It last, C comp))
__C2T_ALG(__C2T_T(thrust::pair<It, It>), minmax_element, __C2T_T(class It), (It first, It last))
__C2T_ALG(void, sort, __C2T_T(class It), (It first, It last))
__C2T_ALG(void, sort, __C2T_T(class It, class C), (It first, It last, C comp))
__C2T_ALG(void, stable_sort, __C2T_T(class It), (It first, It last))
__C2T_ALG(void, stable_sort, __C2T_T(class It, class C), (It first, It last, C comp))
__C2T_ALG(void, sort_by_key, __C2T_T(class K, class V), (K keys_first, K keys_last, V values_first))
__C2T_ALG(void, sort_by_key, __C2T_T(class K, class V, class C), (K keys_first, K keys_last, V values_first, C comp))
__C2T_ALG(void, stable_sort_by_key, __C2T_T(class K, class V), (K keys_first, K keys_last, V values_first))
__C2T_ALG(void, stable_sort_by_key, __C2T_T(class K, class V, class C),
          (K keys_first, K keys_last, V values_first, C comp))
__C2T_ALG(Out, inclusive_scan, __C2T_T(class It, class Out), (It first, It last, Out result))
__C2T_ALG(Out, inclusive_scan, __C2T_T(class It, class Out, class Op), (It first, It last, Out result, Op op))
__C2T_ALG(Out, exclusive_scan, __C2T_T(class It, class Out), (It first, It last, Out result))
__C2T_ALG(Out, exclusive_scan, __C2T_T(class It, class Out, class T), (It first, It last, Out result, T init))
__C2T_ALG(Out, exclusive_scan, __C2T_T(class It, class Out, class T, class Op),
          (It first, It last, Out result, T init, Op op))
__C2T_ALG(Out, inclusive_scan_by_key, __C2T_T(class I1, class I2, class Out),
          (I1 first1, I1 last1, I2 first2, Out result))
__C2T_ALG(Out, exclusive_scan_by_key, __C2T_T(class I1, class I2, class Out),
          (I1 first1, I1 last1, I2 first2, Out result))
__C2T_ALG(Out, exclusive_scan_by_key, __C2T_T(class I1, class I2, class Out, class T),
          (I1 first1, I1 last1, I2 first2, Out result, T init))
__C2T_ALG(Out, transform_inclusive_scan, __C2T_T(class It, class Out, class U, class B),
          (It first, It last, Out result, U unary_op, B binary_op))
__C2T_ALG(Out, transform_exclusive_scan, __C2T_T(class It, class Out, class U, class T, class B),
          (It first, It last, Out result, U unary_op, T init, B binary_op))
__C2T_ALG(It, unique, __C2T_T(class It), (It first, It last))
__C2T_ALG(It, unique, __C2T_T(class It, class P), (It first, It last, P pred))
__C2T_ALG(Out, unique_copy, __C2T_T(class It, class Out), (It first, It last, Out result))
__C2T_ALG(__C2T_T(thrust::pair<I1, I2>), unique_by_key, __C2T_T(class I1, class I2),
          (I1 keys_first, I1 keys_last, I2 values_first))
__C2T_ALG(__C2T_DIFF(It), unique_count, __C2T_T(class It), (It first, It last))
__C2T_ALG(It, remove, __C2T_T(class It, class T), (It first, It last, const T &value))
__C2T_ALG(It, remove_if, __C2T_T(class It, class P), (It first, It last, P pred))
__C2T_ALG(It, remove_if, __C2T_T(class It, class S, class P), (It first, It last, S stencil, P pred))
__C2T_ALG(Out, remove_copy_if, __C2T_T(class It, class Out, class P), (It first, It last, Out result, P pred))
__C2T_ALG(It, find, __C2T_T(class It, class T), (It first, It last, const T &value))
__C2T_ALG(It, find_if, __C2T_T(class It, class P), (It first, It last, P pred))
__C2T_ALG(It, find_if_not, __C2T_T(class It, class P), (It first, It last, P pred))
__C2T_ALG(Out, gather, __C2T_T(class M, class It, class Out), (M map_first, M map_last, It input_first, Out result))
__C2T_ALG(void, scatter, __C2T_T(class It, class M, class Out), (It first, It last, M map, Out result))
__C2T_ALG(bool, equal, __C2T_T(class It1, class It2), (It1 first1, It1 last1, It2 first2))
__C2T_ALG(bool, all_of, __C2T_T(class It, class P), (It first, It last, P pred))
__C2T_ALG(bool, any_of, __C2T_T(class It, class P), (It first, It last, P pred))
__C2T_ALG(bool, none_of, __C2T_T(class It, class P), (It first, It last, P pred))
__C2T_ALG(It, lower_bound, __C2T_T(class It, class T), (It first, It last, const T &value))
__C2T_ALG(It, upper_bound, __C2T_T(class It, class T), (It first, It last, const T &value))
__C2T_ALG(bool, binary_search, __C2T_T(class It, class T), (It first, It last, const T &value))
__C2T_ALG(Out, lower_bound, __C2T_T(class It, class V, class Out),
          (It first, It last, V values_first, V values_last, Out result))
__C2T_ALG(Out, upper_bound, __C2T_T(class It, class V, class Out),
          (It first, It last, V values_first, V values_last, Out result))
__C2T_ALG(Out, merge, __C2T_T(class It1, class It2, class Out),
          (It1 first1, It1 last1, It2 first2, It2 last2, Out result))
__C2T_ALG(void, replace, __C2T_T(class It, class T), (It first, It last, const T &old_value, const T &new_value))
__C2T_ALG(void, replace_if, __C2T_T(class It, class P, class T), (It first, It last, P pred, const T &new_value))
__C2T_ALG(void, reverse, __C2T_T(class It), (It first, It last))
__C2T_ALG(It, partition, __C2T_T(class It, class P), (It first, It last, P pred))
__C2T_ALG(Out, adjacent_difference, __C2T_T(class It, class Out), (It first, It last, Out result))
__C2T_ALG(void, uninitialized_fill, __C2T_T(class It, class T), (It first, It last, const T &x))
__C2T_ALG(It2, swap_ranges, __C2T_T(class It1, class It2), (It1 first1, It1 last1, It2 first2))
#undef __C2T_ALG
#undef __C2T_UNPAREN
#undef __C2T_T
#undef __C2T_VAL
#undef __C2T_DIFF
#undef __C2T_EXEC
template <class T1, class T2> __THRUST_HD void swap(T1 &a, T2 &b);
} /* namespace thrust */
#undef __THRUST_HD
#endif /* CUDA2TILE_THRUST_H */
