// RUN: %cuda2tile convert %s -o - --quiet --no-raise 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// A variable written inside a phase is per-thread even when its value is the same in every thread:
// on the C back end a phase is a sequential loop over the threads, and a kernel-scope variable would
// carry one thread's final value into the next (a counter declared before its `for` left every
// thread but the first with nothing to do). Only variables written at the block level alone stay
// there: the cursor of a loop that holds a barrier, or a uniform load that steers one. A uniform
// value that each thread computes in a phase cannot steer a barrier: that kernel is refused.
// CHECK: # rounds_counted_in_a_phase (loopvar_barrier.cu:{{[0-9]+}}): not converted, C2T1214

__global__ void predeclared_counter(const float* a, float* out) {
  __shared__ float s[32];
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  int i;
  float acc = 0.0f;
  for (i = 0; i < 8; i++) acc += s[(threadIdx.x + i) % 32];
  out[threadIdx.x] = acc;
}
// CHECK-LABEL: def predeclared_counter(
// CHECK:          T.sync_threads()  # __syncthreads()
// CHECK-NEXT:     for tx in T.Parallel(block_x):
// CHECK-NEXT:         i = T.alloc_var("int32")
// CHECK-NEXT:         acc = T.alloc_var("float32")
// CHECK:              # loopvar_barrier.cu:{{[0-9]+}}: for (i = 0; i < 8; i++) acc += s[(threadIdx.x + i) % 32];
// CHECK-NEXT:         i = 0
// CHECK-NEXT:         while i < 8:
// CHECK-NEXT:             acc = acc + s[
// CHECK-NEXT:             i = i + 1

// declared in its `for` but with a run-time step: the loop's cursor is the phase's own too
__global__ void strided_after_barrier(const float* a, float* out, int n, int step) {
  __shared__ float s[64];
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  float acc = 0.0f;
  for (int k = 0; k < n; k += step) acc += s[(threadIdx.x + k) % 64];
  out[threadIdx.x] = acc;
}
// CHECK-LABEL: def strided_after_barrier(
// CHECK:          T.sync_threads()  # __syncthreads()
// CHECK-NEXT:     for tx in T.Parallel(block_x):
// CHECK-NEXT:         acc = T.alloc_var("float32")
// CHECK-NEXT:         k_next = T.alloc_var("int32")
// CHECK:              # loopvar_barrier.cu:{{[0-9]+}}: for (int k = 0; k < n; k += step) acc += s[(threadIdx.x + k) % 64];
// CHECK-NEXT:         k_next = 0
// CHECK-NEXT:         while k_next < n:

__global__ void counter_crosses_barrier(const float* in, float* out) {
  __shared__ float s[64];
  int k;
  float sum = 0.0f;
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (k = 0; k < 4; ++k) sum += s[(threadIdx.x + k) % 64];
  __syncthreads();
  s[threadIdx.x] = sum;
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x] / (float)k;
}
// CHECK-LABEL: def counter_crosses_barrier(
// CHECK:          k = T.alloc_fragment((block_x,), "int32")
// CHECK:          T.sync_threads()  # __syncthreads()
// CHECK-NEXT:     for tx in T.Parallel(block_x):
// CHECK:              k[tx] = 0
// CHECK-NEXT:         while k[tx] < 4:
// CHECK:              out[tx] = s[T.uint32(63) - T.cast(tx, "uint32")] / T.cast(k[tx], "float32")

__global__ void block_level_cursor(const float* in, float* partial) {
  __shared__ float s[128];
  unsigned int t = threadIdx.x;
  unsigned int stride;
  s[t] = in[blockIdx.x * 128 + t];
  __syncthreads();
  stride = blockDim.x / 2;
  while (stride > 0) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
    stride >>= 1;
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}
// CHECK-LABEL: def block_level_cursor(
// CHECK:          stride = T.alloc_var("uint32")
// CHECK:          T.sync_threads()  # __syncthreads()
// CHECK-NEXT:     # loopvar_barrier.cu:{{[0-9]+}}: stride = blockDim.x / 2;
// CHECK-NEXT:     stride = T.truncdiv(T.cast(block_x, "uint32"), T.uint32(2))
// CHECK-NEXT:     # loopvar_barrier.cu:{{[0-9]+}}: while (stride > 0) {
// CHECK-NEXT:     while stride > T.uint32(0):
// CHECK-NEXT:         for tx in T.Parallel(block_x):

__global__ void uniform_value_next_phase(const float* x, float* y) {
  __shared__ float s[64];
  s[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  float first = s[0];
  __syncthreads();
  s[threadIdx.x] = 2.0f;
  __syncthreads();
  y[threadIdx.x] = first + s[threadIdx.x];
}
// CHECK-LABEL: def uniform_value_next_phase(
// CHECK:          first = T.alloc_fragment((block_x,), "float32")
// CHECK:              first[tx] = s[0]
// CHECK:              y[tx] = first[tx] + s[tx]

__global__ void rounds_from_memory(const int* config, float* data) {
  __shared__ float s[64];
  int rounds = config[0];
  s[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  for (int r = 0; r < rounds; ++r) {
    float left = s[(threadIdx.x + 63) % 64];
    __syncthreads();
    s[threadIdx.x] = 0.5f * (s[threadIdx.x] + left);
    __syncthreads();
  }
  data[threadIdx.x] = s[threadIdx.x];
}
// CHECK-LABEL: def rounds_from_memory(
// CHECK:          # loopvar_barrier.cu:{{[0-9]+}}: int rounds = config[0];
// CHECK-NEXT:     rounds = config[0]
// CHECK-NEXT:     for tx in T.Parallel(block_x):
// CHECK:          for r in T.serial(rounds):

__global__ void rounds_counted_in_a_phase(const int* flags, float* data, int n) {
  __shared__ float s[64];
  int rounds = 0;
  for (int j = 0; j < n; ++j)
    if (flags[j] > 0) rounds++;
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
// DIAG: loopvar_barrier.cu:{{[0-9]+}}:5: warning: C2T1214: kernel 'rounds_counted_in_a_phase' is not converted: barrier under thread-dependent control: the loop's bounds read rounds, which each thread computes inside a phase
