"""Issue 21, acceptance 3: rusty1s/pytorch_scatter at 648dda3, converted, against its own upstream tests.

pytorch_scatter registers its operators with `torch::RegisterOperators().op(...)`, loads one library per
`csrc/*.cpp` with `torch.ops.load_library`, and writes its forwards as C++ autograd functions over
`scatter_fw`/`segment_*_fw`, which branch on the device between `*_cuda` (kernels) and `*_cpu` (host loops
over raw pointers, not lifted: the CUDA paths serve CPU tensors, C2T1605). The CUDA paths dispatch with the
project's own AT_DISPATCH_REDUCTION_TYPES (an immediately invoked lambda switching on `reduce2REDUCE.at(reduce)`,
a `const std::map` global, with a `static constexpr ReductionType REDUCE` per case), fill outputs with
`Reducer<scalar_t, REDUCE>::init()` (a class template's static method over `std::numeric_limits`), pass the
index as `at::cuda::detail::getTensorInfo<int64_t, int>(index)` (a struct the kernels take by value) and a
nullable `int64_t*`. Converted with `-D WITH_CUDA`, the flag its CUDA build passes. docs/pytorch.md has the
figures this checks, file by file.
"""

from __future__ import annotations

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

ROW = manifest_row("rusty1s/pytorch_scatter", "648dda3")


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    work = tmp_path_factory.mktemp("scatter")
    return convert_checkout(ROW, work, "-D", "WITH_CUDA")


def _upstream(converted, tests: str, *options: str, out: Path | None = None) -> dict[str, int]:
    """pytest's counts for `tests` (a file or folder under the checkout's test/) against the converted package."""
    folder, default_out, work, _ = converted
    environment = dict(os.environ, PYTHONPATH=str(out or default_out), PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-rf", "-W", "ignore",
                           "--rootdir", str(work), str(folder / "test" / tests), *options],
                          capture_output=True, text=True, cwd=work, env=environment, timeout=1800)
    counts = {word: int(n) for n, word in re.findall(r"(\d+) (passed|failed|error|skipped)", done.stdout)}
    counts["_output"] = done.stdout[-4000:] + done.stderr[-1000:]
    return counts


def test_the_package_loads_every_operator(converted):
    folder, out, _, stderr = converted
    assert_python_carried_over(folder, out, "torch_scatter", ("__init__.py", "scatter.py", "segment_csr.py"))
    assert "PyTorch extension torch_scatter._cuda2tile_ops: 16 of 16 operators lifted" in stderr, stderr[-3000:]
    for fw in ("scatter_fw", "segment_csr_fw", "segment_coo_fw", "gather_csr_fw", "gather_coo_fw"):
        assert f"C2T1605: `{fw}`: the CPU path of this device test is replaced by its CUDA path" in stderr, fw


@pytest.mark.parametrize("tests, passed", [("test_scatter.py", 684), ("test_segment.py", 570), ("test_gather.py", 114),
                                           ("test_zero_tensors.py", 10), ("test_broadcasting.py", 5), ("composite", 5)])
def test_upstream_tests_pass_through_the_converted_kernels(converted, tests, passed):
    counts = _upstream(converted, tests)
    assert (counts.get("passed"), counts.get("failed", 0)) == (passed, 0), counts["_output"]


def test_a_broken_scatter_kernel_fails_the_reductions_it_serves(converted, tmp_path):
    """scatter_sum and scatter_mean are upstream Python over `scatter_add_`; mul, min and max are the
    converted operators: every scatter kernel combining twice each value it reads fails those (a broken index
    would write out of bounds, which the C back end does not check)."""
    _, out, _, _ = converted
    broken = broken_copy(out, tmp_path / "out", "csrc/cuda/scatter_cuda.py",
                         ' + T.cast(k, "int64"), src_data[thread_idx])\n',
                         ' + T.cast(k, "int64"), src_data[thread_idx] + src_data[thread_idx])\n', 48)
    counts = _upstream(converted, "test_scatter.py", "-k", "test_forward and (min or max or mul)", out=broken)
    assert counts.get("failed", 0) >= 30, counts["_output"]
