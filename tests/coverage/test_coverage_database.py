"""The construct database (`op_coverage/`): well-formed records, the generated doc, and a test
behind every `supported` record."""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache

import pytest

import op_coverage
from coverage_helpers import ROOT, corpus_report
from cuda2tile import docs
from cuda2tile.reports.collect import scan_file
from cuda2tile.diagnostics import CODES
from cuda2tile.driver import convert_source

RECORDS = op_coverage.ALL_CONSTRUCTS
SUPPORTED = [r for r in RECORDS if r.status is op_coverage.Status.SUPPORTED]
CONSTRUCT_TESTS = sorted((ROOT / "tests" / "coverage" / "constructs").glob("*.cu"))


def test_names_and_aliases_are_unique():
    names = Counter(r.cuda for r in RECORDS)
    assert [n for n, c in names.items() if c > 1] == []
    aliases = Counter(a for r in RECORDS for a in r.aliases)
    assert [a for a, c in aliases.items() if c > 1 or a in names] == []


def test_lookup_finds_every_name_and_alias():
    for r in RECORDS:
        assert op_coverage.lookup(r.cuda) is r
        assert all(op_coverage.lookup(a) is r for a in r.aliases)
    assert op_coverage.lookup("no_such_construct") is None


def test_fields_are_consistent():
    for r in RECORDS:
        assert r.effort in op_coverage.EFFORTS, r
        assert r.category and r.category == r.category.lower(), r
        if r.status is op_coverage.Status.SUPPORTED:
            assert r.code is None and r.effort == "none", r
        elif r.category in op_coverage.HOST_CATEGORIES:
            assert r.code in (None, *CODES) and r.effort != "none", r
        else:  # met in device code and not supported: the lift reports this code, the user does this work
            assert r.code in CODES and r.effort != "none", r
        if r.ir_op is not None and r.status is op_coverage.Status.SUPPORTED and r.category != "conversion":
            # ops the lift writes out itself: arithmetic, loads, float classes (bit tests)
            assert r.ir_op in op_coverage.TILE_OPS or r.ir_op in ("saturate", "rcp", "add", "mul", "div",
                                                                     "load") or r.ir_op in op_coverage.FLOAT_CLASS, r


def test_database_covers_every_family_the_issue_lists():
    categories = {r.category for r in RECORDS}
    for family in ("builtin-variable", "qualifier", "memory-space", "type", "vector-type", "math",
                   "math-intrinsic", "half-intrinsic", "bf16-intrinsic", "warp", "atomic", "barrier",
                   "cooperative-groups", "launch", "texture-surface", "inline-ptx", "tensor-core",
                   "dynamic-parallelism", "host-runtime", "library-host", "library-device"):
        assert family in categories, family


def test_coverage_doc_is_generated_and_lists_every_record():
    text = (ROOT / "docs" / "coverage.md").read_text()
    assert text == docs.coverage_md(), "docs/coverage.md is stale: run `python -m cuda2tile.docs`"
    rows = set(re.findall(r"^\| `(.+?)` \| (\w+) \|", text, re.M))
    for r in RECORDS:
        assert (docs._cell(r.cuda), r.status.value) in rows, r.cuda


def test_drift_check_notices_a_changed_record(monkeypatch):
    """The generated doc changes with the table, so a stale docs/coverage.md fails the test above."""
    before = docs.coverage_md()
    changed = [*RECORDS[:-1], op_coverage.Construct(cuda="__drift__", category="math",
                                                    status=op_coverage.Status.PLANNED, code="C2T1203", effort="low")]
    monkeypatch.setattr(op_coverage, "ALL_CONSTRUCTS", changed)
    after = docs.coverage_md()
    assert after != before and "`__drift__`" in after and f"`{RECORDS[-1].cuda}`" not in after


@lru_cache(maxsize=None)
def _constructs_in(test: str) -> frozenset[str]:
    """Records a test path exercises: what the scanner finds in a `.cu` test, or in the corpus."""
    if test == "corpus":
        return frozenset(o["construct"] for f in corpus_report()["files"] for o in f["occurrences"])
    path = ROOT / test
    assert path.is_file(), f"{test} does not exist"
    coverage, _ = scan_file(str(path), path.name)
    return frozenset(o.construct for o in coverage.all_occurrences())


@pytest.mark.parametrize("record", SUPPORTED, ids=[r.cuda for r in SUPPORTED])
def test_every_supported_record_has_a_test_that_uses_it(record):
    assert record.tests, f"supported record '{record.cuda}' names no test"
    assert any(record.cuda in _constructs_in(t) for t in record.tests), \
        f"none of {record.tests} uses '{record.cuda}'"


@pytest.mark.parametrize("path", CONSTRUCT_TESTS, ids=[p.name for p in CONSTRUCT_TESTS])
def test_construct_tests_convert_to_what_they_expect(path):
    """tests/coverage/constructs/*.cu: every kernel converts, and each `// EXPECT: text` is a line of code
    (not a comment) of the converted module."""
    result, module = convert_source(str(path), path.name)
    assert result.kernels and {k.status for k in result.kernels} == {"converted"}, \
        [(k.cuda_name, [d.message for d in k.diagnostics]) for k in result.kernels]
    code = "\n".join(line for line in module.splitlines() if not line.lstrip().startswith("#"))
    expected = re.findall(r"// EXPECT: (.+?)\s*$", path.read_text(), re.M)
    assert expected
    for text in expected:
        assert text in code, f"{path.name}: expected `{text}` in the converted module"
