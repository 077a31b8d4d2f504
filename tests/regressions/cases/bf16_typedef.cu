// Issue 15, item 3: a typedef of a type clang does not know (`__nv_bfloat16` without <cuda_bf16.h>)
// is an error, after which clang types `floatX` as int. The kernel over `floatX*` buffers was
// converted as int32 with no diagnostic; it must be refused with clang's message. The kernel that
// does not use the typedef still converts and computes the same values.
// EXPECT: scale_bf refused C2T1101
// EXPECT: scale_plain pass
typedef __nv_bfloat16 floatX;

__global__ void scale_bf(const floatX* a, floatX* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i];
}

__global__ void scale_plain(const float* a, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2.0f * a[i];
}
