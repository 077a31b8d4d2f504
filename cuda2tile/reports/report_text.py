"""The terminal report: a summary, the kernels that are not converted, the top unsupported constructs,
and (with `verbose`) every kernel. Tables drawn by rich; plain text when written to a file."""

from __future__ import annotations

import io

from rich.console import Console
from rich.table import Table

_STYLE = {"converted": "green", "partial": "yellow", "unsupported": "red", "passed": "green", "failed": "red",
          "not checked": "dim"}


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


def inventory_text(inv: dict) -> str:
    """`150 defined: 148 found, 1 not compiled, 1 missed; 420 kernels (each template instantiation counts)`."""
    return (f"{inv['defined']} defined: {inv['found']} found, {inv['not_compiled']} not compiled, "
            f"{inv['missed']} missed by the parser; {inv['kernels']} kernels reported (each template instantiation "
            f"counts); {inv['files_without_kernels']} of {inv['files']} files define none")


def refused_text(s: dict) -> str:
    r, inv = s["refused_by"], s["inventory"]
    return (f"{inv['refused']} refused ({r['parse_errors']} by parse errors, {r['constructs']} by unsupported "
            f"constructs, {r['other']} by other lift limits), {inv['wrapped']} wrapped")


def constructs_text(c: dict, kernels: int) -> str:
    """Use counts, then the figure weighted by kernels: what the unsupported constructs block."""
    return (f"{share_text(c['supported'], c['total'], c['supported_pct'])} uses; {c['distinct_supported']} of "
            f"{c['distinct']} distinct constructs; the {c['distinct_blocking']} unsupported block "
            f"{c['kernels_blocked']} of {kernels} kernels")


def health_text(h: dict) -> str:
    return (f"{h['parse_errors']} clang errors in {h['files_with_parse_errors']} files, {h['missing_headers']} headers "
            f"not found (in {h['files_with_missing_headers']} files); {h['kernels_blocked_by_parse_errors']} kernels "
            f"refused for parse errors")


def remaining_text(r: dict) -> str:
    return f"{r['kernels']} kernels: {r['refused']} refused + {r['missed']} definitions the parser missed"


def owners_text(owners) -> str:
    """`@a @b`; `(none)` when CODEOWNERS names nobody; `` without a CODEOWNERS file."""
    if owners is None:
        return ""
    return " ".join(owners) or "(none)"


def remaining_directories(report: dict) -> list[dict]:
    """Directories with remaining work, most first."""
    return sorted((d for d in report.get("directories") or [] if d["remaining"]),
                  key=lambda d: (-d["remaining"], d["directory"]))


def blocker_name(b: dict) -> str:
    """A construct as named; a parse error as `parse error (C2T1101)`; a code as itself."""
    return f"parse error ({b['name']})" if b["kind"] == "parse error" else b["name"]


def blockers_text(blockers: list[dict]) -> str:
    return ", ".join(f"{blocker_name(b)} ({b['kernels']})" for b in blockers)


def parity_summary_text(p: dict) -> str:
    """`3 passed, 1 failed, 2 not checked`: `coverage --parity`, the original against its conversion."""
    return f"{p['passed']} passed, {p['failed']} failed, {p['not_checked']} not checked"


def _parity_cell(parity: dict | None) -> str:
    """The kernel's verdict (coloured) and what backs it: its worst error, or why it failed or was not checked."""
    from rich.markup import escape

    from cuda2tile.reports.parity import describe

    if not parity:
        return "-"
    text = describe(parity)
    status = parity["status"]
    return _styled(status) + escape(text[len(status):])


def _summary_table(report: dict) -> Table:
    s = report["summary"]
    k, c, ln = s["kernels"], s["constructs"], s["lines"]
    table = Table(title="cuda2tile coverage", show_header=False, title_justify="left")
    table.add_column("metric", style="bold")
    table.add_column("value")
    table.add_row("files", str(s["files"]))
    table.add_row("kernel definitions", inventory_text(s["inventory"]))
    table.add_row("kernels converted", share_text(k['converted'] + k['partial'], k['total'], k['converted_pct'])
                  + (f", {k['partial']} partial" if k["partial"] else "") + f"; {refused_text(s)}")
    table.add_row("constructs supported", constructs_text(c, k["total"])
                  + f" (uses: partial {c['partial']}, planned {c['planned']}, unsupported {c['unsupported']}, "
                  f"unknown {c['unknown']})")
    table.add_row("parse health", health_text(s["parse_health"]))
    table.add_row("remaining work", remaining_text(s["remaining"]))
    table.add_row("lines in converted kernels", share_text(ln['converted_lines'], ln['kernel_lines'],
                                                           ln['converted_pct']))
    table.add_row("host API uses to port", str(s["host_constructs"]["total"]))
    if s.get("raised", {}).get("kernels"):
        table.add_row("raised to tile operations", raised_text(s["raised"]))
    if s["parity"]["ran"]:
        p = s["parity"]
        table.add_row("parity (original vs converted)", parity_summary_text(p))
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
                row.append(_parity_cell(k["parity"]))
            table.add_row(*row)
    return table


def _top_table(rows: list[dict], title: str) -> Table:
    table = Table(title=title, title_justify="left")
    for name in ("construct", "category", "status", "code", "effort", "uses", "kernels blocked", "first seen at"):
        table.add_column(name, justify="right" if name in ("uses", "kernels blocked") else "left")
    for r in rows:
        table.add_row(r["construct"], r["category"], r["status"], r["code"] or "", r["effort"], str(r["occurrences"]),
                      str(r.get("kernels_blocked", 0)), r["first"])
    return table


def _todo_table(report: dict, limit: int | None) -> Table:
    rows = report.get("todo") or []
    shown = rows if limit is None else rows[:limit]
    more = f" (first {len(shown)} of {len(rows)}; --verbose for all)" if len(shown) < len(rows) else ""
    table = Table(title=f"to do: headers not found and clang errors, most kernels blocked first{more}",
                  title_justify="left")
    for name in ("kind", "header / clang error", "at", "files", "kernels blocked"):
        table.add_column(name, justify="right" if name in ("files", "kernels blocked") else "left")
    for t in shown:
        note = " (every file also misses a header)" if t.get("after_missing_header") else ""
        table.add_row(t["kind"], t["item"] + note, t["where"] or "", str(len(t["files"])), str(t["blocked"]))
    return table


def _directory_table(report: dict, limit: int | None) -> Table:
    rows = remaining_directories(report)
    shown = rows if limit is None else rows[:limit]
    owners = report.get("codeowners") is not None
    more = f" (first {len(shown)} of {len(rows)}; --verbose for all)" if len(shown) < len(rows) else ""
    table = Table(title=f"remaining work by directory{more}", title_justify="left")
    for name in ("directory", "defined", "found", "kernels", "converted", "refused", "missed", "remaining",
                 "top blockers (kernels)") + (("owners",) if owners else ()):
        table.add_column(name, justify="left" if name in ("directory", "top blockers (kernels)", "owners") else "right")
    for d in shown:
        row = [d["directory"], str(d["defined"]), str(d["found"]), str(d["kernels"]),
               str(d["converted"] + d["partial"]), str(d["refused"]), str(d["missed"]), str(d["remaining"]),
               blockers_text(d["blockers"])]
        table.add_row(*row + ([owners_text(d["owners"])] if owners else []))
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
    if report.get("todo"):
        console.print(_todo_table(report, None if verbose else 10))
    if any(d["remaining"] for d in report.get("directories") or []):
        console.print(_directory_table(report, None if verbose else 20))
    if report["top_host"] and verbose:
        console.print(_top_table(report["top_host"], "host code to port"))
    for e in report["errors"]:
        console.print(f"{e['path']}: {e['code']}: {e['message']}")
    return buffer.getvalue()
