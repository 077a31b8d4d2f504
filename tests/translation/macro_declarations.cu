// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// Declarations written by a macro (pytorch_scatter's `ATOMIC(NAME)` expands a whole CAS loop): the
// statement's tokens are the macro call's, which say nothing of an initialiser. A declaration
// without one lifts; an initialiser clang cannot parse is a clang error, and refuses the kernel.
#define DECLARE_AND_USE(T) T assumed; assumed = v; out[0] = assumed;
#define BROKEN(T) T assumed = nope + v; out[0] = assumed;
__device__ void ok_fn(float* out, float v) { DECLARE_AND_USE(float) }
__device__ void bad_fn(float* out, float v) { BROKEN(float) }
__global__ void declared_by_macro(float* out) { ok_fn(out, 1.0f); }
__global__ void broken_by_macro(float* out) { bad_fn(out, 1.0f); }
// DIAG: error: C2T1101: kernel 'broken_by_macro' is not converted: clang error at {{.*}}use of undeclared identifier 'nope'
// CHECK-LABEL: def declared_by_macro(
// CHECK: assumed = v
// CHECK-NEXT: out[out_off] = assumed
