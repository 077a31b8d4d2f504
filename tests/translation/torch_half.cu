// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// PyTorch's 16-bit floats: c10::Half (at::Half) is float16, with the conversions and mixed
// arithmetic c10 defines (Half * float is float, Half * int is Half, `static_cast<float>(h)` calls
// its `operator float`). c10::BFloat16 is bfloat16 (passes/lower_bfloat16.py): float32 values, rounded
// where c10 makes a new BFloat16 (`a * 2`, `y[i] += ...`), bits in memory.
#include <torch/extension.h>

template <typename scalar_t, typename acc_t>
__global__ void scaled_square(const scalar_t* __restrict__ x, scalar_t* __restrict__ y, acc_t* acc,
                              float alpha, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  scalar_t a = x[i];
  float c = a * alpha;
  double e = a * 1.5;
  scalar_t b = a * 2;
  y[i] += static_cast<scalar_t>(c) - b;
  acc[i] = static_cast<acc_t>(a) * a + static_cast<acc_t>(e);
}
template __global__ void scaled_square<at::Half, float>(const at::Half*, at::Half*, float*, float, int);
template __global__ void scaled_square<c10::BFloat16, float>(const c10::BFloat16*, c10::BFloat16*, float*, float,
                                                             int);
// CHECK-LABEL: def scaled_square_c10_Half_float(
// CHECK:      x: T.Tensor((x_len,), "float16"), y: T.Tensor((y_len,), "float16"), acc: T.Tensor((acc_len,), "float32")
// CHECK:      a = x[i]
// CHECK:      c = T.cast(a, "float32") * alpha
// CHECK:      e = T.cast(a, "float64") * T.float64(1.5)
// CHECK:      b = a * T.float16(2.0)
// CHECK:      y[i] = y[i] + (T.cast(c, "float16") - b)
// CHECK:      acc[i] = T.cast(a, "float32") * T.cast(a, "float32") + T.cast(e, "float32")
// CHECK-LABEL: def scaled_square_c10_BFloat16_float(
// CHECK:      x: T.Tensor((x_len,), "int16"), y: T.Tensor((y_len,), "int16"), acc: T.Tensor((acc_len,), "float32")
// CHECK:      a = T.call_extern("float32", "c2t_bf16_from_bits", x[i])
// CHECK:      c = a * alpha
// CHECK:      b = T.call_extern("float32", "c2t_bf16_round", a * T.float32(2.0))
// CHECK:      y[i] = T.call_extern("int16", "c2t_bf16_bits", T.call_extern("float32", "c2t_bf16_from_bits", y[i]) + T.call_extern("float32", "c2t_bf16_round", T.call_extern("float32", "c2t_bf16_round", c) - b))
// CHECK:      acc[i] = a * a + T.cast(e, "float32")
