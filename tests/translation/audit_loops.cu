// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// Audit items M7 and M8 (parity: tests/regressions/cases/audit_loops.cu). A loop form may evaluate
// the step before the body (the cursor form) or the bound once (T.serial) only where the body cannot
// change what they read: no local the body assigns, and no memory unless the body writes none (no
// store, no atomic, no impure call, no barrier). Otherwise the loop takes the general form, with
// C's step after the body, or C's test re-read at every iteration.

// the step reads `s`, which the body doubles: the step goes after the body
__global__ void step_local(const float* x, float* out, int n, int s) {
  float acc = 0.0f;
  for (int i = 0; i < n; i += s) { acc += x[i]; s = s * 2; }
  out[threadIdx.x] = acc;
}
// CHECK-LABEL: def step_local(
// CHECK:       while i < n:
// CHECK-NEXT:      acc = acc + x[i]
// CHECK-NEXT:      s_local = s_local * 2
// CHECK-NEXT:      i = i + s_local

// the step reads memory the body stores to
__global__ void step_memory(int* hop, float* out, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; i += hop[threadIdx.x]) { acc += (float)i; hop[threadIdx.x] += 1; }
  out[threadIdx.x] = acc;
}
// CHECK-LABEL: def step_memory(
// CHECK:       while i < n:
// CHECK-NEXT:      acc = acc + T.cast(i, "float32")
// CHECK-NEXT:      hop[tx] = hop[tx] + 1
// CHECK-NEXT:      i = i + hop[tx]

// the step reads memory, the body only loads: the cursor form stays
__global__ void step_memory_read_only(const int* hop, const float* x, float* out, int n) {
  float acc = 0.0f;
  for (int i = 0; i < n; i += hop[0]) acc += x[i];
  out[threadIdx.x] = acc;
}
// CHECK-LABEL: def step_memory_read_only(
// CHECK:       while i_next < n:
// CHECK-NEXT:      i = i_next
// CHECK-NEXT:      i_next = i_next + hop[0]
// CHECK-NEXT:      acc = acc + x[i]

// the bound is read through `*p`, which the body writes: C's test at every iteration
__global__ void bound_deref(int* len, int* out) {
  int t = threadIdx.x;
  int* p = len + t;
  int c = 0;
  for (int i = 0; i < *p; i++) { c += 1; if (i == 0) *p = 1; }
  out[t] = c;
}
// CHECK-LABEL: def bound_deref(
// CHECK-NOT:   T.serial
// CHECK:       while i_next < len_[t]:
// CHECK-NEXT:      i = i_next
// CHECK-NEXT:      i_next = i_next + 1
// CHECK-NEXT:      c = c + 1
// CHECK-NEXT:      if i == 0:
// CHECK-NEXT:          len_[t] = 1

// the same bound, the body stores nothing: T.serial stays
__global__ void bound_deref_read_only(const int* len, const float* x, float* out) {
  int t = threadIdx.x;
  const int* p = len + t;
  float acc = 0.0f;
  for (int i = 0; i < *p; i++) acc += x[i];
  out[t] = acc;
}
// CHECK-LABEL: def bound_deref_read_only(
// CHECK:       for i in T.serial(len_[t]):
// CHECK-NEXT:      acc = acc + x[i]

// the body stores to another buffer, which may alias `len`: C's test at every iteration
__global__ void bound_deref_other_store(const int* len, float* out) {
  int t = threadIdx.x;
  const int* p = len + t;
  for (int i = 0; i < *p; i++) out[t * 8 + i] = 1.0f;
}
// CHECK-LABEL: def bound_deref_other_store(
// CHECK-NOT:   T.serial
// CHECK:       while i_next < len_[t]:

// the bound is a member of a vector loaded through a pointer the body stores to
__global__ void bound_member(int2* r, float* out) {
  int2* q = r + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < (*q).y; k++) { acc += (float)k; if (k == 0) *q = make_int2(0, 1); }
  out[threadIdx.x] = acc;
}
// CHECK-LABEL: def bound_member(
// CHECK-NOT:   T.serial
// CHECK:       while k_next < r[q_off + T.uint32(1)]:

// a __shared__ scalar bound, barriers in the body: other threads may store to it (an atomic on
// `&rounds` would not even be an assignment), so every iteration re-reads it at the block level
__global__ void bound_shared(const int* start, float* data) {
  __shared__ int rounds;
  __shared__ float s[64];
  if (threadIdx.x == 0) rounds = start[0];
  s[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  for (int r = 0; r < rounds; ++r) {
    float left = s[(threadIdx.x + 63) % 64];
    __syncthreads();
    s[threadIdx.x] += left;
    __syncthreads();
  }
  data[threadIdx.x] = s[threadIdx.x];
}
// CHECK-LABEL: def bound_shared(
// CHECK-NOT:   T.serial
// CHECK:           r_next = 0
// CHECK-NEXT:      while r_next < rounds[0]:
// CHECK-NEXT:          r = r_next
// CHECK-NEXT:          r_next = r_next + 1
// CHECK-NEXT:          for tx in T.Parallel(block_x):

// near misses: the grid-stride loops (a step from builtins, or from a local the body leaves alone)
// keep the cursor form although the body stores; `k < n` over a parameter stays T.serial
__global__ void fast_forms(const float* x, float* y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) y[i] = x[i];
  int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) y[i] += 1.0f;
  for (int k = 0; k < n; ++k) y[threadIdx.x] += x[k];
}
// CHECK-LABEL: def fast_forms(
// CHECK:       i_next = bx * block_x + tx
// CHECK-NEXT:  while i_next < n:
// CHECK-NEXT:      i = i_next
// CHECK-NEXT:      i_next = i_next + block_x * grid_x
// CHECK-NEXT:      y[i] = x[i]
// CHECK:       while i_next_1 < n:
// CHECK-NEXT:      i_1 = i_next_1
// CHECK-NEXT:      i_next_1 = i_next_1 + stride
// CHECK-NEXT:      y[i_1] = y[i_1] + T.float32(1.0)
// CHECK:       for k in T.serial(n):
// CHECK-NEXT:      y[tx] = y[tx] + x[k]

// the step must follow the body, and `continue` would skip it there: refused, not dropped
__global__ void continue_refused(const float* x, float* out, int n) {
  int s = 1;
  float acc = 0.0f;
  for (int i = 0; i < n; i += s) { s++; if (x[i] < 0.0f) continue; acc += x[i]; }
  out[threadIdx.x] = acc;
}
// DIAG: audit_loops.cu:144:3: warning: C2T1212: kernel 'continue_refused' is not converted: `continue` in a for loop whose form cannot be kept as a serial loop
// CHECK-NOT: def continue_refused(
