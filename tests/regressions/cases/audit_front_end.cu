// Issue 15, "the rest of the class": front-end constructs that were converted silently wrong.
// Each kernel below was once emitted with no diagnostic and a different meaning:
//   direct_init      `float acc(2.0f)` lifted as an uninitialised variable
//   overloads        f(float) and f(int) shared one lifted function (every call went to one of them)
//   namespaces       a::g and b::g likewise
//   literal_operator `2_k` (a user-defined literal) taken for a conversion: 2.0 instead of 2048
//   static_method    `Util::lower(a, b)` called by its bare name; a user's `max` became fmaxf
//   static_local     `static int flag;` (one object for the grid) made per thread
//   reference_cast   `(int&)f` (the float's bytes) converted as a value conversion
//   if_init          `if (x++; x > 3)` read as `if (x++) ... else ...`
// EXPECT: direct_init pass
// EXPECT: overloads pass
// EXPECT: namespaces pass
// EXPECT: literal_operator pass
// EXPECT: static_method pass
// EXPECT: static_local refused C2T1204
// EXPECT: reference_cast refused C2T1202
// EXPECT: if_init refused C2T1201
#include <cuda_runtime.h>

__global__ void direct_init(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc(2.0f);
    int j(i);
    float w{0.5f};
    if (j < n) out[j] = in[j] + acc + w;
}

__device__ float f(float x) { return x * 2.0f; }
__device__ int f(int x) { return x + 100; }

__global__ void overloads(const float* in, float* out, int* iout, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = f(in[i]);
        iout[i] = f(i);
    }
}

namespace a { __device__ float g(float x) { return x + 1.0f; } }
namespace b { __device__ float g(float x) { return x * 10.0f; } }

__global__ void namespaces(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a::g(in[i]) + b::g(in[i]);
}

__device__ constexpr float operator""_k(unsigned long long v) { return v * 1024.0f; }

__global__ void literal_operator(float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2_k + i;
}

struct Util {
    static __device__ float max(float p, float q) { return p < q ? p : q; }  // a user's "max" that is a min
};

__global__ void static_method(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = Util::max(in[i], 0.25f);
}

__global__ void static_local(int* out)
{
    static int flag;
    if (threadIdx.x == 0) flag = 7;
    __syncthreads();
    out[threadIdx.x] = flag;
}

__global__ void reference_cast(const float* in, int* out)
{
    float v = in[threadIdx.x];
    out[threadIdx.x] = (int&)v;
}

__global__ void if_init(int* out)
{
    int x = threadIdx.x;
    if (x++; x > 3) out[threadIdx.x] = x;
}
