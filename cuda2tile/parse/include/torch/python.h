/* <torch/python.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_TORCH_PYTHON_H
#define CUDA2TILE_TORCH_PYTHON_H
#include "cuda2tile_torch.h"
#include "torch/csrc/utils/pybind.h"
#endif
