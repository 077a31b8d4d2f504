"""`coverage --db` and `cuda2tile history`: runs at three commits of a git repository, a writer killed
inside its transaction, and schema versions and migrations."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from coverage_helpers import ROOT, run
from cuda2tile.reports import history as H

A_V1 = """__global__ void scale(int n, float* x) { int i = threadIdx.x; if (i < n) x[i] *= 2.0f; }
__global__ void shift(int n, float* x) { int i = threadIdx.x; if (i < n) x[i] += 1.0f; }
"""
A_V3 = """__global__ void scale(int n, float* x) { int i = threadIdx.x; if (i < n) x[i] *= 2.0f; }
__global__ void shift(int n, float* x) { int i = threadIdx.x; if (i >= n) goto out; x[i] += 1.0f; out: return; }
"""
B_V2 = """__global__ void pick(int k, float* x) { asm volatile("" ::: "memory"); if (k == 0) x[0] = 1.0f; else x[0] = 2.0f; }
__global__ void add(int n, const float* a, float* b) { int i = threadIdx.x; if (i < n) b[i] += a[i]; }
"""
B_V3 = """__global__ void pick(int k, float* x) { if (k == 0) x[0] = 1.0f; else x[0] = 2.0f; }
__global__ void add(int n, const float* a, float* b) { int i = threadIdx.x; if (i < n) b[i] += a[i]; }
__global__ void fetch(cudaTextureObject_t t, float* x) { x[threadIdx.x] = tex1Dfetch<float>(t, threadIdx.x); }
"""


def _git(repo: Path, *args: str) -> str:
    env = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@example.com")
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True, env=env).stdout.strip()


def _commit(repo: Path, files: dict[str, str], message: str) -> str:
    for name, text in files.items():
        (repo / name).write_text(text)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", message)
    return _git(repo, "rev-parse", "HEAD")


def _coverage(repo: Path, db: Path, cache: Path, *extra: str) -> dict:
    code, out, err = run("coverage", str(repo), "--db", str(db), "--cache-dir", str(cache), "--report-format", "json",
                         *extra)
    assert code == 0, err
    return json.loads(out)


def _history(db: Path) -> dict:
    code, out, err = run("history", "--db", str(db), "--report-format", "json")
    assert code == 0, err
    return json.loads(out)


@pytest.fixture()
def repo(tmp_path) -> Path:
    repo = tmp_path / "kernels"
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "trunk")
    return repo


def test_history_follows_three_commits(repo, tmp_path):
    db, cache = tmp_path / "history.db", tmp_path / "cache"
    commits = [_commit(repo, {"a.cu": A_V1}, "two kernels")]
    _coverage(repo, db, cache)
    commits.append(_commit(repo, {"b.cu": B_V2}, "inline asm, and one more kernel"))
    _coverage(repo, db, cache)
    commits.append(_commit(repo, {"a.cu": A_V3, "b.cu": B_V3}, "goto in shift, no asm in pick, a texture"))
    _coverage(repo, db, cache)

    data = _history(db)
    runs = data["runs"]
    assert [r["git_commit"] for r in runs] == commits
    assert {r["git_branch"] for r in runs} == {"trunk"} and not any(r["git_dirty"] for r in runs)
    assert [(r["kernels"], r["converted"], r["unsupported"]) for r in runs] == [(2, 2, 0), (4, 3, 1), (5, 3, 2)]

    first, second, third = (r["changes"] for r in runs)
    assert first is None
    assert second["added"] == [{"kernel": f"{repo}/b.cu:add", "status": "converted"},
                               {"kernel": f"{repo}/b.cu:pick", "status": "unsupported"}]
    assert second["newly_converted"] == [] and second["newly_failing"] == [] and second["removed"] == []
    assert [(c["construct"], c["delta"]) for c in second["constructs"]] == [("asm", 1)]

    assert third == data["changes"]
    assert third["newly_converted"] == [f"{repo}/b.cu:pick"]
    assert [f["kernel"] for f in third["newly_failing"]] == [f"{repo}/a.cu:shift"]
    assert "goto" in third["newly_failing"][0]["why"]
    assert third["added"] == [{"kernel": f"{repo}/b.cu:fetch", "status": "unsupported"}]
    deltas = {(c["construct"], c["scope"]): c["delta"] for c in third["constructs"]}
    assert deltas[("asm", "device")] == -1 and deltas[("goto", "device")] >= 1
    assert deltas[("tex1Dfetch", "device")] == 1

    code, text, _ = run("history", "--db", str(db))
    assert code == 0
    assert "newly converted: 1" in text and f"{repo}/b.cu:pick" in text and "newly failing: 1" in text
    assert commits[-1][:8] in text
    code, markdown, _ = run("history", "--db", str(db), "--report-format", "markdown")
    assert "| run |" in markdown and f"`{repo}/a.cu:shift`" in markdown


_STALLING_WRITER = """
import json, sys, time
from cuda2tile.reports import history as H
report = json.loads(open(sys.argv[2]).read())
conn = H.connect(sys.argv[1])
insert_kernels = H._insert_kernels
def stall(*args):
    insert_kernels(*args)  # the run row and its kernels are written, the transaction is still open
    open(sys.argv[3], "w").write("inside the transaction")
    time.sleep(120)
H._insert_kernels = stall
H.record_run(conn, report, 1.0)
"""


def test_a_writer_killed_mid_transaction_leaves_the_database_consistent(repo, tmp_path):
    db, cache, marker = tmp_path / "history.db", tmp_path / "cache", tmp_path / "marker"
    _commit(repo, {"a.cu": A_V1}, "two kernels")
    report = _coverage(repo, db, cache)
    (tmp_path / "report.json").write_text(json.dumps(report))
    writer = subprocess.Popen([sys.executable, "-c", _STALLING_WRITER, str(db), str(tmp_path / "report.json"),
                               str(marker)], env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert writer.poll() is None and time.monotonic() < deadline, "the writer never reached its transaction"
            time.sleep(0.05)
        assert Path(f"{db}-journal").exists()  # the write is in flight
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()

    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert conn.execute("SELECT COUNT(*) FROM runs").fetchone() == (1,)
    assert conn.execute("SELECT COUNT(DISTINCT run_id) FROM kernel_results").fetchone() == (1,)
    conn.close()
    assert len(_history(db)["runs"]) == 1
    _coverage(repo, db, cache)  # and it takes new runs
    assert [r["kernels"] for r in _history(db)["runs"]] == [2, 2]


def test_new_database_has_the_current_schema(tmp_path):
    conn = H.connect(tmp_path / "h.db")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == H.SCHEMA_VERSION
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"runs", "kernel_results", "construct_counts"} <= tables


def test_migrations_apply_in_order_and_keep_the_data(repo, tmp_path):
    db, cache = tmp_path / "h.db", tmp_path / "cache"
    _commit(repo, {"a.cu": A_V1}, "two kernels")
    _coverage(repo, db, cache)
    upgraded = H.MIGRATIONS + [("ALTER TABLE runs ADD COLUMN reviewer TEXT",
                                "UPDATE runs SET reviewer = 'migrated'")]
    conn = H.connect(db, upgraded)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == H.SCHEMA_VERSION + 1
    assert conn.execute("SELECT kernels, reviewer FROM runs").fetchall() == [(2, "migrated")]


def test_a_failing_migration_changes_nothing(repo, tmp_path):
    db, cache = tmp_path / "h.db", tmp_path / "cache"
    _commit(repo, {"a.cu": A_V1}, "two kernels")
    _coverage(repo, db, cache)
    broken = H.MIGRATIONS + [("ALTER TABLE runs ADD COLUMN reviewer TEXT", "THIS IS NOT SQL")]
    with pytest.raises(sqlite3.Error):
        H.connect(db, broken)
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == H.SCHEMA_VERSION
    assert "reviewer" not in [row[1] for row in conn.execute("PRAGMA table_info(runs)")]


def test_a_newer_or_foreign_database_is_refused(tmp_path):
    newer = tmp_path / "newer.db"
    sqlite3.connect(newer).execute(f"PRAGMA user_version = {H.SCHEMA_VERSION + 5}")
    with pytest.raises(H.HistoryError, match="newer"):
        H.connect(newer)
    code, _, err = run("history", "--db", str(newer))
    assert code == 2 and "newer than this cuda2tile" in err
    foreign = tmp_path / "notes.txt"
    foreign.write_text("not a database, but long enough to have a header " * 40)
    code, _, err = run("history", "--db", str(foreign))
    assert code == 2 and "not a cuda2tile history database" in err
    assert run("history", "--db", str(tmp_path / "missing.db"))[0] == 2


def test_migration_to_schema_2_keeps_numpy_reference_runs_and_adds_parity_figures(tmp_path):
    """A version-1 history (parity was the numpy-reference check, `skipped` without a spec) opens, migrates
    and keeps its rows: `skipped` reads as `not checked`, the new figures are empty (test_coverage_parity.py
    fills them)."""
    db = tmp_path / "old.db"
    conn = H.connect(db, H.MIGRATIONS[:1])
    conn.execute("INSERT INTO runs (id, started_at, seconds, tool_version, sources, options, files, kernels, converted, "
                 "partial, unsupported, parity_ran, parity_passed, parity_failed, constructs, constructs_supported, "
                 "kernel_lines, converted_lines, effort_hours, files_cached) "
                 "VALUES (1, '2026-11-01T10:00:00+00:00', 1.0, '0.1.0', '[\"src\"]', '{}', 1, 2, 2, 0, 0, 1, 1, 0, "
                 "10, 10, 8, 8, 0.0, 0)")
    conn.executemany("INSERT INTO kernel_results VALUES (1, 'src/a.cu', ?, ?, 'converted', '', '[]', 0.1, ?, ?, ?)",
                     [("scale", 1, "passed", 0.5, None), ("shift", 2, "skipped", 0.0, "no launch spec")])
    conn.close()
    assert sqlite3.connect(db).execute("PRAGMA user_version").fetchone()[0] == 1

    conn = H.connect(db)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == H.SCHEMA_VERSION
        old = H.runs(conn)[0]
        assert (old.parity_passed, old.parity_not_checked) == (1, None)
        rows = H.kernel_results(conn, 1)
        assert rows[("src/a.cu", "scale")]["parity"] == "passed"
        shift = rows[("src/a.cu", "shift")]
        assert (shift["parity"], shift["parity_error"], shift["parity_max_abs"], shift["parity_original"]) == \
            ("not checked", "no launch spec", None, None)
    finally:
        conn.close()
    code, out, err = run("history", "--db", str(db), "--report-format", "json")  # the command reads it too
    assert code == 0, err
    assert json.loads(out)["runs"][0]["parity_not_checked"] is None
