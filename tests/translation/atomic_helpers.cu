// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// atomicCAS/Exch/And/Or/Xor have no TileLang operation: a helper compiled into the kernel calls
// CUDA's atomic on GPUs and does a read-modify-write on the C back end (threads run one at a time).

__global__ void helper_atomics(int* lock, int* flags, float* f, int* old) {
  old[threadIdx.x] = atomicCAS(lock, 0, 1);
  atomicOr(&flags[0], 1 << (threadIdx.x & 7));
  atomicExch(&f[0], 2.0f);
}
// CHECK:      _C2T_HELPERS = r"""
// CHECK:      __device__ __forceinline__ int c2t_atomic_cas_i32(int* p, long long i, int c, int v) { return atomicCAS(p + i, c, v); }
// CHECK:      extern "C" int32_t c2t_atomic_cas_i32(int32_t* p, int64_t i, int32_t c, int32_t v) { p += i; int32_t o = *p; if (o == c) *p = v; return o; }
// CHECK:      old[tx] = T.call_extern("int32", "c2t_atomic_cas_i32", T.address_of(lock[0]), T.int64(0), 0, 1)
// CHECK-NEXT: # atomic_helpers.cu:{{[0-9]+}}: atomicOr(&flags[0], 1 << (threadIdx.x & 7));
// CHECK-NEXT: T.evaluate(T.call_extern("int32", "c2t_atomic_or_i32", T.address_of(flags[0]), T.int64(0), 1 << (tx & 7)))
// CHECK-NEXT: # atomic_helpers.cu:{{[0-9]+}}: atomicExch(&f[0], 2.0f);
// CHECK-NEXT: T.evaluate(T.call_extern("float32", "c2t_atomic_exch_f32", T.address_of(f[0]), T.int64(0), T.float32(2.0)))
