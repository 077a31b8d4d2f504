// Volatile shared tiles as filter kernels write them: the filter and the input tile are filled by
// loops whose trip count differs between threads (`for (k = threadIdx.x; k < TAPS; k += blockDim.x)`),
// read only after __syncthreads(); and a warp-synchronous tail on a volatile pointer in the same
// kernel, whose lanes read each other's stores with no barrier between them.
//   fir_tile<TAPS, TILE>   y[j] = sum_s f[s] * x[j - s] (x = 0 before the start), one TILE per block
//   fir_tile_energy        the same with TAPS = 4, plus each block's sum of squares of its outputs,
//                          reduced through a volatile warp tail
#include <cuda_runtime.h>

template <int TAPS, int TILE>
__global__ void fir_tile(const float* x, const float* f, float* y, int n) {
  __shared__ volatile float sf[TAPS];
  __shared__ volatile float sx[TILE + TAPS - 1];
  int base = blockIdx.x * TILE;
  for (int k = threadIdx.x; k < TAPS; k += blockDim.x) sf[k] = f[TAPS - 1 - k];  // flipped
  for (int k = threadIdx.x; k < TILE + TAPS - 1; k += blockDim.x) {
    int i = base + k - (TAPS - 1);
    sx[k] = (i >= 0 && i < n) ? x[i] : 0.0f;
  }
  __syncthreads();
  for (int o = threadIdx.x; o < TILE; o += blockDim.x) {
    float acc = 0.0f;
    for (int t = 0; t < TAPS; t++) acc += sx[o + t] * sf[t];
    if (base + o < n) y[base + o] = acc;
  }
}

#define EB 64  // threads per block of fir_tile_energy
__global__ void fir_tile_energy(const float* x, const float* f, float* y, float* energy, int n) {
  __shared__ volatile float sf[4];
  __shared__ volatile float sx[EB + 3];
  __shared__ float ssq[EB];
  int base = blockIdx.x * EB;
  for (int k = threadIdx.x; k < 4; k += blockDim.x) sf[k] = f[3 - k];
  for (int k = threadIdx.x; k < EB + 3; k += blockDim.x) {
    int i = base + k - 3;
    sx[k] = (i >= 0 && i < n) ? x[i] : 0.0f;
  }
  __syncthreads();
  int t = threadIdx.x;
  float acc = sx[t] * sf[0] + sx[t + 1] * sf[1] + sx[t + 2] * sf[2] + sx[t + 3] * sf[3];
  if (base + t < n) y[base + t] = acc;
  ssq[t] = (base + t < n) ? acc * acc : 0.0f;
  __syncthreads();
  if (t < 32) {
    volatile float* v = ssq;
    v[t] += v[t + 32];
    v[t] += v[t + 16];
    v[t] += v[t + 8];
    v[t] += v[t + 4];
    v[t] += v[t + 2];
    v[t] += v[t + 1];
  }
  if (t == 0) energy[blockIdx.x] = ssq[0];
}

int main() {
  const int n = 1000;
  float *x, *f, *y, *energy;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&f, 7 * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMalloc(&energy, ((n + EB - 1) / EB) * sizeof(float));
  fir_tile<7, 128><<<(n + 127) / 128, 64>>>(x, f, y, n);
  fir_tile_energy<<<(n + EB - 1) / EB, EB>>>(x, f, y, energy, n);
  cudaDeviceSynchronize();
  return 0;
}
