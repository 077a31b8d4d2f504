#include <cuda_runtime.h>
#include <math_constants.h>

__global__ void float_math(const float* x, const float* y, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float* o = out + 12 * i;
    o[0] = __expf(x[i]);
    o[1] = expf(x[i]);
    o[2] = rsqrtf(fabsf(y[i]) + 1.0f);
    o[3] = __fdividef(x[i], y[i]);
    o[4] = fmaf(x[i], y[i], 1.0f);
    o[5] = __saturatef(x[i]);
    o[6] = min(x[i], y[i]);
    o[7] = max(x[i], y[i]);
    o[8] = __int_as_float(__float_as_int(x[i]) ^ 0x80000000);
    o[9] = sqrtf(fabsf(x[i]));
    o[10] = __logf(fabsf(y[i]) + 1.0f);
    o[11] = CUDART_PI_F * x[i];
}

__global__ void int_intrinsics(const unsigned* a, const unsigned* b, unsigned* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned* o = out + 10 * i;
    o[0] = __popc(a[i]);
    o[1] = __clz((int)a[i]);
    o[2] = __ffs((int)a[i]);
    o[3] = __brev(a[i]);
    o[4] = __byte_perm(a[i], b[i], 0x5140);
    o[5] = __funnelshift_l(a[i], b[i], b[i] & 63);
    o[6] = __funnelshift_r(a[i], b[i], b[i] & 63);
    o[7] = __umulhi(a[i], b[i]);
    o[8] = (unsigned)min((int)a[i], (int)b[i]);
    o[9] = max(a[i], b[i]);
}

__global__ void conversions(const float* x, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int* o = out + 5 * i;
    o[0] = __float2int_rn(x[i]);
    o[1] = __float2int_rz(x[i]);
    o[2] = __float2int_ru(x[i]);
    o[3] = __float2int_rd(x[i]);
    o[4] = (int)__float2uint_rn(x[i]);
}
