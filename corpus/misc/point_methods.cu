// Structs with member functions used the way geometry kernels use them: a 2-D point with a default
// constructor that sets nothing, a two-argument constructor, `set` writing the object and operators
// returning new points; a local array of points filled through `corners[k].set(...)`, rotated in place
// by a helper taking `Point&` (an element of the local array), and a buffer element updated through a
// member function (`pts[i].shift(d)`).
#include <cuda_runtime.h>

struct Point {
  float x, y;
  __device__ Point() {}
  __device__ Point(float px, float py) : x(px), y(py) {}
  __device__ void set(float px, float py) {
    x = px;
    y = py;
  }
  __device__ void shift(const Point &d) {
    x += d.x;
    y += d.y;
  }
  __device__ Point operator+(const Point &b) const { return Point(x + b.x, y + b.y); }
  __device__ Point operator-(const Point &b) const { return Point(x - b.x, y - b.y); }
};

__device__ inline float cross(const Point &a, const Point &b) { return a.x * b.y - a.y * b.x; }

// p rotated by the angle (c = cos, s = sin) around centre
__device__ inline void rotate_around(const Point &centre, float c, float s, Point &p) {
  float dx = p.x - centre.x, dy = p.y - centre.y;
  p.set(dx * c - dy * s + centre.x, dx * s + dy * c + centre.y);
}

// Area of each box (cx, cy, w, h, angle) computed from its four rotated corners by the shoelace
// formula; equals w * h up to rounding.
__global__ void box_areas(const float *boxes, float *area, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float *b = boxes + i * 5;
  Point centre(b[0], b[1]);
  float hw = b[2] / 2, hh = b[3] / 2;
  Point corners[5];
  corners[0].set(b[0] - hw, b[1] - hh);
  corners[1].set(b[0] + hw, b[1] - hh);
  corners[2].set(b[0] + hw, b[1] + hh);
  corners[3].set(b[0] - hw, b[1] + hh);
  float c = cosf(b[4]), s = sinf(b[4]);
  for (int k = 0; k < 4; k++) rotate_around(centre, c, s, corners[k]);
  corners[4] = corners[0];
  float twice = 0.f;
  for (int k = 0; k < 4; k++) twice += cross(corners[k] - centre, corners[k + 1] - centre);
  area[i] = fabsf(twice) / 2;
}

// pts[i] += offsets[i % m], through a member function of the buffer's element
__global__ void shift_points(Point *pts, const Point *offsets, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  pts[i].shift(offsets[i % m]);
}
