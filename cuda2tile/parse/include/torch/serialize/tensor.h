/* <torch/serialize/tensor.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_TORCH_SERIALIZE_TENSOR_H
#define CUDA2TILE_TORCH_SERIALIZE_TENSOR_H
#include "cuda2tile_torch.h"
#endif
