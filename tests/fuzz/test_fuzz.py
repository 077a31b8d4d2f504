"""The fuzz harness in CI: a fixed-seed budget of mutated corpus files, none of which may crash, hang
or slip past the oracle (tests/fuzz/fuzz_runner.py); and proof that the harness itself reports each
kind of failure. The long run and its figures: docs/fuzzing.md. Inputs that once failed are kept in
tests/fuzz/regressions/ and converted on every run."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from fuzz_runner import cuda2tile_check, run_fuzz  # noqa: E402

CI_SEED = 20261203
CI_COUNT = 2000
REGRESSIONS = sorted((HERE / "regressions").glob("*.cu"))


@pytest.mark.slow
def test_ci_fuzz_budget_finds_no_crash_hang_or_oracle_failure():
    start = time.monotonic()
    report = run_fuzz(CI_SEED, CI_COUNT, jobs=max(2, min(4, os.cpu_count() or 1)), timeout=30.0, recheck=50)
    print(f"\n{report.summary()}\n({time.monotonic() - start:.0f} s)")  # pytest -s shows the figures
    assert not report.failures, report.summary()
    assert sum(report.statuses.values()) == CI_COUNT
    assert report.rechecked == CI_COUNT // 50
    # the budget reaches past the parser: some inputs convert cleanly, many are diagnosed
    assert report.statuses.get("clean", 0) > 0 and report.statuses.get("diagnosed", 0) > CI_COUNT // 2


@pytest.mark.parametrize("path", REGRESSIONS, ids=[p.name for p in REGRESSIONS])
def test_regression_inputs_pass_the_oracle(path, tmp_path):
    verdict = cuda2tile_check(str(path), f"fuzz/{path.name}", recheck=True)
    assert not verdict["problems"], verdict["problems"]


def test_regression_inputs_exist():
    assert len(REGRESSIONS) >= 1


# planted oracles (`--check module:function` of the runner): one input each way of failing
def planted(path: str, display: str, recheck: bool) -> dict:
    index = int(Path(display).stem)
    if index == 3:
        raise RuntimeError("planted exception")
    if index == 5:
        time.sleep(60)
    if index == 7:
        os._exit(9)  # a crash that kills the worker, as a segfault in libclang would
    problems = ["planted oracle failure"] if index == 9 else []
    return {"problems": problems, "outcome": "clean", "codes": []}


def test_the_runner_reports_exceptions_hangs_dead_workers_and_oracle_failures():
    report = run_fuzz(1, 12, jobs=2, timeout=3.0, recheck=0, check="test_fuzz:planted")
    kinds = {f.index: f.kind for f in report.failures}
    assert kinds == {3: "crash", 5: "hang", 7: "crash", 9: "oracle"}, report.summary()
    assert "planted exception" in next(f.detail for f in report.failures if f.index == 3)
    assert "reproduce: .venv/bin/python -m tests.fuzz.fuzz_runner --seed 1 --index 5" in report.summary()
    assert report.statuses == {"clean": 9, "crash": 1, "worker-lost": 2}, report.statuses  # each input once


def test_module_oracle_refuses_imports_and_code_running_calls():
    import ast

    from fuzz_runner import _module_problems

    bad = ast.parse("import os\nfrom subprocess import run\neval('1')\nimport tilelang.language as T\n")
    assert _module_problems(bad) == ["emitted module imports os", "emitted module imports from subprocess",
                                     "emitted module calls eval()"]
