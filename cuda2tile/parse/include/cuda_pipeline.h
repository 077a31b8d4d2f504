/* cuda_pipeline.h stand-in: the __pipeline_* primitives (cp.async). */
#ifndef CUDA2TILE_CUDA_PIPELINE_H
#define CUDA2TILE_CUDA_PIPELINE_H
#include "cuda2tile_prelude.h"
extern __device__ void __pipeline_memcpy_async(void *dst_shared,
                                               const void *src_global,
                                               size_t size_and_align,
                                               size_t zfill = 0);
extern __device__ void __pipeline_commit(void);
extern __device__ void __pipeline_wait_prior(size_t prior);
typedef unsigned long long __mbarrier_t;
extern __device__ void __pipeline_arrive_on(__mbarrier_t *barrier);
#endif
