/* cooperative_groups/scan.h stand-in: inclusive_scan / exclusive_scan. */
#ifndef CUDA2TILE_CG_SCAN_H
#define CUDA2TILE_CG_SCAN_H

#include "reduce.h"

namespace cooperative_groups {

template <typename TyGroup, typename TyVal>
_CG_QUALIFIER typename std::remove_cvref<TyVal>::type
inclusive_scan(const TyGroup &group, TyVal &&val);
template <typename TyGroup, typename TyVal, typename TyFn>
_CG_QUALIFIER typename std::remove_cvref<TyVal>::type
inclusive_scan(const TyGroup &group, TyVal &&val, TyFn &&op);
template <typename TyGroup, typename TyVal>
_CG_QUALIFIER typename std::remove_cvref<TyVal>::type
exclusive_scan(const TyGroup &group, TyVal &&val);
template <typename TyGroup, typename TyVal, typename TyFn>
_CG_QUALIFIER typename std::remove_cvref<TyVal>::type
exclusive_scan(const TyGroup &group, TyVal &&val, TyFn &&op);

} /* namespace cooperative_groups */

#endif /* CUDA2TILE_CG_SCAN_H */
