/* cuda2tile_cub.h -- internal: the CUB subset behind every cub/ stand-in,
 * as in CUDA 12.4's CCCL 2.3 (the version the prelude announces): the
 * reduction operators (cub::Sum, Max, Min, ArgMax, ArgMin), KeyValuePair,
 * the block collectives (BlockReduce, BlockScan, BlockLoad, BlockStore,
 * BlockRadixSort), the warp collectives (WarpReduce, WarpScan), the
 * device-wide algorithms (DeviceReduce, DeviceScan, DeviceRadixSort,
 * DeviceSegmentedReduce, DeviceSelect), DoubleBuffer and
 * CachingDeviceAllocator.
 *
 * The collectives' members are __device__ declarations without bodies: a
 * kernel that calls them parses and type-checks, and the lifter reports the
 * call it cannot inline.  TempStorage has the alignment of T and an
 * approximate size (one T per warp plus one), not CUB's exact layout.  The
 * device-wide algorithms are __host__ declarations, as CUB_RUNTIME_FUNCTION
 * is without relocatable device code. */
#ifndef CUDA2TILE_CUB_H
#define CUDA2TILE_CUB_H
#include "cuda2tile_prelude.h"
#include "cuda2tile_stl.h"
#define CUB_VERSION 200300
#define CUB_MAJOR_VERSION 2
#define CUB_MINOR_VERSION 3
#define CUB_SUBMINOR_VERSION 0
#define CUB_PTX_WARP_THREADS 32
#define CUB_WARP_THREADS(unused) 32
#define CUB_PTX_ARCH __CUDA_ARCH__
#define CUB_NAMESPACE_BEGIN namespace cub {
#define CUB_NAMESPACE_END }
#define CUB_RUNTIME_FUNCTION __host__
#define CUB_STDERR
#define CubDebug(e) (e)
#define CubDebugExit(e) (e)
#define CUB_MAX(a, b) (((b) > (a)) ? (b) : (a))
#define CUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
#define CUB_QUOTIENT_CEILING(x, y) (((x) + (y) - 1) / (y))
#define CUB_ROUND_UP_NEAREST(x, y) ((((x) + (y) - 1) / (y)) * (y))

namespace cub {
struct NullType {};
template <class K, class V> struct KeyValuePair {
  typedef K Key;
  typedef V Value;
  K key;
  V value;
  __host__ __device__ constexpr KeyValuePair() : key(), value() {}
  __host__ __device__ constexpr KeyValuePair(K const &k, V const &v) : key(k), value(v) {}
  __host__ __device__ constexpr bool operator!=(const KeyValuePair &b) const {
    return (value != b.value) || (key != b.key);
  }
};
template <class T> struct Uninitialized {
  alignas(T) unsigned char __storage[sizeof(T)];
  __host__ __device__ T &Alias() { return *reinterpret_cast<T *>(this); }
};

/* thread_operators.cuh */
struct Equality {
  template <class T, class U>
  __host__ __device__ constexpr bool operator()(const T &a, const U &b) const { return a == b; }
};
struct Inequality {
  template <class T, class U>
  __host__ __device__ constexpr bool operator()(const T &a, const U &b) const { return a != b; }
};
struct Sum {
  template <class T, class U>
  __host__ __device__ constexpr auto operator()(T &&a, U &&b) const -> decltype(a + b) {
    return a + b;
  }
};
struct Difference {
  template <class T, class U>
  __host__ __device__ constexpr auto operator()(T &&a, U &&b) const -> decltype(a - b) {
    return a - b;
  }
};
struct Division {
  template <class T, class U>
  __host__ __device__ constexpr auto operator()(T &&a, U &&b) const -> decltype(a / b) {
    return a / b;
  }
};
struct Max {
  template <class T, class U>
  __host__ __device__ constexpr typename std::common_type<T, U>::type
  operator()(T &&a, U &&b) const {
    return (a < b) ? b : a;
  }
};
struct Min {
  template <class T, class U>
  __host__ __device__ constexpr typename std::common_type<T, U>::type
  operator()(T &&a, U &&b) const {
    return (b < a) ? b : a;
  }
};
struct ArgMax {
  template <class T, class OffsetT>
  __host__ __device__ constexpr KeyValuePair<OffsetT, T>
  operator()(const KeyValuePair<OffsetT, T> &a, const KeyValuePair<OffsetT, T> &b) const {
    return ((b.value > a.value) || ((a.value == b.value) && (b.key < a.key))) ? b : a;
  }
};
struct ArgMin {
  template <class T, class OffsetT>
  __host__ __device__ constexpr KeyValuePair<OffsetT, T>
  operator()(const KeyValuePair<OffsetT, T> &a, const KeyValuePair<OffsetT, T> &b) const {
    return ((b.value < a.value) || ((a.value == b.value) && (b.key < a.key))) ? b : a;
  }
};
template <class B> struct CastOp {
  template <class A> __host__ __device__ constexpr B operator()(const A &a) const { return (B)a; }
};

/* util_ptx.cuh */
__device__ unsigned int LaneId();
__device__ unsigned int WarpId();
__device__ unsigned int LaneMaskLt();
__device__ unsigned int LaneMaskLe();
__device__ unsigned int LaneMaskGt();
__device__ unsigned int LaneMaskGe();
template <int LOGICAL_WARP_THREADS, class T>
__device__ T ShuffleIndex(T input, int src_lane, unsigned int member_mask);
template <int LOGICAL_WARP_THREADS, class T>
__device__ T ShuffleUp(T input, int src_offset, int first_thread, unsigned int member_mask);
template <int LOGICAL_WARP_THREADS, class T>
__device__ T ShuffleDown(T input, int src_offset, int last_thread, unsigned int member_mask);
__host__ __device__ constexpr int DivideAndRoundUp(int n, int d) { return (n + d - 1) / d; }

/* The storage stand-in of a collective: one T per warp plus one. */
template <class T, int THREADS> struct __c2t_temp_storage {
  alignas(T) unsigned char __storage[sizeof(T) * ((THREADS + 31) / 32 + 1)];
};

enum BlockReduceAlgorithm {
  BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
  BLOCK_REDUCE_RAKING,
  BLOCK_REDUCE_WARP_REDUCTIONS
};
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
enum BlockLoadAlgorithm {
  BLOCK_LOAD_DIRECT,
  BLOCK_LOAD_STRIPED,
  BLOCK_LOAD_VECTORIZE,
  BLOCK_LOAD_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE,
  BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED
};
enum BlockStoreAlgorithm {
  BLOCK_STORE_DIRECT,
  BLOCK_STORE_STRIPED,
  BLOCK_STORE_VECTORIZE,
  BLOCK_STORE_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE,
  BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED
};

template <class T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
public:
  struct TempStorage : Uninitialized<__c2t_temp_storage<T, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z>> {};
  __device__ BlockReduce();
  __device__ BlockReduce(TempStorage &temp_storage);
  template <class ReductionOp> __device__ T Reduce(T input, ReductionOp reduction_op);
  template <int ITEMS_PER_THREAD, class ReductionOp>
  __device__ T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp reduction_op);
  template <class ReductionOp>
  __device__ T Reduce(T input, ReductionOp reduction_op, int num_valid);
  __device__ T Sum(T input);
  template <int ITEMS_PER_THREAD> __device__ T Sum(T (&inputs)[ITEMS_PER_THREAD]);
  __device__ T Sum(T input, int num_valid);
};

#define __C2T_SCAN_MEMBERS(NAME)                                               \
  __device__ void ExclusiveSum(T input, T &output);                            \
  __device__ void ExclusiveSum(T input, T &output, T &aggregate);              \
  template <class PrefixOp>                                                    \
  __device__ void ExclusiveSum(T input, T &output, PrefixOp &prefix_op);       \
  __device__ void InclusiveSum(T input, T &output);                            \
  __device__ void InclusiveSum(T input, T &output, T &aggregate);              \
  template <class PrefixOp>                                                    \
  __device__ void InclusiveSum(T input, T &output, PrefixOp &prefix_op);       \
  template <class ScanOp>                                                      \
  __device__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp scan_op); \
  template <class ScanOp>                                                      \
  __device__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp scan_op, \
                                T &aggregate);                                 \
  template <class ScanOp, class PrefixOp>                                      \
  __device__ void ExclusiveScan(T input, T &output, ScanOp scan_op, PrefixOp &prefix_op); \
  template <class ScanOp> __device__ void InclusiveScan(T input, T &output, ScanOp scan_op); \
  template <class ScanOp>                                                      \
  __device__ void InclusiveScan(T input, T &output, ScanOp scan_op, T &aggregate); \
  template <class ScanOp, class PrefixOp>                                      \
  __device__ void InclusiveScan(T input, T &output, ScanOp scan_op, PrefixOp &prefix_op);
template <class T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
public:
  struct TempStorage : Uninitialized<__c2t_temp_storage<T, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z>> {};
  __device__ BlockScan();
  __device__ BlockScan(TempStorage &temp_storage);
  __C2T_SCAN_MEMBERS(BlockScan)
  template <int ITEMS_PER_THREAD>
  __device__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]);
  template <int ITEMS_PER_THREAD>
  __device__ void ExclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD],
                               T &block_aggregate);
  template <int ITEMS_PER_THREAD>
  __device__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]);
  template <int ITEMS_PER_THREAD>
  __device__ void InclusiveSum(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD],
                               T &block_aggregate);
  template <int ITEMS_PER_THREAD, class ScanOp>
  __device__ void ExclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD],
                                T initial_value, ScanOp scan_op);
  template <int ITEMS_PER_THREAD, class ScanOp>
  __device__ void InclusiveScan(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD],
                                ScanOp scan_op);
};

template <class T, int LOGICAL_WARP_THREADS = CUB_PTX_WARP_THREADS, int LEGACY_PTX_ARCH = 0>
class WarpReduce {
public:
  struct TempStorage : Uninitialized<__c2t_temp_storage<T, LOGICAL_WARP_THREADS>> {};
  __device__ WarpReduce(TempStorage &temp_storage);
  __device__ T Sum(T input);
  __device__ T Sum(T input, int valid_items);
  template <class FlagT> __device__ T HeadSegmentedSum(T input, FlagT head_flag);
  template <class FlagT> __device__ T TailSegmentedSum(T input, FlagT tail_flag);
  template <class ReductionOp> __device__ T Reduce(T input, ReductionOp reduction_op);
  template <class ReductionOp>
  __device__ T Reduce(T input, ReductionOp reduction_op, int valid_items);
  template <class ReductionOp, class FlagT>
  __device__ T HeadSegmentedReduce(T input, FlagT head_flag, ReductionOp reduction_op);
  template <class ReductionOp, class FlagT>
  __device__ T TailSegmentedReduce(T input, FlagT tail_flag, ReductionOp reduction_op);
};
template <class T, int LOGICAL_WARP_THREADS = CUB_PTX_WARP_THREADS, int LEGACY_PTX_ARCH = 0>
class WarpScan {
public:
  struct TempStorage : Uninitialized<__c2t_temp_storage<T, LOGICAL_WARP_THREADS>> {};
  __device__ WarpScan(TempStorage &temp_storage);
  __C2T_SCAN_MEMBERS(WarpScan)
  template <class ScanOp>
  __device__ void Scan(T input, T &inclusive_output, T &exclusive_output, ScanOp scan_op);
  __device__ T Broadcast(T input, unsigned int src_lane);
};
#undef __C2T_SCAN_MEMBERS

template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad {
public:
  struct TempStorage
      : Uninitialized<__c2t_temp_storage<T, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD * 32>> {};
  __device__ BlockLoad();
  __device__ BlockLoad(TempStorage &temp_storage);
  template <class InputIteratorT>
  __device__ void Load(InputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD]);
  template <class InputIteratorT>
  __device__ void Load(InputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items);
  template <class InputIteratorT, class DefaultT>
  __device__ void Load(InputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items,
                       DefaultT oob_default);
};
template <class T, int BLOCK_DIM_X, int ITEMS_PER_THREAD,
          BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore {
public:
  struct TempStorage
      : Uninitialized<__c2t_temp_storage<T, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD * 32>> {};
  __device__ BlockStore();
  __device__ BlockStore(TempStorage &temp_storage);
  template <class OutputIteratorT>
  __device__ void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD]);
  template <class OutputIteratorT>
  __device__ void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items);
};
template <class InputT, int ITEMS_PER_THREAD, class InputIteratorT>
__device__ void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr,
                                  InputT (&items)[ITEMS_PER_THREAD]);
template <class InputT, int ITEMS_PER_THREAD, class InputIteratorT>
__device__ void LoadDirectBlocked(int linear_tid, InputIteratorT block_itr,
                                  InputT (&items)[ITEMS_PER_THREAD], int valid_items);
template <int BLOCK_THREADS, class InputT, int ITEMS_PER_THREAD, class InputIteratorT>
__device__ void LoadDirectStriped(int linear_tid, InputIteratorT block_itr,
                                  InputT (&items)[ITEMS_PER_THREAD]);
template <class T, int ITEMS_PER_THREAD, class OutputIteratorT>
__device__ void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr,
                                   T (&items)[ITEMS_PER_THREAD]);
template <int BLOCK_THREADS, class T, int ITEMS_PER_THREAD, class OutputIteratorT>
__device__ void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr,
                                   T (&items)[ITEMS_PER_THREAD]);

template <class KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, class ValueT = NullType,
          int RADIX_BITS = 4, bool MEMOIZE_OUTER_SCAN = true,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          cudaSharedMemConfig SMEM_CONFIG = cudaSharedMemBankSizeFourByte, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockRadixSort {
public:
  struct TempStorage
      : Uninitialized<__c2t_temp_storage<KeyT, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD * 32>> {};
  __device__ BlockRadixSort();
  __device__ BlockRadixSort(TempStorage &temp_storage);
  __device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                       int end_bit = sizeof(KeyT) * 8);
  __device__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                       int begin_bit = 0, int end_bit = sizeof(KeyT) * 8);
  __device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8);
  __device__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD],
                                 ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8);
  __device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                                       int end_bit = sizeof(KeyT) * 8);
  __device__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD],
                                       ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
                                       int end_bit = sizeof(KeyT) * 8);
};

/* util_type.cuh */
template <class T> struct DoubleBuffer {
  T *d_buffers[2];
  int selector;
  __host__ __device__ DoubleBuffer() : d_buffers{nullptr, nullptr}, selector(0) {}
  __host__ __device__ DoubleBuffer(T *d_current, T *d_alternate)
      : d_buffers{d_current, d_alternate}, selector(0) {}
  __host__ __device__ T *Current() { return d_buffers[selector]; }
  __host__ __device__ T *Alternate() { return d_buffers[selector ^ 1]; }
};

/* device-wide algorithms */
#define __C2T_TMP void *d_temp_storage, size_t &temp_storage_bytes
struct DeviceReduce {
  template <class InputIteratorT, class OutputIteratorT, class ReductionOpT, class T, class NumItemsT>
  __host__ static cudaError_t Reduce(__C2T_TMP, InputIteratorT d_in, OutputIteratorT d_out,
                                     NumItemsT num_items, ReductionOpT reduction_op, T init,
                                     cudaStream_t stream = 0);
#define __C2T_DR(NAME)                                                         \
  template <class InputIteratorT, class OutputIteratorT, class NumItemsT>      \
  __host__ static cudaError_t NAME(__C2T_TMP, InputIteratorT d_in, OutputIteratorT d_out, \
                                   NumItemsT num_items, cudaStream_t stream = 0);
  __C2T_DR(Sum)
  __C2T_DR(Min)
  __C2T_DR(Max)
  __C2T_DR(ArgMin)
  __C2T_DR(ArgMax)
#undef __C2T_DR
  template <class InputIteratorT, class OutputIteratorT, class ReductionOpT, class TransformOpT,
            class T, class NumItemsT>
  __host__ static cudaError_t TransformReduce(__C2T_TMP, InputIteratorT d_in, OutputIteratorT d_out,
                                              NumItemsT num_items, ReductionOpT reduction_op,
                                              TransformOpT transform_op, T init,
                                              cudaStream_t stream = 0);
  template <class KeysInputIteratorT, class UniqueOutputIteratorT, class ValuesInputIteratorT,
            class AggregatesOutputIteratorT, class NumRunsOutputIteratorT, class ReductionOpT,
            class NumItemsT>
  __host__ static cudaError_t ReduceByKey(__C2T_TMP, KeysInputIteratorT d_keys_in,
                                          UniqueOutputIteratorT d_unique_out,
                                          ValuesInputIteratorT d_values_in,
                                          AggregatesOutputIteratorT d_aggregates_out,
                                          NumRunsOutputIteratorT d_num_runs_out,
                                          ReductionOpT reduction_op, NumItemsT num_items,
                                          cudaStream_t stream = 0);
};
struct DeviceSegmentedReduce {
  template <class InputIteratorT, class OutputIteratorT, class BeginOffsetIteratorT,
            class EndOffsetIteratorT, class ReductionOpT, class T>
  __host__ static cudaError_t Reduce(__C2T_TMP, InputIteratorT d_in, OutputIteratorT d_out,
                                     int num_segments, BeginOffsetIteratorT d_begin_offsets,
                                     EndOffsetIteratorT d_end_offsets, ReductionOpT reduction_op,
                                     T initial_value, cudaStream_t stream = 0);
#define __C2T_DSR(NAME)                                                        \
  template <class InputIteratorT, class OutputIteratorT, class BeginOffsetIteratorT, \
            class EndOffsetIteratorT>                                          \
  __host__ static cudaError_t NAME(__C2T_TMP, InputIteratorT d_in, OutputIteratorT d_out, \
                                   int num_segments, BeginOffsetIteratorT d_begin_offsets, \
                                   EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0);
  __C2T_DSR(Sum)
  __C2T_DSR(Min)
  __C2T_DSR(Max)
  __C2T_DSR(ArgMin)
  __C2T_DSR(ArgMax)
#undef __C2T_DSR
};
struct DeviceScan {
#define __C2T_DS(NAME)                                                         \
  template <class InputIteratorT, class OutputIteratorT, class NumItemsT>      \
  __host__ static cudaError_t NAME(__C2T_TMP, InputIteratorT d_in, OutputIteratorT d_out, \
                                   NumItemsT num_items, cudaStream_t stream = 0);
  __C2T_DS(ExclusiveSum)
  __C2T_DS(InclusiveSum)
#undef __C2T_DS
  template <class InputIteratorT, class OutputIteratorT, class ScanOpT, class InitValueT,
            class NumItemsT>
  __host__ static cudaError_t ExclusiveScan(__C2T_TMP, InputIteratorT d_in, OutputIteratorT d_out,
                                            ScanOpT scan_op, InitValueT init_value,
                                            NumItemsT num_items, cudaStream_t stream = 0);
  template <class InputIteratorT, class OutputIteratorT, class ScanOpT, class NumItemsT>
  __host__ static cudaError_t InclusiveScan(__C2T_TMP, InputIteratorT d_in, OutputIteratorT d_out,
                                            ScanOpT scan_op, NumItemsT num_items,
                                            cudaStream_t stream = 0);
};
struct DeviceRadixSort {
#define __C2T_DRS_PAIRS(NAME)                                                  \
  template <class KeyT, class ValueT, class NumItemsT>                         \
  __host__ static cudaError_t NAME(__C2T_TMP, const KeyT *d_keys_in, KeyT *d_keys_out, \
                                   const ValueT *d_values_in, ValueT *d_values_out, \
                                   NumItemsT num_items, int begin_bit = 0,     \
                                   int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0); \
  template <class KeyT, class ValueT, class NumItemsT>                         \
  __host__ static cudaError_t NAME(__C2T_TMP, DoubleBuffer<KeyT> &d_keys,      \
                                   DoubleBuffer<ValueT> &d_values, NumItemsT num_items, \
                                   int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, \
                                   cudaStream_t stream = 0);
#define __C2T_DRS_KEYS(NAME)                                                   \
  template <class KeyT, class NumItemsT>                                       \
  __host__ static cudaError_t NAME(__C2T_TMP, const KeyT *d_keys_in, KeyT *d_keys_out, \
                                   NumItemsT num_items, int begin_bit = 0,     \
                                   int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0); \
  template <class KeyT, class NumItemsT>                                       \
  __host__ static cudaError_t NAME(__C2T_TMP, DoubleBuffer<KeyT> &d_keys, NumItemsT num_items, \
                                   int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, \
                                   cudaStream_t stream = 0);
  __C2T_DRS_PAIRS(SortPairs)
  __C2T_DRS_PAIRS(SortPairsDescending)
  __C2T_DRS_KEYS(SortKeys)
  __C2T_DRS_KEYS(SortKeysDescending)
#undef __C2T_DRS_PAIRS
#undef __C2T_DRS_KEYS
};
struct DeviceSelect {
  template <class InputIteratorT, class FlagIterator, class OutputIteratorT,
            class NumSelectedIteratorT, class NumItemsT>
  __host__ static cudaError_t Flagged(__C2T_TMP, InputIteratorT d_in, FlagIterator d_flags,
                                      OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                                      NumItemsT num_items, cudaStream_t stream = 0);
  template <class InputIteratorT, class OutputIteratorT, class NumSelectedIteratorT,
            class SelectOp, class NumItemsT>
  __host__ static cudaError_t If(__C2T_TMP, InputIteratorT d_in, OutputIteratorT d_out,
                                 NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
                                 SelectOp select_op, cudaStream_t stream = 0);
  template <class InputIteratorT, class OutputIteratorT, class NumSelectedIteratorT,
            class NumItemsT>
  __host__ static cudaError_t Unique(__C2T_TMP, InputIteratorT d_in, OutputIteratorT d_out,
                                     NumSelectedIteratorT d_num_selected_out, NumItemsT num_items,
                                     cudaStream_t stream = 0);
};
#undef __C2T_TMP

/* util_allocator.cuh */
struct CachingDeviceAllocator {
  static constexpr unsigned int INVALID_BIN = (unsigned int)-1;
  static constexpr size_t INVALID_SIZE = (size_t)-1;
  static constexpr int INVALID_DEVICE_ORDINAL = -1;
  unsigned int bin_growth;
  unsigned int min_bin;
  unsigned int max_bin;
  size_t min_bin_bytes;
  size_t max_bin_bytes;
  size_t max_cached_bytes;
  bool skip_cleanup;
  bool debug;
  CachingDeviceAllocator(unsigned int bin_growth, unsigned int min_bin = 1,
                         unsigned int max_bin = INVALID_BIN, size_t max_cached_bytes = INVALID_SIZE,
                         bool skip_cleanup = false, bool debug = false);
  explicit CachingDeviceAllocator(bool skip_cleanup = false, bool debug = false);
  ~CachingDeviceAllocator();
  cudaError_t SetMaxCachedBytes(size_t max_cached_bytes);
  cudaError_t DeviceAllocate(int device, void **d_ptr, size_t bytes, cudaStream_t active_stream = 0);
  cudaError_t DeviceAllocate(void **d_ptr, size_t bytes, cudaStream_t active_stream = 0);
  cudaError_t DeviceFree(int device, void *d_ptr);
  cudaError_t DeviceFree(void *d_ptr);
  cudaError_t FreeAllCached();
};
} /* namespace cub */
#endif /* CUDA2TILE_CUB_H */
