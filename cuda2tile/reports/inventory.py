"""Inventory, parse health and remaining work of a coverage scan (docs/coverage-reports.md).

* inventory: `__global__` definitions written in the files (a lexical count) against those the parser
  found, not compiled (a preprocessor branch not taken) or missed; the kernels reported (template
  instantiations count one each) by status; `wrapped` (served from the original CUDA source) is always
  0 today: no conversion path wraps a kernel yet.
* why a kernel is refused, one reason each: a parse error (C2T1101, C2T1105) before anything else,
  then its blocking constructs (`unsupported`, `planned`, `unknown` in device code), else its
  diagnostics ("other").
* a construct blocks a kernel refused for constructs whose blocking constructs include it.
* to-do: each header not found and each distinct clang error, with the files they occur in and the
  kernels they block, most kernels blocked first.
* remaining work: kernels refused plus definitions the parser missed, per directory with the
  blockers that stop most of them and the directory's owners (CODEOWNERS).
"""

from __future__ import annotations

import os
import re
from collections import Counter, defaultdict
from collections.abc import Callable

from cuda2tile.reports.model import BLOCKING, Diag, FileCoverage, KernelCoverage
from cuda2tile.results import INVENTORY_KEYS, missing_header_name

PARSE_CODES = ("C2T1101", "C2T1105")  # a kernel refused because clang could not give its code as written
REFUSED_BY = ("parse_errors", "constructs", "other")
_CLANG_AT = re.compile(r"clang error at (?P<where>.+?:\d+:\d+): (?P<message>.*?)"
                       r"(?: \(and \d+ more clang errors?\))?$", re.S)


def kernel_blocking(file: FileCoverage, kernel: KernelCoverage) -> list[str]:
    """Its blocking device constructs (in it and the `__device__` functions it calls), sorted."""
    return sorted({o.construct for o in file.kernel_occurrences(kernel) if o.status in BLOCKING
                   and o.scope == "device"})


def refused_by(file: FileCoverage, kernel: KernelCoverage) -> str | None:
    """None for a converted (or partial) kernel; else `parse_errors`, `constructs` or `other`."""
    if kernel.status != "unsupported":
        return None
    if any(d.code in PARSE_CODES for d in kernel.diagnostics):
        return "parse_errors"
    return "constructs" if kernel_blocking(file, kernel) else "other"


def parse_errors(file: FileCoverage) -> list[Diag]:
    """clang's errors in the file's parse (its own lines and the headers it includes)."""
    return [d for d in file.diagnostics if d.code == "C2T1101" and d.line > 0]


def missing_headers(file: FileCoverage) -> list[str]:
    return sorted({missing_header_name(d.message) for d in file.diagnostics if d.code == "C2T1102"} - {""})


def kernel_label(file: FileCoverage, kernel: KernelCoverage) -> str:
    return f"{file.display}:{kernel.name}"


def _blockers(file: FileCoverage, kernel: KernelCoverage) -> list[tuple[str, str]]:
    """What stops a refused kernel, as (kind, name): one parse error, its constructs, or its codes."""
    reason = refused_by(file, kernel)
    if reason == "parse_errors":
        return [("parse error", next(d.code for d in kernel.diagnostics if d.code in PARSE_CODES))]
    if reason == "constructs":
        return [("construct", c) for c in kernel_blocking(file, kernel)]
    codes = sorted({d.code for d in kernel.diagnostics if d.severity in ("error", "warning")})
    return [("code", c) for c in codes or ["unsupported"]]


def summary(files: list[FileCoverage]) -> dict:
    """`summary.inventory`, `summary.parse_health`, `summary.refused_by`, `summary.remaining`."""
    totals = dict.fromkeys(INVENTORY_KEYS, 0)
    for f in files:
        for key in INVENTORY_KEYS:
            totals[key] += (f.inventory or {}).get(key, 0)
    kernels = [(f, k) for f in files for k in f.kernels]
    statuses = Counter(k.status for _, k in kernels)
    reasons = Counter(refused_by(f, k) for f, k in kernels)
    errors = {f.display: parse_errors(f) for f in files}
    headers = {f.display: missing_headers(f) for f in files}
    inventory = {**totals, "kernels": len(kernels), "converted": statuses["converted"], "partial": statuses["partial"],
                 "refused": statuses["unsupported"], "wrapped": 0, "files": len(files),
                 "files_without_kernels": sum(1 for f in files if not f.kernels),
                 "files_not_parsed": sum(1 for f in files if f.inventory is None)}
    health = {"parse_errors": sum(len(e) for e in errors.values()),
              "files_with_parse_errors": sum(1 for e in errors.values() if e),
              "missing_headers": len({h for names in headers.values() for h in names}),
              "files_with_missing_headers": sum(1 for names in headers.values() if names),
              "kernels_blocked_by_parse_errors": reasons["parse_errors"]}
    return {"inventory": inventory, "parse_health": health,
            "refused_by": {r: reasons[r] for r in REFUSED_BY},
            "remaining": {"kernels": statuses["unsupported"] + totals["missed"], "refused": statuses["unsupported"],
                          "missed": totals["missed"]}}


def construct_weights(files: list[FileCoverage]) -> tuple[Counter, dict]:
    """(kernels each blocking construct blocks, the headline figures for `summary.constructs`)."""
    blocks: Counter = Counter()
    blocked = 0
    for f in files:
        for k in f.kernels:
            if refused_by(f, k) == "constructs":
                blocked += 1
                blocks.update(kernel_blocking(f, k))
    used: dict[str, set[str]] = defaultdict(set)
    for f in files:
        for o in f.all_occurrences():
            if o.scope == "device":
                used[o.construct].add(o.status)
    blocking = {c for c, statuses in used.items() if statuses & set(BLOCKING)}
    supported = {c for c, statuses in used.items() if statuses == {"supported"}}
    return blocks, {"distinct": len(used), "distinct_supported": len(supported), "distinct_blocking": len(blocking),
                    "kernels_blocked": blocked}


def _where(file: FileCoverage, path: str, line: int, col: int, roots: list[str]) -> str:
    where = path or file.display
    if os.path.isabs(where):  # a header outside the file's folder: as short as a root allows
        for root in roots:
            rel = os.path.relpath(where, os.path.abspath(root))
            if not rel.startswith(".."):
                where = rel
                break
    return f"{where.replace(os.sep, '/')}:{line}:{col}"


def todo(files: list[FileCoverage], roots: list[str] = ()) -> list[dict]:
    """Missing headers and clang errors, each with the files it occurs in and the kernels it blocks,
    most kernels blocked first. A header blocks the refused kernels of the files that include it (as
    `missing_headers` counts them); a clang error blocks the kernels whose refusal (C2T1101) quotes it
    (the first error each kernel reaches: fix it and run again)."""
    entries: dict[tuple[str, str, str], dict] = {}

    def entry(kind: str, item: str, where: str | None) -> dict:
        return entries.setdefault((kind, item, where or ""), {"kind": kind, "item": item, "where": where,
                                                             "files": [], "kernels": [], "occurrences": 0})

    with_missing = set()
    for f in files:
        refused = [kernel_label(f, k) for k in f.kernels if k.status == "unsupported"]
        names = missing_headers(f)
        if names:
            with_missing.add(f.display)
        for name in names:
            e = entry("missing header", name, None)
            e["files"].append(f.display)
            e["occurrences"] += 1
            e["kernels"] += refused
        for d in parse_errors(f):
            e = entry("parse error", d.message, _where(f, d.file, d.line, d.col, list(roots)))
            if f.display not in e["files"]:
                e["files"].append(f.display)
            e["occurrences"] += 1
        for k in f.kernels:
            for d in k.diagnostics:
                m = _CLANG_AT.search(d.message) if d.code == "C2T1101" else None
                if m is None:
                    continue
                path, line, col = m.group("where").rsplit(":", 2)
                e = entry("parse error", m.group("message"), _where(f, path, int(line), int(col), list(roots)))
                if f.display not in e["files"]:
                    e["files"].append(f.display)
                e["kernels"].append(kernel_label(f, k))
    out = []
    for e in entries.values():
        e["files"] = sorted(set(e["files"]))
        e["kernels"] = sorted(set(e["kernels"]))
        e["blocked"] = len(e["kernels"])
        if e["kind"] == "parse error":
            # every file it occurs in also misses a header: probably a consequence, fix the header first
            e["after_missing_header"] = bool(e["files"]) and all(name in with_missing for name in e["files"])
        out.append(e)
    return sorted(out, key=lambda e: (-e["blocked"], e["kind"] != "missing header", -len(e["files"]), e["item"],
                                      e["where"] or ""))


def directory_of(display: str) -> str:
    return os.path.dirname(display).replace(os.sep, "/") or "."


def directories(files: list[FileCoverage], label: Callable[[FileCoverage], str] | None = None,
                owners: Callable[[FileCoverage], tuple[str, ...] | None] | None = None, top: int = 3) -> list[dict]:
    """Per directory (of the files' display paths, or `label(file)`): inventory, kernel statuses, parse
    health, remaining work with its `top` blockers, and owners (None without a CODEOWNERS)."""
    rows: dict[str, dict] = {}
    blockers: dict[str, Counter] = defaultdict(Counter)
    owner_sets: dict[str, list[str] | None] = {}
    for f in files:
        name = label(f) if label else directory_of(f.display)
        row = rows.setdefault(name, {"directory": name, "files": 0, "files_without_kernels": 0,
                                     **dict.fromkeys(INVENTORY_KEYS, 0), "kernels": 0, "converted": 0, "partial": 0,
                                     "refused": 0, "wrapped": 0, "parse_errors": 0, "missing_headers": 0,
                                     "remaining": 0})
        row["files"] += 1
        row["files_without_kernels"] += not f.kernels
        for key in INVENTORY_KEYS:
            row[key] += (f.inventory or {}).get(key, 0)
        for k in f.kernels:
            row["kernels"] += 1
            row[{"unsupported": "refused"}.get(k.status, k.status)] += 1
            if k.status == "unsupported":
                blockers[name].update(set(_blockers(f, k)))
        missed = (f.inventory or {}).get("missed", 0)
        if missed:
            blockers[name][("code", "C2T1009")] += missed
        row["parse_errors"] += len(parse_errors(f))
        row["missing_headers"] += len(missing_headers(f))
        row["remaining"] = row["refused"] + row["missed"]
        mine = owners(f) if owners else None
        if mine is None:  # no CODEOWNERS governs the file
            owner_sets.setdefault(name, None)
        else:
            known = owner_sets.get(name) or []
            owner_sets[name] = known + [o for o in mine if o not in known]
    out = []
    for name in sorted(rows):
        row = rows[name]
        row["blockers"] = [{"kind": kind, "name": what, "kernels": n} for (kind, what), n in
                           sorted(blockers[name].items(), key=lambda kv: (-kv[1], kv[0]))[:top]]
        row["owners"] = sorted(owner_sets[name]) if owner_sets.get(name) is not None else None
        out.append(row)
    return out
