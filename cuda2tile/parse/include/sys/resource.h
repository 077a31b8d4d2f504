/* <sys/resource.h> stand-in (host code). */
#ifndef CUDA2TILE_SYS_RESOURCE_H
#define CUDA2TILE_SYS_RESOURCE_H
#include "types.h"
#include "time.h"
typedef unsigned long rlim_t;
struct rlimit { rlim_t rlim_cur; rlim_t rlim_max; };
struct rusage {
  struct timeval ru_utime;
  struct timeval ru_stime;
  long ru_maxrss, ru_ixrss, ru_idrss, ru_isrss, ru_minflt, ru_majflt,
      ru_nswap, ru_inblock, ru_oublock, ru_msgsnd, ru_msgrcv, ru_nsignals,
      ru_nvcsw, ru_nivcsw;
};
#define RLIM_INFINITY (~0UL)
#define RLIMIT_CPU 0
#define RLIMIT_FSIZE 1
#define RLIMIT_DATA 2
#define RLIMIT_STACK 3
#define RLIMIT_CORE 4
#define RLIMIT_RSS 5
#define RLIMIT_NPROC 6
#define RLIMIT_NOFILE 7
#define RLIMIT_MEMLOCK 8
#define RLIMIT_AS 9
#define RUSAGE_SELF 0
#define RUSAGE_CHILDREN (-1)
#define RUSAGE_THREAD 1
#define PRIO_PROCESS 0
#define PRIO_PGRP 1
#define PRIO_USER 2
extern "C" {
__host__ int getrlimit(int resource, struct rlimit *rlim);
__host__ int setrlimit(int resource, const struct rlimit *rlim);
__host__ int getrusage(int who, struct rusage *usage);
__host__ int getpriority(int which, id_t who);
__host__ int setpriority(int which, id_t who, int prio);
}
#endif /* CUDA2TILE_SYS_RESOURCE_H */
