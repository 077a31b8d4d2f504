// Found by differential testing (tests/difftest, docs/difftest.md, finding 3): a per-thread array indexed
// by a value that names the thread (`la[t % 4]` with `int t = threadIdx.x`, or `threadIdx.x` passed to a
// __device__ function that indexes with it) converted, but TileLang refused to build the conversion:
// "Local buffer `la` is indexed by T.Parallel loop variable `t`". Such reads now choose among the
// elements and such writes loop over them (cuda2tile/passes/select_local_elements.py).
// Found beside it: a per-thread array kept across a barrier, indexed two ways in one phase (a loop's
// `v[j]` and a constant `v[0]`), did not build either (TileLang: "v: (t, 0) and (t, j)"); it is now kept
// in shared memory (cuda2tile/passes/private_arrays_in_shared.py).
// EXPECT: rotate_by_lane pass
// EXPECT: helpers_index_by_lane pass
// EXPECT: kept_across_barrier pass
// EXPECT: matrix_by_lane pass
// EXPECT: loop_and_constant_across_barrier pass
// EXPECT: arrays_and_memory_by_call pass
// EXPECT: long_array_by_lane refused C2T1202
// EXPECT: two_lengths refused C2T1202
__global__ void rotate_by_lane(int n, const int* xi, const unsigned* xu, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int t = threadIdx.x;
  if (i >= n) return;
  int la[4] = {xi[i], 2, 3, 4};
  la[xu[i] % 4u] += 7;            // a let's index: TileLang takes it as it is
  la[t % 4] = la[t % 4] * 3 + 1;  // the thread's own index: chosen
  la[(t + 1) & 3] -= la[((unsigned)t) % 4u];
  out[i] = la[(t + 2) % 4] * 1000 + la[t % 4] * 10 + la[0];
}

__device__ int pick(const int* a, int k) { return a[k & 3]; }
__device__ void bump(int* a, int k, int by) { a[k & 3] += by; }

__global__ void helpers_index_by_lane(int n, const int* xi, int* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int la[4] = {xi[i], 20, 30, 40};
  bump(la, threadIdx.x, xi[i] % 7);
  bump(la + 1, threadIdx.x + 2, 3);  // offset pointer: the element is la[1 + ((tx + 2) & 3)] (in range for tx & 3 < 2)
  out[i] = pick(la, threadIdx.x + 1) * 100 + pick(la, 3);
}

__global__ void kept_across_barrier(int n, const float* x, float* out) {
  __shared__ float tile[64];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  float v[3];
  for (int j = 0; j < 3; ++j) v[j] = (i < n) ? x[i] * (j + 1) : 0.0f;
  tile[t] = v[t % 3];
  __syncthreads();
  v[(t + 1) % 3] += tile[(t + 1) % blockDim.x];
  if (i < n) out[i] = v[0] + 10.0f * v[1] + 100.0f * v[2];
}

__global__ void loop_and_constant_across_barrier(int n, const float* x, float* out) {
  __shared__ float tile[64];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  float v[3];
  for (int j = 0; j < 3; ++j) v[j] = (i < n) ? x[i] * (j + 1) : 0.0f;
  tile[t] = v[0] + v[2];
  __syncthreads();
  v[1] += tile[(t + 1) % blockDim.x];
  if (i < n) out[i] = v[0] + 10.0f * v[1] + 100.0f * v[2];
}

__global__ void matrix_by_lane(int n, const float* x, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  if (i >= n) return;
  float m[3][3];
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) m[r][c] = x[i] + r * 3 + c;
  float acc = 0.0f;
  for (int c = 0; c < 3; ++c) {
    m[lane % 3][c] *= 2.0f;
    acc += m[lane % 3][(c + lane) % 3] * (c + 1);
  }
  out[i] = acc + m[(lane + 1) % 3][lane % 3];
}

// apex's load_store style: one helper copies into a per-thread array at offset 0 and out of it into device
// memory at the thread's offset; `dst` receives an array at one call and the thread's offset at another,
// never both at one call, so nothing is chosen (a first version of the pass refused 142 apex kernels so)
__device__ void copy_pair(float* dst, const float* src, int dst_offset, int src_offset) {
  dst[dst_offset] = src[src_offset];
  dst[dst_offset + 1] = src[src_offset + 1];
}

__global__ void arrays_and_memory_by_call(int n, const float* x, float* y) {
  int tid = threadIdx.x;  // a rename: TileLang sees the thread in `2 * tid` at each call
  if (blockIdx.x * blockDim.x * 2 + 2 * tid + 1 >= n) return;
  float r[2];
  copy_pair(r, x + blockIdx.x * blockDim.x * 2, 0, 2 * tid);
  r[0] *= 2.0f;
  r[1] += r[0];
  copy_pair(y + blockIdx.x * blockDim.x * 2, r, 2 * tid, 0);
}

__global__ void long_array_by_lane(int n, const float* x, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float big[64];
  for (int j = 0; j < 64; ++j) big[j] = x[i] + j;
  out[i] = big[threadIdx.x % 64];
}

__device__ float first_by_lane(const float* a, int k) { return a[k % 2]; }

__global__ void two_lengths(int n, const float* x, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a[2] = {x[i], 1.0f};
  float b[3] = {2.0f, x[i], 3.0f};
  out[i] = first_by_lane(a, threadIdx.x) + first_by_lane(b, threadIdx.x);
}
