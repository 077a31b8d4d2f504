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
