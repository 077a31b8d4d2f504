/* <pybind11/pybind11.h> stand-in (cuda2tile): see README-torch.md. */
#ifndef CUDA2TILE_PYBIND11_PYBIND11_H
#define CUDA2TILE_PYBIND11_PYBIND11_H
#include "cuda2tile_pybind11.h"
#endif
