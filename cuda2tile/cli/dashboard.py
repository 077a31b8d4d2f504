"""`cuda2tile dashboard --db FILE -o SITE_DIR`: a static migration-progress site from a `coverage --db`
history (docs/dashboard.md).

Exit status: 0; 1 when the site cannot be written (or a --src / --parity-json input is unusable);
2 for a missing or unusable history database.
"""

from __future__ import annotations

import os
import sys

from cuda2tile.cli.common import FAILED, OK, add_frontend_arguments, frontend_options


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "dashboard", help="write a static migration-progress site (overview, kernel table, kernel pages, "
                          "constructs) from a `coverage --db` history",
        description="Write a self-contained static site from the history `cuda2tile coverage SRC --db FILE` "
                    "records: open SITE_DIR/index.html from disk, or publish SITE_DIR as a CI artifact or "
                    "Pages site. Nothing is fetched at view time. See docs/dashboard.md.")
    p.add_argument("--db", required=True, metavar="FILE", help="the SQLite history `coverage --db` writes")
    p.add_argument("-o", "--output", required=True, metavar="SITE_DIR",
                   help="the site's directory (replaced when it holds an earlier dashboard)")
    p.add_argument("--src", action="append", default=[], metavar="DIR",
                   help="the tree given to `coverage` (repeatable): kernel pages then show the CUDA source beside "
                        "the emitted TileLang, with the diagnostics inline (from the scan cache where warm)")
    p.add_argument("--parity-json", action="append", default=[], metavar="FILE",
                   help="`cuda2tile parity --json` or `cuda2tile verify --json` output (repeatable): error figures "
                        "per buffer, and the speed ratio when both sides ran on a GPU")
    p.add_argument("--title", metavar="NAME",
                   help="the project's name in page titles (default: the name of the git work tree holding --src, "
                        "or the recorded tree; outside git, the tree's folder, or its parent's for a generic name "
                        "such as src or csrc)")
    p.add_argument("--history", type=int, default=20, metavar="N",
                   help="runs shown in each kernel's history (default 20; the chart shows every run)")
    p.add_argument("--cache-dir", metavar="DIR", help="scan cache for --src (default: the one `coverage` uses)")
    p.add_argument("--no-cache", action="store_true", help="with --src: convert every file, read and write no cache")
    p.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1, help="processes for files to scan")
    add_frontend_arguments(p)
    p.add_argument("--quiet", action="store_true", help="print nothing but errors")
    p.set_defaults(func=run)


def run(args) -> int:
    from cuda2tile.dashboard.parity import ParityFileError
    from cuda2tile.dashboard.site import DashboardError, build_site
    from cuda2tile.session import ConvertOptions, Session

    frontend = frontend_options(args)
    session = Session(ConvertOptions(frontend=frontend), jobs=args.jobs, cache_dir=args.cache_dir,
                      cache=not args.no_cache) if args.src else None
    try:
        result = build_site(args.db, args.output, sources=args.src, parity_json=args.parity_json, session=session,
                            title=args.title, history_runs=args.history)
    except DashboardError as err:
        print(f"cuda2tile: error: {err}", file=sys.stderr)
        return err.status
    except ParityFileError as err:
        print(f"cuda2tile: error: {err}", file=sys.stderr)
        return FAILED
    except OSError as err:
        print(f"cuda2tile: error: cannot write the dashboard to {args.output}: {err}", file=sys.stderr)
        return FAILED
    if not args.quiet:
        for note in result.notes:
            print(f"cuda2tile: note: {note}", file=sys.stderr)
        print(f"cuda2tile: dashboard of {result.kernels} kernels over {result.runs} runs: {result.pages} pages in "
              f"{result.output} ({result.seconds:.2f} s); open {result.output / 'index.html'}", file=sys.stderr)
    return OK
