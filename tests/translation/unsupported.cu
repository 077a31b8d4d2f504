// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// An unsupported construct skips its kernel with a coded diagnostic; the other kernels still convert.

__global__ void ok(float* x) { x[threadIdx.x] = 1.0f; }

__global__ void cas(unsigned* lock) {
  atomicInc(lock, 4u);
}
// CHECK: # cas (unsupported.cu:7): not converted, C2T1205: kernel 'cas' is not converted: 'atomicInc' is not supported (planned)
// CHECK: def ok(*, block=None, target="cuda"):
// CHECK-NOT: def cas
// DIAG: unsupported.cu:8:3: warning: C2T1205: kernel 'cas' is not converted: 'atomicInc' is not supported (planned)
// DIAG-NEXT: atomicInc(lock, 4u);
// DIAG-NEXT: ^
