// Issue 15, item 6: a template template parameter made the front end fail on the whole file
// (C2T9001 "Unknown template argument kind 5"), losing its plain kernels too. Now the instance is
// named `apply_op<Plus, float>`, and the file's other kernels convert. The call of the functor's
// member operator, once refused (C2T1204), is now the member function alone: `Plus` holds nothing.
// EXPECT: apply_kernel pass
// EXPECT: double_it pass
template <typename T> struct Plus {
    __device__ T operator()(T a, T b) const { return a + b; }
};

template <template <class> class Op, typename T>
__device__ T apply_op(T a, T b) { return Op<T>()(a, b); }

__global__ void apply_kernel(const float* a, float* out)
{
    out[threadIdx.x] = apply_op<Plus, float>(a[threadIdx.x], 1.0f);
}

__global__ void double_it(const float* a, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 2.0f * a[i];
}
