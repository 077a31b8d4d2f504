/* <fenv.h> stand-in (host code). */
#ifndef CUDA2TILE_FENV_H
#define CUDA2TILE_FENV_H
#include "cuda2tile_prelude.h"
#define FE_TONEAREST 0
#define FE_DOWNWARD 0x400
#define FE_UPWARD 0x800
#define FE_TOWARDZERO 0xc00
#define FE_INVALID 0x01
#define FE_DIVBYZERO 0x04
#define FE_OVERFLOW 0x08
#define FE_UNDERFLOW 0x10
#define FE_INEXACT 0x20
#define FE_ALL_EXCEPT 0x3d
extern "C" __host__ int fegetround(void);
extern "C" __host__ int fesetround(int round);
extern "C" __host__ int feclearexcept(int excepts);
extern "C" __host__ int fetestexcept(int excepts);
namespace std { using ::fegetround; using ::fesetround; using ::feclearexcept; using ::fetestexcept; }
#endif
