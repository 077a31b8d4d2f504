// Block-wide compaction and sort over shared arrays of structs, the way sorting kernels are written:
// per-thread predicates, a Hillis-Steele scan with __syncthreads between steps, then a bitonic sort
// of (key, index) pairs.  (Issue 19: such a kernel crashed the runtime.)
#include <cuda_runtime.h>

struct KV {
    float key;
    int idx;
};

struct __align__(16) Wide {  // over-aligned struct in shared memory
    double weight;
    int idx;
    char tag;
};

#define BLOCK 256

// keep[i] = keys with key > threshold, compacted in input order; count[blockIdx.x] = how many
__global__ void compact_positive(const float* keys, float threshold, KV* kept, int* count) {
    __shared__ KV items[BLOCK];
    __shared__ int scan[2][BLOCK];
    __shared__ Wide wide[BLOCK];
    const int t = threadIdx.x;
    const int g = blockIdx.x * BLOCK + t;
    const KV mine = {keys[g], g};
    const int flag = mine.key > threshold;
    items[t] = mine;
    wide[t].weight = double(mine.key);
    wide[t].idx = g;
    wide[t].tag = char(flag);
    scan[0][t] = flag;
    __syncthreads();
    int src = 0;
    for (int offset = 1; offset < BLOCK; offset *= 2) {  // inclusive Hillis-Steele scan, double-buffered
        scan[1 - src][t] = scan[src][t] + (t >= offset ? scan[src][t - offset] : 0);
        __syncthreads();
        src = 1 - src;
    }
    if (wide[t].tag) {
        KV out = items[t];
        out.key = float(wide[t].weight);
        kept[blockIdx.x * BLOCK + scan[src][t] - 1] = out;
    }
    if (t == BLOCK - 1) count[blockIdx.x] = scan[src][t];
}

// sorts each block's BLOCK pairs by key (ascending; ties by index), bitonic network in shared memory
__global__ void sort_pairs(const float* keys, KV* sorted) {
    __shared__ KV buf[BLOCK];
    const int t = threadIdx.x;
    buf[t] = KV{keys[blockIdx.x * BLOCK + t], t};
    __syncthreads();
    for (int size = 2; size <= BLOCK; size *= 2) {
        for (int stride = size / 2; stride > 0; stride /= 2) {
            const int partner = t ^ stride;
            if (partner > t) {
                const bool ascending = (t & size) == 0;
                const KV a = buf[t], b = buf[partner];
                const bool a_after_b = a.key > b.key || (a.key == b.key && a.idx > b.idx);
                if (a_after_b == ascending) {
                    buf[t] = b;
                    buf[partner] = a;
                }
            }
            __syncthreads();
        }
    }
    sorted[blockIdx.x * BLOCK + t] = buf[t];
}
