"""cuda2tile/passes/private_arrays_in_shared.py: a per-thread array kept across a barrier that one
phase indexes two ways (`v[j]` in a loop and `v[0]`) goes to shared memory, where TileLang takes any
index; one indexed one way per phase stays a fragment. Parity and CUDA/HIP lowering of both are in
tests/regressions/cases/thread_indexed_local_arrays.cu."""

from __future__ import annotations

from cuda2tile.ir import tile_ir as I
from cuda2tile.passes.private_arrays_in_shared import private_arrays_in_shared
from test_select_local_elements import CASE, _steps

ONE_WAY = """
__global__ void one_way(int n, const float* x, float* out) {
  __shared__ float tile[64];
  int t = threadIdx.x;
  float acc[4];
  for (int j = 0; j < 4; ++j) acc[j] = x[t] * j;
  tile[t] = x[t];
  __syncthreads();
  for (int j = 0; j < 4; ++j) acc[j] += tile[(t + j) % 64];
  __syncthreads();
  for (int j = 0; j < 4; ++j) out[t * 4 + j] = acc[j];
}
"""


def _private(kernel: I.Kernel) -> dict[str, I.DeclPrivate]:
    return {s.name: s for s in kernel.body if isinstance(s, I.DeclPrivate)}


def test_an_array_indexed_two_ways_in_one_phase_goes_to_shared_memory():
    steps = _steps(CASE, "loop_and_constant_across_barrier")
    assert not _private(steps["privatize"])["v"].shared
    assert _private(steps["private_arrays_in_shared"])["v"].shared
    again = private_arrays_in_shared(steps["private_arrays_in_shared"])
    assert again == steps["private_arrays_in_shared"]


def test_an_array_indexed_one_way_per_phase_stays_a_fragment(tmp_path):
    path = tmp_path / "one_way.cu"
    path.write_text(ONE_WAY)
    steps = _steps(path, "one_way")
    assert "acc" in _private(steps["privatize"])
    assert private_arrays_in_shared(steps["privatize"]) is steps["privatize"]
