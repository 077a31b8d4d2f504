/* <sched.h> stand-in (host code): scheduling policies, cpu_set_t and the
 * CPU_* macros (glibc's x86_64 layout: 1024 bits). */
#ifndef CUDA2TILE_SCHED_H
#define CUDA2TILE_SCHED_H
#include "sys/types.h"
#define SCHED_OTHER 0
#define SCHED_FIFO 1
#define SCHED_RR 2
#define SCHED_BATCH 3
#define SCHED_IDLE 5
struct sched_param { int sched_priority; };
#define CPU_SETSIZE 1024
typedef unsigned long __cpu_mask;
typedef struct { __cpu_mask __bits[CPU_SETSIZE / (8 * sizeof(__cpu_mask))]; } cpu_set_t;
#define __C2T_CPUELT(cpu) ((cpu) / (8 * sizeof(__cpu_mask)))
#define __C2T_CPUMASK(cpu) ((__cpu_mask)1 << ((cpu) % (8 * sizeof(__cpu_mask))))
#define CPU_ZERO(set) memset((set), 0, sizeof(cpu_set_t))
#define CPU_SET(cpu, set) ((void)((set)->__bits[__C2T_CPUELT(cpu)] |= __C2T_CPUMASK(cpu)))
#define CPU_CLR(cpu, set) ((void)((set)->__bits[__C2T_CPUELT(cpu)] &= ~__C2T_CPUMASK(cpu)))
#define CPU_ISSET(cpu, set) (((set)->__bits[__C2T_CPUELT(cpu)] & __C2T_CPUMASK(cpu)) != 0)
#define CPU_COUNT(set) __sched_cpucount(sizeof(cpu_set_t), (set))
extern "C" {
__host__ int sched_yield(void);
__host__ int sched_get_priority_max(int algorithm);
__host__ int sched_get_priority_min(int algorithm);
__host__ int sched_setscheduler(pid_t pid, int policy,
                                const struct sched_param *param);
__host__ int sched_getscheduler(pid_t pid);
__host__ int sched_setparam(pid_t pid, const struct sched_param *param);
__host__ int sched_getparam(pid_t pid, struct sched_param *param);
__host__ int sched_setaffinity(pid_t pid, size_t cpusetsize,
                               const cpu_set_t *cpuset);
__host__ int sched_getaffinity(pid_t pid, size_t cpusetsize, cpu_set_t *cpuset);
__host__ int sched_getcpu(void);
__host__ int __sched_cpucount(size_t setsize, const cpu_set_t *setp);
}
#endif /* CUDA2TILE_SCHED_H */
