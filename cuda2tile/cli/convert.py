"""`cuda2tile convert SRC... -o OUT`: convert files or trees to TileLang modules.

Exit status: 0; 1 when the tool itself fails (an output or the report cannot be written, an input
error, an internal error), when there is no `.cu` file to convert (C2T1007), when a `--kernel` name
matches no kernel (C2T1008) or, with `--werror`, on any warning; 2 for `-o -` with other than one file.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from cuda2tile.cli.common import (FAILED, OK, USAGE, add_frontend_arguments, add_raise_argument, frontend_options,
                                  nothing_to_convert, print_diagnostics, raise_idioms, unknown_kernels)
from cuda2tile.defaults import DEFAULT_MAX_FILE_SIZE
from cuda2tile.diagnostics import Severity, render
from cuda2tile.files import default_cache_dir, write_atomically
from cuda2tile.results import report_json

if TYPE_CHECKING:
    from cuda2tile.session import FileResult


def add_parser(subparsers) -> None:
    conv = subparsers.add_parser("convert", help="convert .cu files or trees to TileLang Python modules")
    conv.add_argument("sources", nargs="+", metavar="SRC", help=".cu files or directories (scanned recursively)")
    conv.add_argument("-o", "--output", required=True, metavar="OUT",
                      help="output directory (tree mirrored); `-` prints the module of a single file to stdout")
    conv.add_argument("--kernel", action="append", default=[], metavar="NAME", help="convert only these kernels")
    conv.add_argument("--report", metavar="FILE.json", help="write a machine-readable report")
    conv.add_argument("--werror", action="store_true", help="exit non-zero when any warning is reported")
    add_frontend_arguments(conv, instantiate=True)
    conv.add_argument("--cuda-toolkit-headers", action="store_true",
                      help="also search the CUDA toolkit's include dir (after cuda2tile's own headers)")
    conv.add_argument("--max-file-size", type=int, default=DEFAULT_MAX_FILE_SIZE, metavar="BYTES",
                      help="skip larger files with C2T1004 (default 16 MiB)")
    conv.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                      help="worker processes (default: the number of cores)")
    conv.add_argument("--quiet", action="store_true", help="print only diagnostics, no summary")
    conv.add_argument("--debug", action="store_true", help="print internal tracebacks of C2T9001 errors")
    conv.add_argument("--no-cache", action="store_true", help="convert every file, even unchanged ones (docs/cache.md)")
    conv.add_argument("--cache-dir", metavar="DIR", help="where results and the precompiled prelude are kept "
                      "(default $CUDA2TILE_CACHE_DIR, else ~/.cache/cuda2tile)")
    add_raise_argument(conv)
    conv.set_defaults(func=run)


class _Progress:
    """A progress bar on a terminal; a line every tenth of the work in logs and under CI."""

    def __init__(self, total: int, enabled: bool):
        self.total, self.done = total, 0
        self.enabled = enabled and total > 1
        self.bar = None
        if self.enabled and sys.stderr.isatty() and not os.environ.get("CI"):
            from rich.progress import Progress

            self.bar = Progress(transient=True)
            self.bar.start()
            self.task = self.bar.add_task("converting", total=total)

    def advance(self, display: str) -> None:
        self.done += 1
        if self.bar is not None:
            self.bar.update(self.task, advance=1, description=display[-40:])
        elif self.enabled and self.total >= 20 and self.done % max(1, self.total // 10) == 0:
            print(f"cuda2tile: {self.done}/{self.total} files", file=sys.stderr, flush=True)

    def print_diagnostics(self, result: FileResult) -> None:
        if self.bar is not None:
            for diag in result.all_diagnostics():
                self.bar.console.print(render(diag, result.source_lines), markup=False, highlight=False)
        else:
            print_diagnostics(result, sys.stderr)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _cache_note(cache, results: list[FileResult]) -> str:
    if cache is None:
        return ""
    return f", {sum(r.cached for r in results)} read from the cache"


def run(args) -> int:
    from cuda2tile.session import ConvertOptions, Session

    options = ConvertOptions(
        frontend=frontend_options(args, use_cuda_toolkit=args.cuda_toolkit_headers, max_file_size=args.max_file_size),
        kernels=tuple(args.kernel), debug=args.debug, raise_idioms=raise_idioms(args))
    start = time.perf_counter()
    to_stdout = args.output == "-"
    if to_stdout and not (len(args.sources) == 1 and os.path.isfile(args.sources[0])):
        print("cuda2tile: error: `-o -` needs exactly one .cu file", file=sys.stderr)
        return USAGE
    session = Session(options, jobs=max(1, args.jobs), cache_dir=default_cache_dir(args.cache_dir),
                      cache=not args.no_cache)
    files, diags = session.discover(args.sources, os.devnull if to_stdout else args.output)
    for d in diags:
        print(render(d), file=sys.stderr)
    results: list[FileResult] = []
    written: list = []  # (result, module written) for the PyTorch extension packages
    failed = any(d.effective_severity is Severity.ERROR for d in diags)  # C2T1006 notes are not failures
    progress = _Progress(len(files), enabled=not args.quiet and not to_stdout)
    stream = (((result, text, None) for result, text in session.convert(files)) if to_stdout
              else session.write_modules(files, args.output))
    for result, text, target in stream:
        progress.advance(result.source)
        if text is not None and to_stdout:
            sys.stdout.write(text)
        elif text is not None and target is None:  # not written: the session added the C2T1005
            failed = True
        progress.print_diagnostics(result)
        if result.internal_errors:
            failed = True
            if args.debug:
                for tb in result.internal_errors:
                    print(tb, file=sys.stderr)
        result.source_lines = []  # printed: do not keep every file's text for the whole run
        results.append(result)
        written.append((result, target))
    progress.close()
    extension_warned, extension_failed = (False, False) if to_stdout else _pytorch_packages(args, options, files,
                                                                                           written)
    failed |= extension_failed
    report = report_json(results)
    if args.report:
        try:
            write_atomically(Path(args.report), json.dumps(report, indent=2) + "\n")
        except OSError as err:
            print(f"error: cannot write report {args.report}: {err}", file=sys.stderr)
            failed = True
    summary = report["summary"]
    if not args.quiet:
        for line in missing_header_lines(summary["missing_headers"]):
            print(line, file=sys.stderr)
        inventory = summary["inventory"]
        found = (f"; {inventory['found']} of {inventory['defined']} kernel definitions found"
                 if inventory["found"] < inventory["defined"] else "")
        print(f"cuda2tile: {summary['converted']} converted, {summary['partial']} partial, "
              f"{summary['unsupported']} unsupported kernels in {summary['files']} files{found}"
              f"{_cache_note(session.cache, results)} ({time.perf_counter() - start:.2f} s)", file=sys.stderr)
    if not files and not diags:  # else a diagnostic said why: an unreadable SRC (C2T1001), SRC is OUT (C2T1006)
        nothing_to_convert("convert", args.sources)
        failed = True
    elif args.kernel and unknown_kernels("convert", args.kernel, {k.cuda_name for r in results for k in r.kernels},
                                         args.sources):
        failed = True
    warned = any(d.effective_severity in (Severity.WARNING, Severity.ERROR) for r in results for d in r.all_diagnostics())
    if args.werror and (warned or extension_warned):
        return FAILED
    return FAILED if failed else OK


def _pytorch_packages(args, options, files, written) -> tuple[bool, bool]:
    """A source tree that is a PyTorch extension also gets its drop-in Python package (docs/pytorch.md);
    (a warning was printed, an error was)."""
    from cuda2tile.pytorch import convert_trees, summary_line

    warned = failed = False
    for ext in convert_trees(args.sources, args.output, files, written, options.frontend):
        for diag in ext.diagnostics:
            print(render(diag, ext.source_lines.get(diag.loc.file)), file=sys.stderr)
            warned |= diag.effective_severity in (Severity.WARNING, Severity.ERROR)
            failed |= diag.effective_severity is Severity.ERROR
        if not args.quiet:
            print(summary_line(ext, args.output), file=sys.stderr)
    return warned, failed


def missing_header_lines(missing: list[dict], limit: int = 10) -> list[str]:
    """The run's missing headers, once each, most included first: what to add with `-I` (or install)."""
    if not missing:
        return []
    lines = [f"cuda2tile: {len(missing)} header{'s' if len(missing) > 1 else ''} not found (C2T1102); "
             "add its folder with -I, or -p compile_commands.json:"]
    for entry in missing[:limit]:
        blocked = len(entry["blocked_kernels"])
        lines.append(f"  {entry['header']}: included by {entry['files']} file{'s' if entry['files'] > 1 else ''}"
                     + (f", {blocked} kernel{'s' if blocked > 1 else ''} of those not converted" if blocked else ""))
    if len(missing) > limit:
        lines.append(f"  ... and {len(missing) - limit} more (all in --report)")
    return lines
