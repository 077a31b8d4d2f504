"""Shared fixtures: the corpus converted once per test session, and a CLI runner."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run `cuda2tile ARGS` as a user would, in a subprocess (so tracebacks would be visible)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "cuda2tile", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, env=env, timeout=600)


@pytest.fixture(scope="session")
def converted_corpus(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("corpus_out")
    result = run_cli("convert", str(CORPUS), "-o", str(out), "--report", str(out / "report.json"))
    assert result.returncode == 0, result.stderr
    return out
