"""One conversion session: the files of a run, converted once, cached once, in one worker pool.

Every command that needs converted code gets it from a `Session`, never by parsing or converting on
its own:

    session = Session(ConvertOptions(raise_idioms=None), jobs=4)
    files, notes = session.discover(["corpus"], "out")              # (path, display) of every .cu
    for result, text in session.convert(files): ...                 # streamed in input order, cached
    for result, text, scan in session.analyse(files, COVERAGE_SCAN): ...  # the same, plus work on each parse
    tree = session.convert_to_directory(["corpus"], tmp)             # modules written under tmp
    for result, module_path in tree: ...

`convert` keeps memory flat in the number of files (a caller that writes and forgets each result
holds one at a time). With the cache on (the default; docs/cache.md) every file is looked up first:
hits are read back in this process and only misses go to workers, so a warm run starts no process
and never loads libclang. An analysis (`FileAnalysis`) runs on the parsed unit in the worker that
converted the file, so a tool that needs the AST as well as the result (`cuda2tile coverage` names
every construct) parses each file once, and its output is cached with the conversion.

`map` is the one process pool: workers start with the precompiled prelude of this process
(parse/prelude_pch.py), which every conversion needs.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar

from cuda2tile.cache import ResultCache
from cuda2tile.diagnostics import Diagnostic, Location
from cuda2tile.driver import MAX_HOSTS, ConvertedFile, ConvertOptions, TreeContext, convert_file
from cuda2tile.files import default_cache_dir, discover, write_module
from cuda2tile.parse import prelude_pch
from cuda2tile.parse.frontend import DEFAULT_MAX_FILE_SIZE, FrontendOptions, ParsedFile, parse_file
from cuda2tile.parse.tree_scan import (HEADER_SUFFIXES, SOURCE_SUFFIXES, ProjectIndex, files_to_convert,
                                       project_root)
from cuda2tile.results import FileResult

# The options and results a session's user handles, importable from here with the session itself.
__all__ = ["ConvertOptions", "ConvertedFile", "ConvertedTree", "DEFAULT_MAX_FILE_SIZE", "FileAnalysis", "FileResult",
           "FrontendOptions", "ParsedFile", "Session"]

Item = TypeVar("Item")
Outcome = TypeVar("Outcome")


@dataclass(frozen=True)
class FileAnalysis:
    """Work on one file's parse, done where the file was converted and cached with its conversion.

    `run` gets the `ConvertedFile` (result, module text, parsed unit, seconds) and returns JSON data
    (dicts, lists, strings, numbers). It must be a module-level function, since it is sent to the
    workers by name. `name` is its key in a cache entry: an entry stored without it is a miss for
    this analysis (converted again), and the cached output is served only to the analysis that made it."""

    name: str  # e.g. "coverage"
    run: Callable[[ConvertedFile], dict]


@dataclass
class ConvertedTree:
    """What `Session.convert_to_directory` did: each file's result and where its module went."""

    out_dir: Path
    files: list[tuple[FileResult, Path | None]] = field(default_factory=list)  # None: no module written
    diagnostics: list[Diagnostic] = field(default_factory=list)  # of the discovery (C2T1001, C2T1006)

    def __iter__(self) -> Iterator[tuple[FileResult, Path | None]]:
        return iter(self.files)


def _convert_job(job: tuple[str, str, ConvertOptions, FileAnalysis | None, TreeContext]
                 ) -> tuple[FileResult, str | None, dict | None]:
    """One file, in a worker (or in process): its result, module and analysis output, without the
    parsed unit itself, which never crosses a process boundary."""
    path, display, options, analysis, context = job
    converted = convert_file(path, display, options, context)
    return converted.result, converted.text, analysis.run(converted) if analysis is not None else None


@dataclass(frozen=True)
class _FilePlan:
    options: ConvertOptions  # the run's, plus the include folders found in the project
    context: TreeContext


def _module_names(files: list[tuple[str, str]]) -> dict[str, str]:
    """The name each file's module is written under, when it is not the file's own: a header whose
    module would take the name of a `.cu` file's beside it (`scan.cuh` and `scan.cu` both give
    `scan.py`) is written as `scan_cuh.py`, so neither is lost."""
    sources = {str(Path(display).with_suffix("")) for path, display in files if not path.endswith(HEADER_SUFFIXES)}
    names = {}
    for path, display in files:
        if path.endswith(HEADER_SUFFIXES) and str(Path(display).with_suffix("")) in sources:
            name = Path(display)
            names[display] = str(name.with_name(f"{name.stem}_{name.suffix.lstrip('.')}{name.suffix}"))
    return names


def _context_key(context: TreeContext) -> str:
    """What a file's conversion depends on beyond its options: the `.cu` parsed in its place, and
    which headers are converted on their own (a kernel moves between them when that changes)."""
    digest = hashlib.sha256("\n".join(sorted(context.converted_elsewhere)).encode()).hexdigest()
    hosts = [f"{os.path.realpath(path)}:{display}" for path, display in context.hosts]
    return f"{'|'.join(hosts)}|{digest}"


class Session:
    """The conversion of a run's files with one set of options.

    `jobs`: worker processes for `convert`, `analyse` and `map` (1: everything in this process).
    `cache_dir`: where results and the precompiled prelude are kept (`--cache-dir`); None is
    `default_cache_dir()` ($CUDA2TILE_CACHE_DIR, else ~/.cache/cuda2tile), with the prelude left where
    prelude_pch keeps it (the same directory unless a caller configured another).
    `cache`: True reads and stores results in `cache_dir`; False converts every file and stores
    nothing (`--no-cache`); a `ResultCache` is used as it is."""

    def __init__(self, options: ConvertOptions = ConvertOptions(), *, jobs: int = 1,
                 cache_dir: str | os.PathLike | None = None, cache: bool | ResultCache = True):
        self.options = options
        self.jobs = max(1, jobs)
        if cache_dir is not None:
            prelude_pch.configure(Path(cache_dir) / "pch")
        if isinstance(cache, ResultCache):
            self.cache: ResultCache | None = cache
        else:
            self.cache = ResultCache(default_cache_dir(cache_dir), options) if cache else None
        self._source_roots: list[str] = []  # the folders given to `discover`: the trees of the run
        self._index: tuple[tuple[str, ...], ProjectIndex] | None = None
        self._scans: dict = {}  # lexical scans by real path, read once for discovery and the project index

    # ------------------------------------------------------------ files
    def discover(self, sources: list[str], out_dir: str | os.PathLike = os.devnull
                 ) -> tuple[list[tuple[str, str]], list[Diagnostic]]:
        """(path, display name) of every `.cu` under `sources`, and of every header there that defines a
        `__global__` function (mmcv keeps its kernels in `.cuh` files), never looking inside `out_dir`,
        and the notes of what was skipped (files.discover)."""
        found, notes = discover(list(sources), str(out_dir), SOURCE_SUFFIXES + HEADER_SUFFIXES)
        self._source_roots += [os.path.realpath(s if os.path.isdir(s) else os.path.dirname(s) or ".")
                               for s in sources if os.path.exists(s)]
        return files_to_convert(found, list(sources), self._scans), notes

    def parse(self, path: str, display: str | None = None) -> ParsedFile:
        """The front end alone: the file's CUDA AST, source lines and diagnostics, with the include
        folders found in its project (as `convert` parses it)."""
        plan, = self._plan([(path, display or path)])
        return parse_file(path, plan.options.frontend, display)

    # ------------------------------------------------------------ conversion
    def convert_file(self, path: str, display: str) -> tuple[FileResult, str | None]:
        """One file: its result and module text (None when nothing was parsed), through the cache."""
        (result, text), = self.convert([(path, display)])
        return result, text

    def convert(self, files: list[tuple[str, str]]) -> Iterator[tuple[FileResult, str | None]]:
        """(result, module text) of each file, in input order, streamed; `files` as `discover` gives them."""
        for result, text, _ in self._run(files, None):
            yield result, text

    def analyse(self, files: list[tuple[str, str]], analysis: FileAnalysis
                ) -> Iterator[tuple[FileResult, str | None, dict]]:
        """`convert`, plus `analysis`'s output for each file, computed on the parse the file was
        converted from (one parse per file) or read back from the cache with its result."""
        for result, text, output in self._run(files, analysis):
            yield result, text, output  # type: ignore[misc]

    def convert_to_directory(self, sources: list[str], out_dir: str | os.PathLike) -> ConvertedTree:
        """Convert every `.cu` under `sources` and write each module to OUT (mirroring the tree), as
        `convert -o OUT` does: a module that cannot be written, or whose path another file of this
        call already took, gets a C2T1005 diagnostic and no path. `result.output` is the module's
        path relative to OUT."""
        out_dir = Path(out_dir)
        files, notes = self.discover(sources, out_dir)
        tree = ConvertedTree(out_dir, diagnostics=notes)
        tree.files += [(result, target) for result, _, target in self.write_modules(files, out_dir)]
        return tree

    def write_modules(self, files: list[tuple[str, str]], out_dir: str | os.PathLike
                      ) -> Iterator[tuple[FileResult, str | None, Path | None]]:
        """`convert(files)` with each module written under OUT as `convert -o OUT` writes it, streamed:
        (result, module text, the file written). A module that cannot be written, or whose path another
        file of this call already took, gets a C2T1005 diagnostic and no file; `result.output` is the
        written module's path relative to OUT."""
        written: dict[Path, str] = {}
        module_names = _module_names(files)
        for result, text in self.convert(files):
            target = None
            if text is not None:
                target, problem = write_module(str(out_dir), module_names.get(result.source, result.source), text,
                                               written)
                if target is None:
                    result.diagnostics.append(Diagnostic("C2T1005", problem, Location(result.source)))
                else:
                    result.output = os.path.relpath(target, out_dir)
            yield result, text, target

    def _run(self, files: list[tuple[str, str]], analysis: FileAnalysis | None
             ) -> Iterator[tuple[FileResult, str | None, dict | None]]:
        files = list(files)
        name = analysis.name if analysis is not None else None
        cache = self.cache
        plans = self._plan(files)
        probes = [cache.probe(path, display, name, options=plan.options, context=_context_key(plan.context))
                  for (path, display), plan in zip(files, plans)] if cache is not None else None
        misses = [(path, display, plans[i].options, analysis, plans[i].context)
                  for i, (path, display) in enumerate(files) if not (probes is not None and probes[i].hit)]
        converted = self.map(_convert_job, misses)
        try:
            for i, (path, display) in enumerate(files):
                if probes is not None and probes[i].hit:
                    entry = cache.load(probes[i])
                    if entry is not None and (name is None or name in entry.analyses):
                        yield entry.result, entry.text, entry.analyses.get(name) if name is not None else None
                        continue
                    # unreadable after all (truncated, or removed since the probe): convert it here
                    outcome = _convert_job((path, display, plans[i].options, analysis, plans[i].context))
                else:
                    outcome = next(converted)
                if cache is not None:
                    result, text, output = outcome
                    cache.store(path, probes[i], result, text, {name: output} if name is not None else None)
                yield outcome
        finally:
            converted.close()

    # ------------------------------------------------------------ the tree
    def _plan(self, files: list[tuple[str, str]]) -> list[_FilePlan]:
        """Each file's include folders found in its project, and for a header with kernels the `.cu`
        (of this run) that includes it and is parsed in its place (parse/tree_scan.py)."""
        if not files:
            return []
        roots = set(self._source_roots)
        for path, _ in files:
            roots.add(project_root(path))
        key = tuple(sorted(roots))
        if self._index is None or self._index[0] != key:
            self._index = (key, ProjectIndex(list(key), self._scans))
        index = self._index[1]
        frontend = self.options.frontend
        user_dirs = tuple(frontend.include_dirs)
        closures = [index.closure(path, user_dirs) for path, _ in files]
        headers = frozenset(os.path.realpath(path) for path, _ in files if path.endswith(HEADER_SUFFIXES))
        plans = []
        for (path, _), (dirs, _) in zip(files, closures):
            hosts: list[int] = []
            if path.endswith(HEADER_SUFFIXES):
                real = os.path.realpath(path)
                hosts = [j for j, (other, _) in enumerate(files) if not other.endswith(HEADER_SUFFIXES)
                         and real in closures[j][1]][:MAX_HOSTS]
                if hosts:
                    dirs = closures[hosts[0]][0]
            options = self.options
            if dirs:
                options = replace(options, frontend=replace(frontend, discovered_include_dirs=dirs))
            plans.append(_FilePlan(options, TreeContext(tuple(files[j] for j in hosts), headers)))
        return plans

    # ------------------------------------------------------------ the process pool
    def map(self, fn: Callable[[Item], Outcome], items: Iterable[Item], *, chunksize: int | None = None,
            spawn: bool = False) -> Iterator[Outcome]:
        """`fn` over `items` in `jobs` worker processes, results in input order as they are ready.

        Lazy: no worker starts before the first result is asked for, and closing the iterator shuts
        the pool down. `fn` must be a module-level function. With one job or one item everything
        runs in this process. `spawn`: fresh interpreters instead of forked ones, for work that
        imports libraries that are not fork-safe once loaded (TileLang, TVM)."""
        items = list(items)
        if self.jobs <= 1 or len(items) <= 1:
            yield from map(fn, items)
            return
        workers = min(self.jobs, len(items))
        if chunksize is None:
            chunksize = max(1, min(8, len(items) // (4 * workers)))
        with self._pool(workers, spawn) as pool:
            yield from pool.map(fn, items, chunksize=chunksize)

    def map_as_completed(self, fn: Callable[[Item], Outcome], items: Iterable[Item], *,
                         spawn: bool = False, errors: bool = False) -> Iterator[tuple[int, Outcome]]:
        """(index in `items`, result) of `fn` over `items`, in the order they finish (for progress
        lines); in input order when everything runs in this process. `errors`: a worker's exception
        (a kernel that crashed its process, a worker killed for memory) comes back as the result of
        its item instead of ending the run, so the caller can report that one item as failed."""
        items = list(items)
        if self.jobs <= 1 or len(items) <= 1:
            for index, item in enumerate(items):
                try:
                    yield index, fn(item)
                except Exception as err:
                    if not errors:
                        raise
                    yield index, err
            return
        with self._pool(min(self.jobs, len(items)), spawn) as pool:
            futures = {pool.submit(fn, item): i for i, item in enumerate(items)}
            for future in as_completed(futures):
                try:
                    yield futures[future], future.result()
                except Exception as err:
                    if not errors:
                        raise
                    yield futures[future], err

    def _pool(self, workers: int, spawn: bool) -> ProcessPoolExecutor:
        # workers keep their PCHs where this process does (a --cache-dir, or the default)
        return ProcessPoolExecutor(max_workers=workers, initializer=prelude_pch.configure,
                                   initargs=(prelude_pch.current_directory(),),
                                   mp_context=multiprocessing.get_context("spawn") if spawn else None)
