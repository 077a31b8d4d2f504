// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// __threadfence (and its block and system scopes) orders a thread's writes before what it does next; it
// is no barrier, so no phase is split at it. It becomes a helper evaluated in place: CUDA's fence on GPUs,
// a compiler barrier on C, where a kernel's blocks run one after another.

// CHECK: __device__ __forceinline__ int c2t_threadfence() { __threadfence(); return 0; }
// CHECK: extern "C" int32_t c2t_threadfence() { __sync_synchronize(); return 0; }
// CHECK-LABEL: def publish(
__global__ void publish(const float* x, float* out, int* flag)
{
    int t = threadIdx.x;
    out[blockIdx.x * blockDim.x + t] = x[blockIdx.x * blockDim.x + t] * 2.0f;
    // CHECK: T.evaluate(T.call_extern("int32", "c2t_threadfence"))
    __threadfence();
    if (t == 0) {
        // CHECK: T.evaluate(T.call_extern("int32", "c2t_threadfence_block"))
        __threadfence_block();
        // CHECK: T.evaluate(T.call_extern("int32", "c2t_threadfence_system"))
        __threadfence_system();
        atomicAdd(flag, 1);
    }
}
