"""A kernel one target cannot take gets a per-target diagnostic; every other target still reports ok."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SOURCE = """\
__global__ void twice(int n, const float* x, float* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = 2.0f * x[i];
}

__global__ void twice_double(int n, const double* x, double* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = 2.0 * x[i];
    }
}
"""

SPEC = """\
[[kernel]]
name = "twice"
block = [64]
grid = ["(n + 63) / 64"]
sizes = { n = 100 }
[kernel.args]
n = { value = "n" }
x = { dtype = "float32", shape = ["n"], init = "normal" }
y = { dtype = "float32", shape = ["n"], output = true }

[[kernel]]
name = "twice_double"
block = [64]
grid = ["(n + 63) / 64"]
sizes = { n = 100 }
[kernel.args]
n = { value = "n" }
x = { dtype = "float64", shape = ["n"], init = "normal" }
y = { dtype = "float64", shape = ["n"], output = true }
"""

TARGETS = "cuda:sm_80,hip:gfx942,metal,webgpu,c"


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> Path:
    src = tmp_path_factory.mktemp("tiny_src")
    (src / "twice.cu").write_text(SOURCE)
    (src / "twice.toml").write_text(SPEC)
    return src


@pytest.fixture(scope="module")
def report(tiny, tmp_path_factory):
    from cuda2tile.portability.check import CheckOptions, check_jobs, collect_jobs
    from cuda2tile.portability.targets import parse_targets

    jobs, not_converted = collect_jobs([str(tiny)], str(tmp_path_factory.mktemp("tiny_out")))
    assert not_converted == 0 and len(jobs) == 1
    options = CheckOptions(tuple(parse_targets(TARGETS)))
    return check_jobs(jobs, options), jobs, options


@pytest.mark.slow
def test_float64_fails_on_metal_and_webgpu_only(report):
    result, _, _ = report
    rows = {row.kernel: {cell.target: cell for cell in row.cells} for row in result.rows}
    assert set(rows) == {"twice", "twice_double"}
    assert all(cell.status == "ok" for cell in rows["twice"].values()), rows["twice"]
    double = rows["twice_double"]
    for target in ("cuda:sm_80", "hip:gfx942", "c"):
        assert double[target].status == "ok", double[target]
    assert "run" in double["c"].checks  # the launch spec's inputs were used
    for target in ("metal", "webgpu"):
        cell = double[target]
        assert cell.status == "fail" and cell.code == "C2T1404", cell
        assert cell.construct == {"kind": "dtype", "arg": "float64"}
        assert cell.stage == "lower"
        assert (cell.file, cell.line, cell.traced) == ("twice.cu", 9, True)  # y[i] = 2.0 * x[i];
        assert "float64" in cell.summary and target in cell.summary
        assert cell.detail  # TileLang's own words are kept


@pytest.mark.slow
def test_unchanged_kernels_come_from_the_cache(report):
    from cuda2tile.portability.check import check_jobs

    _, jobs, options = report
    again = check_jobs(jobs, options)
    cells = [c for r in again.rows for c in r.cells]
    assert all(c.cached for c in cells if c.target != "c")  # C builds come from TileLang's own kernel cache
    before = {(r.kernel, c.target): (c.status, c.code, c.line) for r in report[0].rows for c in r.cells}
    after = {(r.kernel, c.target): (c.status, c.code, c.line) for r in again.rows for c in r.cells}
    assert before == after


@pytest.mark.slow
def test_command_line_prints_matrix_and_diagnostics(tiny, tmp_path):
    out_json = tmp_path / "check.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "cuda2tile", "check", str(tiny), "--targets", TARGETS,
                           "--json", str(out_json), "-j", "1"], capture_output=True, text=True, env=env, timeout=600)
    assert proc.returncode == 1, proc.stdout + proc.stderr  # one kernel fails on two targets
    lines = proc.stdout.splitlines()
    header = lines[0].split()
    assert header == ["kernel", "cuda:sm_80", "hip:gfx942", "metal", "webgpu", "c"]
    assert lines[1].split() == ["twice.cu:twice", "ok", "ok", "ok", "ok", "ok"]
    assert lines[2].split() == ["twice.cu:twice_double", "ok", "ok", "C2T1404", "C2T1404", "ok"]
    assert lines[3].split() == ["passed", "2/2", "2/2", "1/2", "1/2", "2/2"]
    assert "twice.cu:9:9: error: C2T1404: [metal] twice_double: float64" in proc.stdout
    assert "twice.cu:9:9: error: C2T1404: [webgpu] twice_double: float64" in proc.stdout
    data = json.loads(out_json.read_text())
    assert data["schema"] == "cuda2tile.portability/1"
    assert data["summary"]["metal"] == {"ok": 1, "total": 2}
    result = {k["kernel"]: k["results"] for k in data["kernels"]}
    assert result["twice_double"]["metal"]["code"] == "C2T1404"
    assert result["twice_double"]["c"]["status"] == "ok"


def test_subcommand_registers_on_a_parser():
    import argparse

    from cuda2tile.cli.check import add_parser, run

    parser = argparse.ArgumentParser(prog="cuda2tile")
    add_parser(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["check", "out/", "--targets", "metal,c", "--json", "m.json"])
    assert args.func is run and args.inputs == ["out/"] and args.targets == "metal,c"
    bad = parser.parse_args(["check", "out/", "--targets", "vulkan"])
    assert run(bad) == 2
