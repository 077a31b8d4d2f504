"""Scan files and trees: each file's kernel statuses come from its conversion, its constructs from
the same parse (`COVERAGE_SCAN`, an analysis the session runs where it converts the file).

One file's result is a `FileCoverage` plus the converted module's text (kept for `--parity`). Both
come from the session's cache when the file did not change (the scan is stored in the conversion's
entry, cuda2tile/cache.py); files that miss it are converted and scanned in the session's workers.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field

from cuda2tile.reports.lexical import scan_text
from cuda2tile.reports.model import Diag, FileCoverage, KernelCoverage, Occurrence
from cuda2tile.reports.scan import reachable, scan_unit
from cuda2tile.diagnostics import Diagnostic
from cuda2tile.session import ConvertedFile, ConvertOptions, FileAnalysis, FileResult, FrontendOptions, Session


@dataclass
class ScannedFile:
    root: str  # the SRC argument it was found under
    coverage: FileCoverage
    module: str | None  # the converted module's text


@dataclass
class TreeScan:
    files: list[ScannedFile] = field(default_factory=list)
    errors: list[Diagnostic] = field(default_factory=list)  # SRC arguments that do not exist, unreadable dirs
    seconds: float = 0.0
    cache_hits: int = 0
    cache_misses: int = 0


def _diag(d: Diagnostic) -> Diag:
    return Diag(d.code, d.effective_severity.value, d.message, d.loc.line, d.loc.col, d.loc.file or "")


def scan_converted(converted: ConvertedFile) -> dict:
    """The constructs of a converted file's parsed unit, as JSON: the occurrences by function, and
    for each kernel the functions it reaches (itself and the `__device__` functions it calls).

    Runs in the worker that converted the file (it is the `run` of COVERAGE_SCAN), so the unit is
    never parsed a second time nor sent between processes. `seconds`: the conversion and the scan."""
    start = time.perf_counter()
    parsed, result = converted.parsed, converted.result
    occurrences: dict[str, list[Occurrence]] = {}
    calls: dict = {}
    if parsed is not None and parsed.unit is not None:
        source = "\n".join(parsed.source_lines)
        scan = scan_unit(parsed.unit, source)
        occurrences = scan.occurrences
        already = {(o.construct, o.line) for occs in occurrences.values() for o in occs}
        for fn, occs in scan_text(source, parsed.unit, result.source, already).items():
            occurrences.setdefault(fn, []).extend(occs)
        calls = scan.calls
    return {"occurrences": {fn: [asdict(o) for o in occs] for fn, occs in occurrences.items()},
            "functions": {k.cuda_name: sorted(reachable(calls, k.cuda_name)) for k in result.kernels},
            "seconds": round(converted.seconds + time.perf_counter() - start, 4)}


COVERAGE_SCAN = FileAnalysis("coverage", scan_converted)


def file_coverage(path: str, result: FileResult, scan: dict) -> FileCoverage:
    """One file's coverage from its conversion and its `scan_converted` output."""
    coverage = FileCoverage(path, result.source, diagnostics=[_diag(d) for d in result.diagnostics],
                            seconds=scan["seconds"], cached=result.cached,
                            inventory=dict(result.inventory) if result.inventory is not None else None)
    coverage.occurrences = {fn: [Occurrence(**o) for o in occs] for fn, occs in scan["occurrences"].items()}
    for kr in result.kernels:
        coverage.kernels.append(KernelCoverage(
            kr.cuda_name, kr.status, kr.line, kr.end_line, kr.factory, list(scan["functions"][kr.cuda_name]),
            [_diag(d) for d in kr.diagnostics], raised=list(kr.raised)))
    return coverage


def scan_sources(session: Session, sources: list[str]) -> TreeScan:
    """Scan every `.cu` under the sources with the session's options, cache and workers."""
    start = time.perf_counter()
    tree = TreeScan()
    found: list[tuple[str, str, str]] = []
    for src in sources:  # one at a time: each file remembers the SRC it was found under
        files, errors = session.discover([src])
        found += [(src, path, display) for path, display in files]
        tree.errors += errors
    scanned = session.analyse([(path, display) for _, path, display in found], COVERAGE_SCAN)
    for (root, path, _), (result, module, scan) in zip(found, scanned):
        tree.files.append(ScannedFile(root, file_coverage(path, result, scan), module))
    tree.cache_hits = sum(s.coverage.cached for s in tree.files)
    tree.cache_misses = len(tree.files) - tree.cache_hits
    tree.seconds = time.perf_counter() - start
    return tree


def scan_file(path: str, display: str, frontend: FrontendOptions = FrontendOptions(),
              raise_idioms: frozenset[str] | None = None) -> tuple[FileCoverage, str | None]:
    """Convert one `.cu` file and name every construct in it (no cache)."""
    session = Session(ConvertOptions(frontend=frontend, raise_idioms=raise_idioms), cache=False)
    (result, module, scan), = session.analyse([(path, display)], COVERAGE_SCAN)
    return file_coverage(path, result, scan), module


