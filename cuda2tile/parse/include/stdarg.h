/* <stdarg.h> stand-in. */
#ifndef CUDA2TILE_STDARG_H
#define CUDA2TILE_STDARG_H
#include "cuda2tile_prelude.h"
typedef __builtin_va_list va_list;
#define va_start(ap, param) __builtin_va_start(ap, param)
#define va_end(ap) __builtin_va_end(ap)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_copy(dest, src) __builtin_va_copy(dest, src)
namespace std { using ::va_list; }
#endif
