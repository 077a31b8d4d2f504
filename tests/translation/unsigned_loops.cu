// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Unsigned loop counters (issue 15, items 4 and 5). TileLang's loop variable must be signed, so
// T.serial counts in int32 or int64 where that holds every value of C's counter and the counter
// cannot wrap; the body reads the unsigned value. Other unsigned loops keep the cursor form, with
// C's wrap-around steps. Unsigned comparisons of `if` and `?:` conditions are printed so that TVM's
// condition solver, which cannot do unsigned arithmetic, leaves them alone.
#include <stdint.h>
#include <stddef.h>

__global__ void quad(const float* a, float* out) {
  for (unsigned int i = 0; i < 4; i++) out[threadIdx.x * 4 + i] = a[threadIdx.x * 4 + i] + 1.0f;
  for (unsigned int i = 2; i <= 9u; i += 3) out[threadIdx.x * 4] += (float)i;
}
// CHECK-LABEL: def quad(
// CHECK:       for i_signed in T.serial(4):
// CHECK-NEXT:      i = T.reinterpret(i_signed, "uint32")
// CHECK-NEXT:      out[T.cast(tx, "uint32") * T.uint32(4) + i] = a[T.cast(tx, "uint32") * T.uint32(4) + i] + T.float32(1.0)
// CHECK:       for i_signed_1 in T.serial(2, 10, 3):
// CHECK-NEXT:      i_1 = T.reinterpret(i_signed_1, "uint32")

// every uint32 fits in int64; `k <= m` never ends in C for m = UINT_MAX, and `k += 2` may wrap
__global__ void trips(const float* x, float* y, unsigned m) {
  float acc = 0.0f;
  for (unsigned k = 0; k < m; ++k) acc += x[k];
  for (unsigned k = 0; k <= m; ++k) acc += x[k];
  for (unsigned k = 0; k < m; k += 2) acc += x[k];
  y[threadIdx.x] = acc;
}
// CHECK-LABEL: def trips(
// CHECK:       for k_signed in T.serial(T.cast(T.reinterpret(m, "uint32"), "int64")):
// CHECK-NEXT:      k = T.cast(k_signed, "uint32")
// CHECK:       k_next = T.uint32(0)
// CHECK-NEXT:  while k_next <= T.reinterpret(m, "uint32"):
// CHECK-NEXT:      k_1 = k_next
// CHECK-NEXT:      k_next = k_next + T.uint32(1)
// CHECK:       k_next_1 = T.uint32(0)
// CHECK-NEXT:  while k_next_1 < T.reinterpret(m, "uint32"):
// CHECK-NEXT:      k_2 = k_next_1
// CHECK-NEXT:      k_next_1 = k_next_1 + T.uint32(2)

// a size_t bound read at run time may exceed int64: the loop keeps uint64 arithmetic
__global__ void csr_rowsum(const size_t* ptr, const float* val, float* out, int rows) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < rows) {
    float acc = 0.0f;
    size_t end = ptr[i + 1];
    for (size_t n = ptr[i]; n < end; n++) acc += val[n];
    for (size_t n = 0; n < 3; n++) acc += val[n];
    out[i] = acc;
  }
}
// CHECK-LABEL: def csr_rowsum(
// CHECK:       n_next = T.reinterpret(ptr[i], "uint64")
// CHECK-NEXT:  while n_next < end:
// CHECK-NEXT:      n = n_next
// CHECK-NEXT:      n_next = n_next + T.uint64(1)
// CHECK:       for n_signed in T.serial(3):
// CHECK-NEXT:      n_1 = T.cast(n_signed, "uint64")

// uint64 `if` conditions beside the cursor loop's T.alloc_var: one operand takes a round trip
// through int64 (same bits), which the solver does not treat as linear; uint32 ones compare in int64
__global__ void tail_u64(const float* in, float* out, uint64_t N, unsigned w) {
  uint64_t i = blockIdx.x * blockDim.x + threadIdx.x;
  uint64_t q = N / 4;
  if (i < q) out[i] = in[i] * 2.0f;
  for (uint64_t j = 4 * q + i; j < N; j += blockDim.x) out[j] = in[j] + 1.0f;
  unsigned lane = threadIdx.x % 32u;
  out[i] += lane < w / 2u ? 1.0f : 0.0f;
  if (!(lane == 3u) && 0u < q) out[i] *= 2.0f;
}
// CHECK-LABEL: def tail_u64(
// CHECK:       j_next = T.alloc_var("uint64")
// CHECK:       if T.cast(T.cast(i, "int64"), "uint64") < q:
// CHECK:       while j_next < T.reinterpret(N, "uint64"):
// CHECK:       out[i] = out[i] + T.if_then_else(T.cast(lane, "int64") < T.cast(T.truncdiv(T.reinterpret(w, "uint32"), T.uint32(2)), "int64"), T.float32(1.0), T.float32(0.0))
// CHECK:       if not (T.cast(lane, "int64") == T.int64(3)) and T.uint64(0) < T.cast(T.cast(q, "int64"), "uint64"):
