// Issue 15, item 9: instances were named with `bool` arguments as -1/0 and enumerators as integers
// (`masked_scale<float, -1, 1>`), so a spec naming `masked_scale<float, true, Mode::Square>` found
// nothing. They are spelled as C++ writes them; the spec below names them that way. Enumerations
// are lifted as their underlying integer type.
// EXPECT: masked_scale<float, true, Mode::Square> pass
// EXPECT: masked_scale<float, false, Mode::Copy> pass
// EXPECT: shift<-3> pass
enum class Mode { Copy, Square };

template <typename T, bool Negate, Mode M>
__global__ void masked_scale(const T* x, T* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    T v = x[i];
    if (M == Mode::Square) v = v * v;
    y[i] = Negate ? -v : v;
}

template <int K>
__global__ void shift(const int* x, int* y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = x[i] + K;
}

void launch(const float* x, float* y, const int* a, int* b, int n)
{
    masked_scale<float, true, Mode::Square><<<(n + 127) / 128, 128>>>(x, y, n);
    masked_scale<float, false, Mode::Copy><<<(n + 127) / 128, 128>>>(x, y, n);
    shift<-3><<<(n + 127) / 128, 128>>>(a, b, n);
}
