// RUN: %cuda2tile convert %s -o - --quiet | %filecheck %s
// 2-D and 3-D grids and blocks; other spellings of the global index; the launch gives the default block.

__global__ void add2d(int w, int h, const float* a, float* b) {
  int col = threadIdx.x + blockDim.x * blockIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (col < w && row < h) b[row * w + col] = a[row * w + col] + 1.0f;
}
// CHECK-LABEL: def add2d(*, block=(32, 8), target="cuda"):
// CHECK:       block_x, block_y, = _block_dims(block, 2, "add2d")
// CHECK:       def add2d(w: T.int32, h: T.int32, a: T.Tensor((a_len,), "float32"), b: T.Tensor((b_len,), "float32"), grid_x: T.int32, grid_y: T.int32):
// CHECK-NEXT:      with T.Kernel(grid_x, grid_y, threads=block_x * block_y) as (bx, by):
// CHECK-NEXT:          for ty, tx in T.Parallel(block_y, block_x):
// CHECK:                   col = tx + block_x * bx
// CHECK:                   row = by * block_y + ty
// CHECK:                   if col < w and row < h:
// CHECK-NEXT:                  b[row * w + col] = a[row * w + col] + T.float32(1.0)

__global__ void fill3d(int nx, int ny, int nz, float* v) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < nx && y < ny && z < nz) v[(z * ny + y) * nx + x] = (float)(x + y + z + gridDim.z);
}
// CHECK-LABEL: def fill3d(*, block=None, target="cuda"):
// CHECK:       with T.Kernel(grid_x, grid_y, grid_z, threads=block_x * block_y * block_z) as (bx, by, bz):
// CHECK-NEXT:      for tz, ty, tx in T.Parallel(block_z, block_y, block_x):
// CHECK:               z = bz * block_z + tz
// CHECK:               if x < nx and y < ny and z < nz:
// CHECK-NEXT:              v[(z * ny + y) * nx + x] = T.cast(T.cast(x + y + z, "uint32") + T.cast(grid_z, "uint32"), "float32")

int main() {
  float *a, *b;
  dim3 block(32, 8);
  add2d<<<dim3(4, 4), block>>>(100, 30, a, b);
  return 0;
}
