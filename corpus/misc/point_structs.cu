// Arrays of structs, the way geometry and benchmark code keeps its data. A struct whose fields are all
// of one scalar type is laid out as that many scalars with no padding, so a buffer of them is read and
// written field by field:
//   centre_points   Point3 in and out: whole-struct copies (`Point3 p = pts[i]; out[i] = p;`), a field
//                   of a buffer element updated in place, a struct passed to __device__ functions by
//                   value and by reference, the origin a by-value kernel parameter
//   xorshift_slots  a one-member union of 64-bit words (`union Slot { unsigned long long data; }`),
//                   a grid-stride loop updating `t[i].data` through a local copy
//   swap_pairs      fields reached through pointers (`a->x = b->x`) in a swap helper, applied to
//                   elements of the buffer and of a local array of structs
//   reflect_rays    helper_math.h-style vector arithmetic: user operators on float3, functions
//                   returning float3 and Point3, calls nested in calls
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

__device__ void swap_points(Point3* a, Point3* b)
{
    Point3 t;
    t.x = a->x;
    t.y = a->y;
    t.z = a->z;
    a->x = b->x;
    a->y = b->y;
    a->z = b->z;
    *b = t;
}

// pts[2k] and pts[2k + 1] exchanged; a local pair rotated the same way adds (k, -k, 2k) to the first
__global__ void swap_pairs(int pairs, Point3* pts)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= pairs) return;
    swap_points(pts + 2 * k, &pts[2 * k + 1]);
    Point3 local[2];
    local[0].x = 0.0f;
    local[0].y = 0.0f;
    local[0].z = 0.0f;
    local[1].x = k;
    local[1].y = -k;
    local[1].z = 2 * k;
    swap_points(&local[0], &local[1]);
    pts[2 * k].x += local[0].x;
    pts[2 * k].y += local[0].y;
    pts[2 * k].z += local[0].z;
}

inline __device__ float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
inline __device__ float3 operator-(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
inline __device__ float3 operator*(float3 a, float s) { return make_float3(a.x * s, a.y * s, a.z * s); }
inline __device__ float dot3(float3 a, float3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

__device__ float3 normalized(float3 v)
{
    float inv = rsqrtf(dot3(v, v));
    return v * inv;
}

__device__ Point3 as_point(float3 v)
{
    Point3 p;
    p.x = v.x;
    p.y = v.y;
    p.z = v.z;
    return p;
}

// each ray direction reflected about the unit normal n: d - 2 (d . n) n, written as a Point3
__global__ void reflect_rays(int n, const float3* dirs, const float3* normals, Point3* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float3 unit = normalized(normals[i]);
    out[i] = as_point(dirs[i] - unit * (2.0f * dot3(dirs[i], unit)));
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
    swap_pairs<<<(N / 2 + 127) / 128, 128>>>(N / 2, pts);
    cudaDeviceSynchronize();
    cudaFree(pts); cudaFree(out); cudaFree(dist); cudaFree(slots);
    return 0;
}
