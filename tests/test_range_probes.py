"""Range-based fors over class templates: libclang lists no member of an implicit specialization, so the
front end parses the file again with a probe that calls `end()`, `!=` and `++` (build_ast.range_probe_text).
These check that the probe is asked for exactly then, finds the members, and that its own errors (a range
type private to its class cannot be named at the end of the file) never reach the user."""

from __future__ import annotations

from cuda2tile.parse import build_ast, frontend
from cuda2tile.parse import cuda_ast as A

_RANGE = """
template <typename I> struct Steps {
  struct It {
    __device__ It(I a) : at(a) {}
    __device__ I operator*() const { return at; }
    __device__ It& operator++() { ++at; return *this; }
    __device__ bool operator!=(const It& o) const { return at < o.at; }
    I at;
  };
  __device__ Steps(I lo, I hi) : lo_(lo), hi_(hi) {}
  __device__ It begin() const { return It(lo_); }
  __device__ It end() const { return It(hi_); }
  I lo_, hi_;
};
"""


def _parse(tmp_path, text: str) -> frontend.ParsedFile:
    src = tmp_path / "k.cu"
    src.write_text(text)
    return frontend.parse_file(str(src))


def _refusals(fn: A.Function) -> list[str]:
    return [n.what for n in A.walk(fn.body) if isinstance(n, (A.UnsupportedStmt, A.UnsupportedExpr))]


def test_a_class_template_range_is_probed_and_lifted(tmp_path, monkeypatch):
    texts = []
    real = build_ast.range_probe_text
    monkeypatch.setattr(frontend, "range_probe_text", lambda types: texts.append(types) or real(types))
    parsed = _parse(tmp_path, _RANGE + "__global__ void k(float* y, int n) { for (int i : Steps<int>(0, n)) y[i] = 1; }\n")
    kernel = next(f for f in parsed.unit.functions if f.name == "k")
    assert _refusals(kernel) == []
    assert ("Steps<int>",) in texts  # the second parse probed the specialization
    assert parsed.unit.range_probes == ()
    names = {f.name for f in parsed.unit.functions}
    assert {"It::operator!=", "It::operator++", "Steps::end"} <= names


def test_no_probe_without_a_range_for_over_a_template(tmp_path, monkeypatch):
    texts = []
    real = build_ast.range_probe_text
    monkeypatch.setattr(frontend, "range_probe_text", lambda types: texts.append(types) or real(types))
    _parse(tmp_path, "__global__ void k(float* y) { float w[2] = {1, 2}; for (float v : w) y[0] += v; }\n")
    assert all(types == () for types in texts)


def test_a_probe_that_cannot_name_its_type_leaves_no_diagnostic(tmp_path):
    text = ("class Outer {\n" + _RANGE.replace("template <typename I> struct Steps", "template <typename I> struct Hidden")
            .replace("Steps(", "Hidden(") + " public:\n"
            "  __device__ static void fill(float* y, int n) { for (int i : Hidden<int>(0, n)) y[i] = 1; }\n};\n"
            "__global__ void k(float* y, int n) { Outer::fill(y, n); }\n")
    parsed = _parse(tmp_path, text)
    lines = len(text.splitlines())
    assert [d for d in parsed.diagnostics if d.loc.line > lines] == []
    assert not any("__c2t_range_probe" in d.message for d in parsed.diagnostics)
