"""Bad input gets a coded, clang-style diagnostic at the right line; the batch goes on; inputs are untouched."""

from __future__ import annotations

import hashlib
import json
import os

import pytest

from c2t_testsupport import run_cli

GOOD = "__global__ void good(int n, float* y) { int i = threadIdx.x; if (i < n) y[i] = 2.0f * y[i]; }\n"

CASES = {
    # name: (file bytes, expected (code, line) pairs)
    "malformed.cu": ((GOOD + "__global__ void broken(float* x) {\n  x[0] = ;\n}\n").encode(), [("C2T1101", 3)]),
    "unknown_include.cu": (("#include \"no_such_header.h\"\n" + GOOD).encode(), [("C2T1102", 1)]),
    "unsupported.cu": ((GOOD + "__global__ void uses_barrier(float* x) {\n  if (threadIdx.x < 16)\n"
                        "  __syncthreads();\n}\n"
                        "__global__ void uses_switch(int k, float* x) {\n  switch (k) { case 0: x[0] = 1; case 1: x[1] = 2; break; }\n}\n"
                        ).encode(), [("C2T1214", 4), ("C2T1201", 7)]),
    "latin1.cu": (b"// caf\xe9 au lait\n" + GOOD.encode(), [("C2T1002", 1)]),
    "empty.cu": (b"", [("C2T1003", 0)]),
    "nul_bytes.cu": (GOOD.encode() + b"\x00\x00\n", []),
}


def _digest(root):
    return {p.name: (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mtime_ns, p.stat().st_mode)
            for p in sorted(root.iterdir())}


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    src = tmp_path_factory.mktemp("bad_src")
    for name, (data, _) in CASES.items():
        (src / name).write_bytes(data)
    before = _digest(src)
    out = tmp_path_factory.mktemp("bad_out")
    result = run_cli("convert", str(src), "-o", str(out), "--report", str(out / "report.json"))
    return src, out, result, before


def test_no_traceback_and_success_exit(batch):
    _, _, result, _ = batch
    assert "Traceback" not in result.stderr + result.stdout
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("name", sorted(CASES))
def test_coded_diagnostic_at_the_right_line(batch, name):
    src, out, result, _ = batch
    report = json.loads((out / "report.json").read_text())
    entry = next(f for f in report["files"] if f["source"] == name)
    diags = entry["diagnostics"] + [d for k in entry["kernels"] for d in k["diagnostics"]]
    found = {(d["code"], d["line"]) for d in diags}
    for code, line in CASES[name][1]:
        assert (code, line) in found, (name, found)
        if line:
            assert f"{name}:{line}:" in result.stderr and f": {code}: " in result.stderr


@pytest.mark.parametrize("name", ["malformed.cu", "unknown_include.cu", "unsupported.cu", "latin1.cu", "nul_bytes.cu"])
def test_the_good_kernel_of_each_file_still_converts(batch, name):
    _, out, _, _ = batch
    report = json.loads((out / "report.json").read_text())
    entry = next(f for f in report["files"] if f["source"] == name)
    statuses = {k["name"]: k["status"] for k in entry["kernels"]}
    assert statuses["good"] == "converted"
    assert (out / name.replace(".cu", ".py")).exists()


def test_unsupported_kernels_are_reported_not_emitted(batch):
    _, out, _, _ = batch
    report = json.loads((out / "report.json").read_text())
    entry = next(f for f in report["files"] if f["source"] == "unsupported.cu")
    statuses = {k["name"]: k["status"] for k in entry["kernels"]}
    assert statuses == {"good": "converted", "uses_barrier": "unsupported", "uses_switch": "unsupported"}
    text = (out / "unsupported.py").read_text()
    assert "def uses_barrier" not in text and "# uses_barrier (unsupported.cu:2): not converted, C2T1214" in text


def test_diagnostic_shows_source_line_and_caret(batch):
    _, _, result, _ = batch
    lines = result.stderr.splitlines()
    k = next(i for i, ln in enumerate(lines) if ln.startswith("unsupported.cu:4:") and "C2T1214" in ln)
    assert lines[k + 1].strip() == "__syncthreads();"
    assert lines[k + 2].strip() == "^" and lines[k + 2].index("^") == lines[k + 1].index("_")


def test_inputs_are_untouched(batch):
    src, _, _, before = batch
    assert _digest(src) == before
    assert sorted(os.listdir(src)) == sorted(CASES)


def test_werror_turns_warnings_into_failure(batch, tmp_path):
    src, _, _, _ = batch
    result = run_cli("convert", str(src / "unsupported.cu"), "-o", str(tmp_path), "--werror")
    assert result.returncode == 1 and "Traceback" not in result.stderr


def test_missing_source_is_a_diagnostic(tmp_path):
    result = run_cli("convert", str(tmp_path / "nope"), "-o", str(tmp_path / "out"))
    assert "C2T1001" in result.stderr and "Traceback" not in result.stderr and result.returncode == 1
