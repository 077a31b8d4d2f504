"""Acceptance: `cuda2tile parity corpus/` passes for every corpus kernel in CPU mode (original on the
CPU SIMT runtime, conversion on TileLang's C back end). Timing: docs/parity.md."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from c2t_testsupport import CORPUS, ROOT  # noqa: E402
from cuda2tile.spec.launch_spec import load_spec  # noqa: E402


@pytest.mark.slow
def test_whole_corpus_passes_in_cpu_mode(tmp_path):
    report = tmp_path / "parity.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "cuda2tile", "parity", str(CORPUS), "--original", "cpu",
                           "--converted", "c", "--json", str(report), "-o", str(tmp_path / "out")],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=900)
    failures = [ln for ln in proc.stdout.splitlines() if ln.startswith("FAIL") or ln.startswith("    ")]
    assert proc.returncode == 0, "\n".join(failures[:60]) + proc.stderr[-3000:]
    data = json.loads(report.read_text())
    results = data["kernels"]
    assert data["summary"]["failed"] == 0
    # every spec entry of the corpus was checked, and passed
    expected = sum(len(load_spec(t)) for t in CORPUS.rglob("*.toml"))
    passed = [r for r in results if r["status"] == "pass"]
    assert len(passed) == expected
    assert all(r["origin"] == "spec" for r in passed)
    # the only kernels not checked are the negative examples, which have neither spec nor host launch
    skipped = [r for r in results if r["status"] == "skip"]
    assert skipped and all(r["source"].startswith("cooperative/invalid/") for r in skipped)
    print(f"\nparity corpus/: {data['summary']}")


@pytest.mark.slow
def test_raised_kernels_pass_without_raising_too(tmp_path):
    """--no-raise: the kernels that raise an idiom, in their faithful form (every other kernel converts
    to the same bytes either way: tests/test_raising.py)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_corpus_numeric import RAISED_KERNELS

    report = tmp_path / "parity.json"
    files = sorted({str(t.with_suffix(".cu")) for t in CORPUS.rglob("*.toml")
                    for s in load_spec(t) if s.cuda_name in RAISED_KERNELS})
    kernels = [arg for name in sorted(RAISED_KERNELS) for arg in ("--kernel", name)]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "cuda2tile", "parity", *files, *kernels, "--no-raise",
                           "--original", "cpu", "--converted", "c", "--json", str(report)],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    data = json.loads(report.read_text())
    assert {r["kernel"].split("<")[0] for r in data["kernels"] if r["status"] == "pass"} == RAISED_KERNELS
    assert data["summary"]["failed"] == 0
