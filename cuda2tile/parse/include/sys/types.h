/* <sys/types.h> stand-in (host code): glibc's x86_64 typedefs.
 *
 * Also included by cuda2tile_libc.h (so by the prelude): with nvcc the
 * force-included cuda_runtime.h pulls in <stdlib.h>, and glibc's <stdlib.h>
 * includes <sys/types.h> under __USE_MISC (g++ defines _GNU_SOURCE), so
 * `uint`, `ushort`, `ulong`, `u_int`, `ssize_t`, `pid_t`, `off_t` and the
 * pthread_*_t types are visible in every .cu file without an #include. */
#ifndef CUDA2TILE_SYS_TYPES_H
#define CUDA2TILE_SYS_TYPES_H
#include "../cuda2tile_prelude.h"

typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
typedef long quad_t;
typedef unsigned long u_quad_t;
typedef unsigned long ulong;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned char u_int8_t;
typedef unsigned short u_int16_t;
typedef unsigned int u_int32_t;
typedef unsigned long u_int64_t;
typedef long register_t;

typedef long ssize_t;
typedef int pid_t;
typedef long off_t;
typedef long off64_t;
typedef long loff_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned int mode_t;
typedef unsigned long dev_t;
typedef unsigned long ino_t;
typedef unsigned long ino64_t;
typedef unsigned long nlink_t;
typedef long blksize_t;
typedef long blkcnt_t;
typedef unsigned long fsblkcnt_t;
typedef unsigned long fsfilcnt_t;
typedef unsigned int id_t;
typedef int key_t;
typedef unsigned int useconds_t;
typedef long suseconds_t;
typedef int clockid_t;
typedef void *timer_t;
typedef char *caddr_t;
typedef int daddr_t;
typedef struct { int __val[2]; } fsid_t;

/* <bits/pthreadtypes.h> (x86_64 sizes) */
typedef unsigned long pthread_t;
typedef unsigned int pthread_key_t;
typedef int pthread_once_t;
typedef volatile int pthread_spinlock_t;
typedef union { char __size[56]; long __align; } pthread_attr_t;
typedef union { char __size[40]; long __align; } pthread_mutex_t;
typedef union { char __size[4]; int __align; } pthread_mutexattr_t;
typedef union { char __size[48]; long long __align; } pthread_cond_t;
typedef union { char __size[4]; int __align; } pthread_condattr_t;
typedef union { char __size[56]; long __align; } pthread_rwlock_t;
typedef union { char __size[8]; long __align; } pthread_rwlockattr_t;
typedef union { char __size[32]; long __align; } pthread_barrier_t;
typedef union { char __size[4]; int __align; } pthread_barrierattr_t;

#endif /* CUDA2TILE_SYS_TYPES_H */
