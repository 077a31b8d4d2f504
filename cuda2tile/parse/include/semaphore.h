/* <semaphore.h> stand-in (host code): POSIX semaphores (x86_64 size). */
#ifndef CUDA2TILE_SEMAPHORE_H
#define CUDA2TILE_SEMAPHORE_H
#include "sys/types.h"
#include "fcntl.h"
typedef union { char __size[32]; long __align; } sem_t;
#define SEM_FAILED ((sem_t *)0)
extern "C" {
__host__ int sem_init(sem_t *sem, int pshared, unsigned int value);
__host__ int sem_destroy(sem_t *sem);
__host__ sem_t *sem_open(const char *name, int oflag, ...);
__host__ int sem_close(sem_t *sem);
__host__ int sem_unlink(const char *name);
__host__ int sem_wait(sem_t *sem);
__host__ int sem_timedwait(sem_t *__restrict__ sem,
                           const struct timespec *__restrict__ abstime);
__host__ int sem_trywait(sem_t *sem);
__host__ int sem_post(sem_t *sem);
__host__ int sem_getvalue(sem_t *__restrict__ sem, int *__restrict__ sval);
}
#endif /* CUDA2TILE_SEMAPHORE_H */
