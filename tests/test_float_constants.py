"""Float constants at the ends of their range lower for CUDA: `-FLT_MAX` printed as its shortest float
decimal, -3.4028235e+38, lies below -FLT_MAX as a double and TVM refused it ("Literal value -3.40282e+38
exceeds minimum of float32"): caffe's MaxPoolForward and mmcv's roi_pool_forward converted but did not
lower for CUDA. Such constants are printed exactly (emit/printer.py: float_repr)."""

from __future__ import annotations

import numpy as np

from cuda2tile.emit.printer import float_repr
from c2t_testsupport import run_cli
from cuda2tile.runtime import load_module

SOURCE = """\
#include <cfloat>
__global__ void max_pool(int n, const float* x, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float best = -FLT_MAX;
  float low = FLT_MAX;
  for (int j = 0; j < 4; j++) { best = fmaxf(best, x[4 * i + j]); low = fminf(low, x[4 * i + j]); }
  out[i] = best - low;
}
"""


def test_range_ends_print_exactly_and_the_rest_shortest():
    for dtype in ("float32", "float16"):
        top = float(np.finfo(dtype).max)
        for value in (top, -top):
            assert abs(float(float_repr(value, dtype))) <= top  # within range as a double
            assert getattr(np, dtype)(float_repr(value, dtype)) == getattr(np, dtype)(value)
    assert float_repr(0.1, "float32") == "0.1" and float_repr(-np.inf, "float32") == "-inf"


def test_minus_flt_max_lowers_for_cuda(tmp_path):
    import tilelang
    from tilelang import tvm
    from cuda2tile.runtime.build import cuda_target

    cu = tmp_path / "max_pool.cu"
    cu.write_text(SOURCE)
    done = run_cli("convert", str(cu), "-o", str(tmp_path / "out"), "--quiet")
    assert done.returncode == 0, done.stderr
    module = load_module(tmp_path / "out" / "max_pool.py")
    target = cuda_target("sm_90")
    with tvm.target.Target(target):
        tilelang.lower(module.max_pool(block=(64,), target="cuda"), target=target, enable_device_compile=False)
