// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Scalar types and their TileLang dtypes; unsigned and half values cross the kernel boundary in
// carrier dtypes the C back end can pass (unsigned int -> int32, __half scalar -> float32).
#include <cuda_fp16.h>

__global__ void types(int n, unsigned seed, long long base, double scale, bool flag, __half h,
                      unsigned* u, long long* l, double* d, __half* hx, bool* mask) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  u[i] = seed * 2654435761u ^ (u[i] >> 3);
  l[i] = base + (long long)i * 3;
  d[i] = d[i] * scale;
  float hf = __half2float(hx[i]) + __half2float(h);
  hx[i] = __float2half(hf);
  mask[i] = flag && hf > 0.0f;
}
// CHECK:      def types(n: T.int32, seed: T.int32, base: T.int64, scale: T.float64, flag: T.bool, h: T.float32, u: T.Tensor((u_len,), "int32"), l: T.Tensor((l_len,), "int64"), d: T.Tensor((d_len,), "float64"), hx: T.Tensor((hx_len,), "float16"), mask: T.Tensor((mask_len,), "uint8"), grid_x: T.int32):
// CHECK:      u[i] = T.reinterpret(T.reinterpret(seed, "uint32") * T.uint32(2654435761) ^ T.reinterpret(u[i], "uint32") >> T.uint32(3), "int32")
// CHECK:      l[i] = base + T.cast(i, "int64") * T.int64(3)
// CHECK:      d[i] = d[i] * scale
// CHECK:      hf = T.cast(hx[i], "float32") + T.cast(T.cast(h, "float16"), "float32")
// CHECK:      hx[i] = T.cast(hf, "float16")
// CHECK:      mask[i] = T.cast(flag and hf > T.float32(0.0), "uint8")
// CHECK:      {'name': 'seed', 'cuda_name': 'seed', 'kind': 'scalar', 'dtype': 'uint32', 'carrier': 'int32', 'cuda_type': 'uint32'},
// CHECK:      {'name': 'h', 'cuda_name': 'h', 'kind': 'scalar', 'dtype': 'float16', 'carrier': 'float32', 'cuda_type': 'float16'},
// CHECK:      {'name': 'mask', 'cuda_name': 'mask', 'kind': 'buffer', 'dtype': 'bool', 'carrier': 'uint8', 'cuda_type': 'bool*', 'writable': True},
