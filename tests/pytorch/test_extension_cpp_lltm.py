"""Issue 21, acceptance 2: pytorch/extension-cpp at 7ac96a9 (LLTM), converted, passes its own upstream tests.

LLTM is written the way most extensions of its time were: templated kernels over
`PackedTensorAccessor<scalar_t, N, RestrictPtrTraits, size_t>` parameters, launched under
`AT_DISPATCH_FLOATING_TYPES`, with ATen calls (`cat`, `addmm`, `reshape`, `mm`, `slice`...) between launches;
and a CPU implementation of its own (`lltm.cpp`, ATen only) beside the CUDA one.

The two implementations do not compute the same thing, and the package's Python knows it: the CUDA one
returns the gates as (batch, 3, state) where the CPU one returns (batch, 3 * state), and `ops.py`'s fake
implementation reshapes only `if input.device.type == "cuda"`. So the drop-in keeps both: CPU tensors run
the CPU implementation (its ATen calls lifted to Python), CUDA tensors the CUDA one with the converted
kernels. `CUDA2TILE_CPU_RUNS=converted` serves CPU tensors with the CUDA implementation on TileLang's C
back end instead, which is how the converted kernels are tested on a machine without a GPU:

* the upstream correctness test passes through the converted kernels, and fails when they are broken;
* the upstream gradient test fails as upstream's own `test_gradients_cuda` does (marked expectedFailure
  there, "there's probably a bug in the CUDA kernel"): the kernel's `elu` computes in float through
  `fmaxf`/`fminf` for double inputs; the converted kernel keeps that, bit for bit (checked below);
* the upstream opcheck fails on the CUDA implementation's 3-D gates against `ops.py`'s CPU fake.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from upstream_support import assert_python_carried_over, convert_checkout, manifest_row, upstream_tests  # noqa: E402

ROW = manifest_row("pytorch/extension-cpp", "7ac96a9")
CPU_TESTS = ("TestLLTM::test_correctness_cpu", "TestLLTM::test_gradients_cpu", "TestLLTM::test_opcheck_cpu")
CONVERTED = {"CUDA2TILE_CPU_RUNS": "converted"}

# Run in a subprocess with OUT on PYTHONPATH: the converted kernels against the reference and the
# project's own CPU implementation, and what the dispatch refuses.
_PROBE = r'''
import json, sys, torch
import extension_cpp
from extension_cpp import _C, ops
from extension_cpp._cuda2tile_runtime import Served

torch.manual_seed(0)
on = Served("cpu", "cuda")  # the CUDA implementation serving CPU tensors: its kernels on the C back end
out = {}
for dtype in (torch.float64, torch.float32):
    kw = dict(dtype=dtype)
    X, h, C = torch.randn(4, 17, **kw), torch.randn(4, 37, **kw), torch.randn(4, 37, **kw)
    W, b = torch.randn(3 * 37, 17 + 37, **kw), torch.randn(1, 3 * 37, **kw)
    fwd = _C.lltm_cuda_forward(X, W, b, h, C, _on=on)
    ref_h, ref_c = ops.reference_lltm(X, W, b, h, C)
    gates = fwd[6]
    # the kernel's elu: fmaxf(0.0, z) + fminf(0.0, alpha * (exp(z) - 1.0)), in float for any scalar_t
    z = gates[:, 2]
    elu = (torch.clamp_min(z.float(), 0.0) + torch.clamp_max((torch.exp(z) - 1.0).float(), 0.0)).to(dtype)
    grad_h, grad_c = torch.randn_like(h), torch.randn_like(C)
    bwd = _C.lltm_cuda_backward(grad_h, grad_c, fwd[1], fwd[2], fwd[3], fwd[4], fwd[5], gates, W, _on=on)
    # the project's CPU backward takes the gates as (batch, 3 * state)
    cpu = _C.lltm_backward(grad_h, grad_c, fwd[1], fwd[2], fwd[3], fwd[4], fwd[5], gates.reshape(4, -1), W,
                           _on=Served("cpu", "cpu"))
    out[str(dtype)] = {
        "h_err": (fwd[0] - ref_h).abs().max().item(), "c_err": (fwd[1] - ref_c).abs().max().item(),
        "elu_bits_equal": torch.equal(fwd[4], elu),
        "bwd_err": max((a - c).abs().max().item() for a, c in zip(bwd, cpu)),
    }
try:
    half = torch.randn(2, 3, dtype=torch.float16)
    _C.lltm_cuda_forward(half, torch.randn(9, 6, dtype=torch.float16), torch.randn(1, 9, dtype=torch.float16),
                         half, half, _on=on)
    out["half"] = "no error"
except NotImplementedError as err:
    out["half"] = str(err)
print(json.dumps(out))
'''


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    return convert_checkout(ROW, tmp_path_factory.mktemp("lltm"))


def test_the_package_mirrors_the_original_and_keeps_both_implementations(converted):
    folder, out, _, stderr = converted
    assert_python_carried_over(folder, out, "extension_cpp", ("__init__.py", "ops.py"))
    generated = (out / "extension_cpp" / "_C.py").read_text()
    for op in ("lltm_forward", "lltm_backward"):
        assert f"_IMPL_extension_cpp.impl({op!r}, _rt.serve(lltm_cuda_{op[5:]}, 'cuda', 'cuda'), 'CUDA')" in generated
        assert f"_IMPL_extension_cpp.impl({op!r}, _rt.serve(*((lltm_cuda_{op[5:]}, 'cuda') if " \
               f"_rt.CPU_RUNS_CONVERTED else ({op}, 'cpu')), 'cpu'), 'CPU')" in generated
    # AT_DISPATCH_FLOATING_TYPES: a dtype switch onto the kernels' instantiations, ATen's error otherwise
    assert "'lltm_cuda_forward_kernel<double>'" in generated and "'lltm_cuda_backward_kernel<float>'" in generated
    assert "raise NotImplementedError('\"lltm_forward_cuda\" not implemented for \\''" in generated
    assert "_rt.accessor(gates, torch.float64, 3, 64)" in generated  # packed_accessor<double, 3, ..., size_t>
    assert "extension_cpp._C: 2 of 2 operators lifted" in stderr
    assert "4 converted, 0 partial, 0 unsupported kernels" in stderr
    assert "C2T1605" not in stderr and "C2T1601" not in stderr and stderr.count("C2T1606") == 1


def test_upstream_tests_pass_on_cpu(converted):
    folder, out, work, _ = converted
    outcomes = upstream_tests(ROW, folder, out, work)
    assert all(outcomes.get(t) == "PASSED" for t in CPU_TESTS), outcomes["_output"]
    assert outcomes["_skipped"] == "3", outcomes["_output"]  # the CUDA tests, without a GPU


def test_converted_kernels_serve_the_upstream_tests_on_cpu(converted):
    """With CUDA2TILE_CPU_RUNS=converted the CPU tests run the converted kernels; each outcome and its reason."""
    folder, out, work, _ = converted
    outcomes = upstream_tests(ROW, folder, out, work, CONVERTED)
    assert outcomes.get("TestLLTM::test_correctness_cpu") == "PASSED", outcomes["_output"]
    assert outcomes.get("TestLLTM::test_gradients_cpu") == "FAILED", outcomes["_output"]
    assert "Jacobian mismatch" in outcomes["_full"]  # the kernel's float elu (see the module's docstring)
    assert outcomes.get("TestLLTM::test_opcheck_cpu") == "FAILED", outcomes["_output"]
    assert "Shapes torch.Size([3, 3, 5]) and torch.Size([3, 15]) are not equal" in outcomes["_full"]


def test_breaking_the_converted_kernels_fails_the_upstream_correctness_test(converted):
    folder, out, work, _ = converted
    broken = work / "broken"
    shutil.copytree(out, broken)
    module = broken / "extension_cpp/csrc/cuda/lltm_cuda.py"
    text = module.read_text()
    # new_h = tanh(new_cell) * output_gate, in both instantiations: the product becomes a sum
    good = "] = T.tanh(new_cell_data["
    assert sum(ln.lstrip().startswith("new_h_data[") and good in ln for ln in text.splitlines()) == 2
    lines = [ln.replace(") * output_gate_data[", ") + output_gate_data[") if ln.lstrip().startswith("new_h_data[")
             and good in ln else ln for ln in text.splitlines(keepends=True)]
    assert "".join(lines) != text
    module.write_text("".join(lines))
    outcomes = upstream_tests(ROW, folder, broken, work, CONVERTED)
    assert outcomes.get("TestLLTM::test_correctness_cpu") == "FAILED", outcomes["_output"]
    # the project's own CPU implementation does not run the kernels: unaffected
    assert upstream_tests(ROW, folder, broken, work).get("TestLLTM::test_correctness_cpu") == "PASSED"


def test_converted_kernels_match_the_reference_and_the_cpu_implementation(converted):
    _, out, work, _ = converted
    done = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, cwd=work, timeout=900,
                          env=dict(os.environ, PYTHONPATH=str(out), PYTHONDONTWRITEBYTECODE="1"))
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    for dtype, float_eps in (("torch.float64", 2 ** -24), ("torch.float32", 2 ** -23)):
        r = result[dtype]
        assert r["elu_bits_equal"], r  # the float fmaxf/fminf of the CUDA source, kept
        # h and c against the float64 reference: only the float elu differs (values are O(1)-O(10))
        assert r["h_err"] < 64 * float_eps and r["c_err"] < 64 * float_eps, r
        if dtype == "torch.float64":
            assert r["h_err"] > 0  # the elu in float is visible: the reference computes it in double
        # the backward kernel against the project's CPU backward: same math (no float step)
        assert r["bwd_err"] < (1e-12 if dtype == "torch.float64" else 1e-4), r
    assert result["half"] == "\"lltm_forward_cuda\" not implemented for 'Half'"
