/* <pthread.h> stand-in (host code): POSIX threads.  The pthread_*_t types
 * are in sys/types.h (as glibc's <bits/pthreadtypes.h>). */
#ifndef CUDA2TILE_PTHREAD_H
#define CUDA2TILE_PTHREAD_H
#include "sys/types.h"
#include "sched.h"
#include "time.h"
/* glibc's initializers fill a struct member of the union; the stand-in
 * unions start with the char array, which {0} zero-fills the same way. */
#define PTHREAD_MUTEX_INITIALIZER { { 0 } }
#define PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP { { 0 } }
#define PTHREAD_COND_INITIALIZER { { 0 } }
#define PTHREAD_RWLOCK_INITIALIZER { { 0 } }
#define PTHREAD_ONCE_INIT 0
#define PTHREAD_CANCELED ((void *)-1)
#define PTHREAD_BARRIER_SERIAL_THREAD -1
enum { PTHREAD_CREATE_JOINABLE, PTHREAD_CREATE_DETACHED };
#define PTHREAD_CREATE_JOINABLE PTHREAD_CREATE_JOINABLE
#define PTHREAD_CREATE_DETACHED PTHREAD_CREATE_DETACHED
enum {
  PTHREAD_MUTEX_TIMED_NP,
  PTHREAD_MUTEX_RECURSIVE_NP,
  PTHREAD_MUTEX_ERRORCHECK_NP,
  PTHREAD_MUTEX_ADAPTIVE_NP,
  PTHREAD_MUTEX_NORMAL = PTHREAD_MUTEX_TIMED_NP,
  PTHREAD_MUTEX_RECURSIVE = PTHREAD_MUTEX_RECURSIVE_NP,
  PTHREAD_MUTEX_ERRORCHECK = PTHREAD_MUTEX_ERRORCHECK_NP,
  PTHREAD_MUTEX_DEFAULT = PTHREAD_MUTEX_NORMAL
};
enum { PTHREAD_PROCESS_PRIVATE, PTHREAD_PROCESS_SHARED };
#define PTHREAD_PROCESS_PRIVATE PTHREAD_PROCESS_PRIVATE
#define PTHREAD_PROCESS_SHARED PTHREAD_PROCESS_SHARED
enum { PTHREAD_INHERIT_SCHED, PTHREAD_EXPLICIT_SCHED };
enum { PTHREAD_SCOPE_SYSTEM, PTHREAD_SCOPE_PROCESS };
enum { PTHREAD_CANCEL_ENABLE, PTHREAD_CANCEL_DISABLE };
enum { PTHREAD_CANCEL_DEFERRED, PTHREAD_CANCEL_ASYNCHRONOUS };
extern "C" {
__host__ int pthread_create(pthread_t *__restrict__ newthread,
                            const pthread_attr_t *__restrict__ attr,
                            void *(*start_routine)(void *),
                            void *__restrict__ arg);
__host__ __attribute__((noreturn)) void pthread_exit(void *retval);
__host__ int pthread_join(pthread_t th, void **thread_return);
__host__ int pthread_detach(pthread_t th);
__host__ pthread_t pthread_self(void);
__host__ int pthread_equal(pthread_t thread1, pthread_t thread2);
__host__ int pthread_cancel(pthread_t th);
__host__ int pthread_setcancelstate(int state, int *oldstate);
__host__ int pthread_setcanceltype(int type, int *oldtype);
__host__ void pthread_testcancel(void);
__host__ int pthread_yield(void);
__host__ int pthread_once(pthread_once_t *once_control,
                          void (*init_routine)(void));
__host__ int pthread_attr_init(pthread_attr_t *attr);
__host__ int pthread_attr_destroy(pthread_attr_t *attr);
__host__ int pthread_attr_setdetachstate(pthread_attr_t *attr, int detachstate);
__host__ int pthread_attr_getdetachstate(const pthread_attr_t *attr,
                                         int *detachstate);
__host__ int pthread_attr_setstacksize(pthread_attr_t *attr, size_t stacksize);
__host__ int pthread_attr_getstacksize(const pthread_attr_t *__restrict__ attr,
                                       size_t *__restrict__ stacksize);
__host__ int pthread_attr_setscope(pthread_attr_t *attr, int scope);
__host__ int pthread_attr_setschedpolicy(pthread_attr_t *attr, int policy);
__host__ int pthread_attr_setschedparam(pthread_attr_t *__restrict__ attr,
                                        const struct sched_param *__restrict__ param);
__host__ int pthread_attr_setinheritsched(pthread_attr_t *attr, int inherit);
__host__ int pthread_setschedparam(pthread_t target_thread, int policy,
                                   const struct sched_param *param);
__host__ int pthread_getschedparam(pthread_t target_thread,
                                   int *__restrict__ policy,
                                   struct sched_param *__restrict__ param);
__host__ int pthread_setaffinity_np(pthread_t th, size_t cpusetsize,
                                    const cpu_set_t *cpuset);
__host__ int pthread_getaffinity_np(pthread_t th, size_t cpusetsize,
                                    cpu_set_t *cpuset);
__host__ int pthread_setname_np(pthread_t target_thread, const char *name);
__host__ int pthread_mutex_init(pthread_mutex_t *mutex,
                                const pthread_mutexattr_t *mutexattr);
__host__ int pthread_mutex_destroy(pthread_mutex_t *mutex);
__host__ int pthread_mutex_lock(pthread_mutex_t *mutex);
__host__ int pthread_mutex_trylock(pthread_mutex_t *mutex);
__host__ int pthread_mutex_timedlock(pthread_mutex_t *__restrict__ mutex,
                                     const struct timespec *__restrict__ abstime);
__host__ int pthread_mutex_unlock(pthread_mutex_t *mutex);
__host__ int pthread_mutexattr_init(pthread_mutexattr_t *attr);
__host__ int pthread_mutexattr_destroy(pthread_mutexattr_t *attr);
__host__ int pthread_mutexattr_settype(pthread_mutexattr_t *attr, int kind);
__host__ int pthread_mutexattr_setpshared(pthread_mutexattr_t *attr, int pshared);
__host__ int pthread_cond_init(pthread_cond_t *__restrict__ cond,
                               const pthread_condattr_t *__restrict__ cond_attr);
__host__ int pthread_cond_destroy(pthread_cond_t *cond);
__host__ int pthread_cond_signal(pthread_cond_t *cond);
__host__ int pthread_cond_broadcast(pthread_cond_t *cond);
__host__ int pthread_cond_wait(pthread_cond_t *__restrict__ cond,
                               pthread_mutex_t *__restrict__ mutex);
__host__ int pthread_cond_timedwait(pthread_cond_t *__restrict__ cond,
                                    pthread_mutex_t *__restrict__ mutex,
                                    const struct timespec *__restrict__ abstime);
__host__ int pthread_condattr_init(pthread_condattr_t *attr);
__host__ int pthread_condattr_destroy(pthread_condattr_t *attr);
__host__ int pthread_condattr_setpshared(pthread_condattr_t *attr, int pshared);
__host__ int pthread_rwlock_init(pthread_rwlock_t *__restrict__ rwlock,
                                 const pthread_rwlockattr_t *__restrict__ attr);
__host__ int pthread_rwlock_destroy(pthread_rwlock_t *rwlock);
__host__ int pthread_rwlock_rdlock(pthread_rwlock_t *rwlock);
__host__ int pthread_rwlock_tryrdlock(pthread_rwlock_t *rwlock);
__host__ int pthread_rwlock_wrlock(pthread_rwlock_t *rwlock);
__host__ int pthread_rwlock_trywrlock(pthread_rwlock_t *rwlock);
__host__ int pthread_rwlock_unlock(pthread_rwlock_t *rwlock);
__host__ int pthread_spin_init(pthread_spinlock_t *lock, int pshared);
__host__ int pthread_spin_destroy(pthread_spinlock_t *lock);
__host__ int pthread_spin_lock(pthread_spinlock_t *lock);
__host__ int pthread_spin_trylock(pthread_spinlock_t *lock);
__host__ int pthread_spin_unlock(pthread_spinlock_t *lock);
__host__ int pthread_barrier_init(pthread_barrier_t *__restrict__ barrier,
                                  const pthread_barrierattr_t *__restrict__ attr,
                                  unsigned int count);
__host__ int pthread_barrier_destroy(pthread_barrier_t *barrier);
__host__ int pthread_barrier_wait(pthread_barrier_t *barrier);
__host__ int pthread_key_create(pthread_key_t *key,
                                void (*destr_function)(void *));
__host__ int pthread_key_delete(pthread_key_t key);
__host__ void *pthread_getspecific(pthread_key_t key);
__host__ int pthread_setspecific(pthread_key_t key, const void *pointer);
}
#endif /* CUDA2TILE_PTHREAD_H */
