// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// A thread that returns before a barrier clears its `active` flag; later work runs under
// `if active[tx]:` and the thread still reaches every barrier.

__global__ void reverse_tail(int n, float* x) {
  __shared__ float s[128];
  int t = threadIdx.x;
  int i = blockIdx.x * 128 + t;
  if (i >= n) return;
  s[t] = x[i];
  __syncthreads();
  x[i] = s[127 - t];
}
// CHECK:      active = T.alloc_fragment((block_x,), "bool")
// CHECK:          active[tx] = True
// CHECK:          if i >= n:
// CHECK-NEXT:         active[tx] = False
// CHECK-NEXT:     # early_return_barrier.cu:10: s[t] = x[i];
// CHECK-NEXT:     if active[tx]:
// CHECK-NEXT:         s[t] = x[i]
// CHECK-NEXT: # early_return_barrier.cu:11: __syncthreads();
// CHECK-NEXT: T.sync_threads()  # __syncthreads()
// CHECK:          if active[tx]:
// CHECK-NEXT:         x[i] = s[127 - t]
