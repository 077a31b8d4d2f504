"""raise_warp_reduce numerically: the kernels of tests/translation/raise_warp_reduce.cu (where the
emitted forms are shown), raised and --no-raise, on the C back end; a block that is not a whole number
of warps builds the faithful form."""

from __future__ import annotations

import numpy as np
import pytest

from c2t_testsupport import ROOT, run_cli

SOURCE = ROOT / "tests" / "translation" / "raise_warp_reduce.cu"


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    from cuda2tile.runtime import load_module

    out = {}
    for label, flags in (("raised", []), ("faithful", ["--no-raise"])):
        out_dir = tmp_path_factory.mktemp(label)
        result = run_cli("convert", str(SOURCE), "-o", str(out_dir), "--quiet", *flags)
        assert result.returncode == 0, result.stderr
        out[label] = load_module(out_dir / "raise_warp_reduce.py")
    return out


@pytest.mark.slow
@pytest.mark.parametrize("name,output,block", [("warp_max_all", "y", 128), ("warp_sums", "sums", 64),
                                               ("warp_sums", "sums", 32), ("helper_sums", "sums", 96)])
def test_raised_warp_reduction_matches_the_exchanges(modules, name, output, block):
    from cuda2tile.runtime import build_c, run_c

    blocks = 3
    rng = np.random.default_rng(block)
    x = rng.uniform(-1, 1, blocks * block).astype(np.float32)
    inputs = {"x": x, output: np.zeros(blocks * block if output == "y" else blocks * block // 32, np.float32)}
    got, want = ({}, {})
    for label, out in (("raised", got), ("faithful", want)):
        info = modules[label].KERNELS[name]
        out.update(run_c(build_c(info, (block,)), info, inputs, (blocks,)))
    if name == "warp_max_all":  # a maximum does not depend on the order: exact
        np.testing.assert_array_equal(got[output], want[output])
    else:  # re-associated float sums
        np.testing.assert_allclose(got[output], want[output], rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(got[output], x.reshape(-1, 32).sum(1), rtol=1e-5, atol=1e-5)


def test_a_block_of_partial_warps_builds_the_faithful_form(modules):
    raised = modules["raised"].KERNELS["warp_sums"]["factory"]
    faithful = modules["faithful"].KERNELS["warp_sums"]["factory"]
    assert raised(block=(48,), target="c").script() == faithful(block=(48,), target="c").script()
    assert "T.reduce(" in raised(block=(64,), target="c").script()
    assert "T.reduce(" not in faithful(block=(64,), target="c").script()


@pytest.mark.slow
@pytest.mark.parametrize("block", [64, 256])
def test_two_level_reduction_raises_both_loops_and_matches(modules, block):
    """The second loop runs under `if (warp == 0)`: raised, it reduces every warp, which only warp 0 reads."""
    from cuda2tile.runtime import build_c, run_c

    raised_script = modules["raised"].KERNELS["two_level_sum"]["factory"](block=(block,), target="c").script()
    assert raised_script.count("T.reduce(") == 2
    blocks, n = 3, 3 * block - 7
    x = np.random.default_rng(block).uniform(-1, 1, n).astype(np.float32)
    got, want = {}, {}
    for label, out in (("raised", got), ("faithful", want)):
        info = modules[label].KERNELS["two_level_sum"]
        out.update(run_c(build_c(info, (block,)), info, {"n": np.int32(n), "x": x, "out": np.zeros(blocks, np.float32)},
                         (blocks,)))
    padded = np.concatenate([x, np.zeros(blocks * block - n, np.float32)]).reshape(blocks, block)
    np.testing.assert_allclose(got["out"], want["out"], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got["out"], padded.sum(axis=1), rtol=1e-5, atol=1e-5)
