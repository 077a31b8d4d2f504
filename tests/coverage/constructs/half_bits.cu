// Bit casts between 16-bit floats and 16-bit integers (exact both ways, NaN payloads included).
// (unsigned short buffers are carried as int16: their elements are reinterpreted on the way in and out)
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void half_bits(int n, const __half* h, const unsigned short* u, const short* s, unsigned short* hu,
                          short* hs, __half* uh, __half* sh)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    hu[i] = __half_as_ushort(h[i]);  // EXPECT: hu[i] = T.reinterpret(T.reinterpret(h[i], "uint16"), "int16")
    hs[i] = __half_as_short(h[i]);  // EXPECT: hs[i] = T.reinterpret(h[i], "int16")
    uh[i] = __ushort_as_half(u[i]);  // EXPECT: uh[i] = T.reinterpret(T.reinterpret(u[i], "uint16"), "float16")
    sh[i] = __short_as_half(s[i]);  // EXPECT: sh[i] = T.reinterpret(s[i], "float16")
}

// bfloat16 memory holds int16 bits: a value read from it has the bits it was read from
__global__ void bfloat16_bits(int n, const __nv_bfloat16* b, const unsigned short* u, const short* s,
                              unsigned short* bu, short* bs, __nv_bfloat16* ub, __nv_bfloat16* sb, float* f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    bu[i] = __bfloat16_as_ushort(b[i]);  // EXPECT: bu[i] = T.reinterpret(T.reinterpret(b[i], "uint16"), "int16")
    bs[i] = __bfloat16_as_short(__float2bfloat16(f[i] * 2.0f));
    // EXPECT: bs[i] = T.call_extern("int16", "c2t_bf16_raw_bits", T.call_extern("float32", "c2t_bf16_round", f[i] * T.float32(2.0)))
    ub[i] = __ushort_as_bfloat16(u[i]);  // EXPECT: ub[i] = T.cast(T.reinterpret(u[i], "uint16"), "int16")
    sb[i] = __short_as_bfloat16(s[i]);  // EXPECT: sb[i] = s[i]
}
