// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// The factory's default block comes from a launch of the kernel in the source, never a guess: a kernel
// written for 512 threads gave NaN when called with a guessed (16, 16). With no launch of constant
// shape there is no default, and calling the factory without `block=` says which argument to give
// (tests/test_default_block.py).

#define THREADS 512
constexpr int TILE = 8;

__global__ void normalise(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = x[i] / n;
}
// The block of the launch below, a macro folded to its value.
// CHECK-LABEL: def normalise(*, block=(512,), target="cuda"):

__global__ void transpose_tile(const float* in, float* out, int rows, int cols) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  if (r < rows && c < cols) out[c * rows + r] = in[r * cols + c];
}
// A dim3 of a constexpr; the launch's z extent of 1 is kept at the kernel's rank.
// CHECK-LABEL: def transpose_tile(*, block=(8, 8), target="cuda"):

__global__ void scale(float* x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}
// Launched with a block the host computes at run time: no default.
// CHECK-LABEL: def scale(*, block=None, target="cuda"):

__global__ void never_launched(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = 0.0f;
}
// No launch at all: no default.
// CHECK-LABEL: def never_launched(*, block=None, target="cuda"):

// CHECK: "normalise": {
// CHECK: "default_block": (512,),
// CHECK: "transpose_tile": {
// CHECK: "default_block": (8, 8),
// CHECK: "scale": {
// CHECK: "default_block": None,

void run(float* x, float* y, int rows, int cols, int threads) {
  int n = rows * cols;
  normalise<<<(n + THREADS - 1) / THREADS, THREADS>>>(x, n);
  dim3 block(TILE, TILE, 1);
  dim3 grid((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE);
  transpose_tile<<<grid, block>>>(x, y, rows, cols);
  scale<<<(n + threads - 1) / threads, threads>>>(x, 2.0f, n);
}
