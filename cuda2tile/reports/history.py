"""The coverage history: an SQLite file with one record per `cuda2tile coverage --db FILE` run.

Crash safety: a run is written in one transaction (`BEGIN IMMEDIATE` ... `COMMIT`) in SQLite's
default rollback-journal mode, so a process killed mid-write leaves the previous state: the
journal is rolled back by the next connection. A test kills a writer inside the transaction.

Schema versions: `PRAGMA user_version` holds the version; `MIGRATIONS[i]` takes a database from
version i to i + 1, each in its own transaction (the version bump commits with the change). A
database newer than this cuda2tile is refused rather than written. To change the schema, append
a migration; never edit a released one.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

MIGRATIONS: list[tuple[str, ...]] = [
    (  # 0 -> 1
        """CREATE TABLE runs (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            started_at TEXT NOT NULL,             -- ISO 8601, UTC
            seconds REAL NOT NULL,                -- wall time of the scan (and parity checks)
            tool_version TEXT NOT NULL,
            git_commit TEXT, git_branch TEXT, git_dirty INTEGER,
            sources TEXT NOT NULL,                -- JSON list of SRC arguments
            options TEXT NOT NULL,                -- JSON object
            files INTEGER NOT NULL, kernels INTEGER NOT NULL, converted INTEGER NOT NULL,
            partial INTEGER NOT NULL, unsupported INTEGER NOT NULL,
            parity_ran INTEGER NOT NULL, parity_passed INTEGER NOT NULL, parity_failed INTEGER NOT NULL,
            constructs INTEGER NOT NULL, constructs_supported INTEGER NOT NULL,
            kernel_lines INTEGER NOT NULL, converted_lines INTEGER NOT NULL,
            effort_hours REAL NOT NULL, files_cached INTEGER NOT NULL)""",
        """CREATE TABLE kernel_results (
            run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            file TEXT NOT NULL, kernel TEXT NOT NULL, line INTEGER NOT NULL,
            status TEXT NOT NULL,                 -- converted | partial | unsupported
            codes TEXT NOT NULL,                  -- its diagnostic codes, space-separated
            blocking TEXT NOT NULL,               -- its blocking constructs, JSON list
            scan_seconds REAL,                    -- the file's scan time when it was scanned
            parity TEXT,                          -- passed | failed | skipped | NULL (not run)
            parity_seconds REAL, parity_error TEXT,
            PRIMARY KEY (run_id, file, kernel, line))""",
        """CREATE TABLE construct_counts (
            run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            construct TEXT NOT NULL, scope TEXT NOT NULL, status TEXT NOT NULL, count INTEGER NOT NULL,
            PRIMARY KEY (run_id, construct, scope, status))""",
    ),
    (  # 1 -> 2: parity is the original-vs-converted harness (`cuda2tile parity`), with its worst error
        # kernel_results.parity: passed | failed | not checked | NULL (not run); the reason of `not checked`
        # (no launch spec, no spec entry for this kernel...) is in parity_error.
        "ALTER TABLE kernel_results ADD COLUMN parity_max_abs REAL",   # worst absolute error over its outputs
        "ALTER TABLE kernel_results ADD COLUMN parity_max_rel REAL",   # worst relative error
        "ALTER TABLE kernel_results ADD COLUMN parity_max_ulp REAL",   # worst error in units in the last place
        "ALTER TABLE kernel_results ADD COLUMN parity_original TEXT",  # where the original ran: cpu | cupy
        "ALTER TABLE kernel_results ADD COLUMN parity_converted TEXT", # where the conversion ran: c | cuda
        "ALTER TABLE runs ADD COLUMN parity_not_checked INTEGER",      # kernels with no spec to check them by
    ),
    (  # 2 -> 3: the inventory and parse health (docs/coverage-reports.md); NULL in runs recorded before.
        # runs.effort_hours is no longer computed (no calibrated basis): runs from now on write 0.
        "ALTER TABLE runs ADD COLUMN defined INTEGER",          # `__global__` definitions written (lexical)
        "ALTER TABLE runs ADD COLUMN found INTEGER",            # ... found by the parser
        "ALTER TABLE runs ADD COLUMN not_compiled INTEGER",     # ... in preprocessor branches not taken
        "ALTER TABLE runs ADD COLUMN missed INTEGER",           # ... the parser did not find (C2T1009)
        "ALTER TABLE runs ADD COLUMN wrapped INTEGER",          # kernels served from their CUDA source
        "ALTER TABLE runs ADD COLUMN parse_errors INTEGER",     # clang errors, summed over the files' parses
        "ALTER TABLE runs ADD COLUMN missing_headers INTEGER",  # distinct headers not found
        """CREATE TABLE file_results (
            run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            file TEXT NOT NULL,                   -- as kernel_results.file
            display TEXT NOT NULL,                -- relative to its SRC argument (the to-do list's names)
            directory TEXT NOT NULL,              -- the report's directory of the file
            defined INTEGER, found INTEGER, not_compiled INTEGER, missed INTEGER,  -- NULL: not parsed
            kernels INTEGER NOT NULL, refused INTEGER NOT NULL, parse_errors INTEGER NOT NULL,
            missing_headers TEXT NOT NULL,        -- JSON list of header names
            owners TEXT,                          -- JSON list (CODEOWNERS); NULL: no CODEOWNERS file
            PRIMARY KEY (run_id, file))""",
        """CREATE TABLE todo_items (
            run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,                   -- missing header | parse error
            item TEXT NOT NULL,                   -- the header, or clang's message
            location TEXT NOT NULL,               -- where the clang error is ('' for a header)
            files TEXT NOT NULL,                  -- JSON list of display paths
            kernels TEXT NOT NULL,                -- JSON list of `display:kernel` it blocks
            occurrences INTEGER NOT NULL, after_missing_header INTEGER NOT NULL,
            PRIMARY KEY (run_id, kind, item, location))""",
    ),
]
SCHEMA_VERSION = len(MIGRATIONS)


class HistoryError(Exception):
    pass


def connect(path: str | Path, migrations: list[tuple[str, ...]] = MIGRATIONS) -> sqlite3.Connection:
    """Open (creating if needed) and migrate to the latest schema."""
    try:
        conn = sqlite3.connect(str(path), timeout=30, isolation_level=None)  # transactions are explicit
        conn.execute("PRAGMA foreign_keys = ON")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
    except sqlite3.DatabaseError as err:
        raise HistoryError(f"{path}: not a cuda2tile history database ({err})") from err
    if version > len(migrations):
        conn.close()
        raise HistoryError(f"{path}: schema version {version} is newer than this cuda2tile understands "
                           f"({len(migrations)}); upgrade cuda2tile")
    for target in range(version + 1, len(migrations) + 1):
        with transaction(conn):
            for statement in migrations[target - 1]:
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {target}")
    return conn


class transaction:
    """`with transaction(conn):` BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any exception."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn

    def __enter__(self):
        self.conn.execute("BEGIN IMMEDIATE")
        return self.conn

    def __exit__(self, kind, value, tb):
        self.conn.execute("COMMIT" if kind is None else "ROLLBACK")
        return False


def record_run(conn: sqlite3.Connection, report: dict, seconds: float) -> int:
    """Append one run (from a coverage report) in a single transaction; returns its id."""
    with transaction(conn):
        run_id = _insert_run(conn, report, seconds)
        _insert_kernels(conn, run_id, report)
        _insert_constructs(conn, run_id, report)
        _insert_files(conn, run_id, report)
    return run_id


def _insert_run(conn: sqlite3.Connection, report: dict, seconds: float) -> int:
    s, git = report["summary"], report.get("git") or {}
    row = {"started_at": report["generated_at"], "seconds": seconds, "tool_version": report["tool_version"],
           "git_commit": git.get("commit"), "git_branch": git.get("branch"),
           "git_dirty": int(git["dirty"]) if "dirty" in git else None,
           "sources": json.dumps(report["sources"]), "options": json.dumps(report["options"], sort_keys=True),
           "files": s["files"], "kernels": s["kernels"]["total"], "converted": s["kernels"]["converted"],
           "partial": s["kernels"]["partial"], "unsupported": s["kernels"]["unsupported"],
           "parity_ran": int(s["parity"]["ran"]), "parity_passed": s["parity"]["passed"],
           "parity_failed": s["parity"]["failed"], "parity_not_checked": s["parity"].get("not_checked"),
           "constructs": s["constructs"]["total"],
           "constructs_supported": s["constructs"]["supported"], "kernel_lines": s["lines"]["kernel_lines"],
           "converted_lines": s["lines"]["converted_lines"], "effort_hours": 0.0,  # unused since schema 3
           "files_cached": report["timing"]["files_cached"]}
    inventory, health = s.get("inventory"), s.get("parse_health")
    if inventory is not None:
        row.update({key: inventory[key] for key in ("defined", "found", "not_compiled", "missed", "wrapped")})
    if health is not None:
        row.update(parse_errors=health["parse_errors"], missing_headers=health["missing_headers"])
    cursor = conn.execute(f"INSERT INTO runs ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                          tuple(row.values()))
    return cursor.lastrowid


def _insert_kernels(conn: sqlite3.Connection, run_id: int, report: dict) -> None:
    rows = []
    for f in report["files"]:
        for k in f["kernels"]:
            parity = k.get("parity") or {}
            rows.append((run_id, os.path.normpath(f["path"]), k["name"], k["line"], k["status"],
                         " ".join(sorted({d["code"] for d in k["diagnostics"]})), json.dumps(k["blocking"]),
                         f["seconds"], parity.get("status"), parity.get("seconds"),
                         parity.get("error") or parity.get("reason"),  # why it failed, or why it was not checked
                         _error_figure(parity.get("max_abs_error")), _error_figure(parity.get("max_rel_error")),
                         _error_figure(parity.get("max_ulp")), parity.get("original"), parity.get("converted")))
    conn.executemany("INSERT OR REPLACE INTO kernel_results (run_id, file, kernel, line, status, codes, blocking, "
                     "scan_seconds, parity, parity_seconds, parity_error, parity_max_abs, parity_max_rel, "
                     "parity_max_ulp, parity_original, parity_converted) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)


def _error_figure(value) -> float | None:
    """A report's error figure as a REAL: "inf" (an infinite or NaN error) is SQLite's infinity."""
    if value is None:
        return None
    return float("inf") if isinstance(value, str) else float(value)


def _insert_files(conn: sqlite3.Connection, run_id: int, report: dict) -> None:
    """Every file of the run (those without kernels too) and the to-do list, when the report has them."""
    rows = []
    for f in report["files"]:
        if "directory" not in f:
            continue
        inv = f.get("inventory") or {}
        rows.append((run_id, os.path.normpath(f["path"]), f["display"], f["directory"], inv.get("defined"),
                     inv.get("found"), inv.get("not_compiled"), inv.get("missed"), len(f["kernels"]),
                     sum(k["status"] == "unsupported" for k in f["kernels"]), f["parse_errors"],
                     json.dumps(f["missing_headers"]), None if f["owners"] is None else json.dumps(f["owners"])))
    conn.executemany("INSERT OR REPLACE INTO file_results (run_id, file, display, directory, defined, found, "
                     "not_compiled, missed, kernels, refused, parse_errors, missing_headers, owners) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    conn.executemany("INSERT OR REPLACE INTO todo_items (run_id, kind, item, location, files, kernels, occurrences, "
                     "after_missing_header) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                     [(run_id, t["kind"], t["item"], t["where"] or "", json.dumps(t["files"]), json.dumps(t["kernels"]),
                       t["occurrences"], int(bool(t.get("after_missing_header")))) for t in report.get("todo") or []])


def _insert_constructs(conn: sqlite3.Connection, run_id: int, report: dict) -> None:
    counts = Counter((o["construct"], o["scope"], o["status"]) for f in report["files"] for o in f["occurrences"])
    conn.executemany("INSERT INTO construct_counts VALUES (?, ?, ?, ?, ?)",
                     [(run_id, *key, n) for key, n in sorted(counts.items())])


@dataclass(frozen=True)
class Run:
    id: int
    started_at: str
    seconds: float
    tool_version: str
    git_commit: str | None
    git_branch: str | None
    git_dirty: bool | None
    kernels: int
    converted: int
    partial: int
    unsupported: int
    parity_ran: bool
    parity_passed: int
    parity_failed: int
    constructs: int
    constructs_supported: int
    effort_hours: float  # unused since schema 3 (0 in newer runs): no calibrated basis
    # the inventory and parse health (schema 3); None in runs recorded before
    defined: int | None = None
    found: int | None = None
    not_compiled: int | None = None
    missed: int | None = None
    wrapped: int | None = None
    parse_errors: int | None = None
    missing_headers: int | None = None
    parity_not_checked: int | None = None  # schema 2; None in runs recorded before (or without --parity)

    @property
    def remaining(self) -> int:
        """Kernels still to convert: refused, plus definitions the parser missed (0 when not recorded)."""
        return self.unsupported + (self.missed or 0)


def runs(conn: sqlite3.Connection, limit: int | None = None) -> list[Run]:
    """The last `limit` runs (all by default), oldest first."""
    fields = ", ".join(Run.__dataclass_fields__)
    rows = conn.execute(f"SELECT {fields} FROM runs ORDER BY id DESC LIMIT ?", (limit or -1,)).fetchall()
    return [Run(*row) for row in reversed(rows)]


def run_sources(conn: sqlite3.Connection, run_id: int) -> list[str]:
    """The SRC arguments of run `run_id`, as `coverage` was given them (relative to where it ran, or absolute)."""
    row = conn.execute("SELECT sources FROM runs WHERE id = ?", (run_id,)).fetchone()
    try:
        sources = json.loads(row[0]) if row and row[0] else []
    except ValueError:
        return []
    return [s for s in sources if isinstance(s, str)] if isinstance(sources, list) else []


def kernel_results(conn: sqlite3.Connection, run_id: int) -> dict[tuple[str, str], dict]:
    """By (file, kernel): a kernel keeps its identity when lines above it change. Same-named
    kernels of one file (overloads) are told apart by order: `k`, `k#2`, ...

    `parity`: passed | failed | not checked | None (not run); `parity_error`: why it failed or was not
    checked; `parity_max_abs` / `_rel` / `_ulp`: its worst errors (inf: infinite or NaN; None before
    schema 2); `parity_original` (cpu | cupy) and `parity_converted` (c | cuda): where the sides ran.
    Runs recorded before schema 2 checked numpy references; their `skipped` reads as `not checked`."""
    rows = conn.execute("SELECT file, kernel, line, status, codes, blocking, parity, parity_error, parity_seconds, "
                        "parity_max_abs, parity_max_rel, parity_max_ulp, parity_original, parity_converted "
                        "FROM kernel_results WHERE run_id = ? ORDER BY file, kernel, line", (run_id,)).fetchall()
    out: dict[tuple[str, str], dict] = {}
    for f, k, ln, s, c, b, p, e, ps, pa, pr, pu, po, pc in rows:
        name, n = k, 1
        while (f, name) in out:
            n += 1
            name = f"{k}#{n}"
        out[(f, name)] = {"line": ln, "status": s, "codes": c.split(), "blocking": json.loads(b),
                          "parity": "not checked" if p == "skipped" else p, "parity_error": e, "parity_seconds": ps,
                          "parity_max_abs": pa, "parity_max_rel": pr, "parity_max_ulp": pu, "parity_original": po,
                          "parity_converted": pc}
    return out


def file_results(conn: sqlite3.Connection, run_id: int) -> list[dict]:
    """Every file of run `run_id` with its inventory, parse health and owners (none before schema 3)."""
    rows = conn.execute("SELECT file, display, directory, defined, found, not_compiled, missed, kernels, refused, "
                        "parse_errors, missing_headers, owners FROM file_results WHERE run_id = ? ORDER BY file",
                        (run_id,)).fetchall()
    return [{"file": f, "display": d, "directory": dr, "defined": de, "found": fo, "not_compiled": nc, "missed": mi,
             "kernels": k, "refused": r, "parse_errors": pe, "missing_headers": json.loads(mh),
             "owners": None if ow is None else json.loads(ow)}
            for f, d, dr, de, fo, nc, mi, k, r, pe, mh, ow in rows]


def todo_items(conn: sqlite3.Connection, run_id: int) -> list[dict]:
    """Run `run_id`'s to-do list (headers not found, clang errors), most kernels blocked first."""
    rows = conn.execute("SELECT kind, item, location, files, kernels, occurrences, after_missing_header "
                        "FROM todo_items WHERE run_id = ?", (run_id,)).fetchall()
    items = [{"kind": kind, "item": item, "where": where or None, "files": json.loads(files),
              "kernels": json.loads(kernels), "occurrences": n, "after_missing_header": bool(after)}
             for kind, item, where, files, kernels, n, after in rows]
    for t in items:
        t["blocked"] = len(t["kernels"])
    return sorted(items, key=lambda t: (-t["blocked"], t["kind"] != "missing header", -len(t["files"]), t["item"],
                                        t["where"] or ""))


def construct_counts(conn: sqlite3.Connection, run_id: int) -> dict[tuple[str, str, str], int]:
    rows = conn.execute("SELECT construct, scope, status, count FROM construct_counts WHERE run_id = ?", (run_id,))
    return {(c, sc, st): n for c, sc, st, n in rows}
