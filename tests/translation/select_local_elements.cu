// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// A per-thread array indexed by a value that names the thread (passes/select_local_elements.py): TileLang
// refuses `la[t % 4]` on a local buffer inside T.Parallel, so a read chooses among the elements and a
// write loops over them; an index computed into a let first is left as it is (TileLang takes it).
__global__ void lanes(int n, const int* x, int* out) {
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  if (i >= n) return;
  int la[4] = {x[i], 2, 3, 4};
  la[t % 4] += 5;
  int k = x[i] & 3;
  out[i] = la[(t + 1) % 4] + la[k];
}
// (the refused kernel's note comes first in the module)
// CHECK: # wide (select_local_elements.cu:{{[0-9]+}}): not converted, C2T1202: {{.*}}the per-thread array `big` (40 elements) is read at an index that names the thread
// CHECK-LABEL: def lanes(
// CHECK:       for la_slot in T.serial(4):
// CHECK-NEXT:      if la_slot == T.truncmod(t, 4):
// CHECK-NEXT:          la[la_slot] = la[la_slot] + 5
// CHECK:       out[i] = T.if_then_else(T.truncmod(t + 1, 4) == 0, la[0], T.if_then_else(T.truncmod(t + 1, 4) == 1, la[1], T.if_then_else(T.truncmod(t + 1, 4) == 2, la[2], la[3]))) + la[k]

__global__ void wide(const float* x, float* out) {
  float big[40];
  for (int j = 0; j < 40; ++j) big[j] = x[j];
  out[threadIdx.x] = big[threadIdx.x % 40];
}
