"""Which idiom passes run (op_coverage/idioms.py): the names `--no-raise` takes, and the idioms they leave.

Every command that converts (`convert`, `verify`, `parity`, `check`, `coverage`) takes the switch
(cuda2tile/cli/common.py, `add_raise_argument`):

    --no-raise                        convert every idiom faithfully
    --no-raise=block_reduce           keep only that idiom faithful (repeatable, or a comma list)
"""

from __future__ import annotations

from collections.abc import Iterable

from op_coverage.idioms import IDIOMS, RAISABLE

ALL = "all"


def idiom_names(text: str) -> tuple[str, ...]:
    """`"block_reduce, scan"` -> ("block_reduce", "scan"); ValueError naming the unknown ones."""
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    known = {i.name for i in IDIOMS} | {ALL}
    unknown = [n for n in names if n not in known]
    if unknown or not names:
        raise ValueError(f"unknown idiom {', '.join(map(repr, unknown)) or repr(text)} "
                         f"(known: {', '.join(sorted(known))})")
    return names


def idioms_to_raise(off: Iterable[str]) -> frozenset[str] | None:
    """The idioms to raise when those in `off` are not (None: every one, the default; `all`: none)."""
    off = set(off)
    if not off:
        return None
    if ALL in off:
        return frozenset()
    return frozenset(RAISABLE) - off
