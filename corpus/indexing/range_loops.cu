// Range-based for loops and structs with member functions, as tensor libraries
// write grid-stride loops: `for (int i : rows_of(n))` over a small range class
// whose iterator steps by the whole grid. Also range-for over local arrays (by
// value and by reference) and a struct whose constructors and methods keep state.
#include <cuda_runtime.h>

namespace grid {
namespace detail {
// A half-open range [first, last) visited with a stride; its end iterator has
// stride 0, so `!=` compares with `<` when it meets the end (stride > 0 always).
template <typename Index>
class StridedRange {
  struct Iterator {
    __device__ Iterator(Index at, Index stride) : at_(at), stride_(stride) {}
    __device__ Index operator*() const { return at_; }
    __device__ Iterator &operator++() {
      at_ += stride_;
      return *this;
    }
    __device__ bool operator!=(const Iterator &other) const {
      if (!other.stride_) return at_ < other.at_;
      if (!stride_) return other.at_ < at_;
      return at_ != other.at_;
    }

   private:
    Index at_;
    const Index stride_;
  };

 public:
  __device__ StridedRange(Index first, Index stride, Index last)
      : first_(first), stride_(stride), last_(last) {}
  __device__ Iterator begin() const { return Iterator{first_, stride_}; }
  __device__ Iterator end() const { return Iterator(last_, 0); }

 private:
  Index first_;
  Index stride_;
  Index last_;
};
}  // namespace detail

// rows_of(n): this thread's indices along x of a grid-stride loop over [0, n)
template <typename Index>
__device__ detail::StridedRange<Index> along_x(Index count) {
  return detail::StridedRange<Index>(blockIdx.x * blockDim.x + threadIdx.x,
                                     gridDim.x * blockDim.x, count);
}
template <typename Index>
__device__ detail::StridedRange<Index> along_y(Index count) {
  return detail::StridedRange<Index>(blockIdx.y * blockDim.y + threadIdx.y,
                                     gridDim.y * blockDim.y, count);
}
}  // namespace grid

// A running mean and maximum, started by its default constructor.
struct Moments {
  float sum;
  float peak;
  float count;
  __device__ Moments() : sum(0.f), peak(-1e30f), count(0.f) {}
  __device__ void add(float v) {
    sum += v;
    peak = fmaxf(peak, v);
    count += 1.f;
  }
  __device__ float mean() const { return count > 0.f ? sum / count : 0.f; }
};

// Fields with default member initialisers: the implicit constructor sets them.
struct Window {
  float lo = -1.f;
  float hi = 1.f;
  __device__ float clamp(float v) const { return fminf(fmaxf(v, lo), hi); }
};

// y[i] = x[i] * (w0 + w1 + w2), a grid-stride loop through the range class,
// the weights summed by a range-for over a local array.
template <typename T>
__global__ void range_scale(T *y, const T *x, int n) {
  T taps[3] = {T(0.5), T(0.25), T(0.125)};
  for (int i : grid::along_x<int>(n)) {
    T s = 0;
    for (T t : taps) s += t;
    y[i] = x[i] * s;
  }
}

// A 2-D grid-stride loop over rows and columns, and a reference range-for that
// writes a local array in place.
__global__ void range_rows(float *out, const float *in, int rows, int cols) {
  for (int r : grid::along_y<int>(rows)) {
    for (int c : grid::along_x<int>(cols)) {
      float v[4];
      for (int k = 0; k < 4; ++k) v[k] = in[(r * cols + c) * 4 + k];
      for (float &e : v) e = e * e + 1.f;
      float total = 0.f;
      for (const float &e : v) total += e;
      out[r * cols + c] = total;
    }
  }
}

// Per-row statistics through a struct with a default constructor and methods.
__global__ void row_moments(float *mean, float *peak, const float *x, int rows, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows) return;
  Moments m;
  Window w;
  for (int c = 0; c < cols; ++c) m.add(w.clamp(x[r * cols + c]));
  mean[r] = m.mean();
  peak[r] = m.peak;
}

void launch_range_scale(float *yf, const float *xf, double *yd, const double *xd, int n) {
  range_scale<float><<<5, 128>>>(yf, xf, n);
  range_scale<double><<<3, 64>>>(yd, xd, n);
}
