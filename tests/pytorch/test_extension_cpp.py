"""Issue 21, acceptance 1: pytorch/extension-cpp at 0ec4969 (muladd), converted, passes its own upstream tests.

`cuda2tile convert <checkout> -o OUT`, then the project's `test/test_extension.py`, unedited, with OUT first on
PYTHONPATH: on a machine without a GPU the CPU tests pass (correctness, gradients, opcheck) through the
converted kernels on TileLang's C back end, and the CUDA tests skip. Breaking the converted kernels in OUT
makes the same upstream tests fail: the converted operators are the ones running.

The checkout is not vendored (upstream_support.py says where it is looked for); without it the tests skip.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from upstream_support import assert_python_carried_over, convert_checkout, manifest_row, upstream_tests  # noqa: E402

ROW = manifest_row("pytorch/extension-cpp", "0ec4969")
CPU_TESTS = ("TestMyMulAdd::test_correctness_cpu", "TestMyMulAdd::test_gradients_cpu", "TestMyMulAdd::test_opcheck_cpu",
             "TestMyAddOut::test_correctness_cpu", "TestMyAddOut::test_opcheck_cpu")


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    return convert_checkout(ROW, tmp_path_factory.mktemp("extension-cpp"))


def test_the_package_mirrors_the_original(converted):
    checkout, out, _, stderr = converted
    assert_python_carried_over(checkout, out, "extension_cpp", ("__init__.py", "ops.py"))
    generated = (out / "extension_cpp" / "_C.py").read_text()
    cpp = (checkout / "extension_cpp/csrc/muladd.cpp").read_text()
    for schema in re.findall(r'm\.def\("([^"]+)"\)', cpp):
        assert f"_DEF_extension_cpp.define({schema!r})" in generated
    for op in ("mymuladd", "mymul", "myadd_out"):
        for key in ("CPU", "CUDA"):
            assert f"_IMPL_extension_cpp.impl({op!r}, _rt.serve({op}_cuda, 'cuda', {key.lower()!r}), {key!r})" \
                in generated
    # ops.py registers the fakes of mymuladd and mymul itself; myadd_out's comes from the host code
    assert "register_fake('extension_cpp::myadd_out'" in generated and "register_fake('extension_cpp::mymul'" \
        not in generated
    assert stderr.count("C2T1605") == 3 and stderr.count("C2T1606") == 2
    assert "extension_cpp._C: 3 of 3 operators lifted" in stderr


def test_upstream_tests_pass_on_cpu(converted):
    checkout, out, work, _ = converted
    outcomes = upstream_tests(ROW, checkout, out, work)
    assert all(outcomes.get(t) == "PASSED" for t in CPU_TESTS), outcomes["_output"]
    assert outcomes["_skipped"] == "7", outcomes["_output"]  # the CUDA tests, without a GPU


def test_breaking_the_converted_kernels_fails_the_upstream_tests(converted):
    checkout, out, work, _ = converted
    broken = work / "broken"
    shutil.copytree(out, broken)
    module = broken / "extension_cpp/csrc/cuda/muladd.py"
    lines = module.read_text().splitlines(keepends=True)
    for good, bad in (("result[idx] = a[idx] * b[idx] + c", "result[idx] = a[idx] * b[idx] - c"),  # muladd_kernel
                      ("result[idx] = a[idx] + b[idx]", "result[idx] = a[idx] - b[idx]"),          # add_kernel
                      ("result[idx] = a[idx] * b[idx]", "result[idx] = a[idx] + b[idx]")):         # mul_kernel
        at = [i for i, line in enumerate(lines) if line.strip() == good]  # the code, not its CUDA comment
        assert len(at) == 1, good
        lines[at[0]] = lines[at[0]].replace(good, bad)
    text = "".join(lines)
    module.write_text(text)
    outcomes = upstream_tests(ROW, checkout, broken, work)
    for test in ("TestMyMulAdd::test_correctness_cpu", "TestMyMulAdd::test_gradients_cpu",
                 "TestMyAddOut::test_correctness_cpu"):
        assert outcomes.get(test) == "FAILED", (test, outcomes["_output"])
