"""A PyTorch extension loaded with torch.ops.load_library, converted to a drop-in (issue 21, acceptance 3).

`loadlib_extension/` is written the way pytorch_scatter and pytorch_cluster are: operators registered with
`torch::RegisterOperators().op("ns::name", &f)` (schema inferred from the C++ signature, or given), one of
them a lambda; one compiled library per `csrc/*.cpp` named in a `setup.py` loop; an `__init__.py` that finds
each with `importlib.machinery.PathFinder().find_spec` and loads it with `torch.ops.load_library`; registered
functions that branch on `x.device().is_cuda()` between a CUDA implementation (kernels) and a CPU one (a
host loop for `scale_shift`, ATen calls for `normalize`); `cuda_version()` returning `CUDA_VERSION`. The
package's own files are never edited: the converted package loads because cuda2tile writes small shared
libraries under the names it looks for (pytorch/library_loader.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from c2t_testsupport import broken_copy, run_cli  # noqa: E402

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "loadlib_extension"
LIBRARIES = ("_group_cpu", "_group_cuda", "_shift_cpu", "_shift_cuda", "_version_cpu", "_version_cuda")


def _convert(out: Path, **env: str) -> subprocess.CompletedProcess:
    src = out.parent / "loadlib-src"
    if not src.exists():
        shutil.copytree(SOURCE, src)  # a copy: nothing is ever written next to the test's sources
    # -D WITH_CUDA: the flag the project's setup.py passes to its CUDA build, which holds the CUDA paths
    done = run_cli("convert", str(src), "-o", str(out), "-D", "WITH_CUDA", "--no-cache", env=env or None)
    return done


def _run(out: Path, code: str, check: bool = True, **env_extra: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(out), PYTHONDONTWRITEBYTECODE="1", **env_extra)
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          cwd=out.parent, env=env, timeout=600)
    if check:
        assert done.returncode == 0, done.stdout + done.stderr
    return done


@pytest.fixture(scope="module")
def converted(tmp_path_factory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("loadlib") / "out"
    done = _convert(out)
    assert done.returncode == 0, done.stderr
    return out, done.stderr


def test_the_package_is_carried_over_with_library_stand_ins(converted):
    out, stderr = converted
    package = out / "toyload"
    assert (package / "__init__.py").read_bytes() == (SOURCE / "toyload/__init__.py").read_bytes()
    for name in LIBRARIES:
        assert (package / f"{name}.so").read_bytes()[:4] == b"\x7fELF", name
        assert not (package / f"{name}.py").exists()  # find_spec would find it and ctypes refuse it
    assert "_cuda2tile_ops'" in (package / "_cuda2tile_loader.c").read_text() or \
        "CUDA2TILE_MODULE" in (package / "_cuda2tile_loader.c").read_text()
    assert "PyTorch extension toyload._cuda2tile_ops: 6 of 6 operators lifted" in stderr


def test_schemas_are_inferred_as_pytorch_infers_them(converted):
    out, _ = converted
    printed = _run(out, """
        import torch, toyload
        for op in ("scale_shift", "normalize", "cuda_version"):
            print(getattr(torch.ops.toyload, op).default._schema)
    """).stdout.splitlines()
    # c10's infer_schema names arguments _0, _1...; a schema given in the registration is kept as written
    assert printed == ["toyload::scale_shift(Tensor _0, float _1, Tensor? _2) -> Tensor",
                       "toyload::normalize(Tensor x) -> Tensor",
                       "toyload::cuda_version() -> int"]
    assert _run(out, "import torch, toyload; print(torch.ops.toyload.within.default._schema)").stdout.strip() == \
        "toyload::within(Tensor _0, float _1, int? _2) -> (Tensor, Tensor)"


def test_cuda_version_is_the_cuda_the_package_runs_with(converted):
    out, _ = converted
    value = int(_run(out, "import toyload; print(toyload.cuda_version)").stdout)
    import torch
    if torch.version.cuda is not None:
        major, minor = (int(p) for p in torch.version.cuda.split(".")[:2])
        assert value == major * 1000 + minor * 10
    elif shutil.which("nvcc"):
        assert value >= 10000  # the toolkit TileLang compiles with
    else:
        assert value == -1  # what the project's build without CUDA returns


def test_a_cpu_host_loop_is_replaced_by_the_cuda_path(converted):
    out, stderr = converted
    assert "C2T1605: `scale_shift`: the CPU path of this device test is replaced by its CUDA path" in stderr
    assert "`scale_shift_cpu`: host code not lifted" in stderr
    _run(out, """
        import torch, toyload
        torch.manual_seed(0)
        for dtype in (torch.float32, torch.float64):
            x = torch.randn(6, 37, dtype=dtype)
            bias = torch.randn(37, dtype=dtype)
            torch.testing.assert_close(toyload.scale_shift(x, 2.5, bias), x * 2.5 + bias)
            torch.testing.assert_close(toyload.scale_shift(x.t(), -1.0), x.t() * -1.0)  # made contiguous
        try:
            toyload.scale_shift(torch.ones(3, dtype=torch.int32), 2.0)
        except NotImplementedError as err:
            assert "scale_shift_cuda" in str(err) and "Int" in str(err), err
        else:
            raise AssertionError("int32 was served")
        try:
            toyload.scale_shift(torch.ones(2, 3), 2.0, torch.ones(2))
        except RuntimeError as err:
            assert "bias must have one value per column" in str(err), err
        else:
            raise AssertionError("the CUDA path's check did not run")
        try:  # the CPU path's own check, before its host loop, still holds for CPU tensors
            toyload.scale_shift(torch.ones(3), 1e7)
        except RuntimeError as err:
            assert "scale too large for the CPU version: " in str(err), err
        else:
            raise AssertionError("the CPU path's check did not run")
    """)


def test_a_cpu_path_that_lifts_is_kept_and_the_switch_runs_the_kernels(converted):
    out, _ = converted
    code = """
        import torch, toyload
        x = torch.randn(9, 5, dtype=torch.float64)
        torch.testing.assert_close(toyload.normalize(x), x / x.abs().sum(-1, keepdim=True))
        try:
            print(toyload.normalize(x.half()).dtype)   # ATen: the project's CPU implementation takes Half
        except NotImplementedError as err:
            print("NotImplementedError", "normalize_cuda" in str(err))  # AT_DISPATCH_FLOATING_TYPES does not
    """
    assert _run(out, code).stdout.split() == ["torch.float16"]
    assert _run(out, code, CUDA2TILE_CPU_RUNS="converted").stdout.split() == ["NotImplementedError", "True"]


def test_a_broken_kernel_is_caught(converted, tmp_path):
    out, _ = converted
    # float and double instantiations
    broken = broken_copy(out, tmp_path / "out", "csrc/cuda/shift_cuda.py", "v = v + bias[", "v = v - bias[", 2)
    done = _run(broken, """
        import torch, toyload
        x = torch.randn(4, 8); b = torch.randn(8)
        torch.testing.assert_close(toyload.scale_shift(x, 2.0, b), x * 2.0 + b)
    """, check=False)
    assert done.returncode != 0 and "Mismatched elements" in done.stderr, done.stderr[-2000:]


def test_a_failing_registration_fails_the_import_with_its_reason(converted, tmp_path):
    out, _ = converted
    broken = tmp_path / "out"
    shutil.copytree(out, broken)
    (broken / "toyload/_cuda2tile_ops.py").unlink()
    done = _run(broken, "import toyload", check=False)
    assert done.returncode != 0
    assert "Could not load this library" in done.stderr and "No module named 'toyload._cuda2tile_ops'" in done.stderr


def test_without_a_c_compiler_the_stand_ins_are_refused_with_a_code(tmp_path):
    done = _convert(tmp_path / "out", CC=str(tmp_path / "no-such-cc"))
    assert done.returncode != 0
    assert "C2T1609" in done.stderr and "their stand-ins were not built" in done.stderr
    assert (tmp_path / "out/toyload/_cuda2tile_ops.py").is_file()  # the rest is written
    assert not list((tmp_path / "out/toyload").glob("*.so"))


def test_host_loops_tuples_optionals_and_a_dtype_whose_kernel_did_not_convert(converted):
    out, stderr = converted
    # within_kernel<c10::BFloat16> takes a bfloat16 scalar, which TileLang does not: that dtype alone raises
    assert "C2T1603: `within_cuda`: the launched kernel `within_kernel<c10::BFloat16>` is unsupported" in stderr
    code = """
        import torch, toyload
        torch.manual_seed(1)
        x = torch.randn(300)
        for dtype in (torch.float32, torch.float64, torch.float16):
            hits, furthest = torch.ops.toyload.within(x.to(dtype), 0.5, None)
            expected = torch.nonzero(x.to(dtype) * x.to(dtype) <= torch.tensor(0.25).to(dtype)).flatten()
            torch.testing.assert_close(hits, expected)
            assert int(furthest) == int(x.to(dtype).abs().argmax()), dtype
        hits, _ = torch.ops.toyload.within(x, 0.5, 3)            # the host `while` loop keeps 3
        torch.testing.assert_close(hits, torch.nonzero(x * x <= 0.25).flatten()[:3])
        for bad, exception, words in ((lambda: torch.ops.toyload.within(x, 0.5, -1), RuntimeError,
                                       "limit must be non-negative, got -1"),
                                      (lambda: torch.ops.toyload.within(x.bfloat16(), 0.5, None),
                                       NotImplementedError, "within_kernel<c10::BFloat16>")):
            try:
                bad()
            except exception as err:
                assert words in str(err), err
            else:
                raise AssertionError(words)
        print("ok")
    """
    # no CPU implementation: CPU tensors raise the project's own error, unless the converted kernels serve them
    done = _run(out, code, check=False)
    assert done.returncode != 0 and "No CPU version of within: 300 elements" in done.stderr, done.stderr[-1500:]
    assert _run(out, code, CUDA2TILE_CPU_RUNS="converted").stdout.split() == ["ok"]


def test_a_registration_form_not_read_is_refused_at_its_line(tmp_path):
    """`RegisterOperators::options().schema(...).catchAllKernel(&f)` (the builder form) is not read: the
    operator is refused with C2T1601 at its `op`, the others are still defined."""
    src = tmp_path / "loadlib-src"
    shutil.copytree(SOURCE, src)
    main = src / "csrc/shift.cpp"
    text = main.read_text().replace('        .op("toyload::scale_shift_autograd", &scale_shift_autograd);',
                                    """        .op("toyload::scale_shift_autograd", &scale_shift_autograd)
        .op(torch::RegisterOperators::options()
                .schema("toyload::built(Tensor x) -> Tensor")
                .catchAllKernel(&normalize));""")
    main.write_text(text)
    out = tmp_path / "out"
    done = run_cli("convert", str(src), "-o", str(out), "-D", "WITH_CUDA", "--no-cache")
    assert done.returncode == 0, done.stderr
    line = text.splitlines().index("        .op(torch::RegisterOperators::options()") + 1
    assert f"shift.cpp:{line}:10: warning: C2T1601: operator registration not read" in done.stderr, done.stderr
    assert "6 of 6 operators lifted" in done.stderr


def test_a_cpp_autograd_function_is_a_torch_autograd_function(converted, tmp_path):
    """`class ScaleShift : public torch::autograd::Function<ScaleShift>` (static forward and backward over
    `ctx->saved_data`, `save_for_backward`, `get_saved_variables`, `Variable()` for no gradient) run by
    `ScaleShift::apply(...)[0]`: a torch.autograd.Function subclass; gradcheck passes through the converted
    forward kernel, and fails when the lifted backward is broken."""
    out, _ = converted
    generated = (out / "toyload/_cuda2tile_ops.py").read_text()
    assert "class ScaleShift(torch.autograd.Function):" in generated
    assert "def list2vec(list_, *, _on):" in generated  # a header's inline helper; `list` is Python's
    code = """
        import torch, toyload
        torch.manual_seed(2)
        x = torch.randn(4, 6, dtype=torch.float64, requires_grad=True)
        b = torch.randn(6, dtype=torch.float64, requires_grad=True)
        y = torch.ops.toyload.scale_shift_autograd(x, 1.5, b)
        assert type(y.grad_fn).__name__ == "ScaleShiftBackward", y.grad_fn
        torch.testing.assert_close(y, x * 1.5 + b)
        ok = torch.autograd.gradcheck(lambda x, b: torch.ops.toyload.scale_shift_autograd(x, 1.5, b), (x, b),
                                      raise_exception=False)
        ok_no_bias = torch.autograd.gradcheck(lambda x: torch.ops.toyload.scale_shift_autograd(x, -2.0, None),
                                              (x,), raise_exception=False)
        print(ok, ok_no_bias)
    """
    assert _run(out, code).stdout.split() == ["True", "True"]
    broken = broken_copy(out, tmp_path / "out", "toyload/_cuda2tile_ops.py", "    grad_x = (grad * a).reshape(shape)\n",
                         "    grad_x = (grad * (a + 1)).reshape(shape)\n", 1)
    assert _run(broken, code).stdout.split() == ["False", "False"]


GROUP_REDUCE_CHECK = """
    import torch, toyload
    torch.manual_seed(3)
    group = torch.randint(0, 7, (2, 30)).t()   # a strided view: the kernel reads it through its TensorInfo
    flat = group.reshape(-1)
    for dtype in (torch.float32, torch.int64):
        src = (torch.randn(60) * 4).to(dtype)
        limits = torch.finfo(dtype) if dtype.is_floating_point else torch.iinfo(dtype)
        for how, combine, empty in (("add", torch.sum, 0), ("prod", torch.prod, 1),
                                    ("max", torch.max, limits.min), ("min", torch.min, limits.max)):
            out, arg = toyload.group_reduce(src, group, 9, how)      # groups 7 and 8 are empty
            expected = torch.stack([combine(src[flat == g]) if bool((flat == g).any())
                                    else torch.tensor(empty, dtype=dtype) for g in range(9)]).to(dtype)
            torch.testing.assert_close(out, expected, rtol=1e-4, atol=1e-4)
            if how in ("max", "min"):   # where: the first element holding the result, 60 for none
                first = [torch.nonzero((flat == g) & (src == out[g])).flatten() for g in range(9)]
                assert arg.tolist() == [int(f[0]) if len(f) else 60 for f in first], (how, arg)
            else:
                assert arg is None
    # no count given: one more than the largest group, read back on the host
    assert toyload.group_reduce(torch.ones(60), group)[0].shape == (int(flat.max()) + 1,)
    for bad, words in ((lambda: toyload.group_reduce(torch.ones(60), group, 9, "mean"), "map::at"),
                       (lambda: toyload.group_reduce(torch.ones(5), group, 9, "add"), "one group per element")):
        try:
            bad()
        except RuntimeError as err:
            assert words in str(err), err
        else:
            raise AssertionError(words)
    print("ok")
"""


def test_a_dispatch_of_the_projects_own_over_a_constant_table(converted, tmp_path):
    """group_reduce is written the way pytorch_scatter's reductions are: a project macro that is an
    immediately invoked `[&]` lambda switching on `kCombineByName.at(how)` (a `const std::unordered_map`
    global) with a `static constexpr Combine HOW` per case, run inside AT_DISPATCH_ALL_TYPES; the identity
    from `Combiner<scalar_t, HOW>::identity()` (a class template's static method, `std::numeric_limits`);
    a host `switch` with grouped labels and a default; a nullable `int64_t*` passed to a second kernel;
    the group tensor passed as `at::cuda::detail::TensorInfo` (a struct the kernel takes by value); a value
    read back through `data_ptr<int64_t>()[0]`. CPU tensors run the converted kernels (the CPU path is a
    host loop); breaking the converted combine fails the check."""
    out, stderr = converted
    assert "C2T1605: `group_reduce`: the CPU path of this device test is replaced by its CUDA path" in stderr
    generated = (out / "toyload/_cuda2tile_ops.py").read_text()
    assert "{'add': 0, 'prod': 1, 'max': 2, 'min': 3}" in generated
    assert "def Combiner_float_Combine_Smallest_identity(*, _on):" in generated
    assert _run(out, GROUP_REDUCE_CHECK).stdout.split() == ["ok"]
    # every instance of Combiner<T, Combine::Largest>::apply: `value > acc ? value : acc`
    kernels = (out / "csrc/cuda/group_cuda.py").read_text()
    largest = kernels.count("T.if_then_else(value > acc, value, acc)")
    assert largest >= 4, largest  # int, long, float, double (the narrower ones compare as int)
    broken = broken_copy(out, tmp_path / "out", "csrc/cuda/group_cuda.py", "T.if_then_else(value > acc, value, acc)",
                         "T.if_then_else(value < acc, value, acc)", largest)
    done = _run(broken, GROUP_REDUCE_CHECK, check=False)
    assert done.returncode != 0 and "Mismatched elements" in done.stderr, done.stderr[-2000:]
