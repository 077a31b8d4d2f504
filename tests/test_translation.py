"""Run the lit/filecheck translation tests, and lint them for directives that would check nothing."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from cuda2tile.lift.lift_kernel import PASSES, RAISE_PASSES

TRANSLATION = Path(__file__).parent / "translation"
KNOWN = {"RUN", "CHECK", "CHECK-NEXT", "CHECK-NOT", "CHECK-LABEL", "CHECK-SAME", "CHECK-EMPTY", "CHECK-DAG",
         "DIAG", "DIAG-NEXT"}
# anything that looks like a directive: a word of capitals/dashes followed by a colon, in a // comment
DIRECTIVE = re.compile(r"//\s*([A-Za-z][A-Za-z_-]*)\s*:")


@pytest.mark.parametrize("path", sorted(TRANSLATION.glob("*.cu")), ids=lambda p: p.name)
def test_lit_translation_suite(path):
    """One lit test file, run through lit (its RUN lines, lit.cfg.py's substitutions) on its own."""
    lit = Path(sys.executable).with_name("lit")
    result = subprocess.run([str(lit), "-q", str(path)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_pass_has_a_translation_test_of_its_name():
    """Each pass, its module and its test share one name: split_phases.py is tested by split_phases.cu."""
    names = [run.__name__ for run in PASSES + tuple(RAISE_PASSES.values())]
    missing = [name for name in names if not (TRANSLATION / f"{name}.cu").exists()]
    assert not missing, f"no tests/translation/<pass>.cu for {missing}"


def test_every_translation_test_runs_and_checks():
    files = sorted(TRANSLATION.glob("*.cu"))
    assert len(files) >= 12
    for path in files:
        text = path.read_text()
        assert "// RUN:" in text, f"{path.name} has no RUN line"
        assert "// CHECK" in text, f"{path.name} has no CHECK line"


def test_no_misspelled_directives():
    """A `CHECK-Next:` or `CHEKC:` silently checks nothing (a bug HIPIFY's tests once had)."""
    problems = []
    for path in sorted(TRANSLATION.glob("*.cu")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            match = DIRECTIVE.search(line)
            if not match:
                continue
            word = match.group(1)
            looks_like_directive = word.upper().startswith(("CHECK", "CHEK", "CHCK", "RUN", "DIAG")) or word.isupper()
            if looks_like_directive and word not in KNOWN:
                problems.append(f"{path.name}:{number}: unknown directive '{word}'")
    assert not problems, "\n".join(problems)


def test_lint_catches_a_misspelling(tmp_path, monkeypatch):
    bad = tmp_path / "bad.cu"
    bad.write_text("// RUN: true\n// CHECK-Next: x\n")
    monkeypatch.setattr(sys.modules[__name__], "TRANSLATION", tmp_path)
    try:
        test_no_misspelled_directives()
    except AssertionError as err:
        assert "CHECK-Next" in str(err)
    else:
        raise AssertionError("the lint missed CHECK-Next")
