// cuda2tile CPU SIMT runtime: stand-in for CUDA's <mma.h>.  Including it is fine (files often include it
// for one kernel among many); using nvcuda::wmma (tensor cores) stops the build with a clear message.
#pragma once
#include "cuda_cpu_runtime.h"

namespace nvcuda {
namespace wmma {
template <class...> constexpr bool __c2t_never = false;
#define C2T_WMMA_UNSUPPORTED "nvcuda::wmma (tensor-core matrix fragments) is not supported by the cuda2tile CPU runtime"
struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
enum layout_t { mem_row_major, mem_col_major };
template <class __c2t_Use, int __c2t_M, int __c2t_N, int __c2t_K, class __c2t_T, class __c2t_Layout = void>
class fragment {
    static_assert(__c2t_never<__c2t_Use, __c2t_T>, C2T_WMMA_UNSUPPORTED);
};
template <class... __c2t_A> inline void fill_fragment(__c2t_A&&...) { static_assert(__c2t_never<__c2t_A...>, C2T_WMMA_UNSUPPORTED); }
template <class... __c2t_A> inline void load_matrix_sync(__c2t_A&&...) { static_assert(__c2t_never<__c2t_A...>, C2T_WMMA_UNSUPPORTED); }
template <class... __c2t_A> inline void store_matrix_sync(__c2t_A&&...) { static_assert(__c2t_never<__c2t_A...>, C2T_WMMA_UNSUPPORTED); }
template <class... __c2t_A> inline void mma_sync(__c2t_A&&...) { static_assert(__c2t_never<__c2t_A...>, C2T_WMMA_UNSUPPORTED); }
}  // namespace wmma
}  // namespace nvcuda
