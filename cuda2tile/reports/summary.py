"""Totals of a scan: kernels converted, constructs supported, lines in converted kernels, inventory.

Definitions (also in docs/coverage-reports.md):
* kernels converted %: (converted + partial) / kernels; both produce a TileLang factory.
* constructs supported %: supported / all device-code occurrences, each source location once; beside
  it, weighted by kernels: the distinct constructs used and supported, and how many kernels the
  unsupported ones block (inventory.construct_weights).
* lines converted %: source lines of converted/partial kernels / lines of all kernels (a template's
  lines count once, as converted only when every instantiation converted).
* inventory, parse health, remaining work: cuda2tile/reports/inventory.py.

There is no estimate of hours: nothing has calibrated one (docs/coverage-reports.md, "Remaining work").
"""

from __future__ import annotations

from collections import Counter

from cuda2tile.reports import inventory
from cuda2tile.reports.model import BLOCKING, STATUSES, FileCoverage, Occurrence
from cuda2tile.defaults import METRICS  # noqa: F401  (re-exported)

CONVERTED = ("converted", "partial")


def _pct(part: float, whole: float) -> float:
    return round(100.0 * part / whole, 2) if whole else 100.0


def _kernel_lines(file: FileCoverage) -> tuple[int, int]:
    spans: dict[tuple[int, int], bool] = {}
    for k in file.kernels:
        span = (k.line, k.end_line)
        spans[span] = spans.get(span, True) and k.status in CONVERTED
    total = sum(max(b - a + 1, 1) for a, b in spans)
    return total, sum(max(b - a + 1, 1) for (a, b), ok in spans.items() if ok)


def top_constructs(files: list[FileCoverage], scope: str, limit: int = 20) -> list[dict]:
    """Blocking constructs with their occurrences and the kernels they block (device code), most kernels
    blocked first, then most frequent, with a first location."""
    blocks = inventory.construct_weights(files)[0] if scope == "device" else Counter()
    counts: Counter = Counter()
    first: dict[str, tuple[FileCoverage, Occurrence]] = {}
    for f in files:
        for o in f.all_occurrences():
            if o.scope == scope and o.status in BLOCKING:
                counts[o.construct] += 1
                first.setdefault(o.construct, (f, o))
    rows = []
    for name, count in sorted(counts.items(), key=lambda kv: (-blocks[kv[0]], -kv[1], kv[0]))[:limit]:
        f, o = first[name]
        rows.append({"construct": name, "category": o.category, "status": o.status, "code": o.code,
                     "effort": o.effort, "occurrences": count, "kernels_blocked": blocks[name],
                     "first": f"{f.path}:{o.line}:{o.col}"})
    return rows


def summarize(files: list[FileCoverage]) -> dict:
    kernels = [k for f in files for k in f.kernels]
    statuses = Counter(k.status for k in kernels)
    device = [o for f in files for o in f.all_occurrences() if o.scope == "device"]
    host = [o for f in files for o in f.all_occurrences() if o.scope == "host"]
    by_status = Counter(o.status for o in device)
    lines = [_kernel_lines(f) for f in files]
    total_lines, converted_lines = sum(t for t, _ in lines), sum(c for _, c in lines)
    parity = Counter(k.parity["status"] for k in kernels if k.parity)
    raised = Counter(name for k in kernels for name in k.raised)
    converted = statuses["converted"] + statuses["partial"]
    return {
        "files": len(files),
        "kernels": {"total": len(kernels), "converted": statuses["converted"], "partial": statuses["partial"],
                    "unsupported": statuses["unsupported"], "converted_pct": _pct(converted, len(kernels))},
        "constructs": {"total": len(device), **{s: by_status[s] for s in STATUSES},
                       "supported_pct": _pct(by_status["supported"], len(device)),
                       **inventory.construct_weights(files)[1]},
        "host_constructs": {"total": len(host), **{s: Counter(o.status for o in host)[s] for s in STATUSES}},
        "lines": {"kernel_lines": total_lines, "converted_lines": converted_lines,
                  "converted_pct": _pct(converted_lines, total_lines)},
        # `coverage --parity` (reports/parity.py): original vs converted, per kernel
        "parity": {"ran": bool(parity), "passed": parity["passed"], "failed": parity["failed"],
                   "not_checked": parity["not checked"]},
        # kernels with an idiom raised to a tile operation, and how many kernels raised each idiom
        "raised": {"kernels": sum(1 for k in kernels if k.raised), "idioms": dict(sorted(raised.items()))},
        **inventory.summary(files),  # inventory, parse_health, refused_by, remaining
    }




def metric(summary: dict, name: str) -> float:
    group, key = METRICS[name]
    return summary[group][key]
