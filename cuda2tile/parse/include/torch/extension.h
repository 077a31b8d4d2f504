/* <torch/extension.h> stand-in (cuda2tile): see README-torch.md.  As in
 * PyTorch: torch/all.h plus the Python bindings (pybind11, `py::`). */
#ifndef CUDA2TILE_TORCH_EXTENSION_H
#define CUDA2TILE_TORCH_EXTENSION_H
#include "torch/all.h"
#include "torch/python.h"
/* torch.utils.cpp_extension passes -DTORCH_EXTENSION_NAME=<name> */
#ifndef TORCH_EXTENSION_NAME
#define TORCH_EXTENSION_NAME cuda2tile_torch_extension
#endif
#endif
