// Integer vector types and make_float2.
__global__ void int_vectors(int n, const int2* a, const int4* b, int* out, float2* f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int2 p = a[i];                               // EXPECT: p_y = a[i * 2 + 1]
    int4 q = b[i];                               // EXPECT: q_w = b[i * 4 + 3]
    out[i] = p.x + p.y + q.x + q.y + q.z + q.w;  // EXPECT: out[i] = p_x + p_y + q_x + q_y + q_z + q_w
    f[i] = make_float2((float)p.x, (float)q.w);  // EXPECT: f[i * 2 + 1] = T.cast(q_w, "float32")
}
