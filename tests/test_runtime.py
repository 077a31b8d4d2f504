"""cuda2tile/runtime: corpus kernels converted through a session, written, loaded, built on TileLang's C
back end, their unsigned and bool arguments marshalled through carriers, results checked against numpy;
the compiled-kernel cache building each kernel once."""

from __future__ import annotations

import numpy as np
import pytest

from c2t_testsupport import CORPUS
from cuda2tile.runtime import (ConvertedError, KernelCache, call_args, converted_modules, grid_args, run_c,
                               scalar_value, split_inputs)
from cuda2tile.session import ConvertOptions, Session

SEED = 0xDEADBEEF  # above INT32_MAX: reaches the kernel only as the int32 of the same bits


def test_unsigned_and_bool_scalars_travel_as_their_carriers():
    assert scalar_value(SEED, "uint32", "int32") == SEED - 2**32
    assert scalar_value(7, "uint32", "int32") == 7
    assert scalar_value(2**32 + 5, "uint32", "int32") == 5  # modulo 2^32, as C converts
    assert scalar_value(1, "bool", "bool") is True and scalar_value(0, "bool", "bool") is False
    assert scalar_value(3, "float32", "float32") == 3.0 and isinstance(scalar_value(3, "float32", "float32"), float)


def test_buffers_are_viewed_as_their_carrier_and_the_grid_padded():
    info = {"params": [{"cuda_name": "n", "kind": "scalar", "dtype": "int32", "carrier": "int32"},
                       {"cuda_name": "seed", "kind": "scalar", "dtype": "uint32", "carrier": "int32"},
                       {"cuda_name": "keys", "kind": "buffer", "dtype": "uint32", "carrier": "int32"},
                       {"cuda_name": "mask", "kind": "buffer", "dtype": "bool", "carrier": "uint8"}],
            "grid_rank": 2}
    keys = np.array([1, 2**32 - 1], dtype=np.uint32)
    buffers, scalars = split_inputs(info, {"n": 2, "seed": SEED, "keys": keys, "mask": np.array([True, False])})
    assert buffers["keys"] is not keys and buffers["keys"].dtype == np.uint32  # a copy, in its own dtype
    args = call_args(info, buffers, scalars, lambda array: array)
    assert args[:2] == [2, SEED - 2**32]
    assert args[2].dtype == np.int32 and args[2].tolist() == [1, -1] and np.shares_memory(args[2], buffers["keys"])
    assert args[3].dtype == np.uint8 and args[3].tolist() == [1, 0]
    assert grid_args(info, (3,)) == (3, 1)
    with pytest.raises(ConvertedError, match="reads 2 grid axes"):
        grid_args(info, (3, 1, 2))


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    """misc/hash.cu and misc/bool_flags.cu converted through a session into a fresh directory, and loaded."""
    out = tmp_path_factory.mktemp("runtime")
    session = Session(ConvertOptions(), cache=False)
    files, notes = session.discover([str(CORPUS / "misc" / "hash.cu"), str(CORPUS / "misc" / "bool_flags.cu")], out)
    converted = list(converted_modules(session, files, out))
    assert notes == [] and [c.error for c in converted] == [None, None]
    assert [c.path for c in converted] == [out / "hash.py", out / "bool_flags.py"]
    assert [c.result.output for c in converted] == ["hash.py", "bool_flags.py"]
    return {c.result.source: c.module for c in converted}


def test_converted_modules_report_what_was_not_converted(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "broken.cu").write_text("__global__ void k(float* x) { x[0] = undeclared; }\n")
    session = Session(ConvertOptions(), cache=False)
    files, _ = session.discover([str(src)], tmp_path / "out")
    converted, = converted_modules(session, files, tmp_path / "out")
    assert converted.source == str(src / "broken.cu") and converted.result.source == "broken.cu"
    assert [k.status for k in converted.result.kernels] == ["unsupported"]  # refused at clang's error
    assert converted.error is None and converted.module.KERNELS == {}  # its module names it in a comment only


def _fmix32(h: np.ndarray) -> np.ndarray:
    h = h ^ (h >> np.uint32(16))
    h = h * np.uint32(0x85EBCA6B)
    h = h ^ (h >> np.uint32(13))
    h = h * np.uint32(0xC2B2AE35)
    return h ^ (h >> np.uint32(16))


@pytest.mark.slow
def test_an_unsigned_kernel_built_on_c_matches_numpy(modules):
    info = modules["hash.cu"].KERNELS["hash_keys"]
    n = 1000
    keys = np.random.default_rng(0).integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    kernels = KernelCache("c")
    kernel, seconds = kernels.get(info, (256,))
    assert seconds > 0
    got = run_c(kernel, info, {"n": n, "seed": SEED, "keys": keys, "out": np.zeros(n, np.uint32)}, ((n + 255) // 256,))
    with np.errstate(over="ignore"):
        want = _fmix32(keys ^ np.uint32(SEED)) + np.arange(n, dtype=np.uint32) * np.uint32(0x9E3779B9)
    assert got["out"].dtype == np.uint32
    np.testing.assert_array_equal(got["out"], want)
    np.testing.assert_array_equal(got["keys"], keys)  # inputs are copied, never written through


@pytest.mark.slow
def test_a_bool_kernel_built_on_c_matches_numpy_and_is_built_once(modules):
    info = modules["bool_flags.cu"].KERNELS["masked_fill"]
    n = 700
    rng = np.random.default_rng(1)
    mask, y = rng.integers(0, 2, n).astype(bool), rng.standard_normal(n).astype(np.float32)
    kernels = KernelCache("c")
    kernel, _ = kernels.get(info, (128,))
    again, seconds = kernels.get(info, (128,))
    assert again is kernel and seconds == 0.0  # the same key: the same compiled kernel, not rebuilt
    assert kernels.get(info, (64,))[0] is not kernel  # another block: another kernel
    for invert in (False, True):
        got = run_c(kernel, info, {"n": n, "value": 3.0, "invert": invert, "mask": mask, "y": y},
                    ((n + 127) // 128,))
        np.testing.assert_array_equal(got["y"], np.where(mask != invert, np.float32(3.0), y))
        assert got["mask"].dtype == np.bool_
