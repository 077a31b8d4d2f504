"""Running a PyTorch extension's own upstream tests against the package `cuda2tile convert` writes for it.

The checkouts are not vendored: each is looked for under $CUDA2TILE_CHECKOUTS (default /tmp/rwg), in the
folder and at the commit upstream-manifest.tsv pins (`fetch` it, or `git clone` + `git checkout`); without
it the tests that need it skip. Nothing is written into a checkout (no bytecode, no pytest cache; pytest
runs from another folder).
"""

from __future__ import annotations

import csv
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from c2t_testsupport import run_cli  # noqa: E402

MANIFEST = Path(__file__).with_name("upstream-manifest.tsv")


def manifest_row(repo: str, commit: str) -> dict[str, str]:
    """The manifest's row of `repo` at the commit starting with `commit`."""
    rows = csv.DictReader((ln for ln in MANIFEST.read_text().splitlines() if not ln.startswith("#")), delimiter="\t")
    return next(r for r in rows if r["repo"] == repo and r["commit"].startswith(commit))


def checkout(row: dict[str, str]) -> Path:
    folder = Path(os.environ.get("CUDA2TILE_CHECKOUTS", "/tmp/rwg")) / row["dir"]
    if not (folder / row["tests"]).is_file():
        pytest.skip(f"no checkout of {row['repo']}@{row['commit'][:7]} at {folder} (upstream-manifest.tsv)")
    head = subprocess.run(["git", "-C", str(folder), "rev-parse", "HEAD"], capture_output=True, text=True)
    if head.returncode == 0 and head.stdout.strip() != row["commit"]:
        pytest.skip(f"{folder} is at {head.stdout.strip()[:10]}, not the pinned {row['commit'][:10]}")
    return folder


def convert_checkout(row: dict[str, str], work: Path, *flags: str) -> tuple[Path, Path, Path, str]:
    """`cuda2tile convert` of the pinned checkout into `work`/out (`flags`: the `-D`s its build passes):
    (checkout, out, work, convert's stderr)."""
    folder = checkout(row)
    out = work / "out"
    done = run_cli("convert", str(folder), "-o", str(out), "--no-cache", *flags)
    assert done.returncode == 0, done.stderr
    return folder, out, work, done.stderr


def assert_python_carried_over(folder: Path, out: Path, package: str, names: tuple[str, ...]) -> None:
    """The project's own Python files are in the converted package byte for byte."""
    for name in names:
        assert (out / package / name).read_bytes() == (folder / package / name).read_bytes(), name


def upstream_tests(row: dict[str, str], checkout: Path, out: Path, workdir: Path,
                   env: dict[str, str] | None = None) -> dict[str, str]:
    """Outcome (PASSED, FAILED, SKIPPED...) of each upstream test, run with `out` first on PYTHONPATH;
    `_skipped`: how many skipped; `_output`: the end of pytest's output (failures' messages included)."""
    environment = dict(os.environ, PYTHONPATH=str(out), PYTHONDONTWRITEBYTECODE="1", **(env or {}))
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", "-q", "--rootdir",
                           str(workdir), str(checkout / row["tests"])],
                          capture_output=True, text=True, cwd=workdir, env=environment, timeout=900)
    outcomes = {}
    for line in done.stdout.splitlines():
        match = re.match(r"(PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS) \S*?(Test\w+::\w+)", line)
        if match:
            outcomes[match.group(2)] = match.group(1)
    skipped = re.search(r"(\d+) skipped", done.stdout)
    outcomes["_skipped"] = skipped.group(1) if skipped else "0"
    outcomes["_output"] = done.stdout[-6000:] + done.stderr[-2000:]
    outcomes["_full"] = done.stdout
    return outcomes
