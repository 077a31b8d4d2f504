// 3-D launches: a naive 7-point Laplacian on an nz x ny x nx volume with 3-D
// blocks and grids (interior points only), and a kernel that encodes each
// thread's 3-D coordinates into an int with shifts and ors.
#include <cuda_runtime.h>

__global__ void laplace3d(int nx, int ny, int nz, const float* __restrict__ src, float* __restrict__ out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= 1 && x < nx - 1 && y >= 1 && y < ny - 1 && z >= 1 && z < nz - 1) {
        int plane = nx * ny;
        int c = (z * ny + y) * nx + x;
        float s = src[c - 1] + src[c + 1];
        s += src[c - nx] + src[c + nx];
        s += src[c - plane] + src[c + plane];
        out[c] = s - 6.0f * src[c];
    }
}

// out[z][y][x] = x | (y << 10) | (z << 20)
__global__ void coords3d(int nx, int ny, int nz, int* out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= nx || y >= ny || z >= nz) return;
    out[(z * ny + y) * nx + x] = x | (y << 10) | (z << 20);
}

int main()
{
    const int NX = 37;
    const int NY = 29;
    const int NZ = 21;
    float *src, *out;
    int* codes;
    cudaMalloc(&src, NX * NY * NZ * sizeof(float));
    cudaMalloc(&out, NX * NY * NZ * sizeof(float));
    cudaMalloc(&codes, NX * NY * NZ * sizeof(int));
    cudaMemset(src, 0, NX * NY * NZ * sizeof(float));

    dim3 block(8, 8, 4);
    dim3 grid((NX + 7) / 8, (NY + 7) / 8, (NZ + 3) / 4);
    laplace3d<<<grid, block>>>(NX, NY, NZ, src, out);

    dim3 block2(4, 4, 4);
    dim3 grid2((NX + 3) / 4, (NY + 3) / 4, (NZ + 3) / 4);
    coords3d<<<grid2, block2>>>(NX, NY, NZ, codes);
    cudaDeviceSynchronize();

    cudaFree(src);
    cudaFree(out);
    cudaFree(codes);
    return 0;
}
