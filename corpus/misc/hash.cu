// Integer hashing with unsigned 32-bit arithmetic: wrap-around multiplies,
// xor and shifts (all well defined for unsigned in C++).
#include <cuda_runtime.h>

// MurmurHash3 32-bit finaliser
__device__ unsigned fmix32(unsigned h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

// out[i] = fmix32(keys[i] ^ seed) + i * golden   (mod 2^32)
__global__ void hash_keys(int n, unsigned seed, const unsigned* __restrict__ keys, unsigned* __restrict__ out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    out[i] = fmix32(keys[i] ^ seed) + (unsigned)i * 0x9e3779b9u;
}

// Marsaglia xorshift32 applied `rounds` times to a non-zero state
__global__ void xorshift_rounds(int n, int rounds, const unsigned* state, unsigned* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned s = state[i];
    for (int r = 0; r < rounds; ++r) {
        s ^= s << 13;
        s ^= s >> 17;
        s ^= s << 5;
    }
    out[i] = s;
}

// bucket[i] = fmix32(keys[i]) % nbuckets, as a signed int; also a 16-bit rotate
__global__ void hash_bucket(int n, unsigned nbuckets, const unsigned* keys, int* bucket, unsigned* rot)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        unsigned k = keys[i];
        bucket[i] = (int)(fmix32(k) % nbuckets);
        rot[i] = (k << 16) | (k >> 16);
    }
}

int main()
{
    const int N = 8192 + 100;
    unsigned *keys, *out, *rot;
    int* bucket;
    cudaMalloc(&keys, N * sizeof(unsigned));
    cudaMalloc(&out, N * sizeof(unsigned));
    cudaMalloc(&rot, N * sizeof(unsigned));
    cudaMalloc(&bucket, N * sizeof(int));
    cudaMemset(keys, 0, N * sizeof(unsigned));

    hash_keys<<<(N + 255) / 256, 256>>>(N, 0xdeadbeefu, keys, out);
    xorshift_rounds<<<(N + 255) / 256, 256>>>(N, 5, keys, out);
    hash_bucket<<<(N + 255) / 256, 256>>>(N, 97u, keys, bucket, rot);
    cudaDeviceSynchronize();

    cudaFree(keys);
    cudaFree(out);
    cudaFree(rot);
    cudaFree(bucket);
    return 0;
}
