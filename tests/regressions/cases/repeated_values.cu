// Found by differential testing (tests/difftest, docs/difftest.md, finding 6): TileLang substitutes every
// let (a local never assigned again) and every argument of a `T.macro` into its uses, so a chain of
// locals each read several times, or nested calls of a helper that reads its parameters several times,
// grows exponentially inside TileLang's Simplify: the CI seed's program 18 (`hi3(hi3(100, hi3(x, hi3(y,
// z))), 1)`) did not build within minutes. Such values are now computed once into a T.alloc_var
// (cuda2tile/passes/materialize_repeated_values.py). `lazy_arguments` checks that an argument in a
// branch C may skip stays where it is: computed before the branch, its division by zero would trap.
// Found while writing it: TileLang binds a helper's arguments to lets placed before the whole
// expression, so an atomic in the argument of a helper in a `?:` branch ran for every thread (a silent
// miscompile, 120 counted where C counts 57); such a call is now refused (`atomic_in_skipped_argument`).
// EXPECT: local_chain pass
// EXPECT: nested_helpers pass
// EXPECT: lazy_arguments pass
// EXPECT: atomic_in_skipped_argument refused C2T1216

__global__ void local_chain(const int* x, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int a0 = x[i] % 1000;
  int a1 = (a0 > 3) ? (a0 * 3) % 1009 : a0 + 1;
  int a2 = (a1 > 5) ? (a1 * 3) % 1009 : a1 + 2;
  int a3 = (a2 > 7) ? (a2 * 3) % 1009 : a2 + 3;
  int a4 = (a3 > 9) ? (a3 * 3) % 1009 : a3 + 4;
  int a5 = (a4 > 11) ? (a4 * 3) % 1009 : a4 + 5;
  int a6 = (a5 > 13) ? (a5 * 3) % 1009 : a5 + 6;
  int a7 = (a6 > 15) ? (a6 * 3) % 1009 : a6 + 7;
  int a8 = (a7 > 17) ? (a7 * 3) % 1009 : a7 + 8;
  int a9 = (a8 > 19) ? (a8 * 3) % 1009 : a8 + 9;
  int a10 = (a9 > 21) ? (a9 * 3) % 1009 : a9 + 10;
  int a11 = (a10 > 23) ? (a10 * 3) % 1009 : a10 + 11;
  int a12 = (a11 > 25) ? (a11 * 3) % 1009 : a11 + 12;
  out[i] = a12;
}

__device__ int mix3(int a, int b) {
  // reads a three times and b four times, as the generated programs' helpers do
  return ((unsigned)((a >= b) ? 1 : -5) != (2654435769u - (unsigned)a)) ? a : (b % 64) + (b > 0 ? 1 : b);
}

__global__ void nested_helpers(const int* x, const int* y, int* out, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = 2 | mix3(mix3(100, mix3(x[i], mix3(-y[(i * 7) % n], 3 / ((k & 7) + 1)))), 1);
  int w = mix3(mix3(mix3(mix3(x[i], y[i]), x[(i + 1) % n]), y[(i + 2) % n]), v);
  out[i] = v ^ w;
}

__global__ void lazy_arguments(const int* x, const int* d, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int big = mix3(mix3(mix3(x[i], 5), x[(i + 3) % n]), 7);
  // a large argument of a helper in a branch: x[i] / d[i] only where d[i] != 0
  int r = (d[i] != 0) ? mix3(mix3(x[i] / d[i], 3), big) : big;
  out[i] = r;
}

__device__ int twice(int a) { return a + a; }

__global__ void atomic_in_skipped_argument(const int* x, int* out, int* count, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = (x[i] & 1) ? twice(atomicAdd(&count[0], 1)) : 5;  // only odd elements count
}
