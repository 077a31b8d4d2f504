"""`cuda2tile coverage SRC...`: which kernels and CUDA constructs a tree uses and how much of it cuda2tile
converts, as text, JSON, Markdown, SARIF or JUnit (docs/coverage-reports.md).

Exit status: 0; 1 when the chosen metric is below `--fail-under`, a SRC does not exist, there is no
`.cu` file to scan (C2T1007: no report is written), or the report/database cannot be written; 2 for a
database this version cannot use, or --original/--converted without --parity. Parity verdicts (`failed`,
`not checked`) are reported, never an exit status: `--fail-under` is the gate.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time

from cuda2tile.cli.common import (FAILED, OK, USAGE, add_frontend_arguments, add_parity_side_arguments,
                                  add_raise_argument, emit, frontend_options, no_raise, nothing_to_convert,
                                  raise_idioms)
from cuda2tile.defaults import METRICS, REPORT_FORMATS
from cuda2tile.diagnostics import Severity, render


def add_parser(subparsers) -> None:
    cov = subparsers.add_parser("coverage", help="report which kernels and CUDA constructs a tree uses and how much "
                                                 "of it cuda2tile converts (text, JSON, Markdown, SARIF, JUnit)")
    cov.add_argument("sources", nargs="+", metavar="SRC", help=".cu files or directories (scanned recursively)")
    cov.add_argument("--report-format", choices=sorted(REPORT_FORMATS), default="text",
                     help="the report's format (default text)")
    cov.add_argument("-o", "--output", metavar="FILE", help="write the report here (default: stdout)")
    cov.add_argument("--fail-under", type=float, metavar="PCT", help="exit 1 when the metric is below PCT")
    cov.add_argument("--fail-under-metric", choices=sorted(METRICS), default="kernels",
                     help="what --fail-under measures: kernels converted %% (default), constructs supported %%, "
                          "lines in converted kernels %%")
    cov.add_argument("--parity", action="store_true",
                     help="also run each kernel's original CUDA and its conversion on the same inputs and compare "
                          "them, as `cuda2tile parity` does (slow: builds kernels); a kernel without a launch spec "
                          "is `not checked`")
    cov.add_argument("--seed", type=int, default=0, help="seed of the parity inputs (default 0)")
    add_parity_side_arguments(cov, default=None)  # with --parity only
    cov.add_argument("--db", metavar="FILE", help="append this run to an SQLite history database")
    cov.add_argument("--cache-dir", metavar="DIR", help="the cache, shared with `convert` (default "
                                                        "$CUDA2TILE_CACHE_DIR, else ~/.cache/cuda2tile)")
    cov.add_argument("--no-cache", action="store_true", help="scan every file, read and write no cache")
    cov.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="processes for files to scan")
    cov.add_argument("--verbose", action="store_true", help="text format: list every kernel and host construct")
    add_frontend_arguments(cov, instantiate=True)
    add_raise_argument(cov)
    cov.set_defaults(func=run)


def run(args) -> int:
    if not args.parity and (args.original or args.converted):
        print("cuda2tile coverage: error: --original and --converted choose where --parity runs each side; "
              "add --parity", file=sys.stderr)
        return USAGE
    if args.parity:
        from cuda2tile.extras import require_run_extra

        require_run_extra("coverage --parity")  # before the scan of the whole tree
    from cuda2tile.reports import history as H
    from cuda2tile.reports import report_json, report_junit, report_markdown, report_sarif, report_text
    from cuda2tile.reports.collect import scan_sources
    from cuda2tile.reports.gitinfo import git_state
    from cuda2tile.reports.summary import metric
    from cuda2tile.session import ConvertOptions, Session

    formats = {"json": report_json.render, "markdown": report_markdown.render, "sarif": report_sarif.render,
               "junit": report_junit.render}
    start = time.perf_counter()
    frontend = frontend_options(args)
    session = Session(ConvertOptions(frontend=frontend, raise_idioms=raise_idioms(args)), jobs=args.jobs,
                      cache_dir=args.cache_dir, cache=not args.no_cache)
    tree = scan_sources(session, args.sources)
    for diag in tree.errors:
        print(render(diag), file=sys.stderr)
    if not tree.files:  # no report: a percentage of 0 of 0 would claim full coverage
        if not any(d.effective_severity is Severity.ERROR for d in tree.errors):  # else C2T1001 said why
            nothing_to_convert("coverage", args.sources)
        return FAILED
    if args.parity:
        from cuda2tile.reports.parity import run_parity

        sides = run_parity(tree, args.sources, args.seed, progress=lambda c: print(c.describe(), file=sys.stderr,
                                                                                   flush=True),
                           original=args.original, converted=args.converted, jobs=args.jobs, frontend=frontend)
    options = {"parity": args.parity, "include_dirs": args.include_dirs, "defines": args.defines, "std": args.std,
               "fail_under": args.fail_under, "fail_under_metric": args.fail_under_metric,
               "no_raise": sorted(set(no_raise(args)))}
    if args.parity:  # where the sides ran (`auto` resolved), as `cuda2tile parity --json` records it
        options.update(parity_original=sides.get("original"), parity_converted=sides.get("converted"))
    report = report_json.build_report(tree, args.sources, options, git_state(args.sources[0]))
    report["timing"]["seconds"] = round(time.perf_counter() - start, 3)
    if args.report_format == "text":
        text = report_text.render(report, color=args.output is None and sys.stdout.isatty(), verbose=args.verbose)
    else:
        text = formats[args.report_format](report)
    failed = bool(tree.errors) or not emit(text, args.output)
    if args.db:
        try:
            conn = H.connect(args.db)
            try:
                H.record_run(conn, report, report["timing"]["seconds"])
            finally:
                conn.close()
        except H.HistoryError as err:
            print(f"cuda2tile: error: {err}", file=sys.stderr)
            return USAGE
        except (OSError, sqlite3.Error) as err:
            print(f"cuda2tile: error: cannot record the run in {args.db}: {err}", file=sys.stderr)
            failed = True
    if args.fail_under is not None:
        value = metric(report["summary"], args.fail_under_metric)
        if value < args.fail_under:
            print(f"cuda2tile: {args.fail_under_metric} coverage {value:.2f}% is below --fail-under "
                  f"{args.fail_under:.2f}%", file=sys.stderr)
            return FAILED
    return FAILED if failed else OK
