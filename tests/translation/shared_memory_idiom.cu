// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// The SharedMemory<T> idiom (CUDA samples, apex, SHOC): a struct specialised per element type whose
// member function declares `extern __shared__` and returns it. The call names the block's one
// dynamic pool: the kernel and its helper, each asking for the pointer, share one allocation.
template <typename T> struct SharedMemory;
template <> struct SharedMemory<float> {
  __device__ float* getPointer() { extern __shared__ float s_float[]; return s_float; }
};
template <> struct SharedMemory<double> {
  __device__ double* getPointer() { extern __shared__ double s_double[]; return s_double; }
};

template <typename T>
__device__ T first_of_pool() {
  SharedMemory<T> smem;
  __syncthreads();
  return smem.getPointer()[0];
}

template <typename T>
__global__ void pool_sum(const T* x, T* out) {
  SharedMemory<T> smem;
  T* buf = smem.getPointer();
  buf[threadIdx.x] = x[blockIdx.x * blockDim.x + threadIdx.x];
  T first = first_of_pool<T>();
  if (threadIdx.x == 0) out[blockIdx.x] = first + buf[blockDim.x - 1];
}

// a pointer function that computes more than an address is refused, at the call
__device__ float* counted(float* p) { int k = 0; for (int i = 0; i < 4; ++i) k += i; return p + k; }
__global__ void not_an_accessor(float* x) {
  float* p = counted(x);
  p[threadIdx.x] = 1.0f;
}

int main() {
  float *x, *out;
  double *xd, *outd;
  pool_sum<float><<<4, 64, 64 * sizeof(float)>>>(x, out);
  pool_sum<double><<<4, 64, 64 * sizeof(double)>>>(xd, outd);
  not_an_accessor<<<1, 32>>>(x);
  return 0;
}
// CHECK: # not_an_accessor (shared_memory_idiom.cu:{{[0-9]+}}): not converted, C2T1210: {{.*}}pointer returned by 'counted': only a function whose body declares and returns a pointer
// CHECK-LABEL: def pool_sum_float(
// CHECK:       s_float = T.alloc_shared((shared_bytes // 4,), "float32", scope=smem_scope)
// CHECK-NOT:   T.alloc_shared
// CHECK:       s_float[tx] = x[bx * block_x + tx]
// CHECK-NOT:   T.alloc_shared
// CHECK:       first_of_pool_result = s_float[0]
// CHECK:       out[bx] = first + s_float[T.cast(block_x, "uint32") - T.uint32(1)]
// CHECK-LABEL: def pool_sum_double(
// CHECK:       s_double = T.alloc_shared((shared_bytes // 8,), "float64", scope=smem_scope)
