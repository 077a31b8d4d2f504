"""cuda2tile/lift/conditional_lvalues.py: `(c ? a : b) op= v;` becomes `if (c) a op= v; else b op= v;`
when neither `c` nor `v` has an effect; anything else stays as written (and is refused by the lift);
the rewrite is pure. The numbers: a kernel written both ways converts to the same results."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from cuda2tile.driver import convert_source
from cuda2tile.lift.conditional_lvalues import conditional_lvalues
from cuda2tile.parse import cuda_ast as A
from cuda2tile.parse.frontend import parse_file
from cuda2tile.runtime import load_module
from cuda2tile.runtime.build import compile_c

SOURCE = """
template <int G>
__global__ void bias(float* x, float* xref, const float* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i], r = xref[i];
  ((G == 0) ? v : r) += b[i];
  (i & 1 ? x[i] : (i & 2 ? xref[i] : v)) = v * r;
  if (G == 1) xref[i] += v;
}
template __global__ void bias<0>(float*, float*, const float*, int);
template __global__ void bias<1>(float*, float*, const float*, int);
__device__ int next(int* c) { return ++*c; }
__global__ void effectful(int* x, int* y, int* c) {
  (next(c) > 1 ? x[threadIdx.x] : y[threadIdx.x]) = 1;
}
"""


def _functions(tmp_path) -> dict[str, A.Function]:
    src = tmp_path / "k.cu"
    src.write_text(SOURCE)
    return {f.name: f for f in parse_file(str(src)).unit.functions}


def _conditional_targets(node) -> int:
    return sum(isinstance(n, A.Assign) and isinstance(n.target, A.Conditional) for n in A.walk(node))


def test_assignment_to_either_becomes_an_if(tmp_path):
    fn = _functions(tmp_path)["bias<0>"]
    out = conditional_lvalues(fn)
    assert _conditional_targets(fn.body) == 2 and _conditional_targets(out.body) == 0
    nested = [n for n in A.walk(out.body) if isinstance(n, A.If) and isinstance(n.other, A.If)]
    assert nested, "the nested `?:` becomes an if inside the else branch"
    assert conditional_lvalues(out) is out  # nothing left to rewrite: the same object


def test_an_effect_in_the_condition_is_left_to_the_lift_to_refuse(tmp_path):
    fn = _functions(tmp_path)["effectful"]
    assert conditional_lvalues(fn).body == fn.body
    result, _ = convert_source(str(tmp_path / "k.cu"), "k.cu")
    refused = next(k for k in result.kernels if k.cuda_name == "effectful")
    assert refused.status == "unsupported" and refused.diagnostics[0].code == "C2T1202"


@pytest.mark.slow
def test_converted_kernels_compute_what_c_does(tmp_path):
    _functions(tmp_path)
    result, module = convert_source(str(tmp_path / "k.cu"), "k.cu")
    path = tmp_path / "k.py"
    path.write_text(module)
    mod = load_module(path)
    n = 300
    rng = np.random.default_rng(5)
    for g, factory in ((0, mod.bias_0), (1, mod.bias_1)):
        x0, xr0, b = (rng.standard_normal(n).astype(np.float32) for _ in range(3))
        x, xref = x0.copy(), xr0.copy()
        kernel = compile_c(factory(block=(128,), target="c"))
        tx, txr = torch.from_numpy(x), torch.from_numpy(xref)
        kernel(tx, txr, torch.from_numpy(b), n, (n + 127) // 128)
        ex, exr = x0.copy(), xr0.copy()
        for i in range(n):
            v, r = x0[i], xr0[i]
            if g == 0:
                v = np.float32(v + b[i])
            else:
                r = np.float32(r + b[i])
            if i & 1:
                ex[i] = np.float32(v * r)
            elif i & 2:
                exr[i] = np.float32(v * r)
            else:
                v = np.float32(v * r)
            if g == 1:
                exr[i] = np.float32(exr[i] + v)
        np.testing.assert_array_equal(tx.numpy(), ex)
        np.testing.assert_array_equal(txr.numpy(), exr)
