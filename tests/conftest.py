"""Shared fixtures: the corpus converted once per test session."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from c2t_testsupport import CORPUS, run_cli  # noqa: E402


@pytest.fixture(scope="session")
def converted_corpus(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("corpus_out")
    result = run_cli("convert", str(CORPUS), "-o", str(out), "--report", str(out / "report.json"))
    assert result.returncode == 0, result.stderr
    return out
