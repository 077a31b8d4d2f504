"""Constructs that never reach our AST, found in the source text instead.

The front end keeps device code only, and some device constructs vanish in clang's AST:
* host code: CUDA runtime calls (`cudaMalloc(`), Thrust/CUB entry points (`thrust::sort`);
* attributes: `__launch_bounds__(256)`, `__forceinline__`;
* macros clang folds to constants: `-INFINITY`, `NAN`;
* things clang rejects in our device-only parse: `texture<float, 1>` references, a kernel launched
  from device code (`child<<<1, 32>>>(x)` without -rdc), a `cudaTextureObject_t` parameter (it is
  an integer type to clang).
Comments and string literals are blanked first, keeping line and column numbers.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import replace

import op_coverage
from cuda2tile.reports.model import Occurrence
from cuda2tile.reports.names import occurrence
from cuda2tile.diagnostics import Location
from cuda2tile.parse import cuda_ast as A

_TOKEN = re.compile(r"""//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'""", re.S)
_RULES = (  # (pattern, group with the spelling or a fixed record name, where it counts)
    (re.compile(r"\b(cuda[A-Z]\w*)\s*\("), None, "host"),
    (re.compile(r"\b((?:thrust|cub)(?:::\w+)+)"), None, "library"),
    (re.compile(r"\b__launch_bounds__\s*\("), "__launch_bounds__", "attribute"),
    (re.compile(r"\b__forceinline__\b"), "__forceinline__", "attribute"),
    (re.compile(r"\btexture\s*<"), "texture reference", "device"),
    (re.compile(r"\bsurface\s*<"), "surface reference", "device"),
    (re.compile(r"\b(cudaTextureObject_t|cudaSurfaceObject_t)\b"), None, "in-function"),
    (re.compile(r"<<<"), "dynamic parallelism", "in-function"),
    (re.compile(r"\b(INFINITY|NAN|HUGE_VALF?)\b"), None, "in-function"),  # macros clang folds to constants
)


def blank_comments_and_strings(text: str) -> str:
    """Replace comments and string/char literals by spaces (newlines kept), so that positions hold."""
    return _TOKEN.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def _library_record(name: str) -> tuple[str, str]:
    """`cub::DeviceReduce::Sum` -> (`cub::DeviceReduce`, scope): the longest prefix with a record."""
    parts = name.split("::")
    for k in range(len(parts), 1, -1):
        rec = op_coverage.lookup("::".join(parts[:k]))
        if rec is not None:
            return rec.cuda, "device" if rec.category == "library-device" else "host"
    return name, "host"


def scan_text(source: str, unit: A.TranslationUnit | None, display: str,
              already: set[tuple[str, int]]) -> dict[str, list[Occurrence]]:
    """Occurrences by function name ("" for file scope and host code). `already` holds (record, line)
    pairs the AST walk found, so a construct both see is counted once."""
    text = blank_comments_and_strings(source)
    ranges = [(f.name, f.loc.line, f.end_line) for f in (unit.functions if unit else ())]
    out: dict[str, list[Occurrence]] = {}
    line_starts = [0] + [m.end() for m in re.finditer(r"\n", text)]
    for pattern, fixed, where in _RULES:
        for match in pattern.finditer(text):
            line = bisect.bisect_right(line_starts, match.start())
            loc = Location(display, line, match.start() - line_starts[line - 1] + 1)
            inside = [name for name, first, last in ranges if first <= line <= last]
            if where == "attribute":  # written before the function's name, often on the line above
                inside = inside or [name for name, first, _ in ranges if 0 <= first - line <= 3]
            if where == "in-function" and not inside:
                continue
            spelling, scope = fixed or match.group(1), "device"
            written = spelling
            if where == "host":
                rec = op_coverage.lookup(spelling)
                if rec is None or rec.category not in op_coverage.HOST_CATEGORIES:
                    continue  # user helpers such as cudaCheck(...) are not CUDA's
                scope = "host"
            elif where == "library":
                spelling, scope = _library_record(spelling)
            if (occurrence(spelling, loc, None).construct, line) in already:
                continue
            for fn in (inside if scope == "device" else []) or [""]:
                occ = occurrence(spelling, loc, fn or None, scope=scope)
                if written != spelling:  # cub::DeviceReduce::Sum counts as cub::DeviceReduce
                    occ = replace(occ, spelling=written)
                out.setdefault(fn, []).append(replace(occ, code=None) if scope == "host" else occ)
    return out


