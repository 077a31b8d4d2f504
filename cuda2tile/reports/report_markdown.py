"""GitHub-flavoured Markdown: for `$GITHUB_STEP_SUMMARY` and pull-request comments.

GitHub caps a step summary at 1 MiB, so long tables are cut at `max_rows` with a note.
"""

from __future__ import annotations

from cuda2tile.reports.parity import describe as parity_describe
from cuda2tile.reports.report_text import (blockers_text, constructs_text, health_text, inventory_text, owners_text,
                                           parity_summary_text, raised_text, refused_text, remaining_directories,
                                           remaining_text, share_text)


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
    k, c, ln, p = s["kernels"], s["constructs"], s["lines"], s["parity"]
    git = report.get("git") or {}
    where = f" at `{git['commit'][:10]}`" + (f" on `{git['branch']}`" if git.get("branch") else "") if git else ""
    out = [f"## cuda2tile coverage{where}", ""]
    rows = [("kernel definitions", inventory_text(s["inventory"])),
            ("kernels converted", share_text(k['converted'] + k['partial'], k['total'], k['converted_pct'])
             + f"; {refused_text(s)}"),
            ("constructs supported", constructs_text(c, k["total"])),
            ("parse health", health_text(s["parse_health"])),
            ("remaining work", remaining_text(s["remaining"])),
            ("lines in converted kernels", share_text(ln['converted_lines'], ln['kernel_lines'], ln['converted_pct'])),
            ("host API uses to port", s["host_constructs"]["total"])]
    if s.get("raised", {}).get("kernels"):
        rows.append(("raised to tile operations", raised_text(s["raised"])))
    if p["ran"]:
        rows.append(("parity (original vs converted)", parity_summary_text(p)))
    out += _table(("metric", "value"), rows, max_rows)
    if report["top_unsupported"]:
        out += ["### Top unsupported constructs", ""]
        out += _table(("construct", "status", "code", "effort", "uses", "kernels blocked", "first seen at"),
                      [(f"`{r['construct']}`", r["status"], r["code"], r["effort"], r["occurrences"],
                        r.get("kernels_blocked", 0), r["first"]) for r in report["top_unsupported"]], max_rows)
    blocked = [(f"`{f['path']}:{kr['line']}`", f"`{kr['name']}`", kr["status"],
                ", ".join(f"`{b}`" for b in kr["blocking"]) or "; ".join(
                    f"{d['code']}: {d['message']}" for d in kr["diagnostics"]),
                (kr["parity"] or {}).get("error") or "")
               for f in report["files"] for kr in f["kernels"]
               if kr["status"] == "unsupported" or (kr["parity"] or {}).get("status") == "failed"]
    if blocked:
        out += ["### Kernels not converted or failing parity", ""]
        out += _table(("location", "kernel", "status", "why", "parity error"), blocked, max_rows)
    todo = report.get("todo") or []
    if todo:
        out += ["### To do: headers not found and clang errors", "",
                "Most kernels blocked first. A header blocks the refused kernels of the files including it; a clang "
                "error blocks the kernels whose refusal (C2T1101) quotes it."
                + (" Add the folders of headers not found with `-I`, or give `-p compile_commands.json`."
                   if any(t["kind"] == "missing header" for t in todo) else ""), ""]
        out += _table(("kind", "header / clang error", "at", "files", "kernels blocked", "first kernels"),
                      [(t["kind"], f"`{t['item']}`" + (" (every file also misses a header)"
                                                       if t.get("after_missing_header") else ""),
                        f"`{t['where']}`" if t["where"] else "", len(t["files"]), t["blocked"],
                        ", ".join(f"`{name}`" for name in t["kernels"][:3])
                        + (f" and {t['blocked'] - 3} more" if t["blocked"] > 3 else "")) for t in todo], max_rows)
    remaining = remaining_directories(report)
    if remaining:
        owners = report.get("codeowners") is not None
        out += ["### Remaining work by directory", "",
                "Kernels refused plus definitions the parser missed, most first; blockers: the constructs, parse "
                "errors or diagnostic codes stopping the most kernels" + (", owners from `CODEOWNERS`" if owners
                                                                          else "") + ".", ""]
        out += _table(("directory", "defined", "found", "kernels", "converted", "refused", "missed", "remaining",
                       "top blockers (kernels)") + (("owners",) if owners else ()),
                      [(f"`{d['directory']}`", d["defined"], d["found"], d["kernels"], d["converted"] + d["partial"],
                        d["refused"], d["missed"], d["remaining"], blockers_text(d["blockers"]))
                       + ((owners_text(d["owners"]),) if owners else ()) for d in remaining], max_rows)
    directories = report.get("directories") or []
    if directories:
        out += [f"<details><summary>Inventory by directory ({len(directories)})</summary>", ""]
        out += _table(("directory", "files", "defined", "found", "not compiled", "missed", "kernels", "converted",
                       "partial", "refused", "wrapped", "parse errors", "headers not found"),
                      [(f"`{d['directory']}`", d["files"], d["defined"], d["found"], d["not_compiled"], d["missed"],
                        d["kernels"], d["converted"], d["partial"], d["refused"], d["wrapped"], d["parse_errors"],
                        d["missing_headers"]) for d in directories], max_rows)
        out += ["</details>", ""]
    every = [(f"`{f['path']}`", f"`{kr['name']}`", kr["status"], kr["lines"], parity_describe(kr["parity"]))
             for f in report["files"] for kr in f["kernels"]]
    out += [f"<details><summary>All kernels ({len(every)})</summary>", ""]
    out += _table(("file", "kernel", "status", "lines", "parity"), every, max_rows)
    out += ["</details>", ""]
    return "\n".join(out)
