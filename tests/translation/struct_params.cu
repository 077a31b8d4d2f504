// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// A struct passed by value is flattened into one parameter per field, named `<param>_<field>`
// (nested structs and vector lanes too); pointer and fixed-size array fields become buffers, and a
// device helper taking the struct by const reference gets the same fields. Writing to a struct
// parameter's field is refused: the CUDA kernel writes its own copy.

struct Inner { int rows; float2 range; };
struct Params { const float* x; float* y; Inner in; float gain; int taps[3]; };

__device__ float tap_sum(const Params& p, int i) {
  return p.x[i] * p.taps[0] + p.x[i + 1] * p.taps[1] + p.x[i + 2] * p.taps[2];
}

__global__ void fir3(Params p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.in.rows) p.y[i] = fminf(tap_sum(p, i) * p.gain, p.in.range.y);
}
// CHECK-LABEL: def fir3(
// CHECK: Call the result with (p_x, p_y, p_in_rows, p_in_range_x, p_in_range_y, p_gain, p_taps, grid_x).
// CHECK: def tap_sum(p_x, p_x_off, p_y, p_y_off, p_in_rows, p_in_range_x, p_in_range_y, p_gain, p_taps, p_taps_off, i):
// CHECK: return p_x[p_x_off + T.cast(i, "int64")] * T.cast(p_taps[p_taps_off], "float32")
// CHECK: def fir3(p_x: T.Tensor((p_x_len,), "float32"), p_y: T.Tensor((p_y_len,), "float32"), p_in_rows: T.int32, p_in_range_x: T.float32, p_in_range_y: T.float32, p_gain: T.float32, p_taps: T.Tensor((p_taps_len,), "int32"), grid_x: T.int32):
// CHECK: if i < p_in_rows:
// Kernel parameters reach a macro as values (`T.Cast` of their own type), so TileLang does not rename
// them after the macro's parameters (tests/regressions/cases/macro_parameter_names.cu).
// CHECK-NEXT: p_y[i] = T.call_extern("float32", "fminf", tap_sum(p_x, 0, p_y, 0, T.Cast("int32", p_in_rows), T.Cast("float32", p_in_range_x), T.Cast("float32", p_in_range_y), T.Cast("float32", p_gain), p_taps, 0, i) * p_gain, p_in_range_y)

__global__ void bump(Params p) {
  p.gain = 2.0f;
  p.y[threadIdx.x] = p.gain;
}
// DIAG: struct_params.cu:[[# @LINE - 3]]:{{[0-9]+}}: warning: C2T1202: kernel 'bump' is not converted:

// A `void*` field takes the element type the kernel casts it to (StyleGAN's upfirdn2d params style);
// a field cast to two element types is refused.
struct Erased { const void* x; void* y; int n; };
template <typename T>
__global__ void copy_erased(Erased e) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < e.n) ((T*)e.y)[i] = ((const T*)e.x)[i];
}
template __global__ void copy_erased<double>(Erased);
// CHECK-LABEL: def copy_erased_double(
// CHECK: def copy_erased_double(e_x: T.Tensor((e_x_len,), "float64"), e_y: T.Tensor((e_y_len,), "float64"), e_n: T.int32, grid_x: T.int32):

__global__ void two_views(Erased e) {
  ((float*)e.y)[threadIdx.x] = ((const int*)e.x)[0] + ((const float*)e.x)[1];
}
// DIAG: struct_params.cu:[[# @LINE - 3]]:{{[0-9]+}}: warning: C2T1207: kernel 'two_views' is not converted: field 'e.x' is a `void*` that the kernel does not cast to one element type
