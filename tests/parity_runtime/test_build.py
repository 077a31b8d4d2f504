"""Build pipeline: caching, compile errors, KernelSig checks, host code with <<<>>>."""

import ctypes
import time
from pathlib import Path

import numpy as np
import pytest

from cuda2tile.parity.cpu_runtime import ArgumentError, CompileError, KernelSig, build

KERNELS = Path(__file__).resolve().parent / "kernels"


def test_compile_error_carries_gcc_message(cache_dir):
    with pytest.raises(CompileError) as e:
        build(KERNELS / "bad_syntax.cu", ["broken"], cache_dir=cache_dir)
    msg = str(e.value)
    assert "bad_syntax.cu:2" in msg and "undefined_variable_xyz" in msg and "error:" in msg
    assert "undefined_variable_xyz" in e.value.stderr


def test_unknown_kernel_name_is_a_compile_error(cache_dir):
    with pytest.raises(CompileError, match="no_such_kernel"):
        build(KERNELS / "math_kernels.cu", ["no_such_kernel"], cache_dir=cache_dir)


def test_declared_params_are_checked(modules, cache_dir):
    with pytest.raises(ArgumentError, match="parameter 1"):
        build(KERNELS / "math_kernels.cu",  # same kernels as the session module: served from the cache
              ["float_math", "int_intrinsics", KernelSig("conversions", ("const float*", "float*", "int"))],
              cache_dir=cache_dir)
    m = build(KERNELS / "math_kernels.cu",
              ["float_math", "int_intrinsics", KernelSig("conversions", ("const float *", "int*", "int"), alias="cv")],
              cache_dir=cache_dir)
    assert [str(p) for p in m.signature("cv")] == ["const float*", "int*", "int"]


def test_cache_and_dependency_tracking(tmp_path):
    src = tmp_path / "k.cu"
    hdr = tmp_path / "k.cuh"
    hdr.write_text("#define FACTOR 2.0f\n")
    src.write_text('#include "k.cuh"\n__global__ void scale(float* x) { x[threadIdx.x] *= FACTOR; }\n')
    cache = tmp_path / "cache"
    m1 = build(src, ["scale"], cache_dir=cache)
    t0 = time.monotonic()
    m2 = build(src, ["scale"], cache_dir=cache)
    assert m2.path == m1.path and time.monotonic() - t0 < 0.5
    hdr.write_text("#define FACTOR 3.0f\n")  # a header change must trigger a rebuild
    m3 = build(src, ["scale"], cache_dir=cache)
    x = np.ones(4, np.float32)
    m3.launch("scale", 1, 4, [x])
    assert (x == 3).all()
    assert not list(cache.glob(".build-*"))  # temporary build directories are cleaned up


def test_defines_and_include_dirs(tmp_path):
    inc = tmp_path / "inc"
    inc.mkdir()
    (inc / "cfg.h").write_text("#define OFFSET 5\n")
    src = tmp_path / "d.cu"
    src.write_text("#include <cfg.h>\n__global__ void k(int* o) { o[threadIdx.x] = OFFSET + SCALE * threadIdx.x; }\n")
    m = build(src, ["k"], include_dirs=[inc], defines={"SCALE": 10}, cache_dir=tmp_path / "c")
    o = np.zeros(3, np.int32)
    m.launch("k", 1, 3, [o])
    np.testing.assert_array_equal(o, [5, 15, 25])


def test_host_code_with_triple_chevrons(modules):
    m = modules["host"]
    res = (ctypes.c_float * 4)()
    assert m._lib.run_on_host(res) == 0
    expect = [sum(1.0 + i for i in range(128 * b, 128 * (b + 1))) for b in range(4)]
    assert list(res) == expect
    x = np.zeros(10, np.float32)
    m.launch("fill", 1, 16, [x, 2.0, 10])
    np.testing.assert_array_equal(x, 2 + np.arange(10))
