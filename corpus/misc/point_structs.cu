// Arrays of structs, the way geometry and benchmark code keeps its data. A struct whose fields are all
// of one scalar type is laid out as that many scalars with no padding, so a buffer of them is read and
// written field by field:
//   centre_points   Point3 in and out: whole-struct copies (`Point3 p = pts[i]; out[i] = p;`), a field
//                   of a buffer element updated in place, a struct passed to __device__ functions by
//                   value and by reference, the origin a by-value kernel parameter
//   xorshift_slots  a one-member union of 64-bit words (`union Slot { unsigned long long data; }`),
//                   a grid-stride loop updating `t[i].data` through a local copy
#include <cuda_runtime.h>
#include <cstddef>

struct Point3 {
    float x, y, z;
};

union Slot {
    unsigned long long data;
};

__device__ float norm2(Point3 p) { return p.x * p.x + p.y * p.y + p.z * p.z; }

__device__ void shift(Point3& p, const Point3& by)
{
    p.x += by.x;
    p.y += by.y;
    p.z += by.z;
}

// dist[i] = |pts[i] - origin|^2; out[i] = pts[i] mirrored in y, with z doubled
__global__ void centre_points(int n, Point3 origin, const Point3* pts, Point3* out, float* dist)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Point3 p = pts[i];
    p.x -= origin.x;
    p.y -= origin.y;
    p.z -= origin.z;
    dist[i] = norm2(p);
    shift(p, origin);
    p.y = -p.y;
    out[i] = p;
    out[i].z *= 2.0f;
}

// each slot scrambled `rounds` times by a 64-bit xorshift, then offset by its index
__global__ void xorshift_slots(size_t n, Slot* t, int rounds)
{
    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
        Slot s = t[i];
        for (int r = 0; r < rounds; ++r) {
            s.data ^= s.data << 13;
            s.data ^= s.data >> 7;
            s.data ^= s.data << 17;
        }
        t[i].data = s.data + i;
    }
}

int main()
{
    const int N = 1000;
    Point3 *pts, *out;
    float* dist;
    Slot* slots;
    cudaMalloc(&pts, N * sizeof(Point3));
    cudaMalloc(&out, N * sizeof(Point3));
    cudaMalloc(&dist, N * sizeof(float));
    cudaMalloc(&slots, N * sizeof(Slot));
    Point3 origin = {0.5f, -1.0f, 2.0f};
    centre_points<<<(N + 127) / 128, 128>>>(N, origin, pts, out, dist);
    xorshift_slots<<<4, 128>>>(N, slots, 3);
    cudaDeviceSynchronize();
    cudaFree(pts); cudaFree(out); cudaFree(dist); cudaFree(slots);
    return 0;
}
