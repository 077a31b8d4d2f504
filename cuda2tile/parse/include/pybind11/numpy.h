/* <pybind11/numpy.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_PYBIND11_NUMPY_H
#define CUDA2TILE_PYBIND11_NUMPY_H
#include "cuda2tile_pybind11.h"
#endif
