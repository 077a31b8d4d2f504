"""Shared by the coverage tests (no conftest.py here: several test folders would each bring a
module named `conftest`). The corpus is scanned once per test process."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import tempfile
from pathlib import Path

from cuda2tile import cli

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"
INPUTS = Path(__file__).resolve().parent / "inputs"


def run(*argv: str) -> tuple[int, str, str]:
    """`cuda2tile ARGV` in this process: (exit status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


@functools.lru_cache(maxsize=None)
def corpus_cache_dir() -> str:
    """A private, initially empty scan cache for this test process."""
    return tempfile.mkdtemp(prefix="c2t-cov-cache-")


@functools.lru_cache(maxsize=None)
def corpus_report() -> dict:
    """`cuda2tile coverage corpus --report-format json`, scanned from scratch into `corpus_cache_dir()`."""
    code, out, err = run("coverage", str(CORPUS), "--report-format", "json", "--cache-dir", corpus_cache_dir(),
                         "-j", "2")
    assert code == 0, err
    return json.loads(out)


def kernel(report: dict, file_suffix: str, name: str) -> dict:
    matches = [k for f in report["files"] if f["path"].endswith(file_suffix) for k in f["kernels"] if k["name"] == name]
    assert len(matches) == 1, (file_suffix, name, len(matches))
    return matches[0]
