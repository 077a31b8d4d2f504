// Issue 15, item 8: an error in an included header (inc/host_vector_util.h:6) was reported at line 6
// of this file, quoting this file's line 6, and the kernel spanning line 6 was refused
// "has parse errors" although its body is sound. The error belongs to the header; the kernel converts.
#include "inc/host_vector_util.h"
__global__ void add_one(const float* a, float* out, int n) {  // line 5
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = a[i] + 1.0f;
}
// EXPECT: add_one pass
