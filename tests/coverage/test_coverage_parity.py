"""`coverage --parity` (cuda2tile/reports/parity.py): the original-vs-converted harness of `cuda2tile parity`,
its verdict per kernel (passed | failed | not checked) with the worst error and where each side ran, in
every report format and in the history.

The fast tests stand in for the harness (`cuda2tile.parity.harness.run_parity`) with its own result
types; the slow one runs it for real (CPU SIMT runtime against TileLang's C back end) on a tree with a
kernel that passes, one without a spec and one whose conversion is broken on purpose.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import jsonschema
import pytest
from junitparser import Failure, JUnitXml, Skipped

from coverage_helpers import run
from cuda2tile.reports import history as H
from cuda2tile.reports import report_text
from cuda2tile.reports.json_schema import SCHEMA

KERNELS = """__global__ void good(int n, float* x) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = 2.0f * x[i] + 1.0f; }
__global__ void bad(int n, float* x) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = x[i] * x[i] - 1.0f; }
__global__ void nospec(int n, float* x) { int i = threadIdx.x; if (i < n) x[i] = 3.0f; }
"""
JUMP = """__global__ void jump(int n, float* x) { int i = threadIdx.x; if (i >= n) goto out; x[i] = 1.0f; out: return; }
"""


def _entry(name: str) -> str:
    return f"""[[kernel]]
name = "{name}"
block = [32]
grid = [2]
sizes = {{ n = 50 }}
[kernel.args]
n = {{ value = "n" }}
x = {{ dtype = "float32", shape = ["n"], init = "normal", output = true }}
"""


def _tree(tmp_path: Path, extra: str = "") -> Path:
    """a.cu: `good` and `bad` with spec entries, `nospec` with none (and no host launch to infer one from)."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.cu").write_text(KERNELS + extra)
    (src / "a.toml").write_text(_entry("good") + "\n" + _entry("bad"))
    return src


def _coverage(src: Path, tmp_path: Path, *extra: str) -> tuple[int, str, str]:
    return run("coverage", str(src), "--parity", "--cache-dir", str(tmp_path / "cache"), "-j", "1", *extra)


# ------------------------------------------------------------------ the verdicts, with a stand-in harness
def _check(name, ok, abs_err, rel_err, ulp):
    from cuda2tile.parity.metrics import BufferCheck

    return BufferCheck(name, ok, 0 if ok else 3, 50, abs_err, rel_err, ulp, 7, 1.0, 1.0 if ok else 2.0,
                       "rtol=1e-05 atol=1e-06")


@pytest.fixture()
def fake_harness(monkeypatch):
    """Replaces the harness: `calls` records its options and the converted module it was given."""
    from cuda2tile.parity import harness
    from cuda2tile.parity.report import FAIL, PASS, SKIP, KernelParity

    calls = []

    def run_parity(options, progress=None):
        calls.append({"options": options, "module": (Path(options.converted_tree) / "a.py").read_text()})
        sides = dict(original="cpu", converted="c")
        results = [  # `good` ran twice (two launches): its worst error is the larger of each figure
            KernelParity("a.cu", "good", PASS, "spec", "a.toml#1", outputs=[_check("x", True, 1e-7, 2e-8, 1.0)],
                         timings={"total": 0.25}, **sides),
            KernelParity("a.cu", "good", PASS, "spec", "a.toml#2", outputs=[_check("x", True, 5e-8, 3e-7, 2.0)],
                         timings={"total": 0.5}, **sides),
            KernelParity("a.cu", "bad", FAIL, "spec", "a.toml#3", failure="mismatch",
                         outputs=[_check("x", False, 4.5, 57.0, math.inf)], timings={"total": 0.5}, **sides),
            KernelParity("a.cu", "nospec", SKIP, message="no entry for it in its launch spec (a.toml), and no host "
                                                         "launch with constant sizes to infer one from"),
            KernelParity("a.cu", "jump", FAIL, "spec", "a.toml#4", failure="not-converted",
                         message="not converted: C2T1201: unsupported statement: goto", **sides),
        ]
        for r in results:
            if progress:
                progress(r)
        return harness.ParityRun(results, 1.0, {"original": "cpu", "converted": "c", "seed": options.seed})

    monkeypatch.setattr(harness, "run_parity", run_parity)
    return calls


def test_verdicts_worst_errors_and_sides(tmp_path, fake_harness):
    src = _tree(tmp_path, JUMP)
    code, out, err = _coverage(src, tmp_path, "--report-format", "json", "--original", "cpu", "--converted", "c",
                               "--seed", "3")
    assert code == 0, err  # a failed or unchecked kernel is reported, never an exit status
    options = fake_harness[0]["options"]
    assert (options.original, options.converted, options.seed, options.jobs) == ("cpu", "c", 3, 1)
    assert "def good(" in fake_harness[0]["module"]  # the scan's conversion is what the harness checks
    assert "FAIL a.cu:bad" in err and "SKIP a.cu:nospec" in err  # the harness's progress lines
    report = json.loads(out)
    jsonschema.validate(report, SCHEMA)
    parity = {k["name"]: k["parity"] for k in report["files"][0]["kernels"]}
    assert parity["good"] == {"status": "passed", "checks": 2, "seconds": 0.75, "error": None, "reason": None,
                              "max_abs_error": 1e-7, "max_rel_error": 3e-7, "max_ulp": 2.0, "original": "cpu",
                              "converted": "c"}
    assert parity["bad"]["status"] == "failed" and parity["bad"]["max_ulp"] == "inf"
    assert parity["bad"]["error"].startswith("x: 3/50 elements differ") and parity["bad"]["reason"] is None
    # no spec entry, or nothing converted to compare: not checked, with the reason, never failed
    assert parity["nospec"]["status"] == "not checked" and parity["nospec"]["checks"] == 0
    assert parity["nospec"]["reason"].startswith("no entry for it in its launch spec (a.toml)")
    assert parity["jump"]["status"] == "not checked" and parity["jump"]["reason"].startswith("not converted (C2T1201")
    assert report["summary"]["parity"] == {"ran": True, "passed": 1, "failed": 1, "not_checked": 2}
    assert report["options"]["parity_original"] == "cpu" and report["options"]["parity_converted"] == "c"

    broken = json.loads(out)  # the schema check can fail
    broken["files"][0]["kernels"][0]["parity"]["status"] = "skipped"
    assert not jsonschema.Draft202012Validator(SCHEMA).is_valid(broken)


def test_every_format_says_the_same(tmp_path, fake_harness):
    src = _tree(tmp_path, JUMP)
    outputs = {}
    for fmt in ("text", "markdown", "junit", "sarif"):
        code, out, err = _coverage(src, tmp_path, "--report-format", fmt, "--verbose")
        assert code == 0, err
        outputs[fmt] = out
    assert "1 passed, 1 failed, 2 not checked" in outputs["text"]
    code, out, _ = _coverage(src, tmp_path, "--report-format", "json")
    wide = report_text.render(json.loads(out), width=400, verbose=True)  # the same table, cells unwrapped
    assert "passed (max abs err 1e-07, max rel err 3e-07, 2 ulp; original cpu, converted c)" in wide
    assert "not checked: not converted (C2T1201" in wide and "failed: x: 3/50 elements differ" in wide
    md = outputs["markdown"]
    assert "| parity (original vs converted) | 1 passed, 1 failed, 2 not checked |" in md
    assert "not checked: no entry for it in its launch spec (a.toml)" in md and "failed: x: 3/50" in md
    cases = {c.name: c for s in JUnitXml.fromstring(outputs["junit"].split("\n", 1)[1]) for c in s}
    assert isinstance(cases["bad [parity]"].result[0], Failure)
    assert cases["bad [parity]"].result[0].message.startswith("x: 3/50 elements differ")
    for name in ("nospec [parity]", "jump [parity]"):  # not checked is skipped, with the reason
        skipped = cases[name].result[0]
        assert isinstance(skipped, Skipped) and skipped.message.startswith("not checked: ")
    assert cases["good [parity]"].result == [] and "max abs err 1e-07" in cases["good [parity]"].system_out
    sarif = json.loads(outputs["sarif"])["runs"][0]
    parity_results = [r for r in sarif["results"] if r["ruleId"] == "C2T1701"]
    assert [r["locations"][0]["logicalLocations"][0]["name"] for r in parity_results] == ["bad"]
    assert parity_results[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == 2
    assert any(rule["id"] == "C2T1701" for rule in sarif["tool"]["driver"]["rules"])
    assert sarif["properties"]["summary"]["parity"]["not_checked"] == 2


def test_history_keeps_the_worst_errors_and_where_the_sides_ran(tmp_path, fake_harness):
    src, db = _tree(tmp_path, JUMP), tmp_path / "h.db"
    code, _, err = _coverage(src, tmp_path, "--report-format", "json", "--db", str(db))
    assert code == 0, err
    conn = H.connect(db)
    try:
        run_ = H.runs(conn)[-1]
        assert (run_.parity_passed, run_.parity_failed, run_.parity_not_checked) == (1, 1, 2)
        rows = {name: row for (_, name), row in H.kernel_results(conn, run_.id).items()}
    finally:
        conn.close()
    good, bad, nospec = rows["good"], rows["bad"], rows["nospec"]
    assert (good["parity"], good["parity_max_abs"], good["parity_max_rel"], good["parity_max_ulp"]) == \
        ("passed", 1e-7, 3e-7, 2.0)
    assert (good["parity_original"], good["parity_converted"], good["parity_seconds"]) == ("cpu", "c", 0.75)
    assert bad["parity"] == "failed" and bad["parity_max_ulp"] == math.inf and bad["parity_error"].startswith("x: ")
    assert nospec["parity"] == "not checked" and nospec["parity_error"].startswith("no entry for it")
    assert nospec["parity_max_abs"] is None and nospec["parity_original"] is None
    code, out, _ = run("history", "--db", str(db), "--report-format", "json")
    last = json.loads(out)["runs"][-1]
    assert (last["parity_verified"], last["parity_failed"], last["parity_not_checked"]) == (1, 1, 2)
    code, out, _ = run("history", "--db", str(db))
    assert code == 0 and "parity not checked in run 1: 2 kernels" in out


def test_sides_without_parity_are_a_usage_error(tmp_path):
    code, _, err = run("coverage", str(_tree(tmp_path)), "--original", "cpu", "--no-cache")
    assert code == 2 and "add --parity" in err


# ------------------------------------------------------------------ the real harness
@pytest.mark.slow
def test_real_harness_passes_fails_and_leaves_unchecked(tmp_path, monkeypatch):
    """The CPU SIMT runtime against TileLang's C back end: `good` passes, `nospec` is not checked (and the exit
    status stays 0), and `bad`, whose conversion reads its neighbour's element (planted as an extra IR pass),
    fails with the buffer, its worst element and the errors."""
    from ir_mutations import off_by_one_load

    from cuda2tile.lift import lift_kernel

    def plant(kernel):
        return off_by_one_load(kernel, "x", "n") if kernel.cuda_name == "bad" else kernel

    monkeypatch.setattr(lift_kernel, "PASSES", lift_kernel.PASSES + (plant,))
    src = _tree(tmp_path)
    code, out, err = _coverage(src, tmp_path, "--report-format", "json", "--original", "cpu", "--converted", "c",
                               "--no-cache")
    assert code == 0, err
    report = json.loads(out)
    jsonschema.validate(report, SCHEMA)
    parity = {k["name"]: k["parity"] for k in report["files"][0]["kernels"]}
    good, bad, nospec = parity["good"], parity["bad"], parity["nospec"]
    assert good["status"] == "passed" and good["checks"] == 1 and good["max_abs_error"] == 0.0
    assert (good["original"], good["converted"]) == ("cpu", "c")
    assert bad["status"] == "failed" and bad["max_abs_error"] > 0 and bad["max_ulp"] > 0
    assert bad["error"].startswith("x: ") and "worst at flat index" in bad["error"]
    assert nospec["status"] == "not checked" and "a.toml" in nospec["reason"]
    assert report["summary"]["parity"] == {"ran": True, "passed": 1, "failed": 1, "not_checked": 1}
