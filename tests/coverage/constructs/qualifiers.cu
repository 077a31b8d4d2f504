// Qualifiers the front end drops (clang folds them into attributes), and warpSize.
__device__ __forceinline__ float twice(float v) { return 2.0f * v; }  // EXPECT: def twice(v):

__global__ void __launch_bounds__(128) bounded(int n, float* x)  // EXPECT: def bounded(n: T.int32
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = twice(x[i]) + (float)(threadIdx.x % warpSize);  // EXPECT: T.truncmod(T.cast(tx, "uint32"), T.uint32(32))
}
