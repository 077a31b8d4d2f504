"""A __device__ function lifted into its caller (it writes back through a pointer, synchronises, or
returns a vector) whose arguments hold calls that must be lifted too: the argument calls first, in
order, then the function (`Reducer::update(&val, __shfl_down_sync(FULL, val, i))`, pytorch_scatter's
segment reductions; `normalize(a + b) * 2.0f` with helper_math.h's float3 operators). The numbers on
TileLang's C back end against numpy."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from cuda2tile.driver import convert_source
from cuda2tile.runtime import load_module
from cuda2tile.runtime.build import compile_c

SOURCE = """
template <typename T> struct Sum {
  static inline __device__ void update(T* val, T new_val) { *val += new_val; }
};
__global__ void warp_sums(const float* x, float* out) {
  float val = x[blockIdx.x * blockDim.x + threadIdx.x];
  for (int i = 16; i > 0; i /= 2) Sum<float>::update(&val, __shfl_down_sync(0xffffffff, val, i));
  if (threadIdx.x % 32 == 0) out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = val;
}
inline __device__ float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
inline __device__ float3 operator*(float3 a, float s) { return make_float3(a.x * s, a.y * s, a.z * s); }
__device__ float3 twice(float3 v) { return v * 2.0f; }
__global__ void nested(int n, const float3* a, const float3* b, float3* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = twice(a[i] + b[i]) + a[i];
}
"""


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    folder = tmp_path_factory.mktemp("inline_arguments")
    (folder / "k.cu").write_text(SOURCE)
    result, text = convert_source(str(folder / "k.cu"), "k.cu")
    assert {k.cuda_name: k.status for k in result.kernels} == {"warp_sums": "converted", "nested": "converted"}
    (folder / "k.py").write_text(text)
    return load_module(folder / "k.py")


@pytest.mark.slow
def test_a_shuffle_in_the_argument_of_a_lifted_function(module):
    x = np.random.default_rng(2).integers(-50, 50, 256).astype(np.float32)
    out = torch.zeros(8, dtype=torch.float32)
    compile_c(module.warp_sums(block=(128,), target="c"))(torch.from_numpy(x), out, 2)
    np.testing.assert_array_equal(out.numpy(), x.reshape(8, 32).sum(axis=1))


@pytest.mark.slow
def test_vector_calls_nested_in_vector_calls(module):
    rng = np.random.default_rng(3)
    a, b = (rng.integers(-8, 8, 300).astype(np.float32) for _ in range(2))
    out = torch.zeros(300, dtype=torch.float32)
    compile_c(module.nested(block=(64,), target="c"))(100, torch.from_numpy(a), torch.from_numpy(b), out, 2)
    np.testing.assert_array_equal(out.numpy(), (a + b) * 2 + a)
