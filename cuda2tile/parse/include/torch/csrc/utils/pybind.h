/* <torch/csrc/utils/pybind.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_TORCH_CSRC_UTILS_PYBIND_H
#define CUDA2TILE_TORCH_CSRC_UTILS_PYBIND_H
#include "cuda2tile_pybind11.h"
#include "cuda2tile_torch.h"
namespace py = pybind11;
#endif
