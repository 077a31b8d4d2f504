"""A kernel's CUDA source beside its emitted TileLang, linked line to line.

The emitter writes, above the TileLang of each CUDA statement, a comment naming its source line
(`# blas1/level1.cu:12: int i = ...`), and a docstring naming the line of the kernel and of each
`__device__` function it inlines (`(misc/device_helpers.cu:7)`). Those are the links: a TileLang
comment line links to its CUDA line, and a CUDA line links to the first TileLang line naming it.

The CUDA pane shows the kernel's own lines, plus the lines outside it that the TileLang names
(its `__device__` functions), in segments with the omitted lines counted between them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_COMMENT = re.compile(r"^\s*# (?P<file>.+?):(?P<line>\d+): ")
_DOCREF = re.compile(r"\((?P<file>[^()\s:]+):(?P<line>\d+)\)")
CONTEXT_GAP = 4  # referenced lines closer than this are shown as one segment


@dataclass
class CodeLine:
    number: int
    text: str
    link: int | None = None  # the line of the other pane it links to
    in_kernel: bool = True  # CUDA: inside the kernel's own lines
    diagnostics: list[dict] = field(default_factory=list)


@dataclass
class Segment:
    lines: list[CodeLine]
    skipped_before: int = 0  # lines omitted between the previous segment (or the file's start) and this one


@dataclass
class KernelView:
    cuda: list[Segment]
    tilelang: list[CodeLine]  # numbered as in the emitted module
    tilelang_kind: str  # "factory" | "note" (not converted: the module's comment) | "none"
    total_lines: int  # of the CUDA file
    outside: list[dict] = field(default_factory=list)  # diagnostics on lines the CUDA pane does not show


def factory_span(module_lines: list[str], factory: str) -> tuple[int, int] | None:
    """0-based [start, end) of the top-level `def factory(` block, trailing blank lines excluded."""
    head = f"def {factory}("
    for start, text in enumerate(module_lines):
        if text.startswith(head):
            break
    else:
        return None
    end = start + 1
    while end < len(module_lines) and (not module_lines[end].strip() or module_lines[end][0] in " \t"):
        end += 1
    while end > start + 1 and not module_lines[end - 1].strip():
        end -= 1
    return start, end


def _referenced_line(text: str, display: str) -> int | None:
    m = _COMMENT.match(text)
    if m and m.group("file") == display:
        return int(m.group("line"))
    for m in _DOCREF.finditer(text):
        if m.group("file") == display:
            return int(m.group("line"))
    return None


def kernel_view(source_lines: list[str], module_text: str | None, display: str, name: str, line: int,
                end_line: int, factory: str | None, diagnostics: list[dict]) -> KernelView:
    module_lines = module_text.splitlines() if module_text else []
    base = name.split("#")[0]
    tilelang: list[CodeLine] = []
    kind = "none"
    span = factory_span(module_lines, factory) if factory else None
    if span:
        kind = "factory"
        for i in range(*span):
            tilelang.append(CodeLine(i + 1, module_lines[i], _referenced_line(module_lines[i], display)))
    elif module_lines:  # not converted: the module names it in a comment, with the reason
        marker = f"{base} ({display}:{line}): not converted"
        notes = [i for i, text in enumerate(module_lines) if marker in text]
        if notes:
            kind = "note"
            tilelang = [CodeLine(i + 1, module_lines[i]) for i in notes]
    n = len(source_lines)
    line, end_line = max(1, min(line, n or 1)), max(1, min(max(end_line, line), n or 1))
    shown = set(range(line, end_line + 1))
    outside = sorted({t.link for t in tilelang if t.link and t.link not in shown and 1 <= t.link <= n})
    clusters: list[list[int]] = []
    for ln in outside:
        if clusters and ln - clusters[-1][-1] <= CONTEXT_GAP:
            clusters[-1].append(ln)
        else:
            clusters.append([ln])
    for c in clusters:  # from the first line named to one past the last (the closing brace)
        shown.update(range(c[0], min(c[-1] + 1, n) + 1))
    first_link: dict[int, int] = {}
    for t in tilelang:
        if t.link is not None and not (t.link in shown and t.link <= n):
            t.link = None  # names a line this pane cannot show (a header, a line past the end)
        if t.link is not None:
            first_link.setdefault(t.link, t.number)
    by_line: dict[int, list[dict]] = {}
    leftovers = []
    for d in diagnostics:
        if d.get("line") in shown:
            by_line.setdefault(d["line"], []).append(d)
        else:
            leftovers.append(d)
    segments: list[Segment] = []
    previous = 0
    for ln in sorted(shown):
        if ln > n:
            continue
        code = CodeLine(ln, source_lines[ln - 1].rstrip("\n"), first_link.get(ln), line <= ln <= end_line,
                        by_line.get(ln, []))
        if segments and ln == previous + 1:
            segments[-1].lines.append(code)
        else:
            segments.append(Segment([code], ln - previous - 1))
        previous = ln
    return KernelView(segments, tilelang, kind, n, leftovers)
