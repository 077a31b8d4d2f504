// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// Pass lower_bfloat16: bfloat16 memory holds bits (int16 buffers), bfloat16 values are float32 values
// rounded where C++ makes a new bfloat16; widening to float is exact. Atomics on bfloat16 memory and
// bit casts of bfloat16 are refused. A copy copies the bits.
#include <cuda_bf16.h>

__global__ void mixed(const __nv_bfloat16* x, __nv_bfloat16* y, float* f, float s) {
  int i = threadIdx.x;
  __nv_bfloat16 p = x[i] * x[i + 1];
  f[i] = __bfloat162float(p) * s;
  y[i] = __float2bfloat16(f[i]) + p;
}
// CHECK-LABEL: def mixed(
// CHECK:      def mixed(x: T.Tensor((x_len,), "int16"), y: T.Tensor((y_len,), "int16"), f: T.Tensor((f_len,), "float32"), s: T.float32,
// CHECK:      p = T.call_extern("float32", "c2t_bf16_round", T.call_extern("float32", "c2t_bf16_from_bits", x[i]) * T.call_extern("float32", "c2t_bf16_from_bits", x[i + 1]))
// CHECK:      f[i] = p * s
// CHECK:      y[i] = T.call_extern("int16", "c2t_bf16_bits", T.call_extern("float32", "c2t_bf16_round", f[i]) + p)

__global__ void conversions(const __nv_bfloat16* x, const int* k, __nv_bfloat16* y, int* t) {
  int i = threadIdx.x;
  t[i] = __bfloat162int_rz(x[i]);
  y[i] = __float2bfloat16_rn(__bfloat162float(x[i]) * 0.5f) + __int2bfloat16_rn(k[i]);
}
// CHECK-LABEL: def conversions(
// CHECK:      t[i] = T.cast(T.call_extern("float32", "c2t_bf16_from_bits", x[i]), "int32")
// CHECK:      y[i] = T.call_extern("int16", "c2t_bf16_bits", T.call_extern("float32", "c2t_bf16_round", T.call_extern("float32", "c2t_bf16_from_bits", x[i]) * T.float32(0.5)) + T.call_extern("float32", "c2t_bf16_round", T.cast(k[i], "float32")))

__global__ void shared_tile(const __nv_bfloat16* x, __nv_bfloat16* y) {
  __shared__ __nv_bfloat16 tile[64];
  tile[threadIdx.x] = x[threadIdx.x];
  __syncthreads();
  y[threadIdx.x] = tile[63 - threadIdx.x];
}
// CHECK-LABEL: def shared_tile(
// CHECK:      tile = T.alloc_shared((64,), "int16"
// CHECK:      tile[tx] = x[tx]
// CHECK:      y[tx] = tile[T.uint32(63) - T.cast(tx, "uint32")]

__global__ void atomic_on_bf16(__nv_bfloat16* acc, const __nv_bfloat16* x) {
  atomicAdd(&acc[0], x[threadIdx.x]);
}
// CHECK:      "mixed": {
// CHECK:      {'name': 'x', 'cuda_name': 'x', 'kind': 'buffer', 'dtype': 'bfloat16', 'carrier': 'int16'
// DIAG: lower_bfloat16.cu:[[# @LINE - 4]]:{{[0-9]+}}: warning: {{C2T12[0-9]+}}: kernel 'atomic_on_bf16' is not converted
