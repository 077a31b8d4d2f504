"""Issue 15, items 1, 3, 6, 8 and 9: what clang could not parse never becomes converted code.

Each fix has two guards, each tested on its own so that reverting either one fails a test here:
clang's error limit is off (nothing after 20 errors is lost) and a recovery node or an invalid
declaration in device code refuses the kernel (C2T1105); clang's errors are attributed to the
kernels whose code or declarations hold them (C2T1101), and an invalid typedef refuses a kernel that
uses it even without that attribution."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from regressions.expect import CASES  # noqa: E402

from cuda2tile import driver  # noqa: E402
from cuda2tile.diagnostics import render  # noqa: E402
from cuda2tile.driver import ConvertOptions, convert_source  # noqa: E402
from cuda2tile.parity.harness import ParityOptions, run_parity  # noqa: E402
from cuda2tile.parse import build_ast, frontend  # noqa: E402
from cuda2tile.parse.frontend import FrontendOptions  # noqa: E402

FORTY_ERRORS = "void host_helper(" + ", ".join(f"Unknown{i} p{i}" for i in range(40)) + ");\n"


def _factory(text: str, name: str) -> str:
    tree = ast.parse(text)
    return next(ast.get_source_segment(text, n) for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)


def _behind_forty_errors(tmp_path: Path) -> Path:
    """error_limit_recovery.cu with its first line (a comment) replaced by an include of a header of
    40 host-code errors: line numbers unchanged, so the conversions compare byte for byte."""
    work = tmp_path / "broken"
    work.mkdir()
    (work / "forty_errors.h").write_text(FORTY_ERRORS)
    lines = (CASES / "error_limit_recovery.cu").read_text().split("\n")
    lines[0] = '#include "forty_errors.h"'
    target = work / "error_limit_recovery.cu"
    target.write_text("\n".join(lines))
    return target


# ------------------------------------------------------------------ item 1
def test_forty_host_errors_in_a_header_leave_the_block_reduction_intact(tmp_path):
    clean, clean_text = convert_source(str(CASES / "error_limit_recovery.cu"), "error_limit_recovery.cu")
    broken, broken_text = convert_source(str(_behind_forty_errors(tmp_path)), "error_limit_recovery.cu")
    assert sum(d.code == "C2T1101" for d in broken.diagnostics) == 40  # every one reported: no limit
    assert [k.status for k in broken.kernels] == ["converted"]
    assert "total = v" not in broken_text
    assert _factory(broken_text, "row_norm") == _factory(clean_text, "row_norm")


@pytest.mark.slow
def test_conversion_behind_forty_errors_passes_parity_against_the_original(tmp_path):
    broken = _behind_forty_errors(tmp_path)
    tree = tmp_path / "converted"
    tree.mkdir()
    _, text = convert_source(str(broken), "error_limit_recovery.cu")
    (tree / "error_limit_recovery.py").write_text(text)
    run = run_parity(ParityOptions((str(CASES / "error_limit_recovery.cu"),), original="cpu", converted="c",
                                   jobs=1, converted_tree=str(tree)))
    assert [r.status for r in run.results] == ["pass"], [r.describe() for r in run.results]


def test_a_recovery_node_refuses_the_kernel_even_when_clang_stops_reporting(tmp_path, monkeypatch):
    """The second guard: with clang's default limit of 20 errors the call `block_sum(sh, v)` comes back
    as a recovery node (callee, sh, v); it must refuse the kernel, not become `total = v`."""
    original = frontend.clang_args
    monkeypatch.setattr(frontend, "clang_args",
                        lambda options, path: [a for a in original(options, path) if a != "-ferror-limit=0"])
    broken, text = convert_source(str(_behind_forty_errors(tmp_path)), "error_limit_recovery.cu",
                                  ConvertOptions(frontend=FrontendOptions(std="c++14")))  # a fresh PCH key
    (kernel,) = broken.kernels
    assert kernel.status == "unsupported"
    assert [d.code for d in kernel.diagnostics] == ["C2T1105"]
    assert "block_sum" in kernel.diagnostics[0].message and kernel.diagnostics[0].loc.line == 29
    assert "total = v" not in text


def test_an_unresolved_call_in_a_kernel_is_refused_at_its_line(tmp_path):
    cu = tmp_path / "unresolved.cu"
    cu.write_text("__global__ void k(float* out, const float* in) {\n"
                  "  float v = in[threadIdx.x];\n"
                  "  float w = not_declared_anywhere(out, v);\n"
                  "  out[threadIdx.x] = w;\n}\n")
    result, _ = convert_source(str(cu), "unresolved.cu")
    (kernel,) = result.kernels
    assert kernel.status == "unsupported"
    assert kernel.diagnostics[0].code == "C2T1101" and "not_declared_anywhere" in kernel.diagnostics[0].message


# ------------------------------------------------------------------ item 3
def test_a_typedef_of_an_unknown_type_refuses_its_kernels_with_clangs_message():
    result, text = convert_source(str(CASES / "bf16_typedef.cu"), "bf16_typedef.cu")
    status = {k.cuda_name: k for k in result.kernels}
    assert status["scale_plain"].status == "converted"
    refused = status["scale_bf"]
    assert refused.status == "unsupported" and refused.factory is None and "def scale_bf" not in text
    (diag,) = refused.diagnostics
    assert diag.code == "C2T1101"
    assert "unknown type name '__nv_bfloat16'" in diag.message and "bf16_typedef.cu:7:9" in diag.message


def test_an_invalid_typedef_refuses_the_kernel_without_the_error_attribution(monkeypatch):
    """The second guard: clang marks `floatX` invalid (typed int); using it refuses the kernel."""
    monkeypatch.setattr(driver, "clang_errors_reached", lambda kernel, functions: [])
    result, _ = convert_source(str(CASES / "bf16_typedef.cu"), "bf16_typedef.cu")
    status = {k.cuda_name: k for k in result.kernels}
    assert status["scale_bf"].status == "unsupported"
    assert [d.code for d in status["scale_bf"].diagnostics] == ["C2T1105"]
    assert "floatX" in status["scale_bf"].diagnostics[0].message
    assert status["scale_plain"].status == "converted"


def test_an_error_in_a_called_device_function_in_a_header_refuses_the_kernel(tmp_path):
    (tmp_path / "helpers.cuh").write_text("__device__ float helper(float x) {\n"
                                          "  UndeclaredType scale = 2;\n"
                                          "  return x * scale;\n}\n")
    cu = tmp_path / "uses_helper.cu"
    cu.write_text('#include "helpers.cuh"\n__global__ void k(float* y) { y[threadIdx.x] = helper(y[threadIdx.x]); }\n'
                  "__global__ void other(float* y) { y[threadIdx.x] += 1.0f; }\n")
    result, _ = convert_source(str(cu), "uses_helper.cu")
    status = {k.cuda_name: k for k in result.kernels}
    assert status["other"].status == "converted"
    assert status["k"].status == "unsupported"
    assert "helpers.cuh:2:3: unknown type name 'UndeclaredType'" in status["k"].diagnostics[0].message


# ------------------------------------------------------------------ item 6
def test_a_template_template_parameter_costs_at_most_its_kernel():
    result, text = convert_source(str(CASES / "template_template.cu"), "template_template.cu")
    assert not result.internal_errors
    assert not [d for d in result.all_diagnostics() if d.code == "C2T9001"]
    # the functor's `Op<T>()(a, b)` converts too: `Plus` holds nothing (A.Stateless)
    assert {k.cuda_name: k.status for k in result.kernels} == {"apply_kernel": "converted",
                                                               "double_it": "converted"}
    assert "def double_it" in text


def test_an_internal_error_while_reading_one_function_costs_only_that_kernel(tmp_path, monkeypatch):
    real = build_ast._Builder.function

    def failing(self, c, is_kernel):
        if c.spelling == "apply_kernel":
            raise ValueError("planted")
        return real(self, c, is_kernel)

    monkeypatch.setattr(build_ast._Builder, "function", failing)
    result, text = convert_source(str(CASES / "template_template.cu"), "template_template.cu")
    status = {k.cuda_name: k for k in result.kernels}
    assert status["double_it"].status == "converted" and "def double_it" in text
    assert [d.code for d in status["apply_kernel"].diagnostics] == ["C2T9001"]
    assert result.internal_errors and "planted" in result.internal_errors[0]


# ------------------------------------------------------------------ item 8
def test_a_header_error_is_reported_at_the_headers_line_and_spares_the_kernel():
    result, _ = convert_source(str(CASES / "header_error_line.cu"), "header_error_line.cu")
    assert [k.status for k in result.kernels] == ["converted"]
    errors = [d for d in result.diagnostics if d.code == "C2T1101"]
    assert errors and all(d.loc.file == "inc/host_vector_util.h" for d in errors)
    first = errors[0]
    assert first.loc.line == 6
    shown = render(first, result.source_lines).splitlines()
    assert shown[0].startswith("inc/host_vector_util.h:6:")
    assert shown[1] == "boost::container::flat_map<int, float> host_lookup_table(int n);"  # the header's line


def test_a_header_diagnostic_survives_the_cache(tmp_path):
    from cuda2tile.cache import _diag_from_json, _diag_to_json
    result, _ = convert_source(str(CASES / "header_error_line.cu"), "header_error_line.cu")
    for d in result.diagnostics:
        assert _diag_from_json(_diag_to_json(d)) == d


# ------------------------------------------------------------------ item 9
def test_instances_are_named_as_cpp_spells_their_arguments(tmp_path):
    result, text = convert_source(str(CASES / "template_names.cu"), "template_names.cu")
    names = sorted(k.cuda_name for k in result.kernels)
    assert names == ["masked_scale<float, false, Mode::Copy>", "masked_scale<float, true, Mode::Square>", "shift<-3>"]
    assert all(k.status == "converted" for k in result.kernels)
    picked, _ = convert_source(str(CASES / "template_names.cu"), "template_names.cu",
                               ConvertOptions(kernels=("masked_scale<float, true, Mode::Square>",)))
    assert [k.cuda_name for k in picked.kernels] == ["masked_scale<float, true, Mode::Square>"]


def test_unscoped_enumerators_and_unsigned_arguments(tmp_path):
    cu = tmp_path / "names.cu"
    cu.write_text("namespace ns { enum Level { Low, High = 7 }; }\n"
                  "template <ns::Level L, unsigned U> __global__ void k(int* x) { x[threadIdx.x] = L + (int)(U & 3u); }\n"
                  "void go(int* x) { k<ns::High, 4294967295u><<<1, 32>>>(x); }\n")
    result, _ = convert_source(str(cu), "names.cu")
    assert [k.cuda_name for k in result.kernels] == ["k<ns::High, 4294967295>"]


# ------------------------------------------------------------------ the invariant, guard by guard
INVARIANT_KERNELS = """
__global__ void member_of_float(float* out, const float* in) { float v = in[threadIdx.x]; float a = v.nonexistent; out[threadIdx.x] = a; }
__global__ void undeclared_operand(float* out, const float* in) { float v = in[threadIdx.x]; float a = nope + v; out[threadIdx.x] = a; }
__global__ void gnu_elvis(float* out, const float* in) { float v = in[threadIdx.x]; out[threadIdx.x] = v ?: 1.0f; }
__global__ void sound(float* out, const float* in) { out[threadIdx.x] = in[threadIdx.x] * 3.0f; }
"""


@pytest.mark.parametrize("kernel,code", [("member_of_float", "C2T1105"),  # a recovery node of dependent type
                                         ("undeclared_operand", "C2T1105"),  # clang drops the initialiser
                                         ("gnu_elvis", "C2T1202")])  # several operands: never the last one
def test_device_code_clang_could_not_give_is_refused_without_the_error_attribution(kernel, code, tmp_path,
                                                                                   monkeypatch):
    monkeypatch.setattr(driver, "clang_errors_reached", lambda kernel, functions: [])
    cu = tmp_path / "invariant.cu"
    cu.write_text(INVARIANT_KERNELS)
    result, text = convert_source(str(cu), "invariant.cu")
    status = {k.cuda_name: k for k in result.kernels}
    assert status["sound"].status == "converted"
    assert status[kernel].status == "unsupported", f"def {kernel}" in text
    assert [d.code for d in status[kernel].diagnostics] == [code], status[kernel].diagnostics


def test_an_internal_error_in_a_called_member_function_reaches_its_kernel_as_one(tmp_path, monkeypatch):
    """The refused stand-in of a `__device__` member function keeps the name its calls use
    (`Combine::operator()`, not `operator()`): its kernel reports C2T9001, not a missing definition."""
    src = tmp_path / "member.cu"
    src.write_text("struct Combine { __device__ float operator()(float a, float b) const { return a + b; } };\n"
                   "__global__ void use(float* x) { x[threadIdx.x] = Combine()(x[threadIdx.x], 1.0f); }\n")
    real = build_ast._Builder.function

    def failing(self, c, is_kernel):
        if not is_kernel:
            raise RuntimeError("planted")
        return real(self, c, is_kernel)

    monkeypatch.setattr(build_ast._Builder, "function", failing)
    result, _ = convert_source(str(src), "member.cu")
    kernel, = result.kernels
    assert [d.code for d in kernel.diagnostics] == ["C2T9001"], [d.message for d in kernel.diagnostics]
    assert "internal error while reading 'operator()'" in kernel.diagnostics[0].message
