"""The conversion driver: files -> parse -> lift -> emit -> output tree and report.

This is the error boundary of the library: a failure inside cuda2tile on one kernel becomes a
`C2T9001` diagnostic for that kernel (traceback kept only for `--debug`), and the batch goes on.
Inputs are only ever read; outputs are written atomically (temporary file + rename) inside the
output directory.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import traceback
from concurrent.futures import ProcessPoolExecutor
from typing import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from cuda2tile import __version__
from cuda2tile.diagnostics import Diagnostic, Location, Severity
from cuda2tile.emit.module import emit_module
from cuda2tile.lift.errors import LiftError
from cuda2tile.lift.ir_names import raised_idioms
from cuda2tile.lift.lift_kernel import kernel_python_name, lift_kernel
from cuda2tile.parse import cuda_ast as A, prelude_pch
from cuda2tile.parse.frontend import FrontendOptions, parse_file

REPORT_SCHEMA = "cuda2tile.report/1"


@dataclass
class KernelResult:
    cuda_name: str
    factory: str | None
    status: str  # converted | partial | unsupported
    line: int
    end_line: int
    diagnostics: list[Diagnostic] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)  # idioms raised to tile operations (op_coverage/idioms.py)

    def to_json(self) -> dict:
        return {"name": self.cuda_name, "factory": self.factory, "status": self.status, "line": self.line,
                "end_line": self.end_line, "diagnostics": [d.to_json() for d in self.diagnostics],
                "raised": list(self.raised)}


@dataclass
class FileResult:
    source: str
    output: str | None
    kernels: list[KernelResult] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)  # file-level (parse, I/O)
    source_lines: list[str] = field(default_factory=list)
    internal_errors: list[str] = field(default_factory=list)
    includes: tuple[str, ...] = ()  # user headers clang read (the cache re-hashes them); not reported
    cached: bool = False  # read back from the cache (cuda2tile/cache.py), not converted in this run

    def all_diagnostics(self) -> list[Diagnostic]:
        out = list(self.diagnostics)
        for k in self.kernels:
            out += k.diagnostics
        return sorted(out, key=lambda d: (d.loc.line, d.loc.col, d.code))

    def to_json(self) -> dict:
        return {"source": self.source, "output": self.output,
                "diagnostics": [d.to_json() for d in self.diagnostics],
                "kernels": [k.to_json() for k in self.kernels]}


@dataclass(frozen=True)
class ConvertOptions:
    frontend: FrontendOptions = FrontendOptions()
    kernels: tuple[str, ...] = ()  # --kernel filters (CUDA names, with or without template arguments)
    debug: bool = False
    raise_idioms: frozenset[str] | None = None  # idioms to raise (op_coverage/idioms.py); None: every one


def _selected(name: str, filters: tuple[str, ...]) -> bool:
    return not filters or name in filters or name.split("<")[0] in filters


def convert_source(path: str, display: str, options: ConvertOptions = ConvertOptions()) -> tuple[FileResult, str | None]:
    """Convert one `.cu` file; returns the result and the module text (None when nothing was parsed)."""
    result = FileResult(display, None)
    try:
        parsed = parse_file(path, options.frontend, display)
    except Exception as err:  # the front end's own failure: one diagnostic, the batch goes on
        result.diagnostics.append(Diagnostic("C2T9001", f"internal error while parsing: {type(err).__name__}",
                                             Location(display)))
        result.internal_errors.append(traceback.format_exc())
        return result, None
    result.diagnostics += parsed.diagnostics
    result.source_lines = parsed.source_lines
    result.includes = parsed.includes
    if parsed.unit is None:
        return result, None
    unit = parsed.unit
    result.internal_errors += list(unit.internal_errors)
    functions = {f.name: f for f in unit.functions if not f.is_kernel}
    kernels = [f for f in unit.functions if f.is_kernel and _selected(f.name, options.kernels)]
    if not any(f.is_kernel for f in unit.functions):
        result.diagnostics.append(Diagnostic("C2T1003", "no __global__ function in this file", Location(display)))
    lifted = []
    for fn in kernels:
        if fn.is_template and any(k.name.split("<")[0] == fn.name and k.body is not None for k in kernels):
            continue  # converted through its instantiations
        kr = KernelResult(fn.name, None, "unsupported", fn.loc.line, fn.end_line)
        result.kernels.append(kr)
        errors = clang_errors_reached(fn, functions)
        if errors:
            where, message = errors[0]
            also = f" (and {len(errors) - 1} more clang error{'s' if len(errors) > 2 else ''})" if len(errors) > 1 else ""
            kr.diagnostics.append(Diagnostic("C2T1101", f"kernel '{fn.name}' is not converted: clang error at "
                                                        f"{where}: {message}{also}", fn.loc, kernel=fn.name))
            continue
        try:
            kernel = lift_kernel(fn, functions, unit.launches, raise_idioms=options.raise_idioms)
        except LiftError as err:
            loc = err.loc
            if loc.col <= 1 and 1 <= loc.line <= len(parsed.source_lines):  # passes know the line: point at its code
                text = parsed.source_lines[loc.line - 1]
                loc = Location(loc.file, loc.line, len(text) - len(text.lstrip()) + 1)
            kr.diagnostics.append(Diagnostic(err.code, f"kernel '{fn.name}' is not converted: {err.message}", loc,
                                             kernel=fn.name))
            continue
        except Exception as err:
            kr.diagnostics.append(Diagnostic("C2T9001", f"internal error while lifting '{fn.name}': "
                                                        f"{type(err).__name__}", fn.loc, kernel=fn.name))
            result.internal_errors.append(traceback.format_exc())
            continue
        kr.factory = kernel_python_name(fn)
        kr.raised = raised_idioms(kernel)
        warnings = [d for d in parsed.diagnostics if d.effective_severity is Severity.WARNING
                    and fn.loc.line <= d.loc.line <= fn.end_line]
        kr.status = "partial" if warnings else "converted"
        lifted.append((kr, kernel))
    notes = [f"{k.cuda_name} ({display}:{k.line}): not converted, {d.code}: {d.message}"
             for k in result.kernels for d in k.diagnostics if k.status == "unsupported"]
    try:
        text = emit_module([k for _, k in lifted], display, parsed.source_lines, notes)
    except Exception as err:
        for kr, _ in lifted:
            kr.status = "unsupported"
            kr.factory = None
            kr.diagnostics.append(Diagnostic("C2T9001", f"internal error while emitting: {type(err).__name__}",
                                             Location(display, kr.line, 1), kernel=kr.cuda_name))
        result.internal_errors.append(traceback.format_exc())
        text = emit_module([], display, parsed.source_lines, notes)
    return result, text


def clang_errors_reached(kernel: A.Function, functions: dict[str, A.Function]) -> list[tuple[Location, str]]:
    """clang's errors in the kernel, in the `__device__` functions it calls (transitively) and in the
    declarations those use, wherever they are: any one of them means clang did not give us the code as
    written, so the kernel is refused with clang's message rather than converted from what is left."""
    found: list[tuple[Location, str]] = []
    seen: set[str] = set()
    todo = [kernel]
    while todo:
        fn = todo.pop()
        found += [e for e in fn.clang_errors if e not in found]
        for callee in [n.callee for n in A.walk(fn.body) if isinstance(n, A.Call) and n.device_function]:
            if callee not in seen and callee in functions:
                seen.add(callee)
                todo.append(functions[callee])
    return found


def _convert_job(job: tuple[str, str, ConvertOptions]) -> tuple[FileResult, str | None]:
    return convert_source(*job)


def convert_many(files: list[tuple[str, str]], options: ConvertOptions = ConvertOptions(),
                 jobs: int = 1, cache=None) -> Iterator[tuple[FileResult, str | None]]:
    """Convert files in input order, in `jobs` worker processes (each loads libclang once).

    Results stream back one file at a time, so a caller that writes and forgets them keeps memory
    flat in the number of files. With a `cache` (cuda2tile.cache.ResultCache) every file is looked
    up here first; hits are read back in this process and only the misses go to workers, so a warm
    run starts none (and never loads libclang). Misses are stored as they come back."""
    probes = [cache.probe(path, display) for path, display in files] if cache is not None else None
    misses = [(path, display, options) for i, (path, display) in enumerate(files) if not (probes and probes[i].hit)]
    converted = _convert_all(misses, jobs)
    try:
        for i, (path, display) in enumerate(files):
            if probes is not None and probes[i].hit:
                hit = cache.load(probes[i])
                if hit is None:  # unreadable after all (truncated, or removed since the probe): convert here
                    hit = convert_source(path, display, options)
                    cache.store(path, probes[i], *hit)
                yield hit
                continue
            result, text = next(converted)
            if cache is not None:
                cache.store(path, probes[i], result, text)
            yield result, text
    finally:
        converted.close()


def _convert_all(work: list[tuple[str, str, ConvertOptions]], jobs: int) -> Iterator[tuple[FileResult, str | None]]:
    if jobs <= 1 or len(work) <= 1:
        yield from map(_convert_job, work)
        return
    pch_dir = prelude_pch.current_directory()  # workers use this process's PCH directory
    with ProcessPoolExecutor(max_workers=jobs, initializer=prelude_pch.configure, initargs=(pch_dir,)) as pool:
        yield from pool.map(_convert_job, work, chunksize=max(1, min(8, len(work) // (4 * jobs))))


def write_atomically(path: Path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same directory and a rename.

    Readers see the old file or the new one, never half of one; on any failure (or ^C) the temporary
    file is removed and an existing `path` is left as it was. The file gets the mode a plain `open`
    would give it (0666 less the umask), not mkstemp's 0600."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.fchmod(fd, 0o666 & ~umask)
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def discover(sources: list[str], out_dir: str) -> tuple[list[tuple[str, str]], list[Diagnostic]]:
    """(path, relative display name) of every `.cu` under the sources; the output dir is never scanned.

    Directory symlinks are followed, each real directory once: a loop (`loop -> ..`) or a second link
    to a scanned directory is skipped with a C2T1006 note, as is OUT when it lies inside a source
    tree (so `convert src -o src/out` never converts its own outputs). Unreadable directories and
    `.cu` entries that are not regular files (dangling links, FIFOs, which would block a read)
    are reported as C2T1001 and skipped."""
    found: list[tuple[str, str]] = []
    diags: list[Diagnostic] = []
    out_real = os.path.realpath(out_dir)
    for src in sources:
        if os.path.isfile(src):
            found.append((src, os.path.basename(src)))
            continue
        if not os.path.isdir(src):
            what = "not a regular file or directory" if os.path.lexists(src) else "no such file or directory"
            diags.append(Diagnostic("C2T1001", what, Location(src)))
            continue
        visited: dict[str, str] = {}

        def on_error(err: OSError) -> None:
            diags.append(Diagnostic("C2T1001", f"cannot read directory: {err.strerror}", Location(err.filename or src)))

        for root, dirs, files in os.walk(src, followlinks=True, onerror=on_error):
            real = os.path.realpath(root)
            if _inside(real, out_real):
                diags.append(Diagnostic("C2T1006", "not scanned: it is the output directory", Location(root)))
                dirs[:] = []
                continue
            if real in visited:
                diags.append(Diagnostic("C2T1006", f"not scanned: a symlink to {visited[real]}, already scanned",
                                        Location(root)))
                dirs[:] = []
                continue
            visited[real] = root
            dirs.sort()
            for name in sorted(files):
                if not name.endswith(".cu"):
                    continue
                path = os.path.join(root, name)
                try:
                    regular = stat.S_ISREG(os.stat(path).st_mode)
                except OSError as err:
                    diags.append(Diagnostic("C2T1001", f"cannot read file: {err.strerror}", Location(path)))
                    continue
                if not regular:
                    diags.append(Diagnostic("C2T1001", "not a regular file", Location(path)))
                    continue
                found.append((path, os.path.relpath(path, src)))
    return found, diags


def output_path(out_dir: str, display: str) -> Path:
    """`blas1/saxpy.cu` -> OUT/blas1/saxpy.py, refusing anything that would land outside OUT.

    `..`, `.` and absolute parts of the display name are dropped; a symlink inside OUT (to a file
    or a directory) that leads outside OUT makes the path refused with ValueError, never followed."""
    rel = Path(display).with_suffix(".py")
    parts = [p for p in rel.parts if p not in ("", ".", "..") and not os.path.isabs(p)]
    target = Path(out_dir).joinpath(*parts)
    root = os.path.realpath(out_dir)
    if not parts or not os.path.realpath(target).startswith(root.rstrip(os.sep) + os.sep):
        raise ValueError(f"the output path for {display} would leave the output directory")
    return target


def report_json(results: list[FileResult]) -> dict:
    statuses = [k.status for r in results for k in r.kernels]
    return {
        "schema": REPORT_SCHEMA,
        "tool_version": __version__,
        "summary": {"files": len(results), "kernels": len(statuses),
                    "converted": statuses.count("converted"), "partial": statuses.count("partial"),
                    "unsupported": statuses.count("unsupported"),
                    "raised": _raised_counts(results)},
        "files": [r.to_json() for r in results],
    }


def _raised_counts(results: list[FileResult]) -> dict[str, int]:
    """How many kernels raised each idiom, by idiom name (sorted)."""
    counts: dict[str, int] = {}
    for name in sorted(n for r in results for k in r.kernels for n in k.raised):
        counts[name] = counts.get(name, 0) + 1
    return counts
