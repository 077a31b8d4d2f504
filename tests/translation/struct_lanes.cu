// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// Structs whose fields are all of one scalar type are the vectors they are laid out as
// (lift/struct_lanes.py): a buffer of them holds N scalars per element, a local one is N locals.
#include <cuda_runtime.h>

struct Rgb { unsigned char r, g, b; };
union Word { unsigned long long bits; };
struct Mixed { int id; float weight; };

// (the refused kernel's note comes first in the module)
// CHECK: # pick (struct_lanes.cu:{{[0-9]+}}): not converted, C2T1207: {{.*}}parameter 'items' has unsupported type 'const Mixed*'
// CHECK-LABEL: def gray(
__global__ void gray(int n, const Rgb* pixels, Rgb* out, Word* words)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Rgb p = pixels[i];
    // CHECK: p_r = pixels[i * 3]
    // CHECK: p_g = pixels[i * 3 + 1]
    // CHECK: p_b = pixels[i * 3 + 2]
    unsigned char y = (unsigned char)((p.r * 77 + p.g * 150 + p.b * 29) >> 8);
    out[i].g = y;
    // CHECK: out[i * 3 + 1] = y
    out[i].r = out[i].b = y;
    words[i].bits ^= 0xffull << (8 * (i & 7));
    // CHECK: out[i * 3 + 2] = y
    // CHECK: out[i * 3] = out[i * 3 + 2]
    // CHECK: words[i] = T.reinterpret(T.reinterpret(words[i], "uint64") ^ T.uint64(255) << T.cast(8 * (i & 7), "uint64"), "int64")
}

// A struct of mixed types in memory is refused where it is read, with the reason.
__global__ void pick(int n, const Mixed* items, float* w)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) w[i] = items[i].weight;
}

// `p->g` is the member of `*p`: read and written as the element's lane.
// CHECK-LABEL: def brighten(
__device__ void brighten_one(Rgb* p, unsigned char by) { p->g = p->g + by; }
// CHECK: p[p_off_local + T.int64(1)] = T.cast(T.cast(p[p_off_local + T.int64(1)], "int32") + T.cast(by_, "int32"), "uint8")
__global__ void brighten(int n, Rgb* pixels)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) brighten_one(&pixels[i], 10);
}

// A __device__ function returning a vector or such a struct is lifted into its caller: its lanes are
// locals there, assigned by its one `return` (at its end).
__device__ Rgb inverted(Rgb c)
{
    Rgb r;
    r.r = 255 - c.r;
    r.g = 255 - c.g;
    r.b = 255 - c.b;
    return r;
}
// CHECK-LABEL: def invert(
// CHECK: inverted_result_r = r_r
// CHECK: out[i * 3] = inverted_result_r
__global__ void invert(int n, const Rgb* pixels, Rgb* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = inverted(pixels[i]);
}
