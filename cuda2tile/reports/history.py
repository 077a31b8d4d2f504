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
           "parity_failed": s["parity"]["failed"], "constructs": s["constructs"]["total"],
           "constructs_supported": s["constructs"]["supported"], "kernel_lines": s["lines"]["kernel_lines"],
           "converted_lines": s["lines"]["converted_lines"], "effort_hours": s["effort_hours"]["total"],
           "files_cached": report["timing"]["files_cached"]}
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
                         f["seconds"], parity.get("status"), parity.get("seconds"), parity.get("error")))
    conn.executemany("INSERT OR REPLACE INTO kernel_results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)


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
    effort_hours: float


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
    kernels of one file (overloads) are told apart by order: `k`, `k#2`, ..."""
    rows = conn.execute("SELECT file, kernel, line, status, codes, blocking, parity, parity_error "
                        "FROM kernel_results WHERE run_id = ? ORDER BY file, kernel, line", (run_id,)).fetchall()
    out: dict[tuple[str, str], dict] = {}
    for f, k, ln, s, c, b, p, e in rows:
        name, n = k, 1
        while (f, name) in out:
            n += 1
            name = f"{k}#{n}"
        out[(f, name)] = {"line": ln, "status": s, "codes": c.split(), "blocking": json.loads(b), "parity": p,
                          "parity_error": e}
    return out


def construct_counts(conn: sqlite3.Connection, run_id: int) -> dict[tuple[str, str, str], int]:
    rows = conn.execute("SELECT construct, scope, status, count FROM construct_counts WHERE run_id = ?", (run_id,))
    return {(c, sc, st): n for c, sc, st, n in rows}
