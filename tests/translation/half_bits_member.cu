// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// c10::Half's and c10::BFloat16's public bits member `x`, as PyTorch extensions use it in a CAS loop on
// the 32-bit word holding the element (pytorch_scatter's atomics): reading `h.x` is the value's bits,
// assigning it makes the value those bits hold. float16 bits are a reinterpretation; bfloat16 values
// are float32 values (passes/lower_bfloat16.py), whose bits are the top half of the float's.
#include <torch/extension.h>

template <typename scalar> struct AtomicAddWord;
template <typename scalar> struct AtomicAddWord {
  inline __device__ void operator()(scalar* address, scalar val) {
    unsigned int* address_as_ui = (unsigned int*)((char*)address - ((size_t)address & 2));
    unsigned int old = *address_as_ui;
    unsigned int assumed;
    do {
      assumed = old;
      scalar hsum;
      hsum.x = (size_t)address & 2 ? (old >> 16) : (old & 0xffff);
      hsum = hsum + val;
      old = (size_t)address & 2 ? (old & 0xffff) | (hsum.x << 16) : (old & 0xffff0000) | hsum.x;
      old = atomicCAS(address_as_ui, assumed, old);
    } while (assumed != old);
  }
};

template <typename scalar_t>
__global__ void segment_add(int n, const int64_t* seg, const scalar_t* x, scalar_t* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) AtomicAddWord<scalar_t>()(out + seg[i], x[i]);
}
template __global__ void segment_add<at::Half>(int, const int64_t*, const at::Half*, at::Half*);
template __global__ void segment_add<at::BFloat16>(int, const int64_t*, const at::BFloat16*, at::BFloat16*);

// A defaulted constructor builds zero bits: `at::Half()` is value-initialised, and `at::Half h;` written
// through a macro (whose tokens cannot tell the two apart) may hold any value, zero among them.
#define ZEROED(T, name) T name = T()
#define DECLARED(T, name) T name
__global__ void half_defaults(at::Half* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  ZEROED(at::Half, z);
  DECLARED(at::Half, h);
  h.x = 0x3c00;
  y[i] = z + h + at::Half();
}

// CHECK-LABEL: def segment_add_c10_Half(
// CHECK: old = T.call_extern("uint32", "c2t_atomic_cas_bytes_float16_as_uint32", T.address_of(address[0]),
// CHECK: old_now = T.cast({{.*}}, "uint16")
// CHECK-NEXT: hsum = T.reinterpret(old_now, "float16")
// CHECK: hsum = hsum + val
// CHECK: hsum_now = hsum
// CHECK: T.reinterpret(hsum_now, "uint16")
// CHECK: x: T.Tensor((x_len,), "float16"), out: T.Tensor((out_len,), "float16")

// CHECK-LABEL: def segment_add_c10_BFloat16(
// CHECK: "c2t_atomic_cas_bytes_int16_as_uint32"
// CHECK: hsum = T.call_extern("float32", "c2t_bf16_from_bits", T.cast(T.cast({{.*}}, "uint16"), "int16"))
// CHECK: T.call_extern("int16", "c2t_bf16_raw_bits", hsum)
// CHECK: out: T.Tensor((out_len,), "int16")

// CHECK-LABEL: def half_defaults(
// CHECK: z = T.float16(0.0)
// `h.x = 0x3c00` sets the bits of 1.0 (a bit cast of a constant is computed: passes/block_float_folds.py)
// CHECK: h = T.float16(1.0)
