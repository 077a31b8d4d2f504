/* cooperative_groups/reduce.h stand-in: cg::reduce and the operator
 * functors (plus, less, greater, bit_and, bit_or, bit_xor).  As in CUDA,
 * less<T> / greater<T> return the smaller / larger operand, so
 * reduce(tile, v, greater<float>()) is a max-reduction. */
#ifndef CUDA2TILE_CG_REDUCE_H
#define CUDA2TILE_CG_REDUCE_H

#include "../cooperative_groups.h"

namespace cooperative_groups {

template <class Ty> struct plus {
  __device__ __forceinline__ Ty operator()(Ty arg1, Ty arg2) const {
    return arg1 + arg2;
  }
};
template <class Ty> struct less {
  __device__ __forceinline__ Ty operator()(Ty arg1, Ty arg2) const {
    return (arg2 < arg1) ? arg2 : arg1;
  }
};
template <class Ty> struct greater {
  __device__ __forceinline__ Ty operator()(Ty arg1, Ty arg2) const {
    return (arg1 < arg2) ? arg2 : arg1;
  }
};
template <class Ty> struct bit_and {
  __device__ __forceinline__ Ty operator()(Ty arg1, Ty arg2) const {
    return arg1 & arg2;
  }
};
template <class Ty> struct bit_or {
  __device__ __forceinline__ Ty operator()(Ty arg1, Ty arg2) const {
    return arg1 | arg2;
  }
};
template <class Ty> struct bit_xor {
  __device__ __forceinline__ Ty operator()(Ty arg1, Ty arg2) const {
    return arg1 ^ arg2;
  }
};

template <typename TyGroup, typename TyVal, typename TyFn>
_CG_QUALIFIER typename std::remove_cvref<TyVal>::type
reduce(const TyGroup &group, TyVal &&val, TyFn &&op);

template <typename TyGroup, typename TyVal, typename TyFn>
_CG_QUALIFIER void reduce_update_async(const TyGroup &group, TyVal &dst,
                                       const TyVal &src, TyFn &&op);

} /* namespace cooperative_groups */

#endif /* CUDA2TILE_CG_REDUCE_H */
