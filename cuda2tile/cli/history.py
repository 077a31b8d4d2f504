"""`cuda2tile history --db FILE`: the coverage trend and the change since the previous run, from the
database `cuda2tile coverage --db` writes (docs/coverage-reports.md).

Exit status: 0; 1 when the output cannot be written; 2 for a missing or unusable database.
"""

from __future__ import annotations

import os
import sqlite3
import sys

from cuda2tile.cli.common import FAILED, OK, USAGE, emit


def add_parser(subparsers) -> None:
    hist = subparsers.add_parser("history", help="coverage trend and the change since the previous run, "
                                                 "from a --db file")
    hist.add_argument("--db", required=True, metavar="FILE", help="the SQLite file `coverage --db` writes")
    hist.add_argument("--limit", type=int, default=20, metavar="N", help="show the last N runs (default 20)")
    hist.add_argument("--report-format", choices=("text", "json", "markdown"), default="text",
                      help="the report's format (default text)")
    hist.add_argument("-o", "--output", metavar="FILE", help="write here (default: stdout)")
    hist.set_defaults(func=run)


def run(args) -> int:
    from cuda2tile.reports import history as H
    from cuda2tile.reports.history_report import history_data, render_json, render_markdown, render_text

    if not os.path.exists(args.db):
        print(f"cuda2tile: error: {args.db}: no such history database", file=sys.stderr)
        return USAGE
    try:
        conn = H.connect(args.db)
        try:
            data = history_data(conn, args.limit)
        finally:
            conn.close()
    except (H.HistoryError, sqlite3.Error) as err:
        print(f"cuda2tile: error: {err}", file=sys.stderr)
        return USAGE
    render = {"text": render_text, "json": render_json, "markdown": render_markdown}[args.report_format]
    return OK if emit(render(data), args.output) else FAILED
