// Supported intrinsics that no corpus kernel uses; each EXPECT line must appear in the converted module.
__global__ void rounding_intrinsics(int n, const float* a, const float* b, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = __fadd_rn(a[i], b[i]) + __fmul_rn(a[i], b[i]);  // EXPECT: out[i] = a[i] + b[i] + a[i] * b[i]
    out[i] += __frcp_rn(b[i]);                                 // EXPECT: out[i] = out[i] + T.float32(1.0) / b[i]
    out[i] += __saturatef(a[i]);                               // EXPECT: T.max(T.min(a[i], T.float32(1.0)), T.float32(0.0))
}

__global__ void wide_abs(int n, const long long* x, const double* d, long long* y, double* z)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = labs(x[i]) + llabs(x[i]);  // EXPECT: y[i] = T.abs(x[i]) + T.abs(x[i])
        z[i] = rsqrt(d[i]);               // EXPECT: z[i] = T.rsqrt(d[i])
    }
}
