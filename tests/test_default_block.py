"""A factory's default block comes from a launch in the tree, never a guess (issue 22, item 6): a kernel
written for 512 threads gave NaN when called with a guessed (16, 16). With no launch of constant shape the
factory has no default and the error says which argument to give. tests/translation/default_block.cu shows
the emitted signatures."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from c2t_testsupport import run_cli


def _load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # TileLang reads the factory's source through its module
    try:
        spec.loader.exec_module(module)
    finally:
        sys.modules.pop(name, None)
    return module


def test_a_kernel_in_a_header_takes_its_block_from_the_launch_in_the_file_including_it(tmp_path):
    src = tmp_path / "src"
    (src / "kernels").mkdir(parents=True)
    (src / "kernels" / "rows.cuh").write_text(
        "__global__ void row_sum(const float* x, float* out, int cols) {\n"
        "  int r = blockIdx.x * blockDim.x + threadIdx.x;\n"
        "  float s = 0.0f;\n"
        "  for (int c = 0; c < cols; ++c) s += x[r * cols + c];\n"
        "  out[r] = s;\n"
        "}\n")
    (src / "launch.cu").write_text(
        '#include "kernels/rows.cuh"\n'
        "static const int kRows = 96;\n"
        "void run(const float* x, float* out, int cols) { row_sum<<<1, kRows>>>(x, out, cols); }\n")
    done = run_cli("convert", str(src), "-o", str(tmp_path / "out"), "--quiet")
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "out" / "kernels" / "rows.py").read_text()
    assert 'def row_sum(*, block=(96,), target="cuda"):' in text


def test_a_factory_without_a_default_asks_for_block(tmp_path):
    cu = tmp_path / "k.cu"
    cu.write_text("__global__ void fill2d(float* x, int w) {\n"
                  "  x[(blockIdx.y * blockDim.y + threadIdx.y) * w + blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;\n"
                  "}\n")
    done = run_cli("convert", str(cu), "-o", str(tmp_path / "out"), "--quiet")
    assert done.returncode == 0, done.stderr
    module = _load(tmp_path / "out" / "k.py", "c2t_default_block_k")
    assert module.KERNELS["fill2d"]["default_block"] is None
    with pytest.raises(ValueError) as err:
        module.fill2d(target="c")
    message = str(err.value)
    assert message.startswith("fill2d: pass block=, the launch's blockDim (2 ints, e.g. block=(16, 16))")
    assert "no launch in the converted source" in message
    module.fill2d(block=(8, 4), target="c")  # given, it builds


def test_dynamic_shared_memory_comes_from_the_launch_or_must_be_given(tmp_path):
    """A pool of `extern __shared__` memory sized by no constant launch had `shared_bytes=0` as its
    default: an array of 0 elements, which TileLang refused with an error about the buffer far from the
    cause (9 of SHOC's kernels, built without a spec). Now the default is the launch's size, or none."""
    src = tmp_path / "src"
    src.mkdir()
    body = ("  extern __shared__ float pool[];\n"
            "  pool[threadIdx.x] = x[threadIdx.x];\n"
            "  __syncthreads();\n"
            "  x[threadIdx.x] = pool[(threadIdx.x + 1) % blockDim.x];\n")
    (src / "k.cu").write_text(
        "__global__ void rotate_given(float* x) {\n" + body + "}\n"
        "__global__ void rotate_unsized(float* x) {\n" + body + "}\n"
        "void run(float* x, int bytes) {\n"
        "  rotate_given<<<1, 64, 64 * sizeof(float)>>>(x);\n"
        "  rotate_unsized<<<1, 64, bytes>>>(x);\n"
        "}\n")
    done = run_cli("convert", str(src), "-o", str(tmp_path / "out"), "--quiet")
    assert done.returncode == 0, done.stderr
    text = (tmp_path / "out" / "k.py").read_text()
    assert 'def rotate_given(*, block=(64,), shared_bytes=256, target="cuda"):' in text
    assert 'def rotate_unsized(*, block=(64,), shared_bytes=None, target="cuda"):' in text
    module = _load(tmp_path / "out" / "k.py", "c2t_default_shared_k")
    for given, tail in ((None, "got None: no launch in the converted source gives it a constant size"),
                        (0, "got 0"), (2.5, "got 2.5")):
        with pytest.raises(ValueError) as err:
            module.rotate_unsized(shared_bytes=given, target="c")
        assert str(err.value) == ("rotate_unsized: pass shared_bytes=, the launch's dynamic shared memory in bytes "
                                  "(<<<grid, block, shared_bytes>>>, a positive int), " + tail)
    module.rotate_unsized(shared_bytes=256, target="c")  # given, it builds
    module.rotate_given(target="c")
