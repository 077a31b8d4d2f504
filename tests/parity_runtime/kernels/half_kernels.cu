#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void half_convert(const float* in, unsigned short* rn, unsigned short* rz, unsigned short* ru,
                             unsigned short* rd, float* back, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half h = __float2half(in[i]);
    rn[i] = __half_as_ushort(h);
    rz[i] = __half_as_ushort(__float2half_rz(in[i]));
    ru[i] = __half_as_ushort(__float2half_ru(in[i]));
    rd[i] = __half_as_ushort(__float2half_rd(in[i]));
    back[i] = __half2float(h);
}

__global__ void half_arith(const __half* a, const __half* b, const __half* c, __half* add, __half* sub,
                           __half* mul, __half* div, __half* fma, __half* ops, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    add[i] = __hadd(a[i], b[i]);
    sub[i] = __hsub(a[i], b[i]);
    mul[i] = __hmul(a[i], b[i]);
    div[i] = __hdiv(a[i], b[i]);
    fma[i] = __hfma(a[i], b[i], c[i]);
    ops[i] = a[i] * b[i] + c[i];     // operators: two roundings, like CUDA
}

__global__ void half2_and_scalar(const __half2* a, __half2* out, __half s, float* f, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = __hmul2(a[i], __half2half2(s));
    f[2 * i] = __low2float(a[i]);
    f[2 * i + 1] = __high2float(a[i]);
}

__global__ void bf16_convert(const float* in, __nv_bfloat16* out, float* back, __nv_bfloat16* sum, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = __float2bfloat16(in[i]);
    back[i] = __bfloat162float(out[i]);
    sum[i] = __hadd(out[i], __float2bfloat16(1.0f));
}

__global__ void double_to_half(const double* in, unsigned short* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = __half_as_ushort(__double2half(in[i]));
}
