// Issue 15, "the rest of the class": user types taken for the library types they are named after.
//   user_constructor  `Scaled(x)` (a constructor with its own body) was lifted as a cast of x; refused
//                     after that, it is now lifted as the function it is (it returns the object it builds);
//                     parity cannot build this file (the user's `half` below), so constructors with
//                     arguments are checked by corpus/indexing/range_loops.cu and constructed_objects.cu
//   user_half_struct  a user's `struct half { float v; }` was typed as float16 because of its name; it is a
//                     struct of one float (lift/struct_lanes.py), converted as float32 (tests/test_struct_lanes.py
//                     checks the dtype: the CPU runtime's own `half` typedef keeps parity from building it)
//   variadic_call     the extra arguments of a variadic __device__ function were dropped
// EXPECT: user_constructor converted
// EXPECT: user_half_struct converted
// EXPECT: variadic_call refused C2T1202
struct Scaled {
    float v;
    __device__ Scaled(float x) : v(x * 2.0f) {}
};

__global__ void user_constructor(const float* in, float* out)
{
    out[threadIdx.x] = Scaled(in[threadIdx.x]).v;
}

struct half { float v; };

__global__ void user_half_struct(half* out)
{
    out[threadIdx.x].v = 1.0f;
}

__device__ int first_of(int n, ...) { return n; }

__global__ void variadic_call(int* out)
{
    out[threadIdx.x] = first_of(1, 2, 3);
}
