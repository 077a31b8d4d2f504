"""raise_tile_copy numerically: the kernels of tests/translation/raise_tile_copy.cu (where the emitted
forms are shown), raised and with --no-raise=tile_copy, on the C back end, with and without a tail
block (the block that keeps the element-wise phase)."""

from __future__ import annotations

import numpy as np
import pytest

from c2t_testsupport import ROOT, run_cli

SOURCE = ROOT / "tests" / "translation" / "raise_tile_copy.cu"
BLOCK = 256


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    from cuda2tile.runtime import load_module

    out = {}
    for label, flags in (("raised", []), ("faithful", ["--no-raise=tile_copy"])):
        out_dir = tmp_path_factory.mktemp(label)
        result = run_cli("convert", str(SOURCE), "-o", str(out_dir), "--quiet", *flags)
        assert result.returncode == 0, result.stderr
        out[label] = load_module(out_dir / "raise_tile_copy.py")
        out[label + "_text"] = (out_dir / "raise_tile_copy.py").read_text()
    return out


def _run(modules, label, name, inputs, blocks):
    from cuda2tile.runtime import build_c, run_c

    info = modules[label].KERNELS[name]
    return run_c(build_c(info, (BLOCK,)), info, inputs, (blocks,))


@pytest.mark.slow
@pytest.mark.parametrize("n", [3 * BLOCK, 3 * BLOCK - 5, BLOCK - 1])
def test_guarded_copies_match_in_interior_and_tail_blocks(modules, n):
    blocks = -(-n // BLOCK)
    x = np.random.default_rng(n).uniform(-1, 1, n).astype(np.float32)
    inputs = {"n": np.int32(n), "x": x, "y": np.full(n, 7.0, np.float32)}
    got = _run(modules, "raised", "stage_double", inputs, blocks)["y"]
    want = _run(modules, "faithful", "stage_double", inputs, blocks)["y"]
    np.testing.assert_array_equal(got, want)
    padded = np.concatenate([x, np.zeros(blocks * BLOCK - n, np.float32)]).reshape(blocks, BLOCK)
    np.testing.assert_array_equal(got, (2 * padded[:, ::-1]).reshape(-1)[:n])


@pytest.mark.slow
def test_unguarded_copy_with_an_offset(modules):
    base, blocks = 7, 2
    x = np.arange(base + blocks * BLOCK, dtype=np.int32) * 3
    inputs = {"base": np.int32(base), "x": x, "y": np.zeros(blocks * BLOCK, np.int32)}
    got = _run(modules, "raised", "stage_offset", inputs, blocks)["y"]
    np.testing.assert_array_equal(got, _run(modules, "faithful", "stage_offset", inputs, blocks)["y"])
    spans = x[base:].reshape(blocks, BLOCK)
    np.testing.assert_array_equal(got, np.roll(spans, -1, axis=1).reshape(-1))


def test_only_the_copies_differ_and_other_targets_build_the_phase(modules):
    raised, faithful = modules["raised_text"], modules["faithful_text"]
    assert raised.count("T.copy(") == 3 and "T.copy(" not in faithful
    for name in ("stage_strided", "stage_even", "stage_scaled"):
        assert _factory(raised, name) == _factory(faithful, name)
    for target in ("metal", "webgpu"):
        make = modules["raised"].KERNELS["stage_double"]["factory"], modules["faithful"].KERNELS["stage_double"]["factory"]
        assert make[0](block=BLOCK, target=target).script() == make[1](block=BLOCK, target=target).script()
    assert "T.copy" in str(modules["raised"].KERNELS["stage_double"]["factory"](block=BLOCK, target="c").script())


def _factory(text: str, name: str) -> str:
    start = text.index(f"\ndef {name}(")
    return text[start:text.index("\n\n\n", start)]
