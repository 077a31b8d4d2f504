// Found on darknet (activation_kernels.cu, `activate_kernel`: a switch over 14 activations) by building
// every converted real kernel for C: a long if / else-if chain converted, but TileLang's front end nests
// two Python blocks per `if`, and CPython stops at 20 ("too many statically nested blocks"), so the
// conversion did not build. Chains of 4 arms or more are now one choice and a flat run of `if`s
// (cuda2tile/passes/flatten_else_if_chains.py). Our own kernels in the same style:
// EXPECT: activate_by_kind pass
// EXPECT: bucket_ladder pass
// EXPECT: guarded_neighbours pass
enum Activation { LINEAR, LOGISTIC, RELU, LEAKY, TANH, ELU, STEP, HARDTAN, RAMP, SOFTSIGN, SQUARE, ABSV, NEGATE };

__device__ float leaky(float x) { return x > 0 ? x : 0.1f * x; }
__device__ float elu(float x) { return x >= 0 ? x : expf(x) - 1.0f; }

__device__ float activate(float x, Activation a) {
  switch (a) {
    case LINEAR: return x;
    case LOGISTIC: return 1.0f / (1.0f + expf(-x));
    case RELU: return x * (x > 0);
    case LEAKY: return leaky(x);
    case TANH: return tanhf(x);
    case ELU: return elu(x);
    case STEP: return x > 0 ? 1.0f : 0.0f;
    case HARDTAN: return fminf(fmaxf(x, -1.0f), 1.0f);
    case RAMP: return x * (x > 0) + 0.1f * x;
    case SOFTSIGN: return x / (1.0f + fabsf(x));
    case SQUARE: return x * x;
    case ABSV: return fabsf(x);
  }
  return 0.0f;  // NEGATE and anything else
}

__global__ void activate_by_kind(int n, const float* x, const int* kind, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = activate(x[i], (Activation)kind[i]);
}

__global__ void bucket_ladder(int n, const float* x, int* bucket, float* scaled) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  int b;
  float s = v;
  if (v < -2.0f) { b = 0; s *= 0.5f; }
  else if (v < -1.5f) b = 1;
  else if (v < -1.0f) { b = 2; s += 1.0f; }
  else if (v < -0.5f) b = 3;
  else if (v < 0.0f) { b = 4; s = -s; }
  else if (v < 0.5f) b = 5;
  else if (v < 1.0f) { b = 6; s *= s; }
  else if (v < 1.5f) b = 7;
  else if (v < 2.0f) b = 8;
  else if (v < 2.5f) { b = 9; s -= 2.5f; }
  else b = 10;
  bucket[i] = b;
  scaled[i] = s;
}

__global__ void guarded_neighbours(int n, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float r;
  // each condition reads x only where the conditions before it keep the read in bounds
  if (i == 0) r = x[0];
  else if (i + 1 >= n) r = x[i] + x[i - 1];
  else if (x[i + 1] > x[i - 1]) r = x[i + 1] - x[i];
  else if (x[i + 1] < x[i]) r = x[i] - x[i + 1];
  else r = -1.0f;
  y[i] = r;
}
