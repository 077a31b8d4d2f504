/* cooperative_groups.h stand-in: the group types and member functions of
 * CUDA 12/13's cooperative groups API (declarations only).  thread_block's
 * members are static, as in CUDA (calls through an object still parse as
 * CALL_EXPR -> MEMBER_REF_EXPR). */
#ifndef CUDA2TILE_COOPERATIVE_GROUPS_H
#define CUDA2TILE_COOPERATIVE_GROUPS_H

#include "cuda2tile_prelude.h"

/* CUDA adds __forceinline__; these are declarations without bodies, and an
 * undefined inline function draws -Wundefined-inline, so it is left out. */
#define _CG_QUALIFIER __device__
#define _CG_STATIC_QUALIFIER static __device__

namespace cooperative_groups {

class thread_group {
public:
  _CG_QUALIFIER unsigned long long size() const;
  _CG_QUALIFIER unsigned long long num_threads() const;
  _CG_QUALIFIER unsigned long long thread_rank() const;
  _CG_QUALIFIER void sync() const;
  _CG_QUALIFIER unsigned int get_type() const;
};

class grid_group : public thread_group {
public:
  _CG_QUALIFIER bool is_valid() const;
  _CG_QUALIFIER void sync() const;
  _CG_STATIC_QUALIFIER unsigned long long size();
  _CG_STATIC_QUALIFIER dim3 group_dim();
  _CG_STATIC_QUALIFIER dim3 dim_threads();
  _CG_STATIC_QUALIFIER unsigned long long num_threads();
  _CG_STATIC_QUALIFIER dim3 thread_index();
  _CG_STATIC_QUALIFIER unsigned long long thread_rank();
  _CG_STATIC_QUALIFIER dim3 dim_blocks();
  _CG_STATIC_QUALIFIER unsigned long long num_blocks();
  _CG_STATIC_QUALIFIER dim3 block_index();
  _CG_STATIC_QUALIFIER unsigned long long block_rank();
};
_CG_QUALIFIER grid_group this_grid();

class thread_block : public thread_group {
public:
  _CG_STATIC_QUALIFIER void sync();
  _CG_STATIC_QUALIFIER unsigned int size();
  _CG_STATIC_QUALIFIER unsigned int thread_rank();
  _CG_STATIC_QUALIFIER dim3 group_index();
  _CG_STATIC_QUALIFIER dim3 thread_index();
  _CG_STATIC_QUALIFIER dim3 group_dim();
  _CG_STATIC_QUALIFIER dim3 dim_threads();
  _CG_STATIC_QUALIFIER unsigned int num_threads();
};
_CG_QUALIFIER thread_block this_thread_block();
/* scratch memory for tiles larger than a warp (CUDA 11+) */
template <unsigned int MaxBlockSize = 1024> struct block_tile_memory {};
template <unsigned int MaxBlockSize>
_CG_QUALIFIER thread_block
this_thread_block(block_tile_memory<MaxBlockSize> &scratch);

class coalesced_group : public thread_group {
public:
  _CG_QUALIFIER unsigned int size() const;
  _CG_QUALIFIER unsigned int num_threads() const;
  _CG_QUALIFIER unsigned int thread_rank() const;
  _CG_QUALIFIER unsigned int meta_group_rank() const;
  _CG_QUALIFIER unsigned int meta_group_size() const;
  _CG_QUALIFIER void sync() const;
  _CG_QUALIFIER unsigned int get_mask() const;
  template <class T> _CG_QUALIFIER T shfl(T var, int srcRank) const;
  template <class T> _CG_QUALIFIER T shfl_down(T var, unsigned int delta) const;
  template <class T> _CG_QUALIFIER T shfl_up(T var, unsigned int delta) const;
  _CG_QUALIFIER int any(int predicate) const;
  _CG_QUALIFIER int all(int predicate) const;
  _CG_QUALIFIER unsigned int ballot(int predicate) const;
  template <class T> _CG_QUALIFIER unsigned int match_any(T val) const;
  template <class T> _CG_QUALIFIER unsigned int match_all(T val, int &pred) const;
};
_CG_QUALIFIER coalesced_group coalesced_threads();

/* thread_block_tile<Size> (ParentT = void) carries the API; the
 * parent-typed tile returned by tiled_partition<Size>(parent) derives from
 * it, so it converts to thread_block_tile<Size>. */
template <unsigned int Size, typename ParentT = void> class thread_block_tile;

template <unsigned int Size> class thread_block_tile<Size, void>
    : public thread_group {
public:
  static constexpr unsigned int numThreads = Size;
  _CG_STATIC_QUALIFIER void sync();
  _CG_STATIC_QUALIFIER unsigned int thread_rank();
  _CG_STATIC_QUALIFIER unsigned int size();
  _CG_STATIC_QUALIFIER unsigned int num_threads();
  _CG_STATIC_QUALIFIER unsigned int get_mask();
  _CG_QUALIFIER unsigned int meta_group_rank() const;
  _CG_QUALIFIER unsigned int meta_group_size() const;
  template <class T> _CG_QUALIFIER T shfl(T var, int srcRank) const;
  template <class T> _CG_QUALIFIER T shfl_down(T var, unsigned int delta) const;
  template <class T> _CG_QUALIFIER T shfl_up(T var, unsigned int delta) const;
  template <class T> _CG_QUALIFIER T shfl_xor(T var, unsigned int laneMask) const;
  _CG_QUALIFIER int any(int predicate) const;
  _CG_QUALIFIER int all(int predicate) const;
  _CG_QUALIFIER unsigned int ballot(int predicate) const;
  template <class T> _CG_QUALIFIER unsigned int match_any(T val) const;
  template <class T> _CG_QUALIFIER unsigned int match_all(T val, int &pred) const;
};

template <unsigned int Size, typename ParentT>
class thread_block_tile : public thread_block_tile<Size, void> {};

template <unsigned int Size, typename ParentT>
_CG_QUALIFIER thread_block_tile<Size, ParentT>
tiled_partition(const ParentT &parent);
_CG_QUALIFIER thread_group tiled_partition(const thread_group &parent,
                                           unsigned int tilesz);
_CG_QUALIFIER thread_group tiled_partition(const thread_block &parent,
                                           unsigned int tilesz);
_CG_QUALIFIER coalesced_group tiled_partition(const coalesced_group &parent,
                                              unsigned int tilesz);

_CG_QUALIFIER coalesced_group binary_partition(const coalesced_group &parent,
                                               bool pred);
template <unsigned int Size, typename ParentT>
_CG_QUALIFIER coalesced_group
binary_partition(const thread_block_tile<Size, ParentT> &tile, bool pred);
_CG_QUALIFIER coalesced_group labeled_partition(const coalesced_group &parent,
                                                unsigned int label);
template <unsigned int Size, typename ParentT>
_CG_QUALIFIER coalesced_group
labeled_partition(const thread_block_tile<Size, ParentT> &tile,
                  unsigned int label);

/* free-function forms */
template <class TyGroup> _CG_QUALIFIER void sync(TyGroup const &g);
template <class TyGroup>
_CG_QUALIFIER unsigned long long thread_rank(TyGroup const &g);
template <class TyGroup>
_CG_QUALIFIER unsigned long long group_size(TyGroup const &g);
template <class TyGroup>
_CG_QUALIFIER unsigned long long num_threads(TyGroup const &g);

} /* namespace cooperative_groups */

#endif /* CUDA2TILE_COOPERATIVE_GROUPS_H */
