"""`cuda2tile` command line. Library modules never import this one."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from cuda2tile import __version__
from cuda2tile.diagnostics import Diagnostic, Location, Severity, render
from cuda2tile.driver import (ConvertOptions, FileResult, convert_many, convert_source, discover, output_path,
                              report_json, write_atomically)
from cuda2tile.coverage.cli import add_parsers as add_coverage_parsers
from cuda2tile.dashboard.cli import add_parser as add_dashboard_parser
from cuda2tile.parity.harness import add_parser as add_parity_parser
from cuda2tile.portability import add_parser as add_check_parser
from cuda2tile.tune.command import add_parser as add_tune_parser
from cuda2tile.cache import ResultCache, default_cache_dir
from cuda2tile.parse import prelude_pch
from cuda2tile.parse.frontend import DEFAULT_MAX_FILE_SIZE, FrontendOptions
from cuda2tile.raise_options import add_raise_argument, raise_idioms


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cuda2tile", description="Convert CUDA C++ kernels to TileLang.")
    parser.add_argument("--version", action="version", version=f"cuda2tile {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    conv = sub.add_parser("convert", help="convert .cu files or trees to TileLang Python modules")
    conv.add_argument("sources", nargs="+", metavar="SRC", help=".cu files or directories (scanned recursively)")
    conv.add_argument("-o", "--output", required=True, metavar="OUT",
                      help="output directory (tree mirrored); `-` prints the module of a single file to stdout")
    conv.add_argument("--kernel", action="append", default=[], metavar="NAME", help="convert only these kernels")
    conv.add_argument("--report", metavar="FILE.json", help="write a machine-readable report")
    conv.add_argument("--werror", action="store_true", help="exit non-zero when any warning is reported")
    conv.add_argument("-I", dest="include_dirs", action="append", default=[], metavar="DIR")
    conv.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VALUE]")
    conv.add_argument("--std", default="c++17", help="C++ standard (default c++17)")
    conv.add_argument("-p", dest="compile_commands", metavar="DIR", help="directory holding compile_commands.json")
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
    ver = sub.add_parser("verify", help="convert, run on TileLang's C back end, compare with numpy references")
    ver.add_argument("sources", nargs="+", metavar="SRC", help=".cu files or directories with launch specs")
    ver.add_argument("-o", "--output", metavar="OUT", help="where converted modules go (default: a temp dir)")
    ver.add_argument("--kernel", action="append", default=[], metavar="NAME", help="check only these kernels")
    ver.add_argument("--cuda-arch", metavar="ARCH", help="also lower for CUDA and compile with nvcc (e.g. sm_90)")
    ver.add_argument("--seed", type=int, default=0, help="seed of the random inputs (default 0)")
    ver.add_argument("--json", metavar="FILE", help="write the results as JSON")
    add_raise_argument(ver)
    add_coverage_parsers(sub)  # `coverage` and `history`
    add_dashboard_parser(sub)  # `dashboard`: a static site of the history
    add_parity_parser(sub)  # `parity`: original CUDA (CPU runtime or CuPy) against the conversion
    add_check_parser(sub)  # `check`: lower every converted kernel for CUDA, HIP, Metal, WebGPU and C
    add_tune_parser(sub)  # `tune`: tile shapes of raised matrix products, by TileLang's autotuner
    return parser


def _print_diagnostics(result: FileResult, stream) -> None:
    for diag in result.all_diagnostics():
        print(render(diag, result.source_lines), file=stream)


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
            _print_diagnostics(result, sys.stderr)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _write_output(out_dir: str, display: str, text: str, written: dict[Path, str]) -> tuple[Path | None, str]:
    """Write one module inside OUT: (its path, "") or (None, why not, the message of a C2T1005)."""
    try:
        target = output_path(out_dir, display)
    except ValueError as err:
        return None, f"not written: {err}"
    key = Path(os.path.realpath(target))
    if key in written:  # `convert a/ b/` with a/k.cu and b/k.cu: both map to OUT/k.py
        return None, f"not written: {target} is already the output of {written[key]} in this run"
    try:
        write_atomically(target, text)
    except OSError as err:
        return None, f"cannot write {target}: {err.strerror or err}"
    written[key] = display
    return target, ""


def _cache_note(cache, results: list[FileResult]) -> str:
    if cache is None:
        return ""
    return f", {sum(r.cached for r in results)} read from the cache"


def convert_command(args) -> int:
    options = ConvertOptions(
        frontend=FrontendOptions(include_dirs=tuple(args.include_dirs), defines=tuple(args.defines), std=args.std,
                                 compile_commands_dir=args.compile_commands,
                                 use_cuda_toolkit=args.cuda_toolkit_headers, max_file_size=args.max_file_size),
        kernels=tuple(args.kernel), debug=args.debug, raise_idioms=raise_idioms(args))
    start = time.perf_counter()
    to_stdout = args.output == "-"
    if to_stdout and not (len(args.sources) == 1 and os.path.isfile(args.sources[0])):
        print("cuda2tile: error: `-o -` needs exactly one .cu file", file=sys.stderr)
        return 2
    files, diags = discover(args.sources, os.devnull if to_stdout else args.output)
    for d in diags:
        print(render(d), file=sys.stderr)
    results: list[FileResult] = []
    failed = any(d.effective_severity is Severity.ERROR for d in diags)  # C2T1006 notes are not failures
    written: dict[Path, str] = {}  # output -> the source that produced it in this run
    progress = _Progress(len(files), enabled=not args.quiet and not to_stdout)
    cache_dir = default_cache_dir(args.cache_dir)
    prelude_pch.configure(cache_dir / "pch")
    cache = None if args.no_cache else ResultCache(cache_dir, options)
    for result, text in convert_many(files, options, max(1, args.jobs), cache):
        display = result.source
        progress.advance(display)
        if text is not None and to_stdout:
            sys.stdout.write(text)
        elif text is not None:
            target, problem = _write_output(args.output, display, text, written)
            if target is not None:
                result.output = os.path.relpath(target, args.output)
            else:
                result.diagnostics.append(Diagnostic("C2T1005", problem, Location(display)))
                failed = True
        progress.print_diagnostics(result)
        if result.internal_errors:
            failed = True
            if args.debug:
                for tb in result.internal_errors:
                    print(tb, file=sys.stderr)
        result.source_lines = []  # printed: do not keep every file's text for the whole run
        results.append(result)
    progress.close()
    report = report_json(results)
    if args.report:
        try:
            write_atomically(Path(args.report), json.dumps(report, indent=2) + "\n")
        except OSError as err:
            print(f"error: cannot write report {args.report}: {err}", file=sys.stderr)
            failed = True
    summary = report["summary"]
    if not args.quiet:
        print(f"cuda2tile: {summary['converted']} converted, {summary['partial']} partial, "
              f"{summary['unsupported']} unsupported kernels in {summary['files']} files"
              f"{_cache_note(cache, results)} ({time.perf_counter() - start:.2f} s)", file=sys.stderr)
    warned = any(d.effective_severity in (Severity.WARNING, Severity.ERROR) for r in results for d in r.all_diagnostics())
    if args.werror and warned:
        return 1
    return 1 if failed else 0


def verify_command(args) -> int:
    from cuda2tile.parity.verify_references import check_tree  # imports TileLang: only when asked

    with tempfile.TemporaryDirectory(prefix="cuda2tile-verify-") as tmp:
        failed = 0
        results = []
        for src in args.sources:
            out = os.path.join(args.output or tmp, os.path.basename(os.path.normpath(src)) or "out")
            files, diags = discover([src], out)
            for path, display in files:
                result, text = convert_source(path, display, ConvertOptions(raise_idioms=raise_idioms(args)))
                _print_diagnostics(result, sys.stderr)
                if text is not None:
                    write_atomically(output_path(out, display), text)
            root = Path(src)
            results += check_tree(root, Path(out), tuple(args.kernel),
                                  args.cuda_arch, args.seed, progress=lambda c: print(c.describe(), flush=True))
        failed = sum(not r.ok for r in results)
        print(f"verify: {len(results) - failed} passed, {failed} failed")
        if args.json:
            write_atomically(Path(args.json), json.dumps([r.to_json() for r in results], indent=2) + "\n")
    return 1 if failed or not results else 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command == "convert":
            return convert_command(args)
        if args.command == "verify":
            return verify_command(args)
        if hasattr(args, "func"):  # subcommands that register themselves (coverage, history, ...)
            return args.func(args)
    except KeyboardInterrupt:
        print("cuda2tile: interrupted", file=sys.stderr)
        return 130
    except Exception as err:  # the error boundary: no internal traceback reaches a user without --debug
        if getattr(args, "debug", False):
            raise
        print(f"cuda2tile: internal error (C2T9001): {type(err).__name__}: {err}. Please report it; "
              "`--debug` shows the traceback.", file=sys.stderr)
        return 1
    return 2


if __name__ == "__main__":
    sys.exit(main())
