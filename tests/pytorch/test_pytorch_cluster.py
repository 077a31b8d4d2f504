"""Issue 21, acceptance 3: rusty1s/pytorch_cluster at 3d1d9e3, converted, against its own upstream tests.

pytorch_cluster registers its operators with `torch::RegisterOperators().op("torch_cluster::knn", &knn)`,
builds one library per `csrc/*.cpp` in a `setup.py` loop and loads them with `torch.ops.load_library`; each
registered function branches on `x.device().is_cuda()` between `*_cuda` (kernels) and `*_cpu` (host loops,
or ATen calls for `grid`). Converted with `-D WITH_CUDA`, the flag its CUDA build passes. What this checks
(docs/pytorch.md has every operator and test file):

* `fps`: its CPU path calls `at::parallel_for`; the CUDA path (a size read back with `malloc` and
  `cudaMemcpy`, then `fps_kernel<T>`) serves CPU tensors: `test_fps.py` 4 of 4;
* `knn` and `radius`: their CPU paths do not lift (clang: `torch::tensor` is ambiguous against the stand-in
  headers), so the CUDA paths serve CPU tensors too (C2T1605) with the converted kernels: upstream
  `test_knn.py` passes 7 of 7, `test_radius.py` 7 of 9 (the 2 bfloat16 cases raise NotImplementedError:
  `radius_kernel<c10::BFloat16>` takes a bfloat16 scalar, which TileLang does not); a broken kernel fails;
* `grid`: its CPU path (ATen calls) lifts and serves CPU tensors, 24 of 24; with `CUDA2TILE_CPU_RUNS=converted`
  the converted `grid_kernel` serves them, 20 of 24 (the CUDA dispatch has no BFloat16, as in C++).
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from c2t_testsupport import broken_copy  # noqa: E402
from upstream_support import assert_python_carried_over, convert_checkout, manifest_row  # noqa: E402

ROW = manifest_row("rusty1s/pytorch_cluster", "3d1d9e3")


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    # torch_cluster imports scipy at import (nearest.py): run only where it can be imported
    spec = importlib.util.find_spec("scipy")
    if spec is None or spec.origin is None:
        pytest.skip("scipy is not installed: torch_cluster imports it")
    work = tmp_path_factory.mktemp("cluster")
    folder, out, work, stderr = convert_checkout(ROW, work, "-D", "WITH_CUDA")
    return folder, out, work, stderr, str(Path(spec.origin).parents[1])


def _upstream(converted, test_file: str, out: Path | None = None, **env: str) -> dict[str, int]:
    folder, default_out, work, _, scipy_dir = converted
    environment = dict(os.environ, PYTHONPATH=os.pathsep.join([str(out or default_out), scipy_dir]),
                       PYTHONDONTWRITEBYTECODE="1", **env)
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rf", "--rootdir",
                           str(work), str(folder / "test" / test_file)],
                          capture_output=True, text=True, cwd=work, env=environment, timeout=900)
    counts = {word: int(n) for n, word in re.findall(r"(\d+) (passed|failed|error|skipped)", done.stdout)}
    counts["_output"] = done.stdout[-4000:] + done.stderr[-1000:]
    return counts


def test_the_package_loads_and_registers_the_operators(converted):
    folder, out, _, stderr, _ = converted
    assert_python_carried_over(folder, out, "torch_cluster", ("__init__.py", "knn.py", "radius.py", "grid.py"))
    assert (out / "torch_cluster/_knn_cpu.so").is_file() and not (out / "torch_cluster/_knn_cpu.py").exists()
    assert "PyTorch extension torch_cluster._cuda2tile_ops: 6 of 9 operators lifted" in stderr, stderr[-3000:]
    assert "C2T1605: `knn`: the CPU path of this device test is replaced by its CUDA path" in stderr
    assert "C2T1605: `fps`: the CPU path of this device test is replaced by its CUDA path" in stderr


def test_knn_and_radius_run_the_converted_kernels(converted):
    knn = _upstream(converted, "test_knn.py")
    assert (knn.get("passed"), knn.get("failed", 0)) == (7, 0), knn["_output"]
    radius = _upstream(converted, "test_radius.py")
    assert (radius.get("passed"), radius.get("failed")) == (7, 2), radius["_output"]
    assert radius["_output"].count("radius_kernel<c10::BFloat16>` is unsupported") >= 1, radius["_output"]


def test_fps_sizes_its_output_through_malloc_and_cudamemcpy(converted):
    """fps_cuda reads its output's size back into `malloc`ed host memory with `cudaMemcpy`, then launches
    `fps_kernel<T>`: all 4 upstream tests pass through the converted kernel."""
    fps = _upstream(converted, "test_fps.py")
    assert (fps.get("passed"), fps.get("failed", 0)) == (4, 0), fps["_output"]


def test_grid_serves_cpu_with_its_own_cpu_path_or_the_kernels(converted):
    default = _upstream(converted, "test_grid.py")
    assert (default.get("passed"), default.get("failed", 0)) == (24, 0), default["_output"]
    kernels = _upstream(converted, "test_grid.py", CUDA2TILE_CPU_RUNS="converted")
    assert (kernels.get("passed"), kernels.get("failed")) == (20, 4), kernels["_output"]
    assert "not implemented for 'BFloat16'" in kernels["_output"]


def test_a_broken_knn_kernel_fails_the_upstream_tests(converted, tmp_path):
    _, out, _, _, _ = converted
    broken = broken_copy(out, tmp_path / "out", "csrc/cuda/knn_cuda.py", "if best_dist[e1] > tmp_dist:",
                         "if best_dist[e1] < tmp_dist:", 3)  # float, double, Half
    knn = _upstream(converted, "test_knn.py", out=broken)
    assert knn.get("failed") == 7, knn["_output"]
