// A struct parameter whose fields need padding (a char before a double, a short before a pointer),
// a nested struct and a fixed-size array: the original side must lay it out as the C++ compiler does.
struct Tag {
    char kind;
    double weight;
};

struct Padded {
    char flag;
    Tag tag;
    short count;
    const float* x;
    int dims[3];
    long long base;
    float* y;
};

__global__ void padded_struct(Padded p, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float w = (float)p.tag.weight * (p.flag ? 1.0f : -1.0f) + p.tag.kind;
    p.y[i] = p.x[i] * w + (float)(p.count * p.dims[i % 3]) + (float)(p.base % 1000);
}
