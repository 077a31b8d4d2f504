/* <malloc.h> stand-in (host code): glibc's allocation extras.  malloc,
 * free, calloc and realloc come from the prelude. */
#ifndef CUDA2TILE_MALLOC_H
#define CUDA2TILE_MALLOC_H
#include "cuda2tile_prelude.h"
extern "C" {
__host__ void *memalign(size_t alignment, size_t size);
__host__ void *valloc(size_t size);
__host__ void *pvalloc(size_t size);
__host__ size_t malloc_usable_size(void *ptr);
__host__ int malloc_trim(size_t pad);
__host__ int mallopt(int param, int value);
}
#endif /* CUDA2TILE_MALLOC_H */
