/* <dlfcn.h> stand-in (host code): the dynamic loader API, glibc's values. */
#ifndef CUDA2TILE_DLFCN_H
#define CUDA2TILE_DLFCN_H
#include "cuda2tile_prelude.h"
#define RTLD_LAZY 0x00001
#define RTLD_NOW 0x00002
#define RTLD_NOLOAD 0x00004
#define RTLD_DEEPBIND 0x00008
#define RTLD_GLOBAL 0x00100
#define RTLD_LOCAL 0
#define RTLD_NODELETE 0x01000
#define RTLD_NEXT ((void *)-1l)
#define RTLD_DEFAULT ((void *)0)
typedef struct {
  const char *dli_fname;
  void *dli_fbase;
  const char *dli_sname;
  void *dli_saddr;
} Dl_info;
extern "C" {
__host__ void *dlopen(const char *file, int mode);
__host__ int dlclose(void *handle);
__host__ void *dlsym(void *__restrict__ handle, const char *__restrict__ name);
__host__ void *dlvsym(void *__restrict__ handle, const char *__restrict__ name,
                      const char *__restrict__ version);
__host__ char *dlerror(void);
__host__ int dladdr(const void *address, Dl_info *info);
}
#endif /* CUDA2TILE_DLFCN_H */
