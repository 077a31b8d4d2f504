"""Launch specs: C size expressions evaluated safely (never Python eval), clear errors for bad specs."""

from __future__ import annotations

import numpy as np
import pytest

from c2t_testsupport import CORPUS
from cuda2tile.spec.cexpr import CExprError, evaluate
from cuda2tile.spec.launch_spec import SpecError, load_spec


@pytest.mark.parametrize("text,names,value", [
    ("(n + 255) / 256", {"n": 1000}, 4), ("-7 / 2", {}, -3), ("-7 % 2", {}, -1), ("7 % -2", {}, 1),
    ("0x1F + 010", {}, 39), ("10u + 1ULL", {}, 11), ("1 << 10", {}, 1024), ("n > 3 ? n : 3", {"n": 5}, 5),
    ("(float)n / 4", {"n": 1}, 0.25), ("2.5f * 2", {}, 5.0), ("!0 && (3 | 4) == 7", {}, 1), (12, {}, 12),
])
def test_c_expressions(text, names, value):
    assert evaluate(text, names) == value


@pytest.mark.parametrize("text", ["__import__('os').system('true')", "n +", "f(3)", "x", "1 / 0", "a[0]", ""])
def test_rejected_expressions(text):
    with pytest.raises(CExprError):
        evaluate(text, {"n": 3})


def test_every_corpus_spec_loads_and_builds_inputs():
    for toml in sorted(CORPUS.rglob("*.toml")):
        for spec in load_spec(toml):
            inputs = spec.make_inputs(seed=1)
            assert set(inputs) == set(spec.args)
            assert all(g >= 1 for g in spec.grid_values())
            again = spec.make_inputs(seed=1)
            for k, v in inputs.items():
                # equal_nan: literal inputs may hold NaN (corpus/elementwise/float_class.toml)
                assert np.array_equal(v, again[k], equal_nan=v.dtype.kind == "f") if hasattr(v, "shape") \
                    else v == again[k]


@pytest.mark.parametrize("body,message", [
    ("[[kernel]]\nblock = [256]\ngrid = [1]\n", "needs a `name`"),
    ("[[kernel]]\nname = 'k'\nblock = [0]\ngrid = [1]\n", "block must be"),
    ("[[kernel]]\nname = 'k'\nblock = [32]\ngrid = [1]\n[kernel.args]\nx = { dtype = 'complex64', shape = [4] }\n",
     "dtype must be"),
    ("[[kernel]]\nname = 'k'\nblock = [32]\ngrid = [1]\n[kernel.args]\nx = { shape = [4] }\n", "needs `value`"),
    ("[[kernel]]\nname = 'k'\nblock = [32]\ngrid = [1]\n[kernel.tolerance]\nrtol = 0.1\n", "needs a `reason`"),
    ("this is not toml", "invalid TOML"),
])
def test_bad_specs_are_reported(tmp_path, body, message):
    path = tmp_path / "bad.toml"
    path.write_text(body)
    with pytest.raises(SpecError) as info:
        load_spec(path)
    assert message in str(info.value) and info.value.code == "C2T1301"
