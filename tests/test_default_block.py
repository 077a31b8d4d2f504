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
