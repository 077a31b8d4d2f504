"""`cuda2tile coverage` and `cuda2tile history`: argument parsing and the two commands.

`add_parsers(subparsers)` registers both on the main `cuda2tile` parser; `python -m
cuda2tile.coverage` runs them on their own.

Exit status of `coverage`: 0; 1 when the chosen metric is below `--fail-under`, a SRC does not
exist, or the report/database cannot be written; 2 for a database this version cannot use.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import time
from pathlib import Path

from cuda2tile.coverage import history as H
from cuda2tile.coverage import report_json, report_junit, report_markdown, report_sarif, report_text
from cuda2tile.coverage.cache import ScanCache, default_cache_dir
from cuda2tile.coverage.collect import scan_tree
from cuda2tile.coverage.gitinfo import git_state
from cuda2tile.coverage.history_report import history_data, render_json, render_markdown, render_text
from cuda2tile.coverage.summary import METRICS, metric
from cuda2tile.diagnostics import render
from cuda2tile.driver import write_atomically
from cuda2tile.parse.frontend import DEFAULT_MAX_FILE_SIZE, FrontendOptions
from cuda2tile.raise_options import add_raise_argument, raise_idioms

FORMATS = {"text": None, "json": report_json.render, "markdown": report_markdown.render,
           "sarif": report_sarif.render, "junit": report_junit.render}


def add_parsers(subparsers) -> None:
    cov = subparsers.add_parser("coverage", help="report which kernels and CUDA constructs a tree uses and how much "
                                                 "of it cuda2tile converts (text, JSON, Markdown, SARIF, JUnit)")
    cov.add_argument("sources", nargs="+", metavar="SRC", help=".cu files or directories (scanned recursively)")
    cov.add_argument("--report-format", choices=sorted(FORMATS), default="text")
    cov.add_argument("-o", "--output", metavar="FILE", help="write the report here (default: stdout)")
    cov.add_argument("--fail-under", type=float, metavar="PCT", help="exit 1 when the metric is below PCT")
    cov.add_argument("--fail-under-metric", choices=sorted(METRICS), default="kernels",
                     help="what --fail-under measures: kernels converted %% (default), constructs supported %%, "
                          "lines in converted kernels %%")
    cov.add_argument("--parity", action="store_true",
                     help="also check each converted kernel against its numpy reference (slow: builds kernels)")
    cov.add_argument("--seed", type=int, default=0, help="seed of the parity inputs (default 0)")
    cov.add_argument("--db", metavar="FILE", help="append this run to an SQLite history database")
    cov.add_argument("--cache-dir", metavar="DIR", help="scan cache (default $CUDA2TILE_CACHE_DIR or "
                                                        "~/.cache/cuda2tile/coverage)")
    cov.add_argument("--no-cache", action="store_true", help="scan every file, read and write no cache")
    cov.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="processes for files to scan")
    cov.add_argument("--verbose", action="store_true", help="text format: list every kernel and host construct")
    cov.add_argument("-I", dest="include_dirs", action="append", default=[], metavar="DIR")
    cov.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VALUE]")
    cov.add_argument("--std", default="c++17", help="C++ standard (default c++17)")
    cov.add_argument("-p", dest="compile_commands", metavar="DIR", help="directory holding compile_commands.json")
    add_raise_argument(cov)
    cov.set_defaults(func=coverage_command)
    hist = subparsers.add_parser("history", help="coverage trend and the change since the previous run, "
                                                 "from a --db file")
    hist.add_argument("--db", required=True, metavar="FILE", help="the SQLite file `coverage --db` writes")
    hist.add_argument("--limit", type=int, default=20, metavar="N", help="show the last N runs (default 20)")
    hist.add_argument("--report-format", choices=("text", "json", "markdown"), default="text")
    hist.add_argument("-o", "--output", metavar="FILE", help="write here (default: stdout)")
    hist.set_defaults(func=history_command)


def _emit(text: str, output: str | None) -> bool:
    if output is None or output == "-":
        sys.stdout.write(text)
        return True
    try:
        write_atomically(Path(output), text)
    except OSError as err:
        print(f"cuda2tile: error: cannot write {output}: {err}", file=sys.stderr)
        return False
    return True


def coverage_command(args) -> int:
    start = time.perf_counter()
    frontend = FrontendOptions(include_dirs=tuple(args.include_dirs), defines=tuple(args.defines), std=args.std,
                               compile_commands_dir=args.compile_commands, max_file_size=DEFAULT_MAX_FILE_SIZE)
    cache = ScanCache(None if args.no_cache else Path(args.cache_dir) if args.cache_dir else default_cache_dir())
    tree = scan_tree(args.sources, frontend, cache, args.jobs, raise_idioms(args))
    for diag in tree.errors:
        print(render(diag), file=sys.stderr)
    if args.parity:
        from cuda2tile.coverage.parity import run_parity

        run_parity(tree, args.sources, args.seed, progress=lambda c: print(c.describe(), file=sys.stderr, flush=True))
    options = {"parity": args.parity, "include_dirs": args.include_dirs, "defines": args.defines, "std": args.std,
               "fail_under": args.fail_under, "fail_under_metric": args.fail_under_metric,
               "no_raise": sorted({n for group in args.no_raise for n in group})}
    report = report_json.build_report(tree, args.sources, options, git_state(args.sources[0]))
    report["timing"]["seconds"] = round(time.perf_counter() - start, 3)
    if args.report_format == "text":
        text = report_text.render(report, color=args.output is None and sys.stdout.isatty(), verbose=args.verbose)
    else:
        text = FORMATS[args.report_format](report)
    failed = bool(tree.errors) or not _emit(text, args.output)
    if args.db:
        try:
            conn = H.connect(args.db)
            try:
                H.record_run(conn, report, report["timing"]["seconds"])
            finally:
                conn.close()
        except H.HistoryError as err:
            print(f"cuda2tile: error: {err}", file=sys.stderr)
            return 2
        except (OSError, sqlite3.Error) as err:
            print(f"cuda2tile: error: cannot record the run in {args.db}: {err}", file=sys.stderr)
            failed = True
    if args.fail_under is not None:
        value = metric(report["summary"], args.fail_under_metric)
        if value < args.fail_under:
            print(f"cuda2tile: {args.fail_under_metric} coverage {value:.2f}% is below --fail-under "
                  f"{args.fail_under:.2f}%", file=sys.stderr)
            return 1
    return 1 if failed else 0


def history_command(args) -> int:
    if not os.path.exists(args.db):
        print(f"cuda2tile: error: {args.db}: no such history database", file=sys.stderr)
        return 2
    try:
        conn = H.connect(args.db)
        try:
            data = history_data(conn, args.limit)
        finally:
            conn.close()
    except (H.HistoryError, sqlite3.Error) as err:
        print(f"cuda2tile: error: {err}", file=sys.stderr)
        return 2
    render = {"text": render_text, "json": render_json, "markdown": render_markdown}[args.report_format]
    return 0 if _emit(render(data), args.output) else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="cuda2tile")
    add_parsers(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        print("cuda2tile: interrupted", file=sys.stderr)
        return 130
