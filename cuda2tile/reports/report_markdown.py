"""GitHub-flavoured Markdown: for `$GITHUB_STEP_SUMMARY` and pull-request comments.

GitHub caps a step summary at 1 MiB, so long tables are cut at `max_rows` with a note.
"""

from __future__ import annotations

from cuda2tile.reports.report_text import raised_text, share_text


def _cell(value) -> str:
    text = "" if value is None else str(value)
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _table(header: tuple[str, ...], rows: list[tuple], max_rows: int) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows[:max_rows]]
    if len(rows) > max_rows:
        lines.append(f"\n_{len(rows) - max_rows} more rows in the JSON report._")
    return lines + [""]


def render(report: dict, max_rows: int = 200) -> str:
    s = report["summary"]
    k, c, ln, e, p = s["kernels"], s["constructs"], s["lines"], s["effort_hours"], s["parity"]
    git = report.get("git") or {}
    where = f" at `{git['commit'][:10]}`" + (f" on `{git['branch']}`" if git.get("branch") else "") if git else ""
    out = [f"## cuda2tile coverage{where}", ""]
    rows = [("kernels converted", share_text(k['converted'] + k['partial'], k['total'], k['converted_pct'])),
            ("constructs supported", share_text(c['supported'], c['total'], c['supported_pct'])),
            ("lines in converted kernels", share_text(ln['converted_lines'], ln['kernel_lines'], ln['converted_pct'])),
            ("host API uses to port", s["host_constructs"]["total"]),
            ("estimated manual effort", f"{e['total']:.1f} h (device {e['device']:.1f} h, host {e['host']:.1f} h)")]
    if s.get("raised", {}).get("kernels"):
        rows.append(("raised to tile operations", raised_text(s["raised"])))
    if p["ran"]:
        rows.append(("parity (C back end vs numpy)", f"{p['passed']} passed, {p['failed']} failed, "
                                                     f"{p['skipped']} without a launch spec"))
    out += _table(("metric", "value"), rows, max_rows)
    if report["top_unsupported"]:
        out += ["### Top unsupported constructs", ""]
        out += _table(("construct", "status", "code", "effort", "uses", "first seen at"),
                      [(f"`{r['construct']}`", r["status"], r["code"], r["effort"], r["occurrences"], r["first"])
                       for r in report["top_unsupported"]], max_rows)
    blocked = [(f"`{f['path']}:{kr['line']}`", f"`{kr['name']}`", kr["status"],
                ", ".join(f"`{b}`" for b in kr["blocking"]) or "; ".join(
                    f"{d['code']}: {d['message']}" for d in kr["diagnostics"]),
                (kr["parity"] or {}).get("error") or "")
               for f in report["files"] for kr in f["kernels"]
               if kr["status"] == "unsupported" or (kr["parity"] or {}).get("status") == "failed"]
    if blocked:
        out += ["### Kernels not converted or failing parity", ""]
        out += _table(("location", "kernel", "status", "why", "parity error"), blocked, max_rows)
    missing = report.get("missing_headers") or []
    if missing:
        out += ["### Headers not found", "",
                "Add their folders with `-I`, or give `-p compile_commands.json`; each blocks the kernels listed.", ""]
        out += _table(("header", "files including it", "kernels of those files not converted"),
                      [(f"`{m['header']}`", m["files"], len(m["blocked_kernels"])) for m in missing], max_rows)
    every = [(f"`{f['path']}`", f"`{kr['name']}`", kr["status"], kr["lines"], (kr["parity"] or {}).get("status", "-"))
             for f in report["files"] for kr in f["kernels"]]
    out += [f"<details><summary>All kernels ({len(every)})</summary>", ""]
    out += _table(("file", "kernel", "status", "lines", "parity"), every, max_rows)
    out += ["</details>", ""]
    return "\n".join(out)
