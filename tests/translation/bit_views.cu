// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// A pointer cast to another element type of the same size reads the elements' bits: the CAS loop
// libraries write for the atomics CUDA lacks (`(unsigned long long*)address` over doubles) loads
// with a bit-cast and swaps the element's bits through a helper per (storage, bits) pair, whose
// index is an argument of its own (`&out[seg[i]]` has no address_of on TileLang's C back end).
#include <cstdint>
__device__ void atomic_mul(double* address, double val) {
  unsigned long long* address_as_ull = (unsigned long long*)address;
  unsigned long long old = *address_as_ull;
  unsigned long long assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val * __longlong_as_double(assumed)));
  } while (assumed != old);
}

__global__ void segment_product(const double* x, const int* seg, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomic_mul(&out[seg[i]], x[i]);
}

// a store through the view writes the bits; a read of the other element type stays a bit-cast
__global__ void sign_bits(float* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) ((unsigned int*)x)[i] = ((unsigned int*)x)[i] | 0x80000000u;
}

// an atomic TileLang has (add) through a view would add to the bits: refused, not converted
__global__ void add_to_bits(float* x) {
  atomicAdd((int*)x, 1);
}

// sizes differ: the pointer addresses bytes. A 32-bit word over bytes is read (atomically) and
// swapped; the element's address is real (`(size_t)address & 3` decides which byte of the word)
__device__ void atomic_or_byte(unsigned char* address, unsigned char bit) {
  unsigned int* word = (unsigned int*)(address - ((size_t)address & 3));
  unsigned int shift = ((size_t)address & 3) * 8;
  unsigned int old = *word, assumed;
  do {
    assumed = old;
    old = atomicCAS(word, assumed, old | ((unsigned int)bit << shift));
  } while (assumed != old);
}
__global__ void byte_flags(unsigned char* flags, const int* where) {
  atomic_or_byte(&flags[where[threadIdx.x]], 1u << (threadIdx.x & 7));
}

// a store of another size into the bytes is refused
__global__ void two_as_one(short* x, int* y) {
  ((int*)x)[threadIdx.x] = y[threadIdx.x];
}
// DIAG: warning: C2T1205: kernel 'add_to_bits' is not converted: 'atomicAdd' through a pointer reading float32 elements as int32: only atomicCAS and atomicExch
// DIAG: warning: C2T1202: kernel 'two_as_one' is not converted: pointer cast between different element types: a store of int32 into int16 elements' bytes
// CHECK: #include <stdint.h>
// CHECK: __device__ __forceinline__ uint64_t c2t_atomic_cas_float64_as_uint64(double* p, long long i, uint64_t c, uint64_t v) { return (uint64_t)atomicCAS((unsigned long long*)(p + i), (unsigned long long)c, (unsigned long long)v); }
// CHECK: extern "C" uint64_t c2t_atomic_cas_float64_as_uint64(double* p, int64_t i, uint64_t c, uint64_t v) { void* q = p + i; uint64_t o; memcpy(&o, q, sizeof o); if (o == c) memcpy(q, &v, sizeof v); return o; }
// CHECK-LABEL: def segment_product(
// CHECK: address_now = address[address_off]
// CHECK-NEXT: old = T.reinterpret(address_now, "uint64")
// CHECK: old = T.call_extern("uint64", "c2t_atomic_cas_float64_as_uint64", T.address_of(address[0]), T.cast(address_off, "int64"), assumed,
// CHECK-LABEL: def sign_bits(
// CHECK: x[i] = T.reinterpret(T.reinterpret(x[i], "uint32") | T.uint32(2147483648), "float32")
// CHECK-LABEL: def byte_flags(
// CHECK: word_byte = (T.cast(address_off, "uint64") + ((~((T.reinterpret(T.address_of(address[0]), "uint64") + T.cast(address_off, "uint64")) & T.uint64(3)) + T.uint64(1)) & T.uint64(18446744073709551615))) & T.uint64(18446744073709551615)
// CHECK: old = T.call_extern("uint32", "c2t_atomic_cas_bytes_uint8_as_uint32", T.address_of(address[0]), T.cast(word_byte, "int64"), T.uint32(0), T.uint32(0))
// CHECK: old = T.call_extern("uint32", "c2t_atomic_cas_bytes_uint8_as_uint32", T.address_of(address[0]), T.cast(word_byte, "int64"), assumed,
