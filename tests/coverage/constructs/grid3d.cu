// A 3-D grid-stride walk reads gridDim.y and gridDim.z.
__global__ void fill3d(int nx, int ny, int nz, float* out)
{
    for (int z = blockIdx.z; z < nz; z += gridDim.z)        // EXPECT: z_next = z_next + grid_z
        for (int y = blockIdx.y; y < ny; y += gridDim.y)    // EXPECT: y_next = y_next + grid_y
            for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < nx; x += blockDim.x * gridDim.x)
                out[(z * ny + y) * nx + x] = 1.0f;
}
