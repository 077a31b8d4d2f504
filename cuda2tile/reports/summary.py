"""Totals of a scan: kernels converted, constructs supported, lines in converted kernels, effort.

Definitions (also in docs/coverage-reports.md):
* kernels converted %: (converted + partial) / kernels; both produce a TileLang factory.
* constructs supported %: supported / all device-code occurrences, each source location once.
* lines converted %: source lines of converted/partial kernels / lines of all kernels (a template's
  lines count once, as converted only when every instantiation converted).
* effort: for each kernel not converted, the hours of each distinct blocking construct in it (and
  of each diagnostic code no construct explains), from the effort levels below; plus, per file,
  the distinct host constructs to port. A rough order of magnitude, not a plan.
"""

from __future__ import annotations

from collections import Counter

from cuda2tile.reports.model import BLOCKING, STATUSES, FileCoverage, KernelCoverage, Occurrence
from cuda2tile.defaults import METRICS  # noqa: F401  (re-exported)
from cuda2tile.diagnostics import CODES

EFFORT_HOURS = {"none": 0.0, "low": 0.5, "medium": 2.0, "high": 8.0}
CONVERTED = ("converted", "partial")


def _pct(part: float, whole: float) -> float:
    return round(100.0 * part / whole, 2) if whole else 100.0


def kernel_effort(file: FileCoverage, kernel: KernelCoverage) -> float:
    if kernel.status in CONVERTED:
        return 0.0
    blocking = {o.construct: o for o in file.kernel_occurrences(kernel) if o.status in BLOCKING
                and o.scope == "device"}
    hours = sum(EFFORT_HOURS.get(o.effort, 0.0) for o in blocking.values())
    explained = {o.code for o in blocking.values()}
    for code in {d.code for d in kernel.diagnostics} - explained:
        hours += EFFORT_HOURS.get(CODES[code].effort if code in CODES else "medium", 0.0)
    return hours


def host_effort(file: FileCoverage) -> float:
    host = {o.construct: o for o in file.all_occurrences() if o.scope == "host" and o.status in BLOCKING}
    return sum(EFFORT_HOURS.get(o.effort, 0.0) for o in host.values())


def _kernel_lines(file: FileCoverage) -> tuple[int, int]:
    spans: dict[tuple[int, int], bool] = {}
    for k in file.kernels:
        span = (k.line, k.end_line)
        spans[span] = spans.get(span, True) and k.status in CONVERTED
    total = sum(max(b - a + 1, 1) for a, b in spans)
    return total, sum(max(b - a + 1, 1) for (a, b), ok in spans.items() if ok)


def top_constructs(files: list[FileCoverage], scope: str, limit: int = 20) -> list[dict]:
    """Blocking constructs by number of occurrences, most frequent first, with a first location."""
    counts: Counter = Counter()
    first: dict[str, tuple[FileCoverage, Occurrence]] = {}
    for f in files:
        for o in f.all_occurrences():
            if o.scope == scope and o.status in BLOCKING:
                counts[o.construct] += 1
                first.setdefault(o.construct, (f, o))
    rows = []
    for name, count in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]:
        f, o = first[name]
        rows.append({"construct": name, "category": o.category, "status": o.status, "code": o.code,
                     "effort": o.effort, "occurrences": count, "first": f"{f.path}:{o.line}:{o.col}"})
    return rows


def summarize(files: list[FileCoverage]) -> dict:
    kernels = [k for f in files for k in f.kernels]
    statuses = Counter(k.status for k in kernels)
    device = [o for f in files for o in f.all_occurrences() if o.scope == "device"]
    host = [o for f in files for o in f.all_occurrences() if o.scope == "host"]
    by_status = Counter(o.status for o in device)
    lines = [_kernel_lines(f) for f in files]
    total_lines, converted_lines = sum(t for t, _ in lines), sum(c for _, c in lines)
    device_hours = sum(kernel_effort(f, k) for f in files for k in f.kernels)
    host_hours = sum(host_effort(f) for f in files)
    parity = Counter(k.parity["status"] for k in kernels if k.parity)
    raised = Counter(name for k in kernels for name in k.raised)
    converted = statuses["converted"] + statuses["partial"]
    return {
        "files": len(files),
        "kernels": {"total": len(kernels), "converted": statuses["converted"], "partial": statuses["partial"],
                    "unsupported": statuses["unsupported"], "converted_pct": _pct(converted, len(kernels))},
        "constructs": {"total": len(device), **{s: by_status[s] for s in STATUSES},
                       "supported_pct": _pct(by_status["supported"], len(device))},
        "host_constructs": {"total": len(host), **{s: Counter(o.status for o in host)[s] for s in STATUSES}},
        "lines": {"kernel_lines": total_lines, "converted_lines": converted_lines,
                  "converted_pct": _pct(converted_lines, total_lines)},
        "effort_hours": {"device": device_hours, "host": host_hours, "total": device_hours + host_hours},
        "parity": {"ran": bool(parity), "passed": parity["passed"], "failed": parity["failed"],
                   "skipped": parity["skipped"]},
        # kernels with an idiom raised to a tile operation, and how many kernels raised each idiom
        "raised": {"kernels": sum(1 for k in kernels if k.raised), "idioms": dict(sorted(raised.items()))},
    }




def metric(summary: dict, name: str) -> float:
    group, key = METRICS[name]
    return summary[group][key]
