"""`cuda2tile verify SRC...`: convert, run every kernel that has a launch spec on TileLang's C back end
and compare it with its numpy reference (docs/launch-spec.md).

Exit status: 0 when every checked kernel passes; 1 when one fails, none was checked, a SRC cannot be read
(C2T1001), there is no `.cu` file (C2T1007) or a `--kernel` name matches no kernel (C2T1008).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from cuda2tile.cli.common import (FAILED, OK, add_raise_argument, add_verbose_argument, input_errors, print_diagnostics,
                                  raise_idioms, unknown_kernels, warnings_note)
from cuda2tile.files import write_atomically


def add_parser(subparsers) -> None:
    ver = subparsers.add_parser("verify", help="convert, run on TileLang's C back end, compare with numpy references")
    ver.add_argument("sources", nargs="+", metavar="SRC", help=".cu files or directories with launch specs")
    ver.add_argument("-o", "--output", metavar="OUT", help="where converted modules go (default: a temp dir)")
    ver.add_argument("--kernel", action="append", default=[], metavar="NAME", help="check only these kernels")
    ver.add_argument("--cuda-arch", metavar="ARCH", help="also lower for CUDA and compile with nvcc (e.g. sm_90)")
    ver.add_argument("--seed", type=int, default=0, help="seed of the random inputs (default 0)")
    ver.add_argument("--json", metavar="FILE", help="write the results as JSON")
    add_verbose_argument(ver)
    add_raise_argument(ver)
    ver.set_defaults(func=run)


def run(args) -> int:
    from cuda2tile.extras import require_run_extra

    require_run_extra("verify")  # before converting anything: the hint, not a tree's worth of work first
    if input_errors("verify", args.sources):  # nothing to check: the reason, coded, not "0 passed, 0 failed"
        return FAILED
    from cuda2tile.parity.verify_references import check_tree  # imports TileLang: only when asked
    from cuda2tile.runtime import converted_modules
    from cuda2tile.session import ConvertOptions, Session

    session = Session(ConvertOptions(raise_idioms=raise_idioms(args)), cache=False)
    with tempfile.TemporaryDirectory(prefix="cuda2tile-verify-") as tmp:
        failed = 0
        results = []
        for src in args.sources:
            out = os.path.join(args.output or tmp, os.path.basename(os.path.normpath(src)) or "out")
            files, _ = session.discover([src], out)
            for converted in converted_modules(session, files, out, load=False):  # check_tree loads them
                print_diagnostics(converted.result, sys.stderr)
            root = Path(src)
            results += check_tree(root, Path(out), tuple(args.kernel),
                                  args.cuda_arch, args.seed,
                                  progress=lambda c: print(c.describe(args.verbose), flush=True))
        failed = sum(not r.ok for r in results)
        caught = sum(len(r.warnings) for r in results)
        print(f"verify: {len(results) - failed} passed, {failed} failed{warnings_note(caught, args.verbose)}")
        if args.json:
            write_atomically(Path(args.json), json.dumps([r.to_json() for r in results], indent=2) + "\n")
    if args.kernel and unknown_kernels("verify", args.kernel, {r.kernel for r in results}, args.sources):
        return FAILED
    return FAILED if failed or not results else OK
