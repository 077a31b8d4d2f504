/* <execinfo.h> stand-in (host code): glibc backtraces. */
#ifndef CUDA2TILE_EXECINFO_H
#define CUDA2TILE_EXECINFO_H
#include "cuda2tile_prelude.h"
extern "C" {
__host__ int backtrace(void **array, int size);
__host__ char **backtrace_symbols(void *const *array, int size);
__host__ void backtrace_symbols_fd(void *const *array, int size, int fd);
}
#endif /* CUDA2TILE_EXECINFO_H */
