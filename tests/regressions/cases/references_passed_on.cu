// A reference parameter a __device__ function writes only by passing it on to another function's
// reference parameter (mmcv's check_pt_in_box3d -> lidar_to_local_coords). It was read as a value, so the
// caller's variable never changed: converted, with wrong answers. Fixed in lift/references_as_values.py.
//
// EXPECT: points_in_boxes<float> pass
// EXPECT: chained_updates pass

template <typename T>
__device__ inline void to_local(T shift_x, T shift_y, T rot, T& local_x, T& local_y) {
  T c = cos(rot), s = sin(rot);
  local_x = shift_x * c - shift_y * s;
  local_y = shift_x * s + shift_y * c;
}

template <typename T>
__device__ inline int in_box(const T* pt, const T* box, T& local_x, T& local_y) {
  if (fabs(pt[2] - box[2]) > box[5] / 2) return 0;
  to_local(pt[0] - box[0], pt[1] - box[1], box[6], local_x, local_y);
  return (local_x > -box[3] / 2) & (local_x < box[3] / 2) & (local_y > -box[4] / 2) & (local_y < box[4] / 2);
}

template <typename T>
__global__ void points_in_boxes(const T* boxes, const T* pts, int* flags, int* cells, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const T* box = boxes + 7 * (i % 4);
  T local_x = 0, local_y = 0;
  int inside = in_box(pts + 3 * i, box, local_x, local_y);
  flags[i] = inside;
  cells[i] = int((local_x + box[3] / 2) * 8) * 100 + int((local_y + box[4] / 2) * 8);
}

template __global__ void points_in_boxes<float>(const float*, const float*, int*, int*, int);

__device__ void bump(float& acc, float v) { acc += v; }
__device__ void bump_twice(float& acc, float v) { bump(acc, v); bump(acc, 2.0f * v); }
__device__ float bump_and_read(float& acc, const float& v) { bump_twice(acc, v); return acc * v; }

__global__ void chained_updates(const float* x, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc = 1.0f;
  float r = bump_and_read(acc, x[i]);
  out[i] = r;
  out[n + i] = acc;
}
