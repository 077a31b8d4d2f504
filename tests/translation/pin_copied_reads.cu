// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// TileLang's code generators copy the operand of T.reinterpret (and, on the C back end, of T.max/T.min)
// into a C variable and reuse the copy after a store (difftest finding 13). An operand that reads
// memory the kernel writes is read into a let first (passes/pin_copied_reads.py); in a branch of `?:`
// max becomes a choice and `(unsigned)` of an element goes through int64 and a mask. Parameters, lets
// and global buffers stay as they are.
__global__ void pins(unsigned key, const int* x, unsigned* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int s[4];
  for (int j = 0; j < 4; j++) s[j] = x[i] - j;
  unsigned h = key ^ (unsigned)i;
  unsigned a = max(h, 100u) + max(key, 7u) + (unsigned)x[i];
  h = h * 7u + 1u;
  unsigned b = (unsigned)s[1];
  unsigned c = (i & 1) ? max(h, 5u) : (unsigned)s[i % 4];
  s[1] = 3;
  out[i] = h;
  out[i] = a + b + c;
}
// CHECK-LABEL: def pins(
// CHECK:       # {{.*}}unsigned a = max(h, 100u) + max(key, 7u) + (unsigned)x[i];
// CHECK-NEXT:  h_now = h
// CHECK-NEXT:  a = {{.*}}T.max(h_now, T.uint32(100)) + T.max(T.reinterpret(key, "uint32"), T.uint32(7)){{.*}} + T.reinterpret(x[i], "uint32")
// CHECK:       # {{.*}}unsigned b = (unsigned)s[1];
// CHECK-NEXT:  s_now = s[1]
// CHECK-NEXT:  b = T.reinterpret(s_now, "uint32")
// CHECK:       c = T.if_then_else({{.*}}, T.if_then_else(T.cast(h, "int64") > T.int64(5), h, T.uint32(5)), T.cast(T.cast(s[T.truncmod(i, 4)], "int64") & T.int64(4294967295), "uint32"))
// CHECK:       # {{.*}}out[i] = h;
// CHECK-NEXT:  h_now_1 = h
// CHECK-NEXT:  out[i] = T.reinterpret(h_now_1, "int32")
// CHECK:       # {{.*}}out[i] = a + b + c;
// CHECK-NEXT:  out[i] = T.reinterpret(a + b + c, "int32")
