"""The light core (issue 22): `pip install cuda2tile` with no extras converts, counts and builds the dashboard;
the commands that need TileLang say how to install the `run` extra (C2T1501) instead of failing.

The first tests install the checkout into a fresh virtual environment of their own (no extras, so no
TileLang or torch: proven by `import tilelang` failing there) and run the installed `cuda2tile` script as
a user would. pip builds the wheel from a copy of the sources (the checkout is never written) and fetches
the light dependencies from its index or cache: about 10 s. The last tests hide TileLang from the main
environment's CLI to check every command of the extra, in process.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from c2t_testsupport import CORPUS, ROOT

from cuda2tile import extras
from cuda2tile.cli import main

LEVEL1 = CORPUS / "blas1" / "level1.cu"
HINT = "pip install 'cuda2tile[run]'"


def _env() -> dict[str, str]:
    """The environment for the light venv: nothing that would put the checkout or another venv on its path."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


@pytest.fixture(scope="module")
def light(tmp_path_factory) -> Path:
    """A fresh venv with `pip install <checkout>` (no extras); its `bin/` directory."""
    root = tmp_path_factory.mktemp("light")
    src = root / "src"  # a copy: building in the checkout would write build/ and *.egg-info there
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    for name in ("cuda2tile", "op_coverage"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, env=_env(), timeout=300)
    pip = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", str(src)],
                         capture_output=True, text=True, env=_env(), cwd=root, timeout=900)
    assert pip.returncode == 0, f"pip install of the light core failed:\n{pip.stdout}\n{pip.stderr}"
    return venv / "bin"


def _run(bin_dir: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(bin_dir / "cuda2tile"), *args], capture_output=True, text=True, env=_env(),
                          cwd=cwd, timeout=600)


def test_the_light_install_has_no_tilelang(light, tmp_path):
    for module in ("tilelang", "torch"):
        probe = subprocess.run([str(light / "python"), "-c", f"import {module}"], capture_output=True, text=True,
                               env=_env(), cwd=tmp_path, timeout=120)
        assert probe.returncode != 0 and "ModuleNotFoundError" in probe.stderr, f"{module} is importable"
    where = subprocess.run([str(light / "python"), "-c", "import cuda2tile; print(cuda2tile.__file__)"],
                           capture_output=True, text=True, env=_env(), cwd=tmp_path, timeout=120)
    assert str(light.parent) in where.stdout, where.stdout + where.stderr  # the installed copy, not the checkout


def test_the_light_install_converts_the_corpus(light, tmp_path, converted_corpus):
    out = tmp_path / "out"
    result = _run(light, "convert", str(CORPUS), "-o", str(out), "--report", str(out / "report.json"), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    light_summary = json.loads((out / "report.json").read_text())["summary"]
    full_summary = json.loads((converted_corpus / "report.json").read_text())["summary"]
    assert light_summary == full_summary  # 198 kernels, the same converted, partial, unsupported and raised
    modules = sorted(p.relative_to(out) for p in out.rglob("*.py"))
    assert modules == sorted(p.relative_to(converted_corpus) for p in converted_corpus.rglob("*.py"))
    for rel in modules:  # the same bytes as with TileLang installed
        assert (out / rel).read_bytes() == (converted_corpus / rel).read_bytes(), rel


def test_the_light_install_counts_and_builds_the_dashboard(light, tmp_path):
    db = tmp_path / "coverage.db"
    cov = _run(light, "coverage", str(CORPUS), "--db", str(db), "--report-format", "json", "-o",
               str(tmp_path / "coverage.json"), cwd=tmp_path)
    assert cov.returncode == 0, cov.stderr
    assert json.loads((tmp_path / "coverage.json").read_text())["summary"]["kernels"]["total"] == 198
    history = _run(light, "history", "--db", str(db), cwd=tmp_path)
    assert history.returncode == 0, history.stderr
    site = tmp_path / "site"
    dash = _run(light, "dashboard", "--db", str(db), "--src", str(CORPUS), "-o", str(site), cwd=tmp_path)
    assert dash.returncode == 0, dash.stderr
    assert (site / "index.html").is_file() and (site / "kernels.html").is_file()
    assert len(list((site / "kernels").glob("*.html"))) >= 100


def test_parity_on_the_light_install_says_how_to_add_the_extra(light, tmp_path):
    result = _run(light, "parity", str(LEVEL1), cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("cuda2tile parity: error: C2T1501: ") and HINT in lines[0]
    assert result.stdout == ""


@pytest.mark.parametrize("argv", [["verify", str(LEVEL1)], ["parity", str(LEVEL1)], ["check", str(LEVEL1)],
                                  ["tune", str(LEVEL1)], ["coverage", str(LEVEL1), "--parity"]],
                         ids=["verify", "parity", "check", "tune", "coverage-parity"])
def test_every_command_of_the_extra_says_how_to_install_it(argv, monkeypatch, capsys):
    monkeypatch.setattr(extras, "RUN_MODULES", ("tilelang", "cuda2tile_no_such_module"))
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    command = " ".join(a for a in argv if not a.startswith("/"))
    assert err and err[-1].startswith(f"cuda2tile {argv[0]}: error: C2T1501: {command} needs TileLang"), err
    assert HINT in err[-1] and "cuda2tile_no_such_module" in err[-1]
    assert not any("Traceback" in line or "C2T9001" in line for line in err)


def test_nothing_is_missing_in_the_full_install():
    assert extras.missing_run_modules() == []
    extras.require_run_extra("parity")  # does not raise
