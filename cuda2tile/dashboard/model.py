"""What the dashboard shows, read from the coverage history through `cuda2tile.reports.history`.

`load(conn)` gives a `Dashboard`: every run (for the charts), the latest run's kernels with their
status in the last runs, construct counts, the change since the run before, the per-directory
breakdown (inventory, parse health, remaining work, owners) and the to-do list. Nothing here knows the
SQL schema: it calls `history.runs`, `history.kernel_results`, `history.file_results`,
`history.todo_items`, `history.construct_counts` and `history_report.changes`.
"""

from __future__ import annotations

import hashlib
import math
import os
import re
import sqlite3
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from cuda2tile.reports import history as H
from cuda2tile.reports.history_report import changes

CONVERTED = ("converted", "partial")  # both produce a TileLang factory (docs/coverage-reports.md)
BLOCKING = ("unsupported", "planned", "unknown")
PARSE_CODES = ("C2T1101", "C2T1105")  # a kernel refused because clang could not give its code as written
STATUS_ORDER = {"unsupported": 0, "partial": 1, "converted": 2}


@dataclass
class Kernel:
    """One kernel of the latest run (its file and name identify it across runs)."""
    file: str  # as recorded by `coverage --db` (normalised path as found)
    name: str  # CUDA name; same-named kernels of a file: `k`, `k#2`, ...
    line: int
    status: str  # converted | partial | unsupported
    codes: list[str]
    blocking: list[str]  # its blocking constructs (unsupported, planned, unknown)
    parity: str | None  # passed | failed | not checked | None (not run), from `parity_run` (`coverage --parity`)
    parity_error: str | None  # why it failed, or why it was not checked
    slug: str = ""
    path: str = ""  # as shown: relative to the recorded files' common directory when they are absolute
    history: list[tuple[int, str | None, str | None]] = field(default_factory=list)  # (run, status, parity)
    # Filled from `--src` (the scan) and `--parity-json` when given:
    end_line: int | None = None
    factory: str | None = None
    constructs: list[str] = field(default_factory=list)  # every construct it uses (kernel and callees)
    diagnostics: list[dict] = field(default_factory=list)  # {code, severity, message, line, col}
    scanned_status: str | None = None  # the status the source on disk converts to now
    view: object = None  # views.KernelView: CUDA source beside the emitted TileLang
    parity_detail: dict | None = None  # parity.ParityDetail as a dict
    # the history's parity record: the run it comes from (the latest that ran `--parity`) and its figures,
    # {"max_abs", "max_rel", "max_ulp", "original", "converted", "seconds"} (history.kernel_results)
    parity_run: int | None = None
    parity_record: dict = field(default_factory=dict)

    @property
    def directory(self) -> str:
        return os.path.dirname(self.path or self.file) or "."

    @property
    def shown_parity(self) -> str | None:
        """passed | failed | not checked | None: a `--parity-json` file's verdict where one names the
        kernel (given explicitly, it wins), else the history's."""
        if self.parity_detail:
            return self.parity_detail["status"]
        return self.parity

    @property
    def parity_source(self) -> str | None:
        """Where `shown_parity` comes from: `--parity-json FILE` or `run N` of the history."""
        if self.parity_detail:
            return f"--parity-json {os.path.basename(str(self.parity_detail.get('from') or ''))}"
        return f"run {self.parity_run}" if self.parity and self.parity_run is not None else None

    @property
    def parity_reason(self) -> str | None:
        """Why the shown verdict failed or was not checked."""
        if self.parity_detail:
            return self.parity_detail.get("message")
        return self.parity_error

    @property
    def worst_error(self) -> dict | None:
        """{"abs", "rel", "ulp", "original", "converted"} of the shown verdict: the largest over every compared
        buffer and launch (inf for an infinite or NaN error); None when nothing was compared."""
        if self.parity_detail:
            outputs = self.parity_detail.get("outputs") or []
            figures = {key: _largest(o.get(field) for o in outputs)
                       for key, field in (("abs", "max_abs_error"), ("rel", "max_rel_error"), ("ulp", "max_ulp"))}
            sides = {"original": self.parity_detail.get("original"), "converted": self.parity_detail.get("converted")}
        else:
            r = self.parity_record
            figures = {"abs": r.get("max_abs"), "rel": r.get("max_rel"), "ulp": r.get("max_ulp")}
            sides = {"original": r.get("original"), "converted": r.get("converted")}
        if all(v is None for v in figures.values()):
            return None
        return {**figures, **sides}

    @property
    def converted(self) -> bool:
        return self.status in CONVERTED

    @property
    def verified(self) -> bool:
        return self.shown_parity == "passed"

    @property
    def refused_by(self) -> str | None:
        """None when converted; else `parse_errors`, `constructs` or `other` (inventory.refused_by)."""
        if self.converted:
            return None
        if any(c in PARSE_CODES for c in self.codes):
            return "parse_errors"
        return "constructs" if self.blocking else "other"

    @property
    def blockers(self) -> list[str]:
        """What stops it, as the directory table names it: a parse error, its constructs, or its codes."""
        reason = self.refused_by
        if reason == "parse_errors":
            return ["parse error"]
        if reason == "constructs":
            return sorted(set(self.blocking))
        return sorted(set(self.codes)) or ["unsupported"]


@dataclass
class DirectoryRow:
    directory: str
    kernels: int = 0
    converted: int = 0
    partial: int = 0
    unsupported: int = 0
    verified: int = 0
    parity_failed: int = 0
    # from the run's file records (schema 3); None when the run has none
    files: int | None = None
    defined: int | None = None
    found: int | None = None
    not_compiled: int | None = None
    missed: int | None = None
    parse_errors: int | None = None
    missing_headers: int | None = None
    owners: list[str] | None = None  # from CODEOWNERS; None without one
    blockers: list[tuple[str, int]] = field(default_factory=list)  # (what, kernels), most first

    @property
    def converted_pct(self) -> float:
        return 100.0 * (self.converted + self.partial) / self.kernels if self.kernels else 0.0

    @property
    def remaining(self) -> int:
        return self.unsupported + (self.missed or 0)


@dataclass
class ConstructRow:
    construct: str
    status: str
    count: int  # device occurrences in the latest run
    kernels: int  # kernels of the latest run it blocks


@dataclass
class Dashboard:
    runs: list[H.Run]  # oldest first
    root: str  # the common directory of recorded absolute paths ("" when they are relative)
    history_runs: list[H.Run]  # the runs kernel histories cover (the last few)
    kernels: list[Kernel]  # of the latest run, by file then line
    construct_counts: dict[tuple[str, str, str], int]  # latest run: (construct, scope, status) -> count
    top_constructs: list[ConstructRow]
    top_codes: list[tuple[str, int]]  # diagnostic codes of kernels not converted, most frequent first
    directories: list[DirectoryRow]
    changes: dict | None  # history_report.changes(previous, latest)
    sources: list[str] = field(default_factory=list)  # the latest run's SRC arguments, as recorded
    files: list[dict] = field(default_factory=list)  # the latest run's files (history.file_results); [] before schema 3
    todo: list[dict] = field(default_factory=list)  # the latest run's to-do list (history.todo_items)

    @property
    def has_inventory(self) -> bool:
        return bool(self.latest and self.latest.defined is not None)

    @property
    def has_owners(self) -> bool:
        return any(f["owners"] is not None for f in self.files)

    @property
    def kernels_blocked_by_constructs(self) -> int:
        return sum(1 for k in self.kernels if k.refused_by == "constructs")

    @property
    def latest(self) -> H.Run | None:
        return self.runs[-1] if self.runs else None

    @property
    def previous(self) -> H.Run | None:
        return self.runs[-2] if len(self.runs) > 1 else None


_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]+")


def kernel_slug(file: str, name: str) -> str:
    """A stable, filesystem-safe page name: readable part plus a hash of the identity."""
    digest = hashlib.sha1(f"{file}\0{name}".encode()).hexdigest()[:10]
    stem = _UNSAFE.sub("-", f"{os.path.splitext(os.path.basename(file))[0]}-{name}").strip("-.")[:60]
    return f"{stem}-{digest}"


def load(conn: sqlite3.Connection, history_runs: int = 20) -> Dashboard:
    runs = H.runs(conn)
    if not runs:
        return Dashboard([], "", [], [], {}, [], [], [], None)
    latest = runs[-1]
    shown = runs[-history_runs:] if history_runs > 0 else [latest]
    per_run = {r.id: H.kernel_results(conn, r.id) for r in shown}
    parity_run = next((r for r in reversed(runs) if r.parity_ran), None)  # its verdicts, "as of run N"
    checked = {} if parity_run is None else per_run.get(parity_run.id) or H.kernel_results(conn, parity_run.id)
    kernels = []
    for (file, name), row in per_run[latest.id].items():
        p = checked.get((file, name)) or {}
        k = Kernel(file, name, row["line"], row["status"], row["codes"], row["blocking"], p.get("parity"),
                   p.get("parity_error"), slug=kernel_slug(file, name),
                   parity_run=parity_run.id if p.get("parity") else None,
                   parity_record={key: p.get(f"parity_{key}") for key in ("max_abs", "max_rel", "max_ulp",
                                                                           "original", "converted", "seconds")})
        for r in shown:
            other = per_run[r.id].get((file, name))
            k.history.append((r.id, other["status"] if other else None, other["parity"] if other else None))
        kernels.append(k)
    kernels.sort(key=lambda k: (k.file, k.line, k.name))
    files = H.file_results(conn, latest.id)
    root = common_root([k.file for k in kernels] + [f["file"] for f in files])
    for k in kernels:
        k.path = os.path.relpath(k.file, root) if root else k.file
    for f in files:
        f["path"] = os.path.relpath(f["file"], root) if root else f["file"]
    counts = H.construct_counts(conn, latest.id)
    return Dashboard(runs, root, shown, kernels, counts, _top_constructs(counts, kernels), _top_codes(kernels),
                     _directories(kernels, files), changes(conn, runs[-2], latest) if len(runs) > 1 else None,
                     H.run_sources(conn, latest.id), files, H.todo_items(conn, latest.id))


def _largest(values) -> float | None:
    """The largest error figure; the parity JSON's "inf" / "nan" count as infinite."""
    found = [float("inf") if isinstance(v, str) else float(v) for v in values
             if v is not None and not isinstance(v, bool)]
    found = [float("inf") if math.isnan(v) else v for v in found]
    return max(found) if found else None


def common_root(files: list[str]) -> str:
    """`coverage` records paths as found: relative to where it ran, or absolute when SRC was. Absolute
    paths are shown relative to their common directory (which the overview names)."""
    if not files or not all(os.path.isabs(f) for f in files):
        return ""
    try:
        return os.path.commonpath([os.path.dirname(f) for f in files])
    except ValueError:  # different drives
        return ""


def _top_constructs(counts: dict, kernels: list[Kernel], limit: int = 15) -> list[ConstructRow]:
    """Blocking constructs with their uses and the kernels they block (refused for constructs, as the
    reports count them), most kernels blocked first."""
    blocked = Counter(c for k in kernels if k.refused_by == "constructs" for c in set(k.blocking))
    occurrences: Counter = Counter()
    status: dict[str, str] = {}
    for (construct, scope, st), n in counts.items():
        if scope == "device" and st in BLOCKING:
            occurrences[construct] += n
            status.setdefault(construct, st)
    for construct in blocked:  # a kernel's blocking construct always has an occurrence; be safe anyway
        occurrences.setdefault(construct, 0)
        status.setdefault(construct, "unknown")
    rows = [ConstructRow(c, status[c], n, blocked[c]) for c, n in occurrences.items()]
    rows.sort(key=lambda r: (-r.kernels, -r.count, r.construct))
    return rows[:limit]


def _top_codes(kernels: list[Kernel], limit: int = 10) -> list[tuple[str, int]]:
    counts = Counter(code for k in kernels if not k.converted for code in set(k.codes))
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]


def _directories(kernels: list[Kernel], files: list[dict], top: int = 3) -> list[DirectoryRow]:
    """Per directory: kernel statuses and parity from the kernels; files, inventory, parse health and
    owners from the file records (when the run has them); the blockers that stop the most kernels."""
    rows: dict[str, DirectoryRow] = {}
    blockers: dict[str, Counter] = defaultdict(Counter)
    for k in kernels:
        row = rows.setdefault(k.directory, DirectoryRow(k.directory))
        row.kernels += 1
        if k.status in STATUS_ORDER:
            setattr(row, k.status, getattr(row, k.status) + 1)
        row.verified += k.shown_parity == "passed"  # from the history or a --parity-json file
        row.parity_failed += k.shown_parity == "failed"
        if not k.converted:
            blockers[k.directory].update(k.blockers)
    for f in files:
        directory = os.path.dirname(f["path"]) or "."
        row = rows.setdefault(directory, DirectoryRow(directory))
        row.files = (row.files or 0) + 1
        for key in ("defined", "found", "not_compiled", "missed"):
            if f[key] is not None:
                setattr(row, key, (getattr(row, key) or 0) + f[key])
        row.parse_errors = (row.parse_errors or 0) + f["parse_errors"]
        row.missing_headers = (row.missing_headers or 0) + len(f["missing_headers"])
        if f["owners"] is not None:
            row.owners = (row.owners or []) + [o for o in f["owners"] if o not in (row.owners or [])]
        if f["missed"]:
            blockers[directory]["C2T1009"] += f["missed"]
    for name, row in rows.items():
        row.blockers = sorted(blockers[name].items(), key=lambda kv: (-kv[1], kv[0]))[:top]
        if row.owners is not None:
            row.owners = sorted(row.owners)
    return [rows[d] for d in sorted(rows)]


def directory_options(kernels: list[Kernel]) -> list[str]:
    """Every directory holding a kernel, and each of its ancestors below the common root."""
    dirs = {k.directory for k in kernels}
    out = set(dirs)
    for d in dirs:
        parts = d.split("/")
        for i in range(1, len(parts)):
            out.add("/".join(parts[:i]))
    try:
        common = os.path.commonpath(sorted(dirs)) if dirs else ""
    except ValueError:  # absolute and relative paths mixed
        common = ""
    return sorted(d for d in out if d and len(d) >= len(common))
