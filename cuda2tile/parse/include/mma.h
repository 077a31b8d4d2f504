/* mma.h stand-in: the WMMA API (namespace nvcuda::wmma), declarations only.
 * fragment<Use, M, N, K, T, Layout>::num_elements is a plausible value, not
 * the exact per-architecture register count. */
#ifndef CUDA2TILE_MMA_H
#define CUDA2TILE_MMA_H

#include "cuda_fp16.h"
#include "cuda_bf16.h"

namespace nvcuda {
namespace wmma {

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
enum layout_t { mem_row_major, mem_col_major };

namespace precision {
struct tf32;
} /* namespace precision */
namespace experimental {
namespace precision {
struct u4;
struct s4;
struct b1;
} /* namespace precision */
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
} /* namespace experimental */

/* element (storage) type of a fragment of precision T */
template <class T> struct __c2t_storage { typedef T type; };
template <> struct __c2t_storage<precision::tf32> { typedef float type; };
template <> struct __c2t_storage<experimental::precision::u4> {
  typedef int type;
};
template <> struct __c2t_storage<experimental::precision::s4> {
  typedef int type;
};
template <> struct __c2t_storage<experimental::precision::b1> {
  typedef int type;
};

template <class Use, int m, int n, int k> struct __c2t_frag_size {
  static constexpr int value = m * n / 32;
};
template <int m, int n, int k> struct __c2t_frag_size<matrix_a, m, n, k> {
  static constexpr int value = m * k / 32;
};
template <int m, int n, int k> struct __c2t_frag_size<matrix_b, m, n, k> {
  static constexpr int value = k * n / 32;
};

template <typename Use, int m, int n, int k, typename T,
          typename Layout = void>
class fragment {
public:
  typedef typename __c2t_storage<T>::type element_type;
  typedef T precision_type;
  enum { num_elements = __c2t_frag_size<Use, m, n, k>::value };
  element_type x[num_elements];
};

template <typename Use, int m, int n, int k, typename T, typename Layout>
__device__ void
fill_fragment(fragment<Use, m, n, k, T, Layout> &a,
              const typename fragment<Use, m, n, k, T, Layout>::element_type &v);

template <typename Use, int m, int n, int k, typename T, typename Layout>
__device__ void
load_matrix_sync(fragment<Use, m, n, k, T, Layout> &a,
                 const typename __c2t_storage<T>::type *p, unsigned ldm);
template <int m, int n, int k, typename T>
__device__ void load_matrix_sync(fragment<accumulator, m, n, k, T> &a,
                                 const T *p, unsigned ldm, layout_t layout);
template <int m, int n, int k, typename T>
__device__ void store_matrix_sync(T *p,
                                  const fragment<accumulator, m, n, k, T> &a,
                                  unsigned ldm, layout_t layout);
template <int m, int n, int k, typename Ta, typename LayoutA, typename Tb,
          typename LayoutB, typename Tc, typename Td>
__device__ void mma_sync(fragment<accumulator, m, n, k, Td> &d,
                         const fragment<matrix_a, m, n, k, Ta, LayoutA> &a,
                         const fragment<matrix_b, m, n, k, Tb, LayoutB> &b,
                         const fragment<accumulator, m, n, k, Tc> &c,
                         bool satf = false);
template <int m, int n, int k, typename Ta, typename LayoutA, typename Tb,
          typename LayoutB, typename Tc, typename Td>
__device__ void bmma_sync(fragment<accumulator, m, n, k, Td> &d,
                          const fragment<matrix_a, m, n, k, Ta, LayoutA> &a,
                          const fragment<matrix_b, m, n, k, Tb, LayoutB> &b,
                          const fragment<accumulator, m, n, k, Tc> &c,
                          experimental::bmmaBitOp op =
                              experimental::bmmaBitOpXOR,
                          experimental::bmmaAccumulateOp acc =
                              experimental::bmmaAccumulateOpPOPC);
__device__ float __float_to_tf32(float in);

} /* namespace wmma */
} /* namespace nvcuda */

#endif /* CUDA2TILE_MMA_H */
