"""`std::numeric_limits<c10::Half>::lowest()` and its kin for the 16-bit float types (issue 18): the result
is a class clang does not evaluate, so the values come from `op_coverage.lifting.HALF_LIMITS` (the bit
patterns of c10/util/Half.h and BFloat16.h). pytorch_scatter's reducers start from `lowest()`: 24
instantiations were refused "no TileLang mapping for 'lowest'". Checked here against numpy's own
float16 limits and the bfloat16 bits, by running the converted kernels on TileLang's C back end."""

from __future__ import annotations

import importlib.util
import sys

import numpy as np
import pytest

from c2t_testsupport import run_cli

MEMBERS = ("lowest", "max", "min", "epsilon", "denorm_min", "infinity")
SOURCE = """#include <torch/extension.h>
#include <ATen/NumericUtils.h>
#include <limits>
template <typename scalar_t>
__global__ void limits(scalar_t* out) {
  out[0] = std::numeric_limits<scalar_t>::lowest();
  out[1] = std::numeric_limits<scalar_t>::max();
  out[2] = std::numeric_limits<scalar_t>::min();
  out[3] = std::numeric_limits<scalar_t>::epsilon();
  out[4] = std::numeric_limits<scalar_t>::denorm_min();
  out[5] = std::numeric_limits<scalar_t>::infinity();
  out[6] = at::numeric_limits<scalar_t>::lower_bound();
}
template __global__ void limits<at::Half>(at::Half*);
template __global__ void limits<at::BFloat16>(at::BFloat16*);
"""


def _bf16(value: float) -> int:
    """The bfloat16 bits of a value bfloat16 represents exactly (the top half of its float32 bits)."""
    bits = int(np.array([value], np.float32).view(np.uint32)[0])
    assert bits & 0xFFFF == 0, value
    return bits >> 16


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("limits")
    (tmp / "limits.cu").write_text(SOURCE)
    done = run_cli("convert", str(tmp / "limits.cu"), "-o", str(tmp / "out"), "--quiet")
    assert done.returncode == 0, done.stderr
    spec = importlib.util.spec_from_file_location("c2t_half_limits", tmp / "out" / "limits.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["c2t_half_limits"] = mod
    spec.loader.exec_module(mod)
    yield mod
    sys.modules.pop("c2t_half_limits", None)


def _run(module, name: str, dtype):
    import tilelang
    import torch

    kernel = tilelang.compile(module.KERNELS[name]["factory"](block=(1,), target="c"), target="c")
    out = torch.zeros(8, dtype=dtype)
    kernel(out, 1)
    return out.numpy()


@pytest.mark.slow
def test_half_limits_are_numpys(module):
    got = _run(module, "limits<c10::Half>", __import__("torch").float16)
    info = np.finfo(np.float16)
    want = np.array([info.min, info.max, info.tiny, info.eps, info.smallest_subnormal, np.inf, -np.inf, 0],
                    np.float16)
    np.testing.assert_array_equal(got.view(np.uint16), want.view(np.uint16))


@pytest.mark.slow
def test_bfloat16_limits_are_its_bits(module):
    got = _run(module, "limits<c10::BFloat16>", __import__("torch").int16).view(np.uint16)
    want = [0xFF7F, 0x7F7F, 0x0080, 0x3C00, 0x0001, 0x7F80, 0xFF80, 0]
    assert [hex(int(b)) for b in got] == [hex(b) for b in want]
    assert _bf16(-3.3895313892515355e38) == 0xFF7F  # lowest: -(2 - 2^-7) * 2^127
