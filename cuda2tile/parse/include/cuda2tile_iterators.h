/* cuda2tile_iterators.h -- internal: the iterator classes of the node-based
 * and segmented containers (list, map, set, unordered_*, deque).  One class
 * per iterator category, so that an operation the real iterator lacks
 * (`list.begin() + 1`, `--unordered_map::iterator`) is an error here too.
 * _V is the value type as seen through the iterator (const for const
 * iterators and for set elements); an iterator converts to the matching
 * const iterator. */
#ifndef CUDA2TILE_ITERATORS_H
#define CUDA2TILE_ITERATORS_H
#include "cuda2tile_stl.h"
namespace std {
#define __C2T_ITER_COMMON(NAME, CAT)                                           \
public:                                                                        \
  typedef CAT iterator_category;                                               \
  typedef typename remove_const<_V>::type value_type;                          \
  typedef ptrdiff_t difference_type;                                           \
  typedef _V *pointer;                                                         \
  typedef _V &reference;                                                       \
  NAME() noexcept;                                                             \
  template <class _U, class = enable_if_t<is_same<const _U, _V>::value &&      \
                                          !is_same<_U, _V>::value>>            \
  NAME(const NAME<_U, _Tag> &__other) noexcept;                                \
  reference operator*() const noexcept;                                        \
  pointer operator->() const noexcept;                                         \
  NAME &operator++() noexcept;                                                 \
  NAME operator++(int) noexcept;                                               \
  friend bool operator==(const NAME &__x, const NAME &__y) noexcept {          \
    return __x.__node == __y.__node;                                           \
  }                                                                            \
  friend bool operator!=(const NAME &__x, const NAME &__y) noexcept {          \
    return __x.__node != __y.__node;                                           \
  }                                                                            \
  void *__node;
/* _Tag tells the containers' iterators apart (map vs list ...). */
template <class _V, class _Tag> class __c2t_fwd_iterator {
  __C2T_ITER_COMMON(__c2t_fwd_iterator, forward_iterator_tag)
};
template <class _V, class _Tag> class __c2t_bidi_iterator {
  __C2T_ITER_COMMON(__c2t_bidi_iterator, bidirectional_iterator_tag)
  __c2t_bidi_iterator &operator--() noexcept;
  __c2t_bidi_iterator operator--(int) noexcept;
};
template <class _V, class _Tag> class __c2t_ra_iterator {
  __C2T_ITER_COMMON(__c2t_ra_iterator, random_access_iterator_tag)
  __c2t_ra_iterator &operator--() noexcept;
  __c2t_ra_iterator operator--(int) noexcept;
  reference operator[](difference_type __n) const noexcept;
  __c2t_ra_iterator &operator+=(difference_type __n) noexcept;
  __c2t_ra_iterator &operator-=(difference_type __n) noexcept;
  __c2t_ra_iterator operator+(difference_type __n) const noexcept;
  __c2t_ra_iterator operator-(difference_type __n) const noexcept;
  friend __c2t_ra_iterator operator+(difference_type __n,
                                     const __c2t_ra_iterator &__x) noexcept {
    return __x + __n;
  }
  friend difference_type operator-(const __c2t_ra_iterator &__x,
                                   const __c2t_ra_iterator &__y) noexcept {
    return static_cast<char *>(__x.__node) - static_cast<char *>(__y.__node);
  }
  friend bool operator<(const __c2t_ra_iterator &__x,
                        const __c2t_ra_iterator &__y) noexcept {
    return __x.__node < __y.__node;
  }
  friend bool operator>(const __c2t_ra_iterator &__x,
                        const __c2t_ra_iterator &__y) noexcept {
    return __y.__node < __x.__node;
  }
  friend bool operator<=(const __c2t_ra_iterator &__x,
                         const __c2t_ra_iterator &__y) noexcept {
    return !(__y.__node < __x.__node);
  }
  friend bool operator>=(const __c2t_ra_iterator &__x,
                         const __c2t_ra_iterator &__y) noexcept {
    return !(__x.__node < __y.__node);
  }
};
#undef __C2T_ITER_COMMON
/* insert()'s result for the unique-key containers, and the node handle. */
template <class _It, class _NodeType> struct __c2t_insert_return_type {
  _It position;
  bool inserted;
  _NodeType node;
};
} /* namespace std */
#endif /* CUDA2TILE_ITERATORS_H */
