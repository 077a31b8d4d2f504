"""Shared fixtures: the corpus converted once per test session."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from c2t_testsupport import CORPUS, run_cli  # noqa: E402

# Hermetic: every conversion in this session (in-process, and CLI subprocesses, which inherit the
# environment) uses one fresh cache directory, never a user's ~/.cache/cuda2tile with entries of
# another checkout. Tests that need their own cache pass --cache-dir.
_CACHE_DIR = tempfile.mkdtemp(prefix="cuda2tile-test-cache-")
os.environ["CUDA2TILE_CACHE_DIR"] = _CACHE_DIR


def pytest_unconfigure(config) -> None:
    shutil.rmtree(_CACHE_DIR, ignore_errors=True)


@pytest.fixture(scope="session")
def converted_corpus(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("corpus_out")
    result = run_cli("convert", str(CORPUS), "-o", str(out), "--report", str(out / "report.json"))
    assert result.returncode == 0, result.stderr
    return out
