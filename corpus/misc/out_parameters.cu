// Device helpers that write their caller's variables, as reducer structs and accumulators are
// written in scatter/segment libraries: through a pointer to one variable (`update(&acc, v, &arg, i)`)
// and through `T&` reference parameters (`accumulate(total, hits, v)`), bound to locals and to
// buffer elements (`accumulate(sums[r], counts[r], v)`).
enum Reduction { SUM, MAX };

template <typename T, Reduction R> struct Reducer {
  static __device__ T init() { return R == MAX ? (T)-1e30 : (T)0; }

  static __device__ void update(T* acc, T v, int* where, int i) {
    if (R == SUM)
      *acc = *acc + v;
    else if (v > *acc) {
      *acc = v;
      *where = i;
    }
  }

  static __device__ void write(T* out, T acc, int* arg_out, int arg, int count) {
    if (R == SUM) {
      *out = acc;
    } else if (count > 0) {
      *out = acc;
      *arg_out = arg;
    } else {
      *out = (T)0;
      *arg_out = -1;
    }
  }
};

// Each row r reduces src[r * cap .. r * cap + counts[r]); MAX also gives the position of the maximum.
template <typename T, Reduction R>
__global__ void segment_reduce(const T* src, const int* counts, T* out, int* arg_out, int rows, int cap) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  T acc = Reducer<T, R>::init();
  int arg = -1;
  for (int i = 0; i < counts[r]; i++)
    Reducer<T, R>::update(&acc, src[r * cap + i], &arg, i);
  Reducer<T, R>::write(out + r, acc, arg_out + r, arg, counts[r]);
}

__device__ void accumulate(float& total, int& hits, float v) {
  if (v > 0.0f) {
    total += v;
    hits++;
  }
}

__device__ void scale_in_place(float* cell, float by) { cell[0] = cell[0] * by + 1.0f; }

// Positive values of each row summed and counted into locals; their scaled sum times their count
// then added to the running sums[r], counts[r] (references to buffer elements) when positive.
__global__ void positive_sums(const float* x, float* sums, int* counts, int rows, int per) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  float total = 0.0f;
  int hits = 0;
  for (int k = 0; k < per; k++) accumulate(total, hits, x[r * per + k]);
  scale_in_place(&total, 0.5f);
  accumulate(sums[r], counts[r], total * (float)hits);
}

// One counter per block: atomics on the address of a __shared__ variable.
__global__ void count_positive(const float* x, int* per_block, int n) {
  __shared__ int count;
  if (threadIdx.x == 0) count = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && x[i] > 0.0f) atomicAdd(&count, 1);
  __syncthreads();
  if (threadIdx.x == 0) per_block[blockIdx.x] = count;
}

int main() {
  const int rows = 300, cap = 8;
  float *src, *out;
  double *dsrc, *dout;
  int *counts, *arg_out;
  cudaMalloc(&src, rows * cap * sizeof(float));
  cudaMalloc(&out, rows * sizeof(float));
  cudaMalloc(&counts, rows * sizeof(int));
  cudaMalloc(&arg_out, rows * sizeof(int));
  cudaMalloc(&dsrc, rows * cap * sizeof(double));
  cudaMalloc(&dout, rows * sizeof(double));
  segment_reduce<float, SUM><<<(rows + 127) / 128, 128>>>(src, counts, out, arg_out, rows, cap);
  segment_reduce<float, MAX><<<(rows + 127) / 128, 128>>>(src, counts, out, arg_out, rows, cap);
  segment_reduce<double, MAX><<<(rows + 127) / 128, 128>>>(dsrc, counts, dout, arg_out, rows, cap);
  count_positive<<<(rows + 127) / 128, 128>>>(src, counts, rows);
  positive_sums<<<(rows + 127) / 128, 128>>>(src, out, counts, rows, cap);
  cudaDeviceSynchronize();
  return 0;
}
