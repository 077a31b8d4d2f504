// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Global atomics with a TileLang operation; the returned old value is kept when it is used.

__global__ void hist(int n, const int* keys, int* bins, int* slots, float* total, const float* w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    atomicAdd(&bins[keys[i] & 15], 1);
    slots[i] = atomicAdd(&bins[16], 1);
    atomicAdd(total, w[i]);
    atomicMax(&bins[17], keys[i]);
  }
}
// CHECK:      T.atomic_add(bins[keys[i] & 15], 1)
// CHECK-NEXT: # atomics.cu:8: slots[i] = atomicAdd(&bins[16], 1);
// CHECK-NEXT: slots[i] = T.atomic_add(bins[16], 1, return_prev=True)
// CHECK-NEXT: # atomics.cu:9: atomicAdd(total, w[i]);
// CHECK-NEXT: T.atomic_add(total[0], w[i])
// CHECK-NEXT: # atomics.cu:10: atomicMax(&bins[17], keys[i]);
// CHECK-NEXT: T.atomic_max(bins[17], keys[i])

