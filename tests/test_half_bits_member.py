"""c10::Half's and c10::BFloat16's bits member `x` in a CAS loop on the 32-bit word holding the element
(tests/translation/half_bits_member.cu, the form pytorch_scatter's atomics take): the conversions run
on TileLang's C back end and add every element into its segment, high and low halves of the words
alike. Small integers keep every sum exact in any order; negative values set the sign bit, so the
upper half's `hsum.x << 16` is tested past 0x8000."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import torch

from cuda2tile.driver import convert_source
from cuda2tile.runtime import load_module
from cuda2tile.runtime.build import compile_c
from cuda2tile.spec.bfloat16 import to_bits, to_float32

SOURCE = Path(__file__).resolve().parent / "translation" / "half_bits_member.cu"


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    result, text = convert_source(str(SOURCE), "half_bits_member.cu")
    assert {k.cuda_name: k.status for k in result.kernels} == {
        "segment_add<c10::Half>": "converted", "segment_add<c10::BFloat16>": "converted", "half_defaults": "converted"}
    path = tmp_path_factory.mktemp("half_bits") / "half_bits_member.py"
    path.write_text(text)
    return load_module(path)


def _inputs(n=1000, segments=13, seed=3):
    rng = np.random.default_rng(seed)
    seg = rng.integers(0, segments, n).astype(np.int64)
    x = rng.integers(-2, 3, n).astype(np.float32)
    out = rng.integers(-20, 20, segments).astype(np.float32)
    expected = out.astype(np.float64)
    np.add.at(expected, seg, x)
    return seg, x, out, expected.astype(np.float32)


@pytest.mark.slow
def test_half_words_add_every_element(module):
    seg, x, out, expected = _inputs()
    kernel = compile_c(module.segment_add_c10_Half(block=(128,), target="c"))
    tx, tout = torch.from_numpy(x.astype(np.float16)), torch.from_numpy(out.astype(np.float16))
    kernel(len(x), torch.from_numpy(seg), tx, tout, (len(x) + 127) // 128)
    np.testing.assert_array_equal(tout.numpy().astype(np.float32), expected)


@pytest.mark.slow
def test_bfloat16_words_add_every_element(module):
    seg, x, out, expected = _inputs(seed=4)
    kernel = compile_c(module.segment_add_c10_BFloat16(block=(128,), target="c"))
    tx, tout = (torch.from_numpy(to_bits(v).view(np.int16)) for v in (x, out))
    kernel(len(x), torch.from_numpy(seg), tx, tout, (len(x) + 127) // 128)
    np.testing.assert_array_equal(to_float32(tout.numpy()), expected)


@pytest.mark.slow
def test_defaulted_constructors_and_bits_assignment(module):
    """`at::Half()` and a macro-declared `at::Half h;` are zero; `h.x = 0x3c00` makes h 1.0."""
    kernel = compile_c(module.half_defaults(block=(64,), target="c"))
    y = torch.full((100,), 7.0, dtype=torch.float16)
    kernel(y, 100, 2)
    np.testing.assert_array_equal(y.numpy(), np.ones(100, np.float16))
