"""Every regression case in `cases/`: parity passes, or the kernel is refused with its code (or, where the CPU
runtime cannot build the original, converts, with another test checking what it converts to).

Raised and faithful (`--no-raise`) conversions are both checked: a miscompile may hide in either.
The cases and their format are described in `expect.py`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from regressions.expect import all_cases, expectations  # noqa: E402

from cuda2tile.driver import ConvertOptions, convert_source  # noqa: E402
from cuda2tile.parity.harness import ParityOptions, run_parity  # noqa: E402

CASES = all_cases()


def test_every_case_says_what_to_expect():
    assert CASES, "no regression cases found"
    for cu in CASES:
        assert expectations(cu), f"{cu.name} has no `// EXPECT:` line"
        assert cu.with_suffix(".toml").exists() or all(e.outcome != "pass" for e in expectations(cu)), \
            f"{cu.name} expects a parity pass but has no launch spec"


@pytest.mark.slow
@pytest.mark.parametrize("raise_idioms", [None, frozenset()], ids=["raised", "no-raise"])
@pytest.mark.parametrize("cu", CASES, ids=[c.stem for c in CASES])
def test_case(cu: Path, raise_idioms, tmp_path):
    wanted = expectations(cu)
    result, _ = convert_source(str(cu), cu.name, ConvertOptions(raise_idioms=raise_idioms))
    statuses = {k.cuda_name: k for k in result.kernels}
    for want in wanted:
        got = statuses.get(want.kernel)
        assert got is not None, f"{cu.name}: no kernel {want.kernel}; found {sorted(statuses)}"
        codes = [d.code for d in got.diagnostics]
        if want.outcome == "refused":
            assert got.status == "unsupported" and want.code in codes, (got.status, [d.message for d in got.diagnostics])
        else:
            assert got.status == "converted", (got.status, [f"{d.code}: {d.message}" for d in got.diagnostics])
    passing = tuple(w.kernel for w in wanted if w.outcome == "pass")
    if not passing:
        return
    run = run_parity(ParityOptions((str(cu),), kernels=passing, original="cpu", converted="c", jobs=1,
                                   output=str(tmp_path), raise_idioms=raise_idioms))
    by_kernel: dict[str, list] = {}
    for r in run.results:
        by_kernel.setdefault(r.kernel, []).append(r)
    for kernel in passing:
        assert kernel in by_kernel, f"{cu.name}: no parity result for {kernel}; got {sorted(by_kernel)}"
        for r in by_kernel[kernel]:
            assert r.status == "pass", r.describe()
