/* <omp.h> stand-in (host code): the OpenMP runtime library routines (the
 * OpenMP 5 API as libgomp declares it; lock sizes are libgomp's x86_64
 * ones).  `#pragma omp` lines are ignored by the parser (no -fopenmp), so
 * only these calls have to resolve. */
#ifndef CUDA2TILE_OMP_H
#define CUDA2TILE_OMP_H
#include "cuda2tile_prelude.h"
typedef struct { unsigned char _x[4] __attribute__((__aligned__(4))); } omp_lock_t;
typedef struct { unsigned char _x[16] __attribute__((__aligned__(8))); } omp_nest_lock_t;
typedef enum omp_sched_t {
  omp_sched_static = 1,
  omp_sched_dynamic = 2,
  omp_sched_guided = 3,
  omp_sched_auto = 4,
  omp_sched_monotonic = 0x80000000U
} omp_sched_t;
typedef enum omp_proc_bind_t {
  omp_proc_bind_false = 0,
  omp_proc_bind_true = 1,
  omp_proc_bind_primary = 2,
  omp_proc_bind_master = 2,
  omp_proc_bind_close = 3,
  omp_proc_bind_spread = 4
} omp_proc_bind_t;
typedef enum omp_sync_hint_t {
  omp_sync_hint_none = 0,
  omp_lock_hint_none = omp_sync_hint_none,
  omp_sync_hint_uncontended = 1,
  omp_lock_hint_uncontended = omp_sync_hint_uncontended,
  omp_sync_hint_contended = 2,
  omp_lock_hint_contended = omp_sync_hint_contended,
  omp_sync_hint_nonspeculative = 4,
  omp_lock_hint_nonspeculative = omp_sync_hint_nonspeculative,
  omp_sync_hint_speculative = 8,
  omp_lock_hint_speculative = omp_sync_hint_speculative
} omp_sync_hint_t;
typedef omp_sync_hint_t omp_lock_hint_t;
extern "C" {
__host__ void omp_set_num_threads(int num_threads);
__host__ int omp_get_num_threads(void);
__host__ int omp_get_max_threads(void);
__host__ int omp_get_thread_num(void);
__host__ int omp_get_num_procs(void);
__host__ int omp_in_parallel(void);
__host__ void omp_set_dynamic(int dynamic_threads);
__host__ int omp_get_dynamic(void);
__host__ void omp_set_nested(int nested);
__host__ int omp_get_nested(void);
__host__ void omp_init_lock(omp_lock_t *lock);
__host__ void omp_init_lock_with_hint(omp_lock_t *lock, omp_sync_hint_t hint);
__host__ void omp_destroy_lock(omp_lock_t *lock);
__host__ void omp_set_lock(omp_lock_t *lock);
__host__ void omp_unset_lock(omp_lock_t *lock);
__host__ int omp_test_lock(omp_lock_t *lock);
__host__ void omp_init_nest_lock(omp_nest_lock_t *lock);
__host__ void omp_destroy_nest_lock(omp_nest_lock_t *lock);
__host__ void omp_set_nest_lock(omp_nest_lock_t *lock);
__host__ void omp_unset_nest_lock(omp_nest_lock_t *lock);
__host__ int omp_test_nest_lock(omp_nest_lock_t *lock);
__host__ double omp_get_wtime(void);
__host__ double omp_get_wtick(void);
__host__ void omp_set_schedule(omp_sched_t kind, int chunk_size);
__host__ void omp_get_schedule(omp_sched_t *kind, int *chunk_size);
__host__ int omp_get_thread_limit(void);
__host__ void omp_set_max_active_levels(int max_levels);
__host__ int omp_get_max_active_levels(void);
__host__ int omp_get_level(void);
__host__ int omp_get_ancestor_thread_num(int level);
__host__ int omp_get_team_size(int level);
__host__ int omp_get_active_level(void);
__host__ int omp_in_final(void);
__host__ omp_proc_bind_t omp_get_proc_bind(void);
__host__ void omp_set_default_device(int device_num);
__host__ int omp_get_default_device(void);
__host__ int omp_get_num_devices(void);
__host__ int omp_get_device_num(void);
__host__ int omp_get_num_teams(void);
__host__ int omp_get_team_num(void);
__host__ int omp_is_initial_device(void);
__host__ int omp_get_initial_device(void);
__host__ void *omp_target_alloc(size_t size, int device_num);
__host__ void omp_target_free(void *device_ptr, int device_num);
__host__ int omp_target_is_present(const void *ptr, int device_num);
__host__ int omp_target_memcpy(void *dst, const void *src, size_t length,
                               size_t dst_offset, size_t src_offset,
                               int dst_device_num, int src_device_num);
}
#endif /* CUDA2TILE_OMP_H */
