/* <pybind11/operators.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_PYBIND11_OPERATORS_H
#define CUDA2TILE_PYBIND11_OPERATORS_H
#include "cuda2tile_pybind11.h"
#endif
