"""Every corpus kernel lowered for the six targets of the issue; the result must match docs/portability.md.

The documented exceptions (docs/portability.md, "Exceptions") are the only failures allowed, each with
its code; a kernel that starts passing, or a new failure, makes this test ask for the doc to be updated,
so the pass shares recorded there stay true. Uses TileLang's default cache (`TILELANG_CACHE_DIR`) and
the check's own outcome cache beside it: a warm run takes seconds, a cold one minutes.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"
DOC = ROOT / "docs" / "portability.md"


def documented() -> tuple[dict[tuple[str, str], str], dict[str, tuple[int, int]]]:
    """({(source:kernel, target): code}, {target: (passed, total)}) from the doc's two tables."""
    text = DOC.read_text(encoding="utf-8")
    exceptions: dict[tuple[str, str], str] = {}
    section = text.split("## Exceptions", 1)[1].split("\n## ", 1)[0]
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and re.fullmatch(r"`[^`]+:[^`]+`", cells[0]) and re.fullmatch(r"C2T\d{4}", cells[2]):
            for target in cells[1].split(","):
                exceptions[(cells[0].strip("`"), target.strip())] = cells[2]
    shares: dict[str, tuple[int, int]] = {}
    table = text.split("## Pass matrix", 1)[1].split("\n## ", 1)[0]
    for line in table.splitlines():
        match = re.match(r"\|\s*`?([\w:.]+)`?\s*\|\s*(\d+)\s*/\s*(\d+)\s*\|", line)
        if match:
            shares[match[1]] = (int(match[2]), int(match[3]))
    return exceptions, shares


@pytest.mark.slow
def test_corpus_on_six_targets_matches_the_doc(converted_corpus):
    from cuda2tile.portability.check import CheckOptions, check_jobs, collect_jobs
    from cuda2tile.portability.targets import DEFAULT_TARGETS, parse_targets

    jobs, _ = collect_jobs([str(converted_corpus)], str(converted_corpus), sources_dir=str(CORPUS))
    assert len(jobs) >= 26
    targets = tuple(parse_targets(DEFAULT_TARGETS))
    report = check_jobs(jobs, CheckOptions(targets), workers=min(os.cpu_count() or 1, 4))
    assert all(row.kernel != "*" for row in report.rows), [r.cells[0].detail for r in report.rows if r.kernel == "*"]

    failing = {}
    for row in report.rows:
        for cell in row.cells:
            if cell.status != "ok":
                failing[(row.label, cell.target)] = cell.code
                assert re.fullmatch(r"C2T14\d\d", cell.code), (row.label, cell.target, cell.code, cell.detail)
                assert cell.file and cell.line > 0, (row.label, cell.target)
                assert cell.detail, (row.label, cell.target)
    exceptions, shares = documented()
    new = {k: v for k, v in failing.items() if exceptions.get(k) != v}
    fixed = {k: v for k, v in exceptions.items() if failing.get(k) != v}
    assert not new and not fixed, (
        f"docs/portability.md is out of date: undocumented failures {sorted(new.items())}; "
        f"documented exceptions that now pass or changed code {sorted(fixed.items())}")
    for target in targets:
        assert shares.get(target.name) == report.passed(target.name), (target.name, report.passed(target.name))
