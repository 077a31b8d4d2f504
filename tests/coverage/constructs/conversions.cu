// Conversion and bit-cast intrinsics, and the read-only load __ldg.
#include <cuda_fp16.h>

__global__ void conversions(int n, const float* x, const __half* h, const int* k, const unsigned* u,
                            const double* d, const long long* ll, float* y, __half* hy, int* iy, double* dy)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = __ldg(&x[i]);  // EXPECT: v = x[i]
    y[i] = __half2float(h[i]) + __int2float_rn(k[i]) + __uint2float_rn(u[i]) + __uint_as_float(u[i]);
    // EXPECT: y[i] = T.cast(h[i], "float32") + T.cast(k[i], "float32") + T.cast(T.reinterpret(u[i], "uint32"), "float32") + T.reinterpret(T.reinterpret(u[i], "uint32"), "float32")
    hy[i] = __float2half_rn(v) + __int2half_rn(k[i]);  // EXPECT: hy[i] = T.cast(v, "float16") + T.cast(k[i], "float16")
    iy[i] = __half2int_rz(h[i]) + __float2int_rz(v);  // EXPECT: iy[i] = T.cast(h[i], "int32") + T.cast(v, "int32")
    dy[i] = (double)__double_as_longlong(d[i]) + __longlong_as_double(ll[i]);
    // EXPECT: dy[i] = T.cast(T.reinterpret(d[i], "int64"), "float64") + T.reinterpret(ll[i], "float64")
}
