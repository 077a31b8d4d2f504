"""Render the dashboard's pages with jinja2 and write the site.

The site is written into a fresh directory beside SITE_DIR and moved into place at the end, so
a reader never sees half a site and kernel pages of kernels that are gone do not linger. An
existing SITE_DIR is replaced only when it is empty or holds a dashboard (its
`cuda2tile-dashboard.json`): `-o .` by mistake never deletes a project.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

import jinja2
from markupsafe import Markup, escape

import op_coverage
from cuda2tile import __version__
from cuda2tile.reports import history as H
from cuda2tile.dashboard import chart, model
from cuda2tile.dashboard.project import describe
from cuda2tile.dashboard.parity import attach, load_parity
from cuda2tile.diagnostics import CODES

TEMPLATES = Path(__file__).parent / "templates"
MANIFEST = "cuda2tile-dashboard.json"
SCHEMA = "cuda2tile.dashboard/1"
STATUS_RANK = {"unsupported": 0, "partial": 1, "converted": 2}
PARITY_RANK = {"failed": 0, "not run": 1, "not checked": 2, "passed": 3}
RECORD_RANK = {"supported": 0, "partial": 1, "planned": 2, "unsupported": 3, "unknown": 4}
EFFORT_RANK = {"none": 0, "low": 1, "medium": 2, "high": 3}


class DashboardError(Exception):
    """A problem with the inputs or the output directory; `status` is the exit status to give."""

    def __init__(self, message: str, status: int = 1):
        super().__init__(message)
        self.status = status


@dataclass
class BuildResult:
    output: Path
    pages: int
    kernels: int
    runs: int
    seconds: float
    notes: list[str] = field(default_factory=list)  # things a user should know (files not found, ...)


_ANCHOR_UNSAFE = re.compile(r"[^A-Za-z0-9_.:-]+")


def _anchors() -> dict[str, str]:
    """Record name -> element id on constructs.html, unique."""
    out: dict[str, str] = {}
    used: set[str] = set()
    for r in op_coverage.ALL_CONSTRUCTS:
        base = "c-" + (_ANCHOR_UNSAFE.sub("-", r.cuda).strip("-") or "x")
        anchor, n = base, 1
        while anchor in used:
            n += 1
            anchor = f"{base}-{n}"
        used.add(anchor)
        out.setdefault(r.cuda, anchor)
    return out


RECORD_ANCHORS = _anchors()


def construct_anchor(name: str) -> str:
    record = op_coverage.lookup(name)
    if record is not None and record.cuda in RECORD_ANCHORS:
        return RECORD_ANCHORS[record.cuda]
    return "u-" + (_ANCHOR_UNSAFE.sub("-", name).strip("-") or "x")


def _pct(n: float, total: float) -> str:
    return f"{100.0 * n / total:.1f}%" if total else "–"


def _when(iso: str | None) -> str:
    if not iso:
        return "–"
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso
    if moment.tzinfo is not None:
        moment = moment.astimezone(timezone.utc)
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def _sci(x) -> str:
    if x is None:
        return "–"
    if isinstance(x, str):
        return x  # "inf", "nan" as the parity JSON spells them
    if x == 0:
        return "0"
    return f"{x:.3g}"


def _ratio(r: float) -> str:
    """Converted / original time, with the word: colour never carries it alone."""
    word = "faster" if r < 0.995 else "slower" if r > 1.005 else "same speed"
    return f"{r:.2f}× ({word})"


def _md_code(text: str) -> Markup:
    """Escape, then show `backticked` spans (as the diagnostics table writes them) as code."""
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", str(escape(text))))


def _path_breaks(path: str) -> Markup:
    """Escape, and let a long path wrap after each `/` rather than widen its table."""
    return Markup("/<wbr>".join(str(escape(part)) for part in str(path).split("/")))


def environment() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    env.filters.update(
        pct=_pct, when=_when, path_breaks=_path_breaks, sci=_sci, secs=_secs, ratio=_ratio, md_code=_md_code, basename=lambda p: os.path.basename(str(p)),
        construct_href=lambda name, prefix="": f"{prefix}constructs.html#{construct_anchor(name)}",
        code_title=lambda code: CODES[code].title if code in CODES else "", blocker_href=_blocker_href)
    return env


def _blocker_href(what: str) -> str | None:
    """A directory's blocker: a diagnostic code's entry, a construct's entry, or nothing (a parse error)."""
    if what in CODES:
        return f"constructs.html#code-{what}"
    if what in ("parse error", "unsupported"):
        return None
    return f"constructs.html#{construct_anchor(what)}"


def _default_title(data: model.Dashboard) -> str:
    if data.root:
        return os.path.basename(data.root) or data.root
    tops = {k.path.split("/")[0] for k in data.kernels if "/" in k.path}
    return tops.pop() if len(tops) == 1 else "CUDA tree"


def _secs(x: float) -> str:
    if x < 1e-3:
        return f"{x * 1e6:.3g} µs"
    if x < 1:
        return f"{x * 1e3:.3g} ms"
    return f"{x:.2f} s"


def _kernel_options(kernels: list[model.Kernel]) -> dict:
    blocking = Counter(c for k in kernels for c in set(k.blocking))
    used = Counter(c for k in kernels for c in set(k.constructs) - set(k.blocking))
    other = {c: n for c, n in used.items() if c not in blocking}
    return {
        "status_options": sorted(Counter(k.status for k in kernels).items(), key=lambda kv: STATUS_RANK.get(kv[0], 9)),
        "parity_options": sorted(Counter(k.shown_parity or "not run" for k in kernels).items(),
                                 key=lambda kv: PARITY_RANK.get(kv[0], 9)),
        "directory_options": model.directory_options(kernels),
        "blocking_options": sorted(blocking.items(), key=lambda kv: (-kv[1], kv[0])),
        "other_options": sorted(other.items()),
        "code_options": sorted(Counter(c for k in kernels for c in set(k.codes)).items()),
    }


def _change_lists(changes: dict | None, slugs: dict[str, str], root: str) -> list:
    """The change since the previous run, each kernel `file:name` shown relative to `root`, with its page."""
    if not changes:
        return []

    def label(name: str) -> str:
        return os.path.relpath(name, root) if root and name.startswith(root + os.sep) else name

    def item(name: str, extra: str = "") -> tuple[str, str | None]:
        slug = slugs.get(name)
        return label(name) + (f" ({extra})" if extra else ""), f"kernels/{slug}.html" if slug else None

    return [("newly converted", [item(n) for n in changes["newly_converted"]], "ch-good"),
            ("newly failing", [item(x["kernel"], x["why"]) for x in changes["newly_failing"]], "ch-bad"),
            ("newly parity-verified", [item(n) for n in changes["newly_verified"]], "ch-good"),
            ("added", [item(x["kernel"], x["status"]) for x in changes["added"]], ""),
            ("removed", [(label(n), None) for n in changes["removed"]], "")]


def _todo_kernels(data: model.Dashboard) -> dict[str, str]:
    """`display:kernel` (the to-do list's names) -> its page, for the kernels of the latest run."""
    display = {f["file"]: f["display"] for f in data.files}
    return {f"{display[k.file]}:{k.name}": f"kernels/{k.slug}.html" for k in data.kernels if k.file in display}


def _construct_rows(data: model.Dashboard) -> tuple[list[dict], list[dict], list]:
    uses: Counter = Counter()
    host: Counter = Counter()
    unknown: Counter = Counter()
    for (construct, scope, status), n in data.construct_counts.items():
        record = op_coverage.lookup(construct)
        name = record.cuda if record else construct
        if record is None:
            unknown[construct] += n
        (host if scope == "host" else uses)[name] += n
    blocks = Counter(c for k in data.kernels if k.refused_by == "constructs" for c in set(k.blocking))
    rows = []
    for r in sorted(op_coverage.ALL_CONSTRUCTS, key=lambda r: (r.category, r.cuda.lower())):
        rows.append({"cuda": r.cuda, "anchor": RECORD_ANCHORS[r.cuda], "category": r.category,
                     "status": r.status.value, "rank": RECORD_RANK[r.status.value], "tilelang": r.tilelang,
                     "code": r.code, "effort": r.effort, "effort_rank": EFFORT_RANK.get(r.effort, 9),
                     "note": r.note, "tests": list(r.tests), "aliases": list(r.aliases),
                     "uses": uses[r.cuda], "host_uses": host[r.cuda],
                     "blocks": sum(blocks[a] for a in (r.cuda, *r.aliases))})
    statuses = [s.value for s in op_coverage.Status]
    categories = []
    for name in sorted({r["category"] for r in rows}):
        mine = [r for r in rows if r["category"] == name]
        counts = Counter(r["status"] for r in mine)
        categories.append({"name": name, "counts": {s: counts[s] for s in statuses}, "total": len(mine),
                           "uses": sum(r["uses"] + r["host_uses"] for r in mine)})
    unknown_rows = [{"name": u, "anchor": construct_anchor(u), "uses": n, "blocks": blocks[u]}
                    for u, n in sorted(unknown.items(), key=lambda kv: (-kv[1], kv[0]))]
    return rows, unknown_rows, categories


def _prepare_output(output: Path) -> None:
    if output.exists() and not output.is_dir():
        raise DashboardError(f"{output}: exists and is not a directory")
    if output.is_dir() and any(output.iterdir()) and not (output / MANIFEST).is_file():
        raise DashboardError(f"{output}: not empty and not a cuda2tile dashboard (no {MANIFEST}); "
                             "refusing to replace it: choose a new or empty directory")


def _swap_into_place(staging: Path, output: Path) -> None:
    backup = None
    if output.exists():
        backup = Path(tempfile.mkdtemp(prefix=f".{output.name}.old-", dir=output.parent))
        backup.rmdir()
        os.rename(output, backup)
    try:
        os.rename(staging, output)
    except OSError:
        if backup is not None:
            os.rename(backup, output)
        raise
    if backup is not None:
        shutil.rmtree(backup, ignore_errors=True)


def build_site(db: str | Path, output: str | Path, *, sources: list[str] | tuple = (),
               parity_json: list[str] | tuple = (), session=None, title: str | None = None,
               history_runs: int = 20) -> BuildResult:
    """Read the history `db` (and `sources`, `parity_json` when given) and write the site to `output`.

    `sources` are scanned by `session` (a `cuda2tile.session.Session`: its options, cache and
    workers), as `cuda2tile coverage` scanned them; without one, a default session (the shared cache,
    default parse options, one process).

    Raises DashboardError: status 2 for a missing or unusable database, 1 for the rest."""
    start = time.perf_counter()
    db, output = Path(db), Path(output).resolve()
    if not db.is_file():
        raise DashboardError(f"{db}: no such history database", 2)
    _prepare_output(output)
    try:
        conn = H.connect(db)
    except H.HistoryError as err:
        raise DashboardError(str(err), 2) from err
    try:
        data = model.load(conn, history_runs)
    except sqlite3.Error as err:
        raise DashboardError(f"{db}: cannot read the history: {err}", 2) from err
    finally:
        conn.close()
    notes: list[str] = []
    if sources:
        from cuda2tile.dashboard.sources import attach_sources  # the compiler: only when asked

        if session is None:
            from cuda2tile.session import Session

            session = Session()
        scanned, missing, errors = attach_sources(data.kernels, list(sources), session)
        for diag in errors:
            notes.append(f"{diag.loc.file}: {diag.message}")
        if missing:
            notes.append(f"{len(missing)} recorded file(s) not found under --src (their pages show no code), "
                         f"e.g. {missing[0]}")
    if parity_json:
        matched = attach(data.kernels, load_parity(list(parity_json)))
        notes.append(f"parity results matched {matched} of {len(data.kernels)} kernels")
        data.directories = model._directories(data.kernels, data.files)  # their verified counts: either source

    env = environment()
    latest = data.latest
    parity_run = next((r for r in reversed(data.runs) if r.parity_ran), None)
    # the totals' parity: the latest run's kernels, each verdict from the history or a --parity-json file
    parity_counts = Counter(k.shown_parity for k in data.kernels if k.shown_parity)
    parity_files = sum(1 for k in data.kernels if k.parity_detail)
    slugs = {f"{k.file}:{k.name}": k.slug for k in data.kernels}
    project = describe(list(sources), data.sources, data.root, str(db.resolve().parent), _default_title(data))
    common = dict(version=__version__, project=title or project.title, tree_git=project.git, db_name=db.name,
                  generated=datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), latest=latest,
                  runs=data.runs)
    pages: dict[str, str] = {}
    pages["index.html"] = env.get_template("index.html.j2").render(
        **common, root="", page="overview", previous=data.previous,
        previous_converted=data.previous.converted + data.previous.partial if data.previous else None,
        converted=latest.converted + latest.partial if latest else 0, parity_run=parity_run,
        parity_counts=parity_counts, parity_files=parity_files,
        chart=Markup(chart.render(data.runs)) if data.runs else "",
        burndown=Markup(chart.render(data.runs, "Kernels remaining per run", series=chart.BURNDOWN,
                                     value_of=chart.burndown_values, ident="burndown", kind="burndown",
                                     description=chart.describe_burndown)) if data.runs else "",
        todo=data.todo, todo_kernels=_todo_kernels(data), has_inventory=data.has_inventory,
        has_owners=data.has_owners, blocked_by_constructs=data.kernels_blocked_by_constructs,
        refused_by=Counter(k.refused_by for k in data.kernels if not k.converted),
        files_without_kernels=sum(1 for f in data.files if not f["kernels"]),
        root_dir=data.root, changes=data.changes, change_lists=_change_lists(data.changes, slugs, data.root), top_constructs=data.top_constructs,
        top_codes=data.top_codes, directories=data.directories)
    pages["kernels.html"] = env.get_template("kernels.html.j2").render(
        **common, root="", page="kernels", kernels=data.kernels, file_count=len({k.file for k in data.kernels}),
        status_rank=STATUS_RANK, parity_rank=PARITY_RANK,
        any_speed=any(k.parity_detail and k.parity_detail.get("speed_ratio") for k in data.kernels),
        **_kernel_options(data.kernels))
    records, unknown, categories = _construct_rows(data)
    record_counts = Counter(r["status"] for r in records)
    pages["constructs.html"] = env.get_template("constructs.html.j2").render(
        **common, root="", page="constructs", records=records, unknown=unknown, categories=categories,
        statuses=[s.value for s in op_coverage.Status],
        status_counts=[(s.value, record_counts[s.value]) for s in op_coverage.Status],
        codes=[CODES[c] for c in sorted(CODES)])
    kernel_template = env.get_template("kernel.html.j2")
    run_dates = {r.id: r.started_at[:10] for r in data.history_runs}
    for k in data.kernels:
        pages[f"kernels/{k.slug}.html"] = kernel_template.render(
            **common, root="../", page="kernel", k=k, v=k.view, run_dates=run_dates, sources_given=bool(sources))

    output.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{output.name}.new-", dir=output.parent))
    try:
        os.chmod(staging, 0o755)
        (staging / "kernels").mkdir()
        (staging / "assets").mkdir()
        for name in ("dashboard.css", "dashboard.js"):
            shutil.copyfile(TEMPLATES / name, staging / "assets" / name)
        for name, text in pages.items():
            (staging / name).write_text(text, encoding="utf-8")
        (staging / ".nojekyll").write_text("")  # GitHub Pages: serve the files as they are
        manifest = {"schema": SCHEMA, "tool_version": __version__, "generated_at": common["generated"],
                    "database": str(db), "runs": len(data.runs), "latest_run": latest.id if latest else None,
                    "kernels": len(data.kernels), "pages": sorted(pages), "sources": list(sources),
                    "parity_json": list(parity_json), "title": common["project"], "tree": project.tree}
        (staging / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        _swap_into_place(staging, output)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return BuildResult(output, len(pages), len(data.kernels), len(data.runs), time.perf_counter() - start, notes)
