"""raise_scan: the abstract machine that recognises prefix sums, the pass's decisions per block size,
and the kernels of tests/translation/raise_scan.cu (where the emitted forms are shown) numerically,
raised and with --no-raise=scan, on the C back end. The T.cumsum form is lowered for CUDA by
test_corpus_numeric (scan_hillis_steele) and the portability sweep."""

from __future__ import annotations

import numpy as np
import pytest

from c2t_testsupport import CORPUS, ROOT, run_cli
from cuda2tile.ir import tile_ir as I
from cuda2tile.raising.scan_machine import ZERO, NotAScan, Run, ScanMachine, add_runs, slots_read, wrap

SOURCE = ROOT / "tests" / "translation" / "raise_scan.cu"


# ------------------------------------------------------------------ the machine


def test_runs_add_only_when_adjacent():
    assert add_runs(Run(0, 2), Run(2, 4)) == Run(0, 4)
    assert add_runs(Run(2, 4), Run(0, 2)) == Run(0, 4)
    assert add_runs(ZERO, Run(3, 4)) == Run(3, 4)
    with pytest.raises(NotAScan):
        add_runs(Run(0, 2), Run(3, 4))  # skips slot 2
    with pytest.raises(NotAScan):
        add_runs(Run(0, 2), Run(1, 3))  # counts slot 1 twice


def test_integers_wrap_as_in_cuda():
    assert wrap(2**31, "int32") == -2**31
    assert wrap(-1, "uint32") == 2**32 - 1
    assert wrap(5, "bool") == 1


def _i(v):
    return I.Const(v, "int32")


def _step_phase(off: int, racy: bool):
    """One Hillis-Steele step on `s` with stride `off`: racy in place, or reading the old slots only
    (a double-buffered step writes the other half)."""
    tid = I.ThreadIdx("x")
    left = I.Load("s", I.Binary("sub", tid, _i(off), "int32"), "float32")
    own = I.Load("s", tid, "float32")
    target = tid if racy else I.Binary("add", tid, _i(8), "int32")
    value = I.Select(I.Binary("ge", tid, _i(off), "bool"), I.Binary("add", own, left, "float32"), own, "float32")
    return I.Parallel((I.Store("s", target, value),))


def test_a_step_reading_slots_others_write_is_a_race():
    machine = ScanMachine("s", 16, "float32", 8, {})
    with pytest.raises(NotAScan, match="same phase"):
        machine.run_block((_step_phase(1, racy=True),))


def test_a_step_into_the_other_half_adds_neighbours():
    machine = ScanMachine("s", 16, "float32", 8, {})
    machine.run_block((_step_phase(1, racy=False),))
    assert machine.slots[8:] == [Run(0, 1)] + [Run(j - 1, j + 1) for j in range(1, 8)]
    assert machine.slots[:8] == [Run(k, k + 1) for k in range(8)]  # the old half is untouched


def test_later_reads_are_bounded_by_the_threads_indices():
    tid = I.ThreadIdx("x")
    read_half = (I.Parallel((I.Store("y", tid, I.Load("s", I.Binary("add", tid, I.Var("base", "int32"), "int32"),
                                                        "float32")),)),)
    assert slots_read(read_half, "s", 16, "float32", 8, {"base": 8}) == set(range(8, 16))
    assert slots_read(read_half, "s", 16, "float32", 8, {}) is None  # `base` unknown: any slot


# ------------------------------------------------------------------ the pass on whole kernels


def _convert(tmp_path, text: str, *flags: str) -> str:
    tmp_path.mkdir(parents=True, exist_ok=True)
    cu = tmp_path / "k.cu"
    cu.write_text(text)
    result = run_cli("convert", str(cu), "-o", str(tmp_path / "out"), "--quiet", *flags)
    assert result.returncode == 0, result.stderr
    return (tmp_path / "out" / "k.py").read_text()


_DOUBLE_BUFFER = """
__global__ void scan2(int n, const float* x, float* y) {
  __shared__ float temp[2 * 256];
  int tid = threadIdx.x;
  int pout = 0, pin = 1;
  temp[tid] = x[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (int off = 1; off < blockDim.x; off *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    temp[pout * blockDim.x + tid] = temp[pin * blockDim.x + tid] + (tid >= off ? temp[pin * blockDim.x + tid - off] : 0.0f);
    __syncthreads();
  }
  y[blockIdx.x * blockDim.x + tid] = temp[READ * blockDim.x + tid];
}
"""


def test_double_buffer_raises_per_parity_of_the_step_count(tmp_path):
    """log2(blockDim.x) steps leave the scan in half `pout`: 0 after an even count (64, 256), 1 after an
    odd one (32, 128); 512 and 1024 do not fit the array."""
    text = _convert(tmp_path, _DOUBLE_BUFFER.replace("READ", "pout"))
    assert '(block_x == 32 or block_x == 128)' in text and "temp[block_x + tx] = temp_scan[tx]" in text
    assert '(block_x == 64 or block_x == 256)' in text and "temp[tx] = temp_scan[tx]" in text
    assert "block_x == 512" not in text


def test_partial_sums_read_afterwards_keep_the_loop(tmp_path):
    """`pin` names the half holding the step before the last: the raised form does not produce it."""
    assert "raised: scan" not in _convert(tmp_path, _DOUBLE_BUFFER.replace("READ", "pin"))


# ------------------------------------------------------------------ numerically, on the C back end


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    from cuda2tile.runtime import load_module

    out = {}
    for label, flags in (("raised", []), ("faithful", ["--no-raise=scan"])):
        out_dir = tmp_path_factory.mktemp(label)
        result = run_cli("convert", str(SOURCE), str(CORPUS / "cooperative" / "block_scan.cu"), "-o", str(out_dir),
                         "--quiet", *flags)
        assert result.returncode == 0, result.stderr
        out[label] = {"translation": load_module(out_dir / "raise_scan.py"),
                      "corpus": load_module(out_dir / "block_scan.py")}
    return out


def _segments(x: np.ndarray, block: int, exclusive: bool) -> np.ndarray:
    sums = np.cumsum(x.reshape(-1, block).astype(np.float64 if x.dtype.kind == "f" else np.int64), axis=1)
    if exclusive:
        sums = np.concatenate([np.zeros_like(sums[:, :1]), sums[:, :-1]], axis=1)
    return sums.reshape(-1).astype(x.dtype)


@pytest.mark.slow
@pytest.mark.parametrize("module,name,dtype,block,exclusive", [
    ("translation", "scan_register", np.float32, 32, False),
    ("translation", "scan_register", np.float32, 128, False),
    ("translation", "scan_exclusive", np.int32, 64, True),
    ("corpus", "scan_hillis_steele", np.float32, 128, False),
    ("corpus", "scan_hillis_steele", np.float32, 256, False),
])
def test_raised_scan_matches_the_loop_and_numpy(modules, module, name, dtype, block, exclusive):
    from cuda2tile.runtime import build_c, run_c

    blocks = 3
    n = blocks * block - 5  # the last segment is partial
    rng = np.random.default_rng(block)
    x = (rng.uniform(0, 1, n) if dtype is np.float32 else rng.integers(-100, 100, n)).astype(dtype)
    padded = np.concatenate([x, np.zeros(blocks * block - n, dtype)])
    want_numpy = _segments(padded, block, exclusive)[:n]
    got = {}
    for label in ("raised", "faithful"):
        info = modules[label][module].KERNELS[name]
        func = info["factory"](block=(block,), target="c")
        assert ("T.cumsum" in func.script() or "temp_scan" in func.script() or "s_scan" in func.script()) == (
            label == "raised")
        got[label] = run_c(build_c(info, (block,)), info, {"n": np.int32(n), "x": x, "y": np.zeros(n, dtype)},
                           (blocks,))["y"]
    if dtype is np.int32:  # integer sums do not depend on the order
        np.testing.assert_array_equal(got["raised"], want_numpy)
        np.testing.assert_array_equal(got["faithful"], want_numpy)
    else:  # the serial sum and the tree add in different orders
        np.testing.assert_allclose(got["raised"], got["faithful"], rtol=1e-5, atol=1e-5)
        np.testing.assert_allclose(got["raised"], want_numpy, rtol=1e-5, atol=1e-5)


@pytest.mark.slow
@pytest.mark.parametrize("block", [32, 128])
def test_raised_warp_scan_matches_the_shuffles_and_numpy(modules, block):
    from cuda2tile.runtime import build_c, run_c

    blocks, n = 3, 3 * block - 9
    x = np.random.default_rng(block).uniform(0, 1, n).astype(np.float32)
    got = {}
    for label in ("raised", "faithful"):
        info = modules[label]["translation"].KERNELS["warp_scan"]
        assert ("v_scan_staged" in info["factory"](block=(block,), target="c").script()) == (label == "raised")
        got[label] = run_c(build_c(info, (block,)), info, {"n": np.int32(n), "x": x, "y": np.zeros(n, np.float32)},
                           (blocks,))["y"]
    padded = np.concatenate([x, np.zeros(blocks * block - n, np.float32)])
    want = _segments(padded, 32, exclusive=False)[:n]
    np.testing.assert_allclose(got["raised"], got["faithful"], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got["raised"], want, rtol=1e-5, atol=1e-5)


@pytest.mark.slow
def test_warp0_scan_scans_warp_0_and_leaves_the_others(modules):
    from cuda2tile.runtime import build_c, run_c

    block, blocks = 128, 2
    n = block * blocks
    x = np.random.default_rng(5).uniform(0, 1, n).astype(np.float32)
    got = {}
    for label in ("raised", "faithful"):
        info = modules[label]["translation"].KERNELS["warp0_scan"]
        got[label] = run_c(build_c(info, (block,)), info, {"n": np.int32(n), "x": x, "y": np.full(n, -1, np.float32)},
                           (blocks,))["y"]
    want = np.full(n, -1, np.float32).reshape(blocks, block)
    want[:, :32] = np.cumsum(x.reshape(blocks, block)[:, :32], axis=1)
    np.testing.assert_allclose(got["raised"], got["faithful"], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got["raised"], want.reshape(-1), rtol=1e-5, atol=1e-5)


def test_blocks_outside_the_verified_sizes_build_the_loop(modules):
    raised = modules["raised"]["translation"].KERNELS["scan_register"]["factory"]
    faithful = modules["faithful"]["translation"].KERNELS["scan_register"]["factory"]
    for block in (96, 256):  # not a power of two; larger than the shared array
        assert raised(block=(block,), target="c").script() == faithful(block=(block,), target="c").script()
    for target in ("metal", "webgpu"):  # no T.cumsum lowering there, and the raised form is not built
        assert raised(block=(64,), target=target).script() == faithful(block=(64,), target=target).script()


def test_near_misses_convert_to_the_same_bytes_either_way(tmp_path):
    raised = _convert(tmp_path / "a", SOURCE.read_text())
    faithful = _convert(tmp_path / "b", SOURCE.read_text(), "--no-raise=scan")
    for name in ("scan_racy", "scan_skips", "scan_param_bound", "warp_scan_overlapping", "warp0_scan_read_by_all"):
        assert _factory(raised, name) == _factory(faithful, name)
    assert _factory(raised, "scan_register") != _factory(faithful, "scan_register")


def _factory(text: str, name: str) -> str:
    start = text.index(f"\ndef {name}(")
    return text[start:text.index("\n\n\n", start)]
