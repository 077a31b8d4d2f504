// Global atomics other than atomicAdd.
__global__ void extremes(int n, const int* x, int* hi, int* lo, int* count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicMax(hi, x[i]);    // EXPECT: T.atomic_max(hi[0], x[i])
        atomicMin(lo, x[i]);    // EXPECT: T.atomic_min(lo[0], x[i])
        atomicSub(count, 1);    // EXPECT: T.atomic_add(count[0], -1)
    }
}
