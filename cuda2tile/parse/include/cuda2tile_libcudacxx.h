/* cuda2tile_libcudacxx.h -- minimal libcu++ synchronization primitives for
 * <cuda/barrier> and <cuda/pipeline>: cuda::barrier, cuda::pipeline,
 * cuda::memcpy_async, cuda::aligned_size_t (declarations only). */
#ifndef CUDA2TILE_LIBCUDACXX_H
#define CUDA2TILE_LIBCUDACXX_H

#include "cuda2tile_prelude.h"

namespace cuda {
namespace std = ::std;

enum thread_scope {
  thread_scope_system = 0,
  thread_scope_device = 1,
  thread_scope_block = 2,
  thread_scope_thread = 3
};

template <::size_t Alignment> struct aligned_size_t {
  static constexpr ::size_t align = Alignment;
  ::size_t value;
  __host__ __device__ constexpr explicit aligned_size_t(::size_t s)
      : value(s) {}
  __host__ __device__ constexpr operator ::size_t() const { return value; }
};

template <thread_scope Scope> class barrier {
public:
  class arrival_token {};
  barrier() = default;
  __host__ __device__ constexpr explicit barrier(::ptrdiff_t expected);
  barrier(const barrier &) = delete;
  barrier &operator=(const barrier &) = delete;
  __host__ __device__ arrival_token arrive(::ptrdiff_t update = 1);
  __host__ __device__ void wait(arrival_token &&token) const;
  __host__ __device__ void arrive_and_wait();
  __host__ __device__ void arrive_and_drop();
  __host__ __device__ static constexpr ::ptrdiff_t max() noexcept;
};
template <thread_scope Scope>
__host__ __device__ void init(barrier<Scope> *bar, ::ptrdiff_t expected);

enum class pipeline_role { producer, consumer };

template <thread_scope Scope, unsigned char StagesCount>
class pipeline_shared_state {
public:
  pipeline_shared_state() = default;
};

template <thread_scope Scope> class pipeline {
public:
  pipeline(pipeline &&) = default;
  pipeline(const pipeline &) = delete;
  __host__ __device__ ~pipeline();
  __host__ __device__ bool quit();
  __host__ __device__ void producer_acquire();
  __host__ __device__ void producer_commit();
  __host__ __device__ void consumer_wait();
  __host__ __device__ void consumer_release();
};

__host__ __device__ pipeline<thread_scope_thread> make_pipeline();
template <class Group, thread_scope Scope, unsigned char StagesCount>
__host__ __device__ pipeline<Scope>
make_pipeline(const Group &group,
              pipeline_shared_state<Scope, StagesCount> *shared_state);
template <class Group, thread_scope Scope, unsigned char StagesCount>
__host__ __device__ pipeline<Scope>
make_pipeline(const Group &group,
              pipeline_shared_state<Scope, StagesCount> *shared_state,
              ::size_t producer_count);
template <class Group, thread_scope Scope, unsigned char StagesCount>
__host__ __device__ pipeline<Scope>
make_pipeline(const Group &group,
              pipeline_shared_state<Scope, StagesCount> *shared_state,
              pipeline_role role);

template <unsigned char Prior>
__host__ __device__ void
pipeline_consumer_wait_prior(pipeline<thread_scope_thread> &pipe);
__host__ __device__ void
pipeline_producer_commit(pipeline<thread_scope_thread> &pipe,
                         barrier<thread_scope_block> &bar);

template <class Size, thread_scope Scope>
__host__ __device__ void memcpy_async(void *destination, const void *source,
                                      Size size, pipeline<Scope> &pipe);
template <class Group, class Size, thread_scope Scope>
__host__ __device__ void memcpy_async(const Group &group, void *destination,
                                      const void *source, Size size,
                                      pipeline<Scope> &pipe);
template <class Size, thread_scope Scope>
__host__ __device__ void memcpy_async(void *destination, const void *source,
                                      Size size, barrier<Scope> &bar);
template <class Group, class Size, thread_scope Scope>
__host__ __device__ void memcpy_async(const Group &group, void *destination,
                                      const void *source, Size size,
                                      barrier<Scope> &bar);
} /* namespace cuda */

#endif /* CUDA2TILE_LIBCUDACXX_H */
