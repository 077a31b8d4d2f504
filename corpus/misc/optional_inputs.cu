// Optional inputs as loss and normalisation kernels take them: a pointer parameter that may be NULL,
// tested before use (`if (weight != NULL)`, `bias == nullptr ? 0 : bias[c]`, `if (mask)`). Each
// launch below passes NULL for some of them; the converted factory takes `null=("weight",)`.
//   weighted_loss   per-element loss, scaled by an optional per-class weight
//   affine_norm     y = x * gamma + beta per channel, gamma and beta optional (1 and 0 without)
//   masked_copy     y = x where an optional mask is set (everywhere without one); an optional
//                   counter of the copied elements per block
#include <cstddef>

__global__ void weighted_loss(const float* pred, const int* target, const float* weight, float* loss, int n,
                              int classes) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int t = target[i];
  float l = -logf(fmaxf(pred[i * classes + t], 1e-6f));
  if (weight != NULL) {
    l *= weight[t];
  }
  loss[i] = l;
}

__global__ void affine_norm(const float* x, const float* gamma, const float* beta, float* y, int n, int channels) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int c = i % channels;
  float g = gamma == nullptr ? 1.0f : gamma[c];
  float b = beta == nullptr ? 0.0f : beta[c];
  y[i] = x[i] * g + b;
}

__global__ void masked_copy(const float* x, const unsigned char* mask, float* y, int* copied, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  bool keep = !mask || mask[i] != 0;
  if (keep) {
    y[i] = x[i];
    if (copied) atomicAdd(&copied[blockIdx.x], 1);
  }
}

int main() {
  const int n = 1000, classes = 5, channels = 8;
  float *pred, *weight, *loss, *x, *gamma, *y;
  int *target, *copied;
  unsigned char* mask;
  cudaMalloc(&pred, n * classes * sizeof(float));
  cudaMalloc(&weight, classes * sizeof(float));
  cudaMalloc(&loss, n * sizeof(float));
  cudaMalloc(&target, n * sizeof(int));
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&gamma, channels * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMalloc(&mask, n);
  cudaMalloc(&copied, ((n + 255) / 256) * sizeof(int));
  weighted_loss<<<(n + 255) / 256, 256>>>(pred, target, weight, loss, n, classes);
  weighted_loss<<<(n + 255) / 256, 256>>>(pred, target, NULL, loss, n, classes);
  affine_norm<<<(n + 255) / 256, 256>>>(x, gamma, nullptr, y, n, channels);
  masked_copy<<<(n + 255) / 256, 256>>>(x, mask, y, copied, n);
  masked_copy<<<(n + 255) / 256, 256>>>(x, NULL, y, NULL, n);
  cudaDeviceSynchronize();
  return 0;
}
