"""`cuda2tile --help` and a warm `cuda2tile convert` build every command's parser: that must import no tool
(parity, portability, dashboard, tune, runtime, reports) and neither TileLang nor torch. Each command module
imports its library inside `run`; choices and defaults come from cuda2tile/defaults.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("cuda2tile.parity", "cuda2tile.portability", "cuda2tile.dashboard", "cuda2tile.tune", "cuda2tile.runtime",
         "cuda2tile.reports")


def _loaded(code: str) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-c", code + "; import sys; print(sorted(sys.modules))"],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return eval(proc.stdout.strip().splitlines()[-1])


def _heavy(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY)
            or m.split(".")[0] in ("tilelang", "torch")]


def test_importing_the_cli_imports_no_tool():
    modules = _loaded("import cuda2tile.cli")
    assert "cuda2tile.cli.convert" in modules
    assert not _heavy(modules)


def test_building_the_parser_imports_no_tool():
    assert not _heavy(_loaded("import cuda2tile.cli; cuda2tile.cli.build_parser()"))


def test_the_check_can_fail():
    assert _heavy(["cuda2tile.reports.summary", "tilelang", "cuda2tile.cli"]) == ["cuda2tile.reports.summary",
                                                                                  "tilelang"]
