"""PyTorch extensions converted to drop-in packages (issue 21), on small extensions written here.

`toy_extension/` registers operators with TORCH_LIBRARY (defs in a .cpp, CUDA impls in a .cu) and writes its
host code the ways extensions do: a project macro over TORCH_CHECK, TORCH_CHECK_VALUE, a template kernel
launched per dtype, a helper host function in the grid formula, a 2-D launch with dim3, TensorOptions built
from parts, C10_CUDA_KERNEL_LAUNCH_CHECK; two functions are refused with their codes. `pybind_extension/` is
the older PYBIND11_MODULE style whose module name is its `.cu`'s. The converted operators run on CPU
tensors through TileLang's C back end, in a subprocess each (a fresh torch.library registry).
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from c2t_testsupport import broken_copy, run_cli  # noqa: E402

from cuda2tile.pytorch import package_runtime as rt  # noqa: E402
from op_coverage.aten import ATEN, aten_lookup  # noqa: E402

HERE = Path(__file__).resolve().parent


def _convert(name: str, out: Path) -> subprocess.CompletedProcess:
    src = out.parent / f"{name}-src"
    shutil.copytree(HERE / name, src)  # a copy: nothing is ever written next to the test's sources
    done = run_cli("convert", str(src), "-o", str(out), "--no-cache")
    assert done.returncode == 0, done.stderr
    return done


def _run(out: Path, code: str, **env_extra: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(out), PYTHONDONTWRITEBYTECODE="1", **env_extra)
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          cwd=out.parent, env=env, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def toy(tmp_path_factory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("toy") / "out"
    return out, _convert("toy_extension", out).stderr


def test_the_package_mirrors_the_original_and_replaces_the_compiled_module(toy):
    out, stderr = toy
    assert (out / "toyext" / "__init__.py").read_bytes() == (HERE / "toy_extension/toyext/__init__.py").read_bytes()
    assert (out / "toyext" / "_cuda2tile_runtime.py").is_file()
    generated = (out / "toyext" / "_C.py").read_text()
    ast.parse(generated)
    for schema in ("scale(Tensor x, float s) -> Tensor", "rows(Tensor x) -> Tensor", "bad(Tensor x) -> Tensor"):
        assert f"define({schema!r})" in generated
    assert "torch.library.Library('toyext', 'DEF')" in generated
    assert "register_fake('toyext::scale'" in generated  # the package registers none of its own
    assert "PyTorch extension toyext._C: 3 of 5 operators lifted" in stderr
    # mix: its own CPU implementation (ATen calls) for CPU tensors, its CUDA one for CUDA tensors
    assert "_IMPL_toyext.impl('mix', _rt.serve(mix_cuda, 'cuda', 'cuda'), 'CUDA')" in generated
    assert "_IMPL_toyext.impl('mix', _rt.serve(*((mix_cuda, 'cuda') if _rt.CPU_RUNS_CONVERTED else (mix_cpu, 'cpu')), " \
           "'cpu'), 'CPU')" in generated
    assert "1 with the extension's own CPU implementation on CPU tensors" in stderr


def test_refusals_are_coded_and_name_the_construct(toy):
    _, stderr = toy
    assert "C2T1601: `bad_cuda` is not lifted to Python: host code not lifted: a lambda" in stderr
    assert "C2T1602: `pinned_cuda` is not lifted to Python: no torch mapping for `Tensor::is_pinned`" in stderr
    assert "C2T1607: `toyext::bad` is defined but no implementation of it was lifted" in stderr


def test_converted_operators_run_on_cpu_tensors(toy):
    out, _ = toy
    printed = _run(out, """
        import torch, toyext
        from torch.testing._internal.optests import opcheck
        from torch._subclasses.fake_tensor import FakeTensorMode
        x = torch.randn(300)
        assert torch.allclose(toyext.scale(x, 2.5), x * 2.5)                       # scale_kernel<float>
        xd = torch.randn(7, 5, dtype=torch.float64)
        assert torch.allclose(toyext.scale(xd, -1.5), xd * -1.5)                   # scale_kernel<double>
        r = torch.ops.toyext.rows(torch.empty(37, 21))                             # 2-D grid of dim3 blocks
        assert torch.equal(r, torch.arange(37.).unsqueeze(1).expand(37, 21))
        assert toyext.scale(torch.randn(0), 2.0).shape == (0,)                     # an empty grid launches nothing
        for call, error, text in ((lambda: toyext.scale(x, 0.0), ValueError, "scale must not be zero"),
                                  (lambda: toyext.scale(torch.randn(()), 1.0), RuntimeError,
                                   "x must have at least one dimension, got 0"),
                                  (lambda: torch.ops.toyext.bad(x), NotImplementedError, "Could not run")):
            try:
                call()
                raise AssertionError("no error")
            except error as err:
                assert text in str(err), err
        opcheck(torch.ops.toyext.scale.default, (torch.randn(10), 3.0))
        opcheck(torch.ops.toyext.rows.default, (torch.randn(4, 9),))
        with FakeTensorMode():
            f = torch.ops.toyext.rows(torch.empty(5, 6))
        print("fake", tuple(f.shape), f.dtype)
    """)
    assert "fake (5, 6) torch.float32" in printed


_MIX = """
    import torch, toyext
    from torch.testing._internal.optests import opcheck
    def expected(x, w):
        y = x * w + x.flip(1)
        return y, y.sum(0)
    base = torch.randn(70, 45, dtype=torch.float64)
    for x in (base, base.t(), base.float()[3:60:2, 1:], base.t().float()):  # transposed and sliced views
        y, s = torch.ops.toyext.mix(x, 0.75)
        ey, es = expected(x, 0.75)
        assert y.dtype == x.dtype and y.stride() == torch.empty_like(x).stride()
        torch.testing.assert_close(y, ey, rtol=0, atol=0)       # the same float operations, the same bits
        torch.testing.assert_close(s, es)
    opcheck(torch.ops.toyext.mix.default, (torch.randn(6, 9), 2.0))
    try:
        torch.ops.toyext.mix(torch.randn(4, 5).half(), 1.0)
        print("half: ran")
    except NotImplementedError as err:
        print("half:", err)
"""


def test_a_dispatched_accessor_kernel_and_the_projects_cpu_implementation(toy):
    """`mix` has a CUDA implementation (AT_DISPATCH_FLOATING_TYPES over packed_accessor32 views, after a
    dispatch that returns the block size per dtype) and a CPU
    one (ATen calls): CPU tensors run the CPU one, as the original extension does, and run the converted
    kernels with CUDA2TILE_CPU_RUNS=converted. Half tells them apart: ATen computes it, the CUDA
    implementation's dispatch lists only double and float and raises ATen's error."""
    out, _ = toy
    assert _run(out, _MIX).strip() == "half: ran"
    printed = _run(out, _MIX, CUDA2TILE_CPU_RUNS="converted")
    assert printed.strip() == "half: \"mix_threads\" not implemented for 'Half'"  # the first of its two dispatches


def test_a_broken_accessor_kernel_is_caught(toy, tmp_path):
    """The same check with the converted kernel's strides swapped: the transposed input gives wrong values."""
    out, _ = toy
    broken = broken_copy(out, tmp_path / "broken", "toyext/csrc/toy.py", "x_data[r * x_stride0 + c * x_stride1]",
                         "x_data[r * x_stride1 + c * x_stride0]", 2)  # the float and double instantiations
    env = dict(os.environ, PYTHONPATH=str(broken), PYTHONDONTWRITEBYTECODE="1", CUDA2TILE_CPU_RUNS="converted")
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(_MIX)], capture_output=True, text=True,
                          cwd=tmp_path, env=env, timeout=600)
    assert done.returncode != 0 and "Mismatched elements" in done.stderr, done.stderr[-2000:]


def test_a_runtime_setting_that_is_not_known_is_refused(toy):
    out, _ = toy
    env = dict(os.environ, PYTHONPATH=str(out), PYTHONDONTWRITEBYTECODE="1", CUDA2TILE_CPU_RUNS="gpu")
    done = subprocess.run([sys.executable, "-c", "import toyext"], capture_output=True, text=True, cwd=out.parent,
                          env=env, timeout=600)
    assert done.returncode != 0 and "CUDA2TILE_CPU_RUNS='gpu': expected 'project'" in done.stderr


def test_a_pybind11_module_becomes_a_module_of_that_name(tmp_path):
    out = tmp_path / "out"
    stderr = _convert("pybind_extension", out).stderr
    assert "PyTorch extension pyext: 1 module functions lifted" in stderr
    assert (out / "_pyext_kernels.py").is_file()  # pyext.cu's kernels, moved off the module's name
    printed = _run(out, """
        import torch, pyext
        x, y = torch.randn(100), torch.randn(100)
        out, same = pyext.axpy(x, y, 2.0)
        assert torch.allclose(out, 2 * x + y) and same is x
        try:
            pyext.axpy(x[::2], y[::2], 1.0)
        except RuntimeError as err:
            print(err)
    """)
    assert "x must be a contiguous CUDA tensor" in printed


def test_a_host_function_clang_could_not_type_is_refused_not_emptied(tmp_path):
    """Clang drops the code it could not type: `return Twice::apply(x)[0];` against headers without
    `torch::autograd::Function` lifted as an empty body, an op returning None (found on pytorch_scatter:
    nine of its functions). Such a function is refused with clang's message at its line."""
    src = tmp_path / "pybind_extension-src"
    shutil.copytree(HERE / "pybind_extension", src)
    cu = src / "pyext.cu"
    text = cu.read_text().replace("PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {", """torch::Tensor twice(torch::Tensor x) {
  return Twice::apply(x)[0];
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("twice", &twice, "2 x, through an autograd function");""")
    cu.write_text(text)
    out = tmp_path / "out"
    done = run_cli("convert", str(src), "-o", str(out), "--no-cache")
    assert done.returncode == 0, done.stderr
    line = text.splitlines().index("  return Twice::apply(x)[0];") + 1
    assert (f"C2T1601: `twice` is not lifted to Python: host code not lifted: clang error at pyext.cu:{line}:"
            in done.stderr), done.stderr
    assert "PyTorch extension pyext: 1 module functions lifted" in done.stderr
    assert "def twice" not in (out / "pyext.py").read_text()


def test_deep_host_code_lifts_as_elif_or_is_refused_with_its_depth(tmp_path):
    """A macro-written chain of `else if`s (apex's group_norm selects among 1,008 launchers so) and long
    expressions: read to a depth, with `else if` lifted as `elif` (an `else: if` per level would pass Python's
    100 indentation levels); past the depth a coded refusal at the function, never an internal error or a
    child list cut short by a ctypes callback that hit Python's recursion limit."""
    src = tmp_path / "pybind_extension-src"
    shutil.copytree(HERE / "pybind_extension", src)
    cu = src / "pyext.cu"

    def chain(name: str, levels: int) -> str:
        branches = "\n".join(f"  {'else ' if i else ''}if (x.size(0) == {i}) {{ y = y + {i}; }}"
                              for i in range(levels))
        return f"int64_t {name}(torch::Tensor x) {{\n  int64_t y = 0;\n{branches}\n  else {{ y = y + " + \
            " + ".join(["x.size(0)"] * 120) + "; }\n  return y;\n}\n"

    deep_sum = " + ".join(["x.size(0)"] * 3000)
    text = cu.read_text().replace("PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {", chain("chain95", 95) +
                                  chain("chain3000", 3000) + f"""int64_t deep_sum(torch::Tensor x) {{ return {deep_sum}; }}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {{
  m.def("chain95", &chain95);
  m.def("chain3000", &chain3000);
  m.def("deep_sum", &deep_sum);""")
    cu.write_text(text)
    out = tmp_path / "out"
    done = run_cli("convert", str(src), "-o", str(out), "--no-cache")
    assert done.returncode == 0, done.stderr
    assert "C2T9001" not in done.stderr and "Exception ignored" not in done.stderr, done.stderr
    assert "C2T1601: `chain3000` is not lifted to Python: host code not lifted: statements nested more than 100 " \
           "levels deep" in done.stderr, done.stderr
    assert "C2T1601: `deep_sum` is not lifted to Python: host code not lifted: an expression nested more than " \
           "150 levels deep" in done.stderr, done.stderr
    generated = (out / "pyext.py").read_text()
    assert generated.count("    elif (x.size(0) == ") == 94, generated
    printed = _run(out, """
        import torch, pyext
        print([pyext.chain95(torch.zeros(n)) for n in (0, 7, 94, 95, 200)])
    """)
    assert printed.split("\n")[0] == str([0, 7, 94, 95 * 120, 200 * 120])


def test_overloads_and_stand_in_versions(tmp_path):
    """Two project functions of one name (`magnitude(x)`, `magnitude(x, p)`): each call reaches the overload clang
    chose, under a Python name of its own (apex's `check_args` of 2, 4 and 5 arguments once all became one
    function calling itself). A version macro of cuda2tile's stand-in headers (`NCCL_MAJOR`) is refused:
    its value is made up, not the one the original was built with."""
    src = tmp_path / "pybind_extension-src"
    shutil.copytree(HERE / "pybind_extension", src)
    cu = src / "pyext.cu"
    text = cu.read_text().replace("PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {", """#include <nccl.h>
static torch::Tensor magnitude(torch::Tensor x) { return x.abs(); }
static torch::Tensor magnitude(torch::Tensor x, double p) { return x.abs().pow(p); }
torch::Tensor both(torch::Tensor x) { return magnitude(x) + magnitude(x, 2.0); }
std::tuple<int, int> nccl_version() { return {int(NCCL_MAJOR), int(NCCL_MINOR)}; }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("both", &both, "|x| + x^2");
  m.def("nccl_version", &nccl_version);""")
    cu.write_text(text)
    out = tmp_path / "out"
    done = run_cli("convert", str(src), "-o", str(out), "--no-cache")
    assert done.returncode == 0, done.stderr
    generated = (out / "pyext.py").read_text()
    assert "return (magnitude(x, _on=_on) + magnitude__overload2(x, 2.0, _on=_on))" in generated, generated
    assert "C2T1601: `nccl_version` is not lifted to Python: host code not lifted: the value of `NCCL_MAJOR`, " \
           "a version macro of cuda2tile's stand-in headers" in done.stderr, done.stderr
    printed = _run(out, """
        import torch, pyext
        x = torch.tensor([-1.5, 2.0, 0.5])
        print(pyext.both(x).tolist())
    """)
    assert printed.strip() == str([1.5 + 2.25, 2.0 + 4.0, 0.5 + 0.25])


_SWITCHES_AND_LAMBDAS = """
// a switch on a dtype (labels that are ScalarTypes), grouped labels, a default written first
int64_t kind_of(torch::Tensor x) {
  int64_t kind;
  switch (x.scalar_type()) {
  default:
    kind = 0;
    break;
  case at::kFloat:
  case at::kDouble:
    kind = 1;
    break;
  case at::kLong: {
    kind = 2;
    break;
  }
  }
  return kind;
}

// a lambda called where it is written, with a value and returns of its own, assigning a local of the caller
double pick(torch::Tensor x, int64_t which) {
  double seen = -1;
  double value = [&] {
    seen = which;
    switch (which) {
    case 0:
      return x.sum().item<double>();
    case 1:
      return x.max().item<double>();
    }
    for (int64_t i = 0; i < 10; i++) {
      if (i == which)
        break;
      seen += 1;
    }
    return 0.5;
  }();
  return value + 1000 * seen;
}

// `continue` in a for loop: its step still runs
int64_t odd_sum(int64_t n) {
  int64_t s = 0;
  for (int64_t i = 0; i < n; i++) {
    if (i % 2 == 0)
      continue;
    s += i;
  }
  return s;
}

// a value read back into malloc'd host memory with cudaMemcpy (pytorch_cluster's fps sizes its output so)
int64_t last_value(torch::Tensor x) {
  auto host = (int64_t *)malloc(2 * sizeof(int64_t));
  cudaMemcpy(host + 1, x[-1].data_ptr<int64_t>(), sizeof(int64_t), cudaMemcpyDeviceToHost);
  int64_t v = host[1];
  free(host);
  return v;
}

int64_t falls(int64_t n) {
  int64_t s = 0;
  switch (n) {
  case 1:
    s = 2;
  case 2:
    s += 1;
    break;
  }
  return s;
}

int64_t leaves_early(int64_t n) {
  int64_t s = 0;
  switch (n) {
  case 1:
    if (s == 0)
      break;
    s = 1;
    break;
  }
  return s;
}

int64_t counted(int64_t n) {
  static int64_t calls = 0;
  calls++;
  return n + calls;
}

int64_t copied(int64_t n) {
  return [=]() mutable {
    n = n + 1;
    return n;
  }();
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("kind_of", &kind_of);
  m.def("pick", &pick);
  m.def("odd_sum", &odd_sum);
  m.def("last_value", &last_value);
  m.def("falls", &falls);
  m.def("leaves_early", &leaves_early);
  m.def("counted", &counted);
  m.def("copied", &copied);"""


def test_host_switches_and_lambdas_called_where_written(tmp_path):
    """A host `switch` becomes an if/elif chain taken once (grouped labels, a default anywhere, labels of
    any type); a lambda called where it is written, a nested function (its returns its own, the caller's
    locals it assigns `nonlocal`); `continue` runs a for loop's step first; `malloc`ed host memory filled by
    `cudaMemcpy` and read back. What would change meaning is refused at its line: a case falling through
    into the next, a `break` leaving a switch from inside a case, a static local (it keeps its value
    across calls), a lambda assigning its copy of a captured variable."""
    src = tmp_path / "pybind_extension-src"
    shutil.copytree(HERE / "pybind_extension", src)
    cu = src / "pyext.cu"
    text = cu.read_text().replace("PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {", _SWITCHES_AND_LAMBDAS)
    cu.write_text(text)
    out = tmp_path / "out"
    done = run_cli("convert", str(src), "-o", str(out), "--no-cache")
    assert done.returncode == 0, done.stderr
    lines = text.splitlines()
    for name, line, why in (
            ("falls", "  case 1:", "a switch case that falls through into the next"),
            ("leaves_early", "      break;", "a `break` out of a switch from inside one of its cases"),
            ("counted", "  static int64_t calls = 0;", "a static local variable (its value persists across calls)"),
            ("copied", "  return [=]() mutable {", "a lambda capturing by copy that assigns its copy of `n`")):
        number = lines.index(line, lines.index(next(ln for ln in lines if f" {name}(" in ln))) + 1
        assert f"pyext.cu:{number}:" in done.stderr and f"C2T1601: `{name}` is not lifted to Python: host code " \
            f"not lifted: {why}" in done.stderr, (name, done.stderr)
    printed = _run(out, """
        import torch, pyext
        x = torch.tensor([1.0, 4.0, 2.5])
        print([pyext.kind_of(x), pyext.kind_of(x.double()), pyext.kind_of(x.long()), pyext.kind_of(x.int())])
        print([pyext.pick(x, 0), pyext.pick(x, 1), pyext.pick(x, 3), pyext.pick(x, 20)])
        print(pyext.odd_sum(8))
        print(pyext.last_value(torch.tensor([5, -7, 123456789012])), pyext.last_value(torch.arange(10)[2:5]))
    """)
    assert printed.split("\n")[:4] == ["[1, 1, 2, 0]", str([7.5, 4.0 + 1000, 0.5 + 3000 + 3000, 0.5 + 30000]),
                                        str(1 + 3 + 5 + 7), "123456789012 4"]


def test_a_tree_that_is_not_an_extension_gets_no_package(tmp_path):
    src = tmp_path / "plain"
    src.mkdir()
    (src / "k.cu").write_text("__global__ void k(float* y) { y[threadIdx.x] = 1.0f; }\n")
    done = run_cli("convert", str(src), "-o", str(tmp_path / "out"), "--no-cache")
    assert done.returncode == 0 and "PyTorch extension" not in done.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["k.py"]


# ---------------------------------------------------------------- the runtime and the table


def test_c_conversions_and_division():
    assert rt.wrap(2**31, 32) == -2**31 and rt.wrap(-1, 32, False) == 2**32 - 1
    assert rt.idiv(-7, 2) == -3 and rt.imod(-7, 2) == -1 and rt.ceil_div(257, 256) == 2
    assert rt.f32(0.1) != 0.1 and rt.f32(0.5) == 0.5


def test_pointers_are_views_of_the_rest_of_the_storage():
    import torch

    base = torch.arange(10, dtype=torch.float32)
    p = rt.data_ptr(base[2:], torch.float32) + 3
    view = rt._buffer(p, torch.float32, base.device)
    assert view.tolist() == [5.0, 6.0, 7.0, 8.0, 9.0]
    view[0] = -1
    assert base[5] == -1  # the kernel writes the tensor's own memory
    with pytest.raises(RuntimeError, match="expected scalar type Float but found Double"):
        rt.data_ptr(base.double(), torch.float32)


def test_host_reads_limits_tables_and_tensor_infos():
    import torch

    base = torch.arange(10, dtype=torch.int64)
    p = rt.data_ptr(base[2:], torch.int64) + 1
    assert rt.load(p, 0) == 3 and rt.load(p, 4) == 7          # `p[i]` of host memory: the tensor's storage
    with pytest.raises(RuntimeError, match="element 8 of a tensor's storage of 8"):
        rt.load(rt.data_ptr(base[2:], torch.int64), 8)
    assert rt.numeric_limit("float", "lowest") == -torch.finfo(torch.float32).max
    assert rt.numeric_limit("c10::Half", "max") == 65504.0 and rt.numeric_limit("unsigned char", "max") == 255
    assert rt.numeric_limit("long", "min") == -2**63 and rt.numeric_limit("double", "min") == torch.finfo(torch.float64).tiny
    with pytest.raises(RuntimeError, match="map::at"):
        rt.map_at({"sum": 0}, "max")
    view = torch.arange(24).reshape(2, 3, 4).transpose(0, 2)[1:]   # sizes (3, 3, 2), strides (1, 4, 12)
    info = rt.tensor_info(view, torch.int64, 32)
    pointer, sizes, strides, dims = info.parts()
    assert dims == 3 and pointer.offset == 0 and pointer.tensor is view
    assert sizes.tensor[:4].tolist() == [3, 3, 2, 0] and strides.tensor[:3].tolist() == [1, 4, 12]
    assert sizes.tensor.dtype == torch.int32 and sizes.tensor.numel() == rt.MAX_TENSORINFO_DIMS
    assert rt.tensor_to(torch.ones(2), **rt.options(torch.zeros(1, dtype=torch.float64))).dtype == torch.float64
    host = rt.cast_ptr(rt.host_alloc(16), torch.int64)
    rt.memcpy(host + 1, rt.data_ptr(base, torch.int64) + 9, 8)      # cudaMemcpy of one int64
    assert rt.load(host, 1) == 9
    with pytest.raises(RuntimeError, match="cudaMemcpy would read or write out of bounds"):
        rt.memcpy(host + 1, rt.data_ptr(base, torch.int64), 16)


def test_messages_print_as_cpp_streams_print_them():
    import torch

    assert rt.cstr("got ", torch.float64, " of ", torch.Size([2, 3]), " ", True) == "got Double of [2, 3] 1"


def test_every_aten_template_is_python():
    for record in ATEN:
        text = record.python.format(*[f"a{i}" for i in range(8)], self="x", args="a0, a1", rt="_rt", on="_on",
                                    dtype="torch.float32", rank=2, index_bits=32, targ0="0",
                                    ctype0="'float'")
        ast.parse(text, mode="eval")
    assert aten_lookup("function", "torch::empty", 2).python.startswith("torch.empty(")
    assert aten_lookup("method", "Tensor.size", 2) is None  # an arity no record covers is refused, not guessed
