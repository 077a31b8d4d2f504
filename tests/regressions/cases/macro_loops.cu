// Issue 17, item 6: loops written through a macro (caffe's and mmcv's CUDA_KERNEL_LOOP, any macro that
// expands to a `for`) were refused, "for loop written through a macro", because the head's `;`s are
// in the macro's definition, not at the invocation. clang lists the clauses in order, so a macro loop
// with all four clauses lifts like the loop it expands to; one with a clause left out is refused, since
// which clause is missing cannot be told from the expansion.
// EXPECT: scaled_copy pass
// EXPECT: strided_pairs pass
// EXPECT: nested_rows pass
// EXPECT: no_step refused C2T1201
#define GRID_LOOP(i, n) \
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += blockDim.x * gridDim.x)
#define ROW_LOOP(r, rows) for (int r = 0; r < (rows); ++r)
#define SPIN_LOOP(i, n) for (int i = threadIdx.x; i < (n);)

__global__ void scaled_copy(const float* x, float* y, float a, int n)
{
  GRID_LOOP(i, n) {
    y[i] = a * x[i];
  }
}

// a body that is one expression statement, and a step that is not `+= stride`
__global__ void strided_pairs(const int* x, int* y, int n)
{
  GRID_LOOP(k, n / 2) y[2 * k] = x[2 * k] + x[2 * k + 1];
}

__global__ void nested_rows(const float* m, float* sums, int rows, int cols)
{
  GRID_LOOP(c, cols) {
    float total = 0.0f;
    ROW_LOOP(r, rows) {
      total += m[r * cols + c];
    }
    sums[c] = total;
  }
}

__global__ void no_step(float* y, int n)
{
  SPIN_LOOP(i, n) {
    y[i] = 1.0f;
    break;
  }
}
