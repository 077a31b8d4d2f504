// RUN: %cuda2tile convert %s -o - --quiet 2>%t.err | %filecheck %s
// RUN: %filecheck --check-prefix=DIAG %s --input-file %t.err
// A range-based for is the loop C++ defines it to be: the range kept in a variable, an iterator from
// its begin() and one from its end(), `!=` tested and `++` applied through the iterator's own member
// functions, the loop variable read with `*`. Member functions of structs with state take their
// object as a first parameter `this` (by reference: `++it` writes the caller's iterator); a
// constructor returns the object it builds. Over a local array the loop counts through it, and a
// reference loop variable is the element itself.

template <typename I>
struct Span {
  struct It {
    __device__ It(I at) : at_(at) {}
    __device__ I operator*() const { return at_; }
    __device__ It& operator++() { at_ += 2; return *this; }
    __device__ bool operator!=(const It& o) const { return at_ < o.at_; }
    I at_;
  };
  __device__ Span(I lo, I hi) : lo_(lo), hi_(hi) {}
  __device__ It begin() const { return It(lo_); }
  __device__ It end() const { return It(hi_); }
  I lo_, hi_;
};

__global__ void every_other(float* y, int n) {
  for (int i : Span<int>(threadIdx.x * 2, n)) y[i] = 1.0f;
}
// CHECK-LABEL: def every_other(
// CHECK:      def It__operator__(this_at_, o_at_):
// CHECK-NEXT:     """`__device__ It::operator!=` (range_for.cu:16)."""
// CHECK:          return this_at_ < o_at_
// CHECK:      def It__operator_(this_at_):
// CHECK:          return this_at_
// The constructor's list sets the fields; begin() and end() build iterators:
// CHECK:      this_lo_ = lo
// CHECK-NEXT: this_hi_ = hi
// CHECK:      loop_it_at_ = Span__begin_result_at_
// CHECK:      loop_end_at_ = Span__end_result_at_
// `!=` is a macro: tested at the top of every trip (in a `while` header TileLang would expand it once)
// CHECK:      while forever != 0:
// CHECK-NEXT:     if not It__operator__(loop_it_at_, loop_end_at_):
// CHECK-NEXT:         break
// CHECK-NEXT:     i = It__operator_(loop_it_at_)
// CHECK-NEXT:     y[i] = T.float32(1.0)
// `++it` is inlined: it writes the caller's iterator, and its `return *this` returns nothing new
// CHECK-NEXT:     # range_for.cu:15: __device__ It& operator++() { at_ += 2; return *this; }
// CHECK-NEXT:     loop_it_at_ = loop_it_at_ + 2

__global__ void array_loops(float* y) {
  float w[3] = {1.0f, 2.0f, 4.0f};
  for (float& v : w) v = v * y[threadIdx.x];
  float s = 0.0f;
  for (float v : w) s += v;
  y[threadIdx.x] = s;
}
// CHECK-LABEL: def array_loops(
// CHECK:      for loop_k in T.serial(3):
// CHECK-NEXT:     w[loop_k] = w[loop_k] * y[tx]
// CHECK:      for loop_k_1 in T.serial(3):
// CHECK-NEXT:     v = w[loop_k_1]
// CHECK-NEXT:     s = s + v

// A while condition that calls a macro is tested at the top of every trip: in the loop's header
// TileLang expands the call once, before the loop, with the arguments' first values.
__device__ bool more(int i, int n) {
  if (n > 100) return i < 100;
  return i < n;
}
__global__ void helper_condition(float* y, int n) {
  int i = threadIdx.x;
  while (more(i, n)) { y[i] = 2.0f; i += blockDim.x; }
}
// CHECK-LABEL: def helper_condition(
// CHECK:      while forever != 0:
// CHECK-NEXT:     if not more(i, {{.*}}):
// CHECK-NEXT:         break

// A default constructor that sets fields runs where the object is declared.
struct Acc {
  float s;
  float n;
  __device__ Acc() : s(1.5f), n(3.0f) {}
};
__global__ void default_constructed(float* y, const float* x) {
  Acc a;
  a.s += x[threadIdx.x];
  y[threadIdx.x] = a.s * a.n;
}
// CHECK-LABEL: def default_constructed(
// CHECK:      this_s = T.float32(1.5)
// CHECK-NEXT: this_n = T.float32(3.0)
// CHECK:      a_s = Acc__Acc_result_s
// CHECK-NEXT: a_n = Acc__Acc_result_n

// A member function returning a reference to anything but its own object is refused.
struct Cell {
  float v, w;
  __device__ float& first() { return v; }
};
__global__ void reference_member(float* y) {
  Cell c;
  c.v = 1.0f;
  c.w = 2.0f;
  y[threadIdx.x] = c.first();
}
// DIAG: range_for.cu:{{[0-9]+}}:{{[0-9]+}}: warning: C2T1207: kernel 'reference_member' is not converted: 'Cell::first' returns an unsupported type

// A range over a type whose iterator has no member operator!= is refused, naming the type.
struct Bare {
  struct It { int at; };
  __device__ It begin() const { return It{0}; }
  __device__ It end() const { return It{4}; }
};
__device__ bool operator!=(Bare::It a, Bare::It b) { return a.at != b.at; }
__device__ Bare::It& operator++(Bare::It& a) { ++a.at; return a; }
__device__ int operator*(Bare::It a) { return a.at; }
__global__ void free_operators(float* y) {
  for (int k : Bare()) y[k] = 0.0f;
}
// DIAG: range_for.cu:[[# @LINE - 2]]:{{[0-9]+}}: warning: C2T1201: kernel 'free_operators' is not converted: unsupported statement: range-based for over 'Bare': its end() or its iterator's operator!= and operator++ were not found
