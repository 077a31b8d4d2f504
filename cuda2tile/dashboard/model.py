"""What the dashboard shows, read from the coverage history through `cuda2tile.reports.history`.

`load(conn)` gives a `Dashboard`: every run (for the chart), the latest run's kernels with their
status in the last runs, construct counts, the change since the run before, and the per-directory
breakdown. Nothing here knows the SQL schema: it calls `history.runs`, `history.kernel_results`,
`history.construct_counts` and `history_report.changes`.
"""

from __future__ import annotations

import hashlib
import os
import re
import sqlite3
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from cuda2tile.reports import history as H
from cuda2tile.reports.history_report import changes

CONVERTED = ("converted", "partial")  # both produce a TileLang factory (docs/coverage-reports.md)
BLOCKING = ("unsupported", "planned", "unknown")
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
    parity: str | None  # passed | failed | skipped | None (not run)
    parity_error: str | None
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

    @property
    def directory(self) -> str:
        return os.path.dirname(self.path or self.file) or "."

    @property
    def shown_parity(self) -> str | None:
        """The history's verdict, or the `--parity-json` one where the history has none (or skipped)."""
        if self.parity_detail and self.parity in (None, "skipped"):
            return self.parity_detail["status"]
        return self.parity

    @property
    def converted(self) -> bool:
        return self.status in CONVERTED

    @property
    def verified(self) -> bool:
        return self.parity == "passed"


@dataclass
class DirectoryRow:
    directory: str
    kernels: int = 0
    converted: int = 0
    partial: int = 0
    unsupported: int = 0
    verified: int = 0
    parity_failed: int = 0

    @property
    def converted_pct(self) -> float:
        return 100.0 * (self.converted + self.partial) / self.kernels if self.kernels else 0.0


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
    kernels = []
    for (file, name), row in per_run[latest.id].items():
        k = Kernel(file, name, row["line"], row["status"], row["codes"], row["blocking"], row["parity"],
                   row["parity_error"], slug=kernel_slug(file, name))
        for r in shown:
            other = per_run[r.id].get((file, name))
            k.history.append((r.id, other["status"] if other else None, other["parity"] if other else None))
        kernels.append(k)
    kernels.sort(key=lambda k: (k.file, k.line, k.name))
    root = common_root([k.file for k in kernels])
    for k in kernels:
        k.path = os.path.relpath(k.file, root) if root else k.file
    counts = H.construct_counts(conn, latest.id)
    return Dashboard(runs, root, shown, kernels, counts, _top_constructs(counts, kernels), _top_codes(kernels),
                     _directories(kernels), changes(conn, runs[-2], latest) if len(runs) > 1 else None,
                     H.run_sources(conn, latest.id))


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
    blocked = Counter(c for k in kernels for c in set(k.blocking))
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
    rows.sort(key=lambda r: (-r.count, -r.kernels, r.construct))
    return rows[:limit]


def _top_codes(kernels: list[Kernel], limit: int = 10) -> list[tuple[str, int]]:
    counts = Counter(code for k in kernels if not k.converted for code in set(k.codes))
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]


def _directories(kernels: list[Kernel]) -> list[DirectoryRow]:
    rows: dict[str, DirectoryRow] = defaultdict(lambda: DirectoryRow(""))
    for k in kernels:
        row = rows[k.directory]
        row.directory = k.directory
        row.kernels += 1
        if k.status in STATUS_ORDER:
            setattr(row, k.status, getattr(row, k.status) + 1)
        row.verified += k.parity == "passed"
        row.parity_failed += k.parity == "failed"
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
