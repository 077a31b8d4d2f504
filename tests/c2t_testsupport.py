"""Paths and a CLI runner shared by the tests (a plain module: `conftest` names clash between folders)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run `cuda2tile ARGS` as a user would, in a subprocess (so tracebacks would be visible)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "cuda2tile", *args], capture_output=True, text=True,
                          cwd=cwd or ROOT, env=env, timeout=600)
