"""Regression cases for miscompiles found on real code (issue 15 and after), each a small kernel of ours.

A case is `cases/<name>.cu` with its launch spec `cases/<name>.toml` (docs/launch-spec.md) and, in the
`.cu`, one line per kernel saying what must happen to it:

    // EXPECT: row_norm pass          parity (CPU SIMT runtime vs TileLang's C back end) passes
    // EXPECT: scale_bf refused C2T1101   not converted, with this diagnostic code
    // EXPECT: user_half converted       converted; parity cannot run it (say why beside it: the CPU
                                         runtime cannot build the original), so another test checks it

Headers a case includes live in `cases/inc/`.
`tests/regressions/test_regressions.py` checks every case both raised and with `--no-raise`; a case
whose kernel converts but computes a different value than the original fails there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

CASES = Path(__file__).resolve().parent / "cases"
# the kernel name may hold spaces (`k<float, true, Kind::Shared>`): it runs up to the outcome word
_EXPECT = re.compile(r"//\s*EXPECT:\s*(.+?)\s+(pass|refused|converted)(?:\s+(C2T\d{4}))?\s*$")


@dataclass(frozen=True)
class Expectation:
    case: str  # file stem
    kernel: str  # CUDA name (with template arguments for instances)
    outcome: str  # "pass" | "refused" | "converted"
    code: str | None  # the diagnostic code a refusal must carry


def expectations(path: Path) -> list[Expectation]:
    out = []
    for line in path.read_text().splitlines():
        match = _EXPECT.search(line)
        if match:
            out.append(Expectation(path.stem, match.group(1), match.group(2), match.group(3)))
    return out


def all_cases() -> list[Path]:
    return sorted(CASES.glob("*.cu"))
