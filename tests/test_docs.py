"""Generated docs match their tables; every diagnostic code used in the code is in the table."""

from __future__ import annotations

import re
from pathlib import Path

from cuda2tile import docs
from cuda2tile.diagnostics import CODES

ROOT = Path(__file__).resolve().parent.parent


def test_generated_docs_have_not_drifted():
    for name, make in docs.GENERATED.items():
        assert (ROOT / "docs" / name).read_text() == make(), f"docs/{name} is stale: run `python -m cuda2tile.docs`"


def test_every_code_used_is_documented():
    used = set()
    for path in list((ROOT / "cuda2tile").rglob("*.py")) + list((ROOT / "op_coverage").rglob("*.py")):
        used |= set(re.findall(r'"(C2T\d{4})"', path.read_text()))
    assert used and used <= set(CODES), used - set(CODES)
