/* <libgen.h> stand-in (host code). */
#ifndef CUDA2TILE_LIBGEN_H
#define CUDA2TILE_LIBGEN_H
#include "cuda2tile_prelude.h"
extern "C" {
__host__ char *dirname(char *path);
/* glibc's <libgen.h> maps basename to the POSIX __xpg_basename. */
__host__ char *__xpg_basename(char *path);
}
#define basename __xpg_basename
#endif /* CUDA2TILE_LIBGEN_H */
