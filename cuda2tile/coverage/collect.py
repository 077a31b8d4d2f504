"""Scan files and trees: convert each file (for kernel statuses), walk its AST (for constructs).

One file's result is a `FileCoverage` plus the converted module's text (kept for `--parity`);
both go to the cache. Files that miss the cache are scanned in worker processes when `jobs > 1`.
"""

from __future__ import annotations

import hashlib
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

from cuda2tile.coverage.cache import ScanCache
from cuda2tile.coverage.lexical import scan_text
from cuda2tile.coverage.model import Diag, FileCoverage, KernelCoverage
from cuda2tile.coverage.scan import reachable, scan_unit
from cuda2tile.diagnostics import Diagnostic
from cuda2tile.driver import ConvertOptions, convert_source, discover
from cuda2tile.parse.frontend import FrontendOptions, parse_file


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
    return Diag(d.code, d.effective_severity.value, d.message, d.loc.line, d.loc.col)


def scan_file(path: str, display: str, frontend: FrontendOptions = FrontendOptions(),
              raise_idioms: frozenset[str] | None = None) -> tuple[FileCoverage, str | None]:
    """Convert one `.cu` file and name every construct in it. The AST is parsed a second time here:
    the driver does not hand its own out, and parsing is the cheap half of a conversion."""
    start = time.perf_counter()
    result, module = convert_source(path, display, ConvertOptions(frontend=frontend, raise_idioms=raise_idioms))
    coverage = FileCoverage(path, display, diagnostics=[_diag(d) for d in result.diagnostics])
    parsed = parse_file(path, frontend, display) if result.source_lines or module is not None else None
    unit = parsed.unit if parsed is not None else None
    if unit is not None:
        scan = scan_unit(unit, "\n".join(parsed.source_lines))
        coverage.occurrences = scan.occurrences
        already = {(o.construct, o.line) for occs in scan.occurrences.values() for o in occs}
        for fn, occs in scan_text("\n".join(parsed.source_lines), unit, display, already).items():
            coverage.occurrences.setdefault(fn, []).extend(occs)
        calls = scan.calls
    else:
        calls = {}
    for kr in result.kernels:
        coverage.kernels.append(KernelCoverage(
            kr.cuda_name, kr.status, kr.line, kr.end_line, kr.factory,
            sorted(reachable(calls, kr.cuda_name)), [_diag(d) for d in kr.diagnostics], raised=list(kr.raised)))
    coverage.seconds = time.perf_counter() - start
    return coverage, module


def _scan_job(path: str, display: str, frontend: FrontendOptions,
              raise_idioms: frozenset[str] | None = None) -> tuple[dict, str | None]:
    coverage, module = scan_file(path, display, frontend, raise_idioms)
    return coverage.to_json(), module


def scan_tree(sources: list[str], frontend: FrontendOptions = FrontendOptions(), cache: ScanCache | None = None,
              jobs: int = 1, raise_idioms: frozenset[str] | None = None) -> TreeScan:
    """Scan every `.cu` under the sources, from the cache where the inputs did not change.
    `raise_idioms`: the idioms the conversion raises (None: every one, as `convert` does)."""
    start = time.perf_counter()
    cache = cache or ScanCache(None)
    tree = TreeScan()
    found: list[tuple[str, str, str]] = []
    for src in sources:
        files, errors = discover([src], os.devnull)
        found += [(src, path, display) for path, display in files]
        tree.errors += errors
    options = asdict(frontend)
    options["raise_idioms"] = sorted(raise_idioms) if raise_idioms is not None else None
    if frontend.compile_commands_dir:  # the flags it gives each file are inputs too
        db = Path(frontend.compile_commands_dir) / "compile_commands.json"
        options["compile_commands"] = hashlib.sha256(db.read_bytes()).hexdigest() if db.is_file() else None
    slots: list[ScannedFile | None] = []
    misses: list[tuple[int, str, str, str, str | None]] = []
    for i, (root, path, display) in enumerate(found):
        key = cache.key(path, display, options, frontend.include_dirs)
        entry = cache.get(key)
        if entry is not None:
            coverage = FileCoverage.from_json(entry["file"])
            coverage.path, coverage.cached = path, True
            slots.append(ScannedFile(root, coverage, entry.get("module")))
        else:
            slots.append(None)
            misses.append((i, root, path, display, key))
    for (i, root, path, display, key), (data, module) in zip(misses, _run_jobs(misses, frontend, jobs, raise_idioms)):
        cache.put(key, {"file": data, "module": module})
        slots[i] = ScannedFile(root, FileCoverage.from_json(data), module)
    tree.files = [s for s in slots if s is not None]
    tree.cache_hits, tree.cache_misses = cache.hits, cache.misses
    tree.seconds = time.perf_counter() - start
    return tree


def _run_jobs(misses, frontend: FrontendOptions, jobs: int, raise_idioms: frozenset[str] | None):
    if jobs <= 1 or len(misses) < 3:
        return [_scan_job(path, display, frontend, raise_idioms) for _, _, path, display, _ in misses]
    with ProcessPoolExecutor(max_workers=min(jobs, len(misses))) as pool:
        return list(pool.map(_scan_job, [m[2] for m in misses], [m[3] for m in misses],
                             [frontend] * len(misses), [raise_idioms] * len(misses), chunksize=2))
