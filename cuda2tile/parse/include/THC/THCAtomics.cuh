/* <THC/THCAtomics.cuh> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_THC_THCATOMICS_CUH
#define CUDA2TILE_THC_THCATOMICS_CUH
#include "ATen/cuda/Atomic.cuh"
#endif
