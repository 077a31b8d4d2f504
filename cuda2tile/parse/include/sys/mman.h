/* <sys/mman.h> stand-in (host code): mmap and friends, glibc's values. */
#ifndef CUDA2TILE_SYS_MMAN_H
#define CUDA2TILE_SYS_MMAN_H
#include "types.h"
#define PROT_NONE 0x0
#define PROT_READ 0x1
#define PROT_WRITE 0x2
#define PROT_EXEC 0x4
#define MAP_SHARED 0x01
#define MAP_PRIVATE 0x02
#define MAP_FIXED 0x10
#define MAP_ANONYMOUS 0x20
#define MAP_ANON MAP_ANONYMOUS
#define MAP_NORESERVE 0x04000
#define MAP_POPULATE 0x08000
#define MAP_HUGETLB 0x40000
#define MAP_FAILED ((void *)-1)
#define MS_ASYNC 1
#define MS_INVALIDATE 2
#define MS_SYNC 4
#define MADV_NORMAL 0
#define MADV_RANDOM 1
#define MADV_SEQUENTIAL 2
#define MADV_WILLNEED 3
#define MADV_DONTNEED 4
#define MADV_HUGEPAGE 14
extern "C" {
__host__ void *mmap(void *addr, size_t len, int prot, int flags, int fd,
                    off_t offset);
__host__ int munmap(void *addr, size_t len);
__host__ int mprotect(void *addr, size_t len, int prot);
__host__ int msync(void *addr, size_t len, int flags);
__host__ int madvise(void *addr, size_t len, int advice);
__host__ int mlock(const void *addr, size_t len);
__host__ int munlock(const void *addr, size_t len);
__host__ int shm_open(const char *name, int oflag, mode_t mode);
__host__ int shm_unlink(const char *name);
}
#endif /* CUDA2TILE_SYS_MMAN_H */
