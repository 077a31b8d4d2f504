// Functor structs that hold nothing, as softmax and reduction libraries write them: a template
// template parameter choosing the operation (`template <typename> class ReduceOp`, `ReduceOp<T> r;
// r(a, b)`), a functor passed by value to a helper (`fold(row, n, Max<float>())`), a temporary
// (`Add<float>()(a, b)`), and a member function calling another one of the same struct.
template <typename T>
struct Add {
  __device__ __forceinline__ T operator()(T a, T b) const { return a + b; }
  __device__ __forceinline__ T identity() const { return T(0); }
};

template <typename T>
struct Max {
  __device__ __forceinline__ T operator()(T a, T b) const { return a < b ? b : a; }
  __device__ __forceinline__ T identity() const { return T(-1e30); }
};

struct Affine {
  __device__ float apply(float v) const { return twice(v) + 1.0f; }
  __device__ float twice(float v) const { return 2.0f * v; }
};

template <typename T, typename Op>
__device__ T fold(const T* row, int n, Op op) {
  T acc = op.identity();
  for (int k = 0; k < n; k++) acc = op(acc, row[k]);
  return acc;
}

// Each row reduced with ReduceOp, through a local functor and a helper taking one by value.
template <typename T, template <typename> class ReduceOp>
__global__ void row_reduce(const T* x, T* y, T* y_twice, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  ReduceOp<T> op;
  T acc = op.identity();
  for (int k = 0; k < cols; k++) acc = op(acc, x[r * cols + k]);
  y[r] = acc;
  y_twice[r] = fold(x + r * cols, cols, ReduceOp<T>());
}

// Temporaries: `Affine().apply(v)` (which calls `twice`) and `Max<float>()(a, b)`.
__global__ void affine_max(const float* a, const float* b, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = Affine().apply(a[i]) + Max<float>()(a[i], b[i]) + Add<float>()(a[i], 0.5f);
}

int main() {
  const int rows = 200, cols = 13, n = 1000;
  float *x, *y, *y2, *a, *b, *out;
  double *dx, *dy, *dy2;
  cudaMalloc(&x, rows * cols * sizeof(float));
  cudaMalloc(&y, rows * sizeof(float));
  cudaMalloc(&y2, rows * sizeof(float));
  cudaMalloc(&dx, rows * cols * sizeof(double));
  cudaMalloc(&dy, rows * sizeof(double));
  cudaMalloc(&dy2, rows * sizeof(double));
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  row_reduce<float, Add><<<(rows + 127) / 128, 128>>>(x, y, y2, rows, cols);
  row_reduce<float, Max><<<(rows + 127) / 128, 128>>>(x, y, y2, rows, cols);
  row_reduce<double, Max><<<(rows + 127) / 128, 128>>>(dx, dy, dy2, rows, cols);
  affine_max<<<(n + 255) / 256, 256>>>(a, b, out, n);
  cudaDeviceSynchronize();
  return 0;
}
