/* ATen/cuda/DeviceUtils.cuh stand-in (cuda2tile): PyTorch's warp helpers at
 * global scope (ACTIVE_MASK, WARP_SYNC, WARP_BALLOT, WARP_SHFL*, doLdg), with
 * their real bodies for CUDA (not ROCm). */
#ifndef CUDA2TILE_ATEN_CUDA_DEVICEUTILS_CUH
#define CUDA2TILE_ATEN_CUDA_DEVICEUTILS_CUH

#include "cuda2tile_torch.h"

__device__ __forceinline__ __C2T_LIFT_BODY unsigned int ACTIVE_MASK() {
  return __activemask();
}

__device__ __forceinline__ __C2T_LIFT_BODY void WARP_SYNC(unsigned mask = 0xffffffff) {
  return __syncwarp(mask);
}

__device__ __forceinline__ __C2T_LIFT_BODY unsigned int WARP_BALLOT(int predicate,
                                                    unsigned int mask = 0xffffffff) {
  return __ballot_sync(mask, predicate);
}

template <typename T>
__device__ __forceinline__ __C2T_LIFT_BODY T WARP_SHFL_XOR(T value, int laneMask,
                                           int width = warpSize,
                                           unsigned int mask = 0xffffffff) {
  return __shfl_xor_sync(mask, value, laneMask, width);
}

template <typename T>
__device__ __forceinline__ __C2T_LIFT_BODY T WARP_SHFL(T value, int srcLane,
                                       int width = warpSize,
                                       unsigned int mask = 0xffffffff) {
  return __shfl_sync(mask, value, srcLane, width);
}

template <typename T>
__device__ __forceinline__ __C2T_LIFT_BODY T WARP_SHFL_UP(T value, unsigned int delta,
                                          int width = warpSize,
                                          unsigned int mask = 0xffffffff) {
  return __shfl_up_sync(mask, value, delta, width);
}

template <typename T>
__device__ __forceinline__ __C2T_LIFT_BODY T WARP_SHFL_DOWN(T value, unsigned int delta,
                                            int width = warpSize,
                                            unsigned int mask = 0xffffffff) {
  return __shfl_down_sync(mask, value, delta, width);
}

template <>
__device__ __forceinline__ __C2T_LIFT_BODY c10::Half
WARP_SHFL_DOWN<c10::Half>(c10::Half value, unsigned int delta, int width,
                          unsigned int mask) {
  return c10::Half(WARP_SHFL_DOWN<unsigned short>(value.x, delta, width, mask),
                   c10::Half::from_bits_t{});
}

template <typename T>
__device__ __forceinline__ __C2T_LIFT_BODY c10::complex<T>
WARP_SHFL_DOWN(c10::complex<T> value, unsigned int delta, int width = warpSize,
               unsigned int mask = 0xffffffff) {
  return c10::complex<T>(__shfl_down_sync(mask, value.real_, delta, width),
                         __shfl_down_sync(mask, value.imag_, delta, width));
}

/* For CC 3.5+, perform a load using __ldg */
template <typename T> __device__ __forceinline__ T doLdg(const T *p) {
  return __ldg(p);
}

#endif /* CUDA2TILE_ATEN_CUDA_DEVICEUTILS_CUH */
