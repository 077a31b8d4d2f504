// Narrow and wide integer types.
__global__ void narrow_types(int n, const char* c, const unsigned char* uc, const short* s,
                             const unsigned short* us, size_t* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = (size_t)(c[i] + uc[i] + s[i] + us[i]);  // EXPECT: T.cast(T.reinterpret(us[i], "uint16"), "int32"), "uint64"), "int64")
}
