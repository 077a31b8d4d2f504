// Warp intrinsics whose records no other test exercises: __activemask (all lanes are active in a
// converted kernel) and the 64-bit population count.
__global__ void lanes(int n, const unsigned long long* x, int* active, int* bits)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    active[i] = (int)(__activemask() & 1u);  // EXPECT: active[i] = T.cast(T.uint32(4294967295) & T.uint32(1), "int32")
    bits[i] = __popcll(x[i]);  // EXPECT: bits[i] = T.call_extern("int32", "c2t_popcll", T.reinterpret(x[i], "uint64"))
}
