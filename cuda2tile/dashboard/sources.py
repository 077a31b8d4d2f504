"""`--src DIR`: the CUDA source and the emitted TileLang of each kernel, for the kernel pages.

The history keeps statuses, diagnostic codes and blocking constructs, not the code. With `--src`
the dashboard scans the tree exactly as `cuda2tile coverage` does (`reports.collect.scan_sources`
with the caller's session), through the same cache: after `cuda2tile coverage SRC --db FILE` on an
unchanged tree every file is a cache hit and nothing is converted again.

A recorded file is matched with a scanned one by its path (as `coverage` recorded it), else by the
longest display path (relative to its SRC) that ends it, so the dashboard may run from another
directory than `coverage` did.
"""

from __future__ import annotations

import os
from collections import defaultdict

from cuda2tile.reports.collect import ScannedFile, scan_sources
from cuda2tile.dashboard.model import Kernel
from cuda2tile.dashboard.views import kernel_view
from cuda2tile.session import Session


def _read_lines(path: str) -> list[str]:
    try:
        data = open(path, "rb").read()
    except OSError:
        return []
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # as the front end does (C2T1002)
    return text.splitlines()


def _match(files: list[ScannedFile], recorded: set[str]) -> dict[str, ScannedFile]:
    by_path = {os.path.normpath(s.coverage.path): s for s in files}
    out: dict[str, ScannedFile] = {}
    for f in recorded:
        if f in by_path:
            out[f] = by_path[f]
            continue
        candidates = [s for s in files if f == s.coverage.display or f.endswith("/" + s.coverage.display)]
        if candidates:
            out[f] = max(candidates, key=lambda s: len(s.coverage.display))
    return out


def attach_sources(kernels: list[Kernel], sources: list[str], session: Session) -> tuple[int, list[str], list]:
    """Fill each kernel's source view from the tree the session scans; returns (files scanned, recorded
    files not found, diagnostics of SRC arguments that do not exist)."""
    tree = scan_sources(session, sources)
    recorded = {k.file for k in kernels}
    matched = _match(tree.files, recorded)
    by_file: dict[str, list[Kernel]] = defaultdict(list)
    for k in kernels:
        by_file[k.file].append(k)
    for file, mine in by_file.items():
        scanned = matched.get(file)
        if scanned is None:
            continue
        cov = scanned.coverage
        lines = _read_lines(cov.path)
        same_name: dict[str, list] = defaultdict(list)  # history numbers same-named kernels k, k#2 by line
        for kc in sorted(cov.kernels, key=lambda kc: kc.line):
            same_name[kc.name].append(kc)
        for k in mine:
            base, _, nth = k.name.partition("#")
            found = same_name.get(base, [])
            index = int(nth) - 1 if nth.isdigit() else 0
            if index >= len(found):
                continue
            kc = found[index]
            k.end_line, k.factory, k.scanned_status = kc.end_line, kc.factory, kc.status
            k.constructs = sorted({o.construct for o in cov.kernel_occurrences(kc) if o.scope == "device"})
            diags = [dict(code=d.code, severity=d.severity, message=d.message, line=d.line, col=d.col)
                     for d in kc.diagnostics]
            diags += [dict(code=d.code, severity=d.severity, message=d.message, line=d.line, col=d.col)
                      for d in cov.diagnostics if kc.line <= d.line <= kc.end_line]
            k.diagnostics = sorted(diags, key=lambda d: (d["line"], d["col"], d["code"]))
            k.view = kernel_view(lines, scanned.module, cov.display, k.name, kc.line, kc.end_line, kc.factory,
                                 k.diagnostics)
    return len(tree.files), sorted(recorded - set(matched)), tree.errors
