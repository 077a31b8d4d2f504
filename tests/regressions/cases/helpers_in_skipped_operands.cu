// A `__device__` helper called where C may skip it: a branch of `?:`, right of `&&` or `||`.
// Found while fixing difftest finding 4 (a helper right of `&&` did not build): a helper whose body has
// statements is a macro whose statements TileLang traces before the whole expression, so they ran for
// every thread whatever the condition. `(i < m) ? bump(c, i) : -1` incremented c[i] for i >= m too, and
// the kernel was reported converted (a silent miscompile: 30 of 64 elements wrong). It is now refused
// (C2T1216); a helper of one `return` stays in place and is skipped as C skips it, right of `&&`/`||`
// as a `T.if_then_else` (TileLang refuses a macro call inside `and`/`or`).
// EXPECT: store_in_skipped_branch refused C2T1216
// EXPECT: guarded_load_in_skipped_branch refused C2T1216
// EXPECT: expression_helpers_in_logic pass
// EXPECT: value_only_statements_in_logic pass
// EXPECT: integer_division_in_skipped_branch refused C2T1216
// EXPECT: loop_in_skipped_operand refused C2T1216
// A helper whose statements only compute from values (locals, ifs, float arithmetic on its parameters,
// like mmcv's `mask[k] && compare_vertices(x, y, x0, y0)`) may run where C skips it: nothing changes.
// One that stores, reads memory, divides integers (by zero where C skips it) or loops (forever where C
// skips it) is refused.
__device__ int bump(int* c, int k) { c[k] += 1; return c[k]; }
__device__ int two_step(const int* x, int k) { int t = x[k]; t = t * 2; return t + 1; }
__device__ int affine(int a) { return a * 3 + 1; }
__device__ int nested(const int* x, int k) { return affine(x[k]) - 2; }

__global__ void store_in_skipped_branch(int* c, int* out, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int a = (i < m) ? bump(c, i) : -1;
  out[i] = a;
}

__global__ void guarded_load_in_skipped_branch(const int* x, int* out, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = (i < m && two_step(x, i) > 4) ? 1 : 0;  // x has m elements
}

__global__ void expression_helpers_in_logic(const int* x, int* out, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int a = (i < m) ? nested(x, i) : 2;
  int b = (i < m && affine(x[i]) > 4) ? 1 : 0;
  int c = (i >= m || nested(x, i) < 0) ? 5 : 7;
  out[i] = a + 10 * b + 100 * c;
}

__device__ bool before(float x1, float y1, float x2, float y2) {
  if (fabsf(x1 - x2) < 1e-6f && fabsf(y2 - y1) < 1e-6f) return false;
  float n1 = x1 * x1 + y1 * y1 + 1e-6f;
  float n2 = x2 * x2 + y2 * y2 + 1e-6f;
  float diff = fabsf(x1) * x1 / n1 - fabsf(x2) * x2 / n2;
  if (y1 > 0 && y2 > 0) return diff > 1e-6f;
  return y1 > y2;
}

__global__ void value_only_statements_in_logic(const float* px, const float* py, const int* mask, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int taken = 0;
  for (int k = 0; k < 8; ++k) {
    if (mask[k] && before(px[k], py[k], px[i % 8], py[i % 8])) taken += 1 << k;
  }
  out[i] = (i % 3 == 0 || before(px[i % 8], py[i % 8], 0.5f, 0.5f)) ? taken : -taken;
}

__device__ int ratio(int a, int b) { int q = a / b; return q + 1; }

__global__ void integer_division_in_skipped_branch(const int* x, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = x[i] != 0 ? ratio(100, x[i]) : 0;  // 100 / 0 where C skips it
}

__device__ int halvings(int v) { int c = 0; while (v != 0) { v >>= 1; ++c; } return c; }

__global__ void loop_in_skipped_operand(const int* x, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = (x[i] > 0 && halvings(x[i]) > 2) ? 1 : 0;  // never ends for a negative x[i] (arithmetic shift)
}
