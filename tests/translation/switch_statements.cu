// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// `switch` whose clauses never fall through lifts as the if chain it means: the value read once,
// shared labels joined with `or`, `default` last wherever it stands, a clause's final `break` dropped
// (a `break` inside a loop of the clause stays the loop's). Fallthrough and a `break` leaving the
// switch from inside an `if` are refused at their line.
__global__ void modes(const int* m, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = 0.f;
  switch (m[i]) {
    case 0:
    case 2:
      v = 1.f;
      break;
    default:
      v = -1.f;
      break;
    case 1: {
      for (int k = 0; k < 3; ++k) { if (k == m[i]) break; v += k; }
      break;
    }
  }
  y[i] = v;
}
__global__ void falls_through(const int* m, float* y) {
  float v = 0.f;
  switch (m[threadIdx.x]) { case 0: v = 1.f; case 1: v += 2.f; break; }
  y[threadIdx.x] = v;
}
__global__ void breaks_early(const int* m, float* y) {
  float v = 0.f;
  switch (m[threadIdx.x]) { case 0: if (y[0] > 0) break; v = 1.f; break; default: v = 3.f; }
  y[threadIdx.x] = v;
}
// DIAG: warning: C2T1201: kernel 'falls_through' is not converted: unsupported statement: switch clause falling through into the next one
// DIAG: warning: C2T1201: kernel 'breaks_early' is not converted: unsupported statement: `break` out of a switch from inside a clause's if
// CHECK-LABEL: def modes(
// CHECK:      switch_on = m[i]
// CHECK-NEXT: # switch_statements.cu:{{[0-9]+}}: case 0:
// CHECK-NEXT: if switch_on == 0 or switch_on == 2:
// CHECK:          v = T.float32(1.0)
// CHECK-NEXT: else:
// CHECK:          if switch_on == 1:
// CHECK:              for k in T.serial(3):
// CHECK-NEXT:             if k == m[i]:
// CHECK-NEXT:                 break
// CHECK:          else:
// CHECK:              v = T.float32(-1.0)

// `case` labels on the default clause change nothing: it runs for every value no other clause names.
// CHECK-LABEL: def shared_default(
__global__ void shared_default(int n, const int* mode, int* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int r;
    switch (mode[i]) {
        case 1: r = 10; break;
        case 0:
        default: r = -1; break;
        case 2: r = 20; break;
    }
    // CHECK: if switch_on == 1:
    // CHECK-NEXT: r = 10
    // CHECK: if switch_on == 2:
    // CHECK-NEXT: r = 20
    // CHECK-NEXT: else:
    // CHECK-NEXT: r = -1
    out[i] = r;
}
