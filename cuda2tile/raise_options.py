"""`--no-raise[=IDIOM[,IDIOM...]]`: the command-line switch of the idiom passes (op_coverage/idioms.py).

Shared by every command that converts (`convert`, `verify`, `parity`, `check`, `coverage`):

    --no-raise                        convert every idiom faithfully
    --no-raise=block_reduce           keep only that idiom faithful (repeatable, or a comma list)
"""

from __future__ import annotations

import argparse

from op_coverage.idioms import IDIOMS, RAISABLE

_ALL = "all"


def _idiom_list(text: str) -> tuple[str, ...]:
    names = tuple(n.strip() for n in text.split(",") if n.strip())
    known = {i.name for i in IDIOMS} | {_ALL}
    unknown = [n for n in names if n not in known]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"unknown idiom {', '.join(map(repr, unknown)) or repr(text)} "
                                         f"(known: {', '.join(sorted(known))})")
    return names


def add_raise_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--no-raise", dest="no_raise", action="append", nargs="?", const=(_ALL,), type=_idiom_list,
                        default=[], metavar="IDIOM",
                        help=f"do not raise these idioms to tile operations (comma list or repeated; "
                             f"alone: none of them). Raised by default: {', '.join(RAISABLE)}")


def raise_idioms(args: argparse.Namespace) -> frozenset[str] | None:
    """The idioms to raise for the parsed `args` (None: every one, the default)."""
    off = {n for group in getattr(args, "no_raise", []) or [] for n in group}
    if not off:
        return None
    if _ALL in off:
        return frozenset()
    return frozenset(RAISABLE) - off
