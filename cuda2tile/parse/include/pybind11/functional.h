/* <pybind11/functional.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_PYBIND11_FUNCTIONAL_H
#define CUDA2TILE_PYBIND11_FUNCTIONAL_H
#include "cuda2tile_pybind11.h"
#endif
