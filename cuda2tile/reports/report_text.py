"""The terminal report: a summary, the kernels that are not converted, the top unsupported constructs,
and (with `verbose`) every kernel. Tables drawn by rich; plain text when written to a file."""

from __future__ import annotations

import io

from rich.console import Console
from rich.table import Table

_STYLE = {"converted": "green", "partial": "yellow", "unsupported": "red", "passed": "green", "failed": "red",
          "skipped": "dim"}


def _styled(value: str) -> str:
    style = _STYLE.get(value)
    return f"[{style}]{value}[/{style}]" if style else value


def share_text(part: int, whole: int, pct: float) -> str:
    """`3 / 4 (75.0%)`; `0 / 0 (n/a)`: nothing counted is no percentage, never 100%."""
    return f"{part} / {whole} ({pct:.1f}%)" if whole else f"{part} / {whole} (n/a)"


def raised_text(raised: dict) -> str:
    """`6 kernels (block_reduce 5, gemm 4)`: kernels with a raised idiom, and each idiom's kernels."""
    idioms = ", ".join(f"{name} {count}" for name, count in raised["idioms"].items())
    return f"{raised['kernels']} kernels ({idioms})"


def _summary_table(report: dict) -> Table:
    s = report["summary"]
    k, c, ln, e = s["kernels"], s["constructs"], s["lines"], s["effort_hours"]
    table = Table(title="cuda2tile coverage", show_header=False, title_justify="left")
    table.add_column("metric", style="bold")
    table.add_column("value")
    table.add_row("files", str(s["files"]))
    table.add_row("kernels converted", share_text(k['converted'] + k['partial'], k['total'], k['converted_pct'])
                  + (f", {k['partial']} partial" if k["partial"] else ""))
    table.add_row("constructs supported", share_text(c['supported'], c['total'], c['supported_pct'])
                  + f"; partial {c['partial']}, planned {c['planned']}, unsupported {c['unsupported']}, "
                  f"unknown {c['unknown']}")
    table.add_row("lines in converted kernels", share_text(ln['converted_lines'], ln['kernel_lines'],
                                                           ln['converted_pct']))
    table.add_row("host API uses to port", str(s["host_constructs"]["total"]))
    table.add_row("estimated manual effort", f"{e['total']:.1f} h (device {e['device']:.1f} h, host {e['host']:.1f} h)")
    if s.get("raised", {}).get("kernels"):
        table.add_row("raised to tile operations", raised_text(s["raised"]))
    if s["parity"]["ran"]:
        p = s["parity"]
        table.add_row("parity", f"{p['passed']} passed, {p['failed']} failed, {p['skipped']} without a launch spec")
    t = report["timing"]
    table.add_row("time", f"{t['seconds']:.2f} s ({t['files_cached']} files from cache, {t['files_scanned']} scanned)")
    return table


def _kernel_table(report: dict, title: str, only_blocked: bool) -> Table:
    parity = report["summary"]["parity"]["ran"]
    table = Table(title=title, title_justify="left")
    for name in ("file", "kernel", "status", "lines", "blocking constructs / diagnostics") + (
            ("parity",) if parity else ()):
        table.add_column(name)
    for f in report["files"]:
        for k in f["kernels"]:
            if only_blocked and k["status"] != "unsupported" and not (k["parity"] or {}).get("status") == "failed":
                continue
            reason = ", ".join(k["blocking"]) or "; ".join(f"{d['code']} {d['message']}" for d in k["diagnostics"])
            row = [f"{f['path']}:{k['line']}", k["name"], _styled(k["status"]), str(k["lines"]), reason]
            if parity:
                row.append(_styled((k["parity"] or {}).get("status", "-")))
            table.add_row(*row)
    return table


def _top_table(rows: list[dict], title: str) -> Table:
    table = Table(title=title, title_justify="left")
    for name in ("construct", "category", "status", "code", "effort", "uses", "first seen at"):
        table.add_column(name, justify="right" if name == "uses" else "left")
    for r in rows:
        table.add_row(r["construct"], r["category"], r["status"], r["code"] or "", r["effort"], str(r["occurrences"]),
                      r["first"])
    return table


def render(report: dict, color: bool = False, width: int = 120, verbose: bool = False) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, force_terminal=color, color_system="standard" if color else None,
                      highlight=False)
    console.print(_summary_table(report))
    if any(k["status"] == "unsupported" for f in report["files"] for k in f["kernels"]) or verbose:
        console.print(_kernel_table(report, "kernels" if verbose else "kernels not converted", not verbose))
    if report["top_unsupported"]:
        console.print(_top_table(report["top_unsupported"], "top unsupported device constructs"))
    if report["top_host"] and verbose:
        console.print(_top_table(report["top_host"], "host code to port"))
    for e in report["errors"]:
        console.print(f"{e['path']}: {e['code']}: {e['message']}")
    return buffer.getvalue()
