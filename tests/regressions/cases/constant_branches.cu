// A branch whose condition C's rules fold to a constant, as template parameters make it
// (`if (R == SUM || R == MAX)` in pytorch_scatter's reducers): only the branch taken is lifted, as a
// compiler does, so a construct the lift refuses in the other branch (here a store of 8 bytes into a
// float's bytes) no longer refuses the instantiation that can never run it. The instantiation that does take
// that branch is still refused at its line. Conditions that are not constant, or that have effects, are
// lifted as before.
// EXPECT: reduce_write<float, SUM> pass
// EXPECT: reduce_write<float, MUL> refused C2T1202
// EXPECT: scale_by_mode<2> pass
// EXPECT: maybe_sync<0> pass
// EXPECT: maybe_sync<1> pass
enum Op { SUM, MUL, MAX };

template <typename T, Op R>
__global__ void reduce_write(T* out, const T* in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (R == SUM || R == MAX) {
    atomicAdd(&out[i % 4], in[i]);
  } else {
    T* p = out + (i % 4);
    unsigned long long* bits = (unsigned long long*)p;
    *bits = 1ull;
  }
}
template __global__ void reduce_write<float, SUM>(float*, const float*, int);
template __global__ void reduce_write<float, MUL>(float*, const float*, int);

template <int MODE>
__global__ void scale_by_mode(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int half = MODE / 2;
  if (i < n) {                    // not constant: lifted as an `if`
    if (half == 1) {              // constant through a local: only this branch
      y[i] = x[i] * 3.0f;
    } else if (MODE > 4) {
      y[i] = x[i] / 0.0f;
    } else {
      y[i] = -x[i];
    }
  }
}
template __global__ void scale_by_mode<2>(const float*, float*, int);

// A constant early return before a barrier: the whole block returns (N == 0) or none does.
template <int N>
__global__ void maybe_sync(float* y) {
  __shared__ float s[32];
  s[threadIdx.x] = (float)threadIdx.x;
  if (N == 0) return;
  __syncthreads();
  y[threadIdx.x] = s[31 - threadIdx.x];
}
template __global__ void maybe_sync<0>(float*);
template __global__ void maybe_sync<1>(float*);
