"""The coverage report as one JSON document (schema `cuda2tile.reports/2`, see json_schema.py).

Every other format (text, Markdown, SARIF, JUnit) is rendered from this document, so they
cannot disagree with it.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import asdict
from datetime import datetime, timezone

from cuda2tile import __version__
from cuda2tile.reports import codeowners, inventory
from cuda2tile.reports.collect import TreeScan
from cuda2tile.reports.summary import summarize, top_constructs
from cuda2tile.results import missing_headers_table

SCHEMA = "cuda2tile.reports/2"  # 2: effort_hours removed (no calibrated basis)


def _occurrence(o) -> dict:
    data = asdict(o)
    data["spelling"] = data["spelling"] or data["construct"]
    return data


def _file(f, owners: tuple[str, ...] | None, directory: str) -> dict:
    kernels = []
    for k in f.kernels:
        occs = f.kernel_occurrences(k)
        blocking = sorted({o.construct for o in occs if o.status in ("unsupported", "planned", "unknown")
                           and o.scope == "device"})
        kernels.append({"name": k.name, "status": k.status, "line": k.line, "end_line": k.end_line,
                        "lines": k.lines, "factory": k.factory, "functions": k.functions,
                        "diagnostics": [asdict(d) for d in k.diagnostics],
                        "constructs": dict(sorted(Counter(o.construct for o in occs).items())),
                        "blocking": blocking, "refused_by": inventory.refused_by(f, k), "parity": k.parity,
                        "raised": list(k.raised)})
    statuses = {k.status for k in f.kernels}
    status = ("no kernels" if not statuses else "converted" if statuses == {"converted"}
              else "unsupported" if statuses == {"unsupported"} else "partial")
    return {"path": f.path, "display": f.display, "status": status, "cached": f.cached,
            "seconds": round(f.seconds, 4),
            "diagnostics": [asdict(d) for d in f.diagnostics], "kernels": kernels,
            "occurrences": [_occurrence(o) for o in f.all_occurrences()],
            "directory": directory, "inventory": f.inventory,
            "parse_errors": len(inventory.parse_errors(f)), "missing_headers": inventory.missing_headers(f),
            "owners": list(owners) if owners is not None else None}


def build_report(tree: TreeScan, sources: list[str], options: dict, git: dict | None = None) -> dict:
    files = [s.coverage for s in tree.files]
    owners_file = codeowners.find(sources[0]) if sources else None
    owners = {id(f): owners_file.owners(f.path) if owners_file else None for f in files}
    dirs = {id(s.coverage): _directory(s, len(sources) > 1) for s in tree.files}
    summary = summarize(files)
    summary["parity"]["ran"] = bool(options.get("parity"))
    return {
        "schema": SCHEMA,
        "tool_version": __version__,
        "generated_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "sources": list(sources),
        "options": options,
        "git": git,
        "timing": {"seconds": round(tree.seconds, 3), "files_cached": tree.cache_hits,
                   "files_scanned": tree.cache_misses},
        "summary": summary,
        "top_unsupported": top_constructs(files, "device"),
        "top_host": top_constructs(files, "host"),
        "errors": [{"code": d.code, "message": d.message, "path": d.loc.file} for d in tree.errors],
        "files": [_file(f, owners[id(f)], dirs[id(f)]) for f in files],
        "missing_headers": _missing_headers(files),
        "todo": inventory.todo(files, list(sources)),
        "directories": inventory.directories(files, label=lambda f: dirs[id(f)], owners=lambda f: owners[id(f)]),
        "codeowners": None if owners_file is None else {
            "path": owners_file.path, "rules": len(owners_file.rules), "errors": list(owners_file.errors)},
    }


def _directory(scanned, several_sources: bool) -> str:
    """The file's directory relative to its SRC argument; with several SRC arguments, under that argument."""
    here = inventory.directory_of(scanned.coverage.display)
    if not several_sources:
        return here
    root = os.path.normpath(scanned.root)
    root = root if os.path.isdir(root) else os.path.dirname(root) or "."
    return os.path.normpath(os.path.join(root, here)).replace(os.sep, "/")


def _missing_headers(files) -> list[dict]:
    """Each header clang could not find, once: the files including it, the kernels it blocks."""
    return missing_headers_table((f.diagnostics, [f"{f.display}:{k.name}" for k in f.kernels
                                                  if k.status == "unsupported"]) for f in files)


def render(report: dict) -> str:
    return json.dumps(report, indent=1) + "\n"
