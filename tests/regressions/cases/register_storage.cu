// Issue 17: `register` is deprecated C++ that nvcc still accepts in C++17 (with a warning); clang makes it
// an error, and every kernel of SHOC's MaxFlops was refused for it (C2T1101). It is accepted as nvcc does;
// it has no meaning to translate.
// EXPECT: unrolled_madd pass
__global__ void unrolled_madd(const float* x, float* y, int n)
{
    register int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    register float a = x[i], b = 1.5f;
    for (register int k = 0; k < 4; ++k)
        a = a * b + 0.25f;
    y[i] = a;
}
