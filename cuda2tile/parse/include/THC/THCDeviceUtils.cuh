/* <THC/THCDeviceUtils.cuh> stand-in (cuda2tile): ATen/cuda/DeviceUtils.cuh
 * plus THCCeilDiv / THCRoundUp, which the THC header of PyTorch < 1.11
 * defined and older extensions still call. */
#ifndef CUDA2TILE_THC_THCDEVICEUTILS_CUH
#define CUDA2TILE_THC_THCDEVICEUTILS_CUH
#include "ATen/cuda/DeviceUtils.cuh"
template <typename T>
__host__ __device__ __forceinline__ __C2T_LIFT_BODY T THCCeilDiv(T a, T b) {
  return (a + b - 1) / b;
}
template <typename T>
__host__ __device__ __forceinline__ __C2T_LIFT_BODY T THCRoundUp(T a, T b) {
  return THCCeilDiv(a, b) * b;
}
#endif
