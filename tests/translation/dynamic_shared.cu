// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// extern __shared__ is sized by the launch's third argument (the factory's `shared_bytes`);
// views carved from it are offsets into the one pool; atomics work on shared memory too.

__global__ void two_views(int n, const float* x, float* y) {
  extern __shared__ float pool[];
  float* a = pool;
  float* b = pool + blockDim.x;
  int t = threadIdx.x;
  a[t] = x[blockIdx.x * blockDim.x + t];
  b[t] = 0.0f;
  __syncthreads();
  atomicAdd(&b[0], a[t]);
  __syncthreads();
  y[blockIdx.x * blockDim.x + t] = a[blockDim.x - 1 - t] + b[0];
}

int main() {
  float *x, *y;
  two_views<<<4, 128, 2 * 128 * sizeof(float)>>>(512, x, y);
  return 0;
}
// CHECK:      def two_views(*, block=(128,), shared_bytes=1024, target="cuda"):
// CHECK:          pool = T.alloc_shared((shared_bytes // 4,), "float32", scope=smem_scope)
// CHECK:          b_off = T.cast(block_x, "uint32")
// CHECK:              pool[t] = x[bx * block_x + t]
// CHECK-NEXT:         # dynamic_shared.cu:11: b[t] = 0.0f;
// CHECK-NEXT:         pool[b_off + T.cast(t, "uint32")] = T.float32(0.0)
// CHECK:              T.atomic_add(pool[b_off], pool[t])

// A pool declared as int and read only as double is a pool of doubles: the launch's bytes count them.
__global__ void int_pool_as_double(const double* x, double* y) {
  extern __shared__ int _s[];
  double* cache = (double*)_s;
  cache[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  y[threadIdx.x] = cache[blockDim.x - 1 - threadIdx.x];
}
// CHECK-LABEL: def int_pool_as_double(
// CHECK:          _s = T.alloc_shared((shared_bytes // 8,), "float64", scope=smem_scope)
// CHECK:              _s[tx] = x[tx]

// Read both as declared and through a view: the pool keeps its type and the view reads its bits.
__global__ void int_pool_also_indexed(const float* x, float* y, int* flags) {
  extern __shared__ int _s[];
  float* cache = (float*)_s;
  cache[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  flags[threadIdx.x] = _s[threadIdx.x] != 0;
  y[threadIdx.x] = cache[blockDim.x - 1 - threadIdx.x];
}
// CHECK-LABEL: def int_pool_also_indexed(
// CHECK:          _s = T.alloc_shared((shared_bytes // 4,), "int32", scope=smem_scope)
// CHECK:              _s[tx] = T.reinterpret(x[tx], "int32")
