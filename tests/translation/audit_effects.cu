// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// A discarded value keeps the effects of computing it (`a && f();` is `if (a) f();`), volatile
// survives __device__ helpers and reassigned pointers, and integer constants narrow as in C.

__global__ void discarded(int* c, int n) {
  int i = threadIdx.x;
  i < n && atomicAdd(&c[0], 1);
  (void)(int)atomicAdd(&c[1], 1);
  i & 1 ? atomicAdd(&c[2], 1) : atomicAdd(&c[3], 1);
}
// CHECK-LABEL: def discarded(
// CHECK:      # audit_effects.cu:8: i < n && atomicAdd(&c[0], 1);
// CHECK-NEXT: if i < n:
// CHECK-NEXT:     T.atomic_add(c[0], 1)
// CHECK-NEXT: # audit_effects.cu:9: (void)(int)atomicAdd(&c[1], 1);
// CHECK-NEXT: T.atomic_add(c[1], 1)
// CHECK-NEXT: # audit_effects.cu:10: i & 1 ? atomicAdd(&c[2], 1) : atomicAdd(&c[3], 1);
// CHECK-NEXT: if T.cast(i & 1, "bool"):
// CHECK-NEXT:     T.atomic_add(c[2], 1)
// CHECK-NEXT: else:
// CHECK-NEXT:     T.atomic_add(c[3], 1)

__device__ void tail(volatile float* s, int t) {
  s[t] += s[t + 16];
}

__global__ void helper(float* x) {
  __shared__ float s[64];
  int t = threadIdx.x;
  s[t] = x[t];
  __syncthreads();
  if (t < 32) tail(s, t);
  x[t] = s[t];
}
// The helper is inlined, not a @T.macro, so its volatile store reads, syncs the warp, then writes.
// CHECK-LABEL: def helper(
// CHECK-NOT:  @T.macro
// CHECK:      if t < 32:
// CHECK-NEXT:     t_1 = t
// CHECK-NEXT:     # audit_effects.cu:25: s[t] += s[t + 16];
// CHECK-NEXT:     s_read[tx] = s[t_1] + s[t_1 + 16]
// CHECK-NEXT: T.sync_threads()  # warp exchange / __syncwarp()
// CHECK-NEXT: for tx in T.Parallel(block_x):
// CHECK-NEXT:     t = tx
// CHECK-NEXT:     t_1 = t
// CHECK-NEXT:     if t < 32:
// CHECK-NEXT:         s[t_1] = s_read[tx]
// CHECK-NEXT: T.sync_threads()  # warp exchange / __syncwarp()

__global__ void reassigned(float* x) {
  __shared__ float s[64];
  int t = threadIdx.x;
  s[t] = x[t];
  __syncthreads();
  if (t < 16) {
    volatile float* v = s;
    v = s + 16;
    v[t] += v[t + 16];
  }
  x[t] = s[t];
}
// CHECK-LABEL: def reassigned(
// CHECK:      # audit_effects.cu:59: v[t] += v[t + 16];
// CHECK-NEXT: if t < 16:
// CHECK-NEXT:     s_read[tx] = s[v_off + T.cast(t, "int64")] + s[v_off + T.cast(t + 16, "int64")]
// CHECK-NEXT: T.sync_threads()  # warp exchange / __syncwarp()

__global__ void narrow(int* out) {
  out[threadIdx.x] = (unsigned char)300 + (signed char)200 + (short)70000;
}
// C's values, 44, -56 and 4464; TVM refuses the literals T.uint8(300), T.int8(200), T.int16(70000)
// CHECK-LABEL: def narrow(
// CHECK:      out[tx] = 44 + T.cast(T.int8(-56), "int32") + 4464

__global__ void sum_effect(int* c, int n) {
  (void)(n + atomicAdd(&c[0], 1));
}
// DIAG: audit_effects.cu:77:10: warning: C2T1202: kernel 'sum_effect' is not converted: expression statement whose discarded value has side effects

__device__ float tail_value(volatile float* s, int t) {
  s[t] += s[t + 16];
  return s[t];
}

__global__ void in_expression(float* x) {
  __shared__ float s[64];
  int t = threadIdx.x;
  s[t] = x[t];
  __syncthreads();
  x[t] = 1.0f + tail_value(s, t);
}
// The call, C's first step of `1.0f + tail_value(s, t)`, is lifted before the statement
// (hoist_inlined_calls): read, warp barrier, write, warp barrier, then the sum.
// CHECK-NOT: def sum_effect(
// CHECK-LABEL: def in_expression(
// CHECK:      s_read[tx] = s[t_1] + s[t_1 + 16]
// CHECK:      s[t_1] = s_read[tx]
// CHECK:      tail_value_result = s[t_1]
// CHECK-NEXT: x[t] = T.float32(1.0) + tail_value_result
