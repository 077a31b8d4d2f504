/* cooperative_groups/memcpy_async.h stand-in: cg::memcpy_async / cg::wait. */
#ifndef CUDA2TILE_CG_MEMCPY_ASYNC_H
#define CUDA2TILE_CG_MEMCPY_ASYNC_H

#include "../cooperative_groups.h"

namespace cooperative_groups {

template <class TyGroup>
_CG_QUALIFIER void memcpy_async(const TyGroup &group, void *dst,
                                const void *src, size_t count);
template <class TyGroup, class TyElem>
_CG_QUALIFIER void memcpy_async(const TyGroup &group, TyElem *dst,
                                size_t dstCount, const TyElem *src,
                                size_t srcCount);
template <class TyGroup> _CG_QUALIFIER void wait(const TyGroup &group);
template <unsigned int NumStages, class TyGroup>
_CG_QUALIFIER void wait_prior(const TyGroup &group);

} /* namespace cooperative_groups */

#endif /* CUDA2TILE_CG_MEMCPY_ASYNC_H */
