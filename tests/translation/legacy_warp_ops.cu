// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// The pre-CUDA 9 shuffles have no mask: they exchange among the active lanes, and a read of an inactive
// lane is undefined. The lift takes them as the _sync forms with the full mask: the whole-warp exchange
// gives every active lane what CUDA gives it, inside a branch too. The pre-CUDA 9 votes count only the
// active lanes, which the whole-warp vote does not: refused.

// (refused kernels are noted at the top of the module)
// CHECK: # legacy_vote (legacy_warp_ops.cu:{{[0-9]+}}): not converted, C2T1204: {{.*}}'__any' is not supported
// CHECK-LABEL: def legacy_shuffles(
__global__ void legacy_shuffles(const float* x, float* y)
{
    float v = x[threadIdx.x];
    float first = __shfl(v, 0);
    // CHECK: first[tx] = T.if_then_else(tx - T.truncmod(tx, 32) + T.truncmod(0, 32) < block_x
    float up = __shfl_up(v, 1);
    // CHECK: up[tx] = T.if_then_else(T.truncmod(tx, 32) >= 1 and tx - 1 < block_x
    float down = __shfl_down(v, 2, 16);
    // CHECK: down[tx] = T.if_then_else(T.truncmod(tx, 16) + 2 < 16 and tx + 2 < block_x
    float swapped = __shfl_xor(v, 1);
    // CHECK: swapped = T.if_then_else(tx ^ 1 < tx - T.truncmod(tx, 32) + 32
    y[threadIdx.x] = first + up + down + swapped;
}

__global__ void legacy_vote(const float* x, int* y)
{
    if (threadIdx.x < 16)
        y[threadIdx.x] = __any(x[threadIdx.x] > 0.0f);
}

// CHECK-LABEL: def legacy_in_branch(
// CHECK: if tx < 16:
__global__ void legacy_in_branch(const float* x, float* y)
{
    float v = x[threadIdx.x];
    if (threadIdx.x < 16)
        v = __shfl_down(v, 1);
    y[threadIdx.x] = v;
}
