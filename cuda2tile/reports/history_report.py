"""`cuda2tile history`: the trend over runs and what changed since the previous run.

Change between two runs, by kernel (file + name):
* newly converted: unsupported before, converted or partial now;
* newly failing: converted or partial before, unsupported now; or parity passed before, failed now;
* newly verified: parity not passed before (or not run), passed now;
* added / removed: kernels only one of the two runs has;
* constructs: blocking construct counts that went up or down.
"""

from __future__ import annotations

import io
import json
import sqlite3

from rich.console import Console
from rich.table import Table

from cuda2tile.reports import history as H

_OK = ("converted", "partial")


def changes(conn: sqlite3.Connection, old: H.Run, new: H.Run) -> dict:
    before, after = H.kernel_results(conn, old.id), H.kernel_results(conn, new.id)

    def name(key):
        return f"{key[0]}:{key[1]}"

    both = sorted(set(before) & set(after))
    out = {
        "from_run": old.id, "to_run": new.id,
        "newly_converted": [name(k) for k in both if before[k]["status"] not in _OK and after[k]["status"] in _OK],
        "newly_failing": [{"kernel": name(k), "why": "not converted any more: " + (
            ", ".join(after[k]["blocking"]) or " ".join(after[k]["codes"]))}
            for k in both if before[k]["status"] in _OK and after[k]["status"] not in _OK]
        + [{"kernel": name(k), "why": "parity failed: " + (after[k]["parity_error"] or "")}
           for k in both if before[k]["parity"] == "passed" and after[k]["parity"] == "failed"],
        "newly_verified": [name(k) for k in both if before[k]["parity"] != "passed" and after[k]["parity"] == "passed"],
        "added": [{"kernel": name(k), "status": after[k]["status"]} for k in sorted(set(after) - set(before))],
        "removed": [name(k) for k in sorted(set(before) - set(after))],
    }
    old_counts, new_counts = H.construct_counts(conn, old.id), H.construct_counts(conn, new.id)
    deltas = []
    for key in sorted(set(old_counts) | set(new_counts)):
        construct, scope, status = key
        delta = new_counts.get(key, 0) - old_counts.get(key, 0)
        if delta and status in ("unsupported", "planned", "unknown"):
            deltas.append({"construct": construct, "scope": scope, "status": status,
                           "before": old_counts.get(key, 0), "after": new_counts.get(key, 0), "delta": delta})
    out["constructs"] = deltas
    return out


def history_data(conn: sqlite3.Connection, limit: int | None = None) -> dict:
    """The last `limit` runs, each with its changes since the run before it; `changes` is the latest's."""
    everything = H.runs(conn)
    shown = everything[-limit:] if limit else everything
    runs = []
    for run in shown:
        data = _run_json(run)
        index = everything.index(run)
        data["changes"] = changes(conn, everything[index - 1], run) if index else None
        runs.append(data)
    return {"schema_version": H.SCHEMA_VERSION, "runs": runs, "changes": runs[-1]["changes"] if runs else None}


def _run_json(r: H.Run) -> dict:
    return {"id": r.id, "started_at": r.started_at, "seconds": round(r.seconds, 3), "tool_version": r.tool_version,
            "git_commit": r.git_commit, "git_branch": r.git_branch, "git_dirty": None if r.git_dirty is None
            else bool(r.git_dirty), "kernels": r.kernels, "converted": r.converted + r.partial,
            "partial": r.partial, "unsupported": r.unsupported, "parity_ran": bool(r.parity_ran),
            "parity_verified": r.parity_passed, "parity_failed": r.parity_failed,
            "parity_not_checked": r.parity_not_checked, "constructs": r.constructs,
            "constructs_supported": r.constructs_supported, "defined": r.defined, "found": r.found,
            "missed": r.missed, "parse_errors": r.parse_errors, "missing_headers": r.missing_headers,
            "remaining": r.remaining}


def _bar(value: int, total: int, width: int = 10) -> str:
    filled = round(width * value / total) if total else 0
    return "#" * filled + "." * (width - filled)


def render_text(data: dict, width: int = 132) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, force_terminal=False, color_system=None, highlight=False)
    table = Table(title="coverage history (newest last)", title_justify="left")
    for column in ("run", "time (UTC)", "commit", "branch", "kernels", "converted", "", "+conv/-fail",
                   "parity ok", "constructs ok", "s"):
        table.add_column(column, no_wrap=True)
    for r in data["runs"]:
        commit = (r["git_commit"] or "-")[:8] + ("+" if r["git_dirty"] else "")
        parity = f"{r['parity_verified']} ({r['parity_failed']} failed)" if r["parity_ran"] else "-"
        c = r["changes"]
        moved = f"+{len(c['newly_converted'])}/-{len(c['newly_failing'])}" if c else "-"
        table.add_row(str(r["id"]), r["started_at"][5:16].replace("T", " "), commit, r["git_branch"] or "-",
                      str(r["kernels"]), str(r["converted"]), _bar(r["converted"], r["kernels"]), moved, parity,
                      f"{r['constructs_supported']}/{r['constructs']}", f"{r['seconds']:.2f}")
    console.print(table)
    last = data["runs"][-1] if data["runs"] else None
    if last and last["parity_ran"] and last.get("parity_not_checked"):  # never counted as failed
        console.print(f"parity not checked in run {last['id']}: {last['parity_not_checked']} kernels (no launch spec, "
                      "not converted...)")
    c = data["changes"]
    if c is None:
        console.print("only one run recorded: no change to show" if data["runs"] else "no runs recorded yet")
        return buffer.getvalue()
    console.print(f"changes from run {c['from_run']} to run {c['to_run']}:")
    sections = [("newly converted", c["newly_converted"]),
                ("newly failing", [f"{x['kernel']} ({x['why']})" for x in c["newly_failing"]]),
                ("newly parity-verified", c["newly_verified"]),
                ("added", [f"{x['kernel']} ({x['status']})" for x in c["added"]]),
                ("removed", c["removed"]),
                ("blocking constructs", [f"{x['construct']} ({x['scope']}, {x['status']}): {x['before']} -> "
                                         f"{x['after']}" for x in c["constructs"]])]
    for title, items in sections:
        console.print(f"  {title}: {len(items)}")
        for item in items:
            console.print(f"    {item}")
    return buffer.getvalue()


def render_markdown(data: dict) -> str:
    lines = ["## cuda2tile coverage history", "", "| run | time (UTC) | commit | branch | kernels | converted | "
             "remaining | parity verified | constructs supported |", "|---|---|---|---|---|---|---|---|---|"]
    for r in data["runs"]:
        lines.append(f"| {r['id']} | {r['started_at'][:19]} | `{(r['git_commit'] or '-')[:10]}` | "
                     f"{r['git_branch'] or '-'} | {r['kernels']} | {r['converted']} | {r['remaining']} | "
                     f"{r['parity_verified'] if r['parity_ran'] else '-'} | "
                     f"{r['constructs_supported']} / {r['constructs']} |")
    c = data["changes"]
    if c:
        lines += ["", f"### Changes since run {c['from_run']}", ""]
        for title, items in (("newly converted", c["newly_converted"]),
                             ("newly failing", [x["kernel"] for x in c["newly_failing"]]),
                             ("newly parity-verified", c["newly_verified"]),
                             ("added", [x["kernel"] for x in c["added"]]), ("removed", c["removed"])):
            lines.append(f"- {title}: " + (", ".join(f"`{k}`" for k in items) or "none"))
    return "\n".join(lines) + "\n"


def render_json(data: dict) -> str:
    return json.dumps(data, indent=1) + "\n"
