"""`cuda2tile parity PATH...`: run the original CUDA kernels and their conversions on the same inputs and
compare every writable buffer (cuda2tile/parity/harness.py, docs/parity.md).

Exit status: 0 when every checked kernel passes; 1 when one fails, nothing was checked, a SRC cannot be
read (C2T1001), there is no `.cu` file (C2T1007) or a `--kernel` name matches no kernel (C2T1008); 2 on bad
usage.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from cuda2tile.cli.common import (FAILED, OK, USAGE, add_frontend_arguments, add_parity_side_arguments,
                                  add_raise_argument, input_errors, raise_idioms, unknown_kernels)


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "parity", help="run original CUDA kernels and their conversions on the same inputs and compare",
        description="Convert (or take converted modules), build both sides, run them on the same inputs and "
                    "compare every writable buffer. Exit status 1 when any kernel fails. See docs/parity.md.")
    p.add_argument("sources", nargs="+", metavar="PATH", help=".cu files or directories (scanned recursively)")
    p.add_argument("--kernel", action="append", default=[], metavar="NAME", help="check only these kernels")
    p.add_argument("--spec", metavar="FILE", help="launch spec for the (single) .cu file (default: <stem>.toml)")
    p.add_argument("--infer", action="store_true",
                   help="ignore spec files; infer every launch from the host code's constant-size launches")
    add_parity_side_arguments(p)
    p.add_argument("--converted-tree", metavar="DIR", help="take converted modules from DIR (a `cuda2tile convert` "
                                                           "output tree) instead of converting")
    p.add_argument("-o", "--output", metavar="OUT", help="where converted modules go (default: a temporary dir)")
    p.add_argument("--seed", type=int, default=0, help="seed of the random inputs (default 0)")
    p.add_argument("--timeout", type=float, default=10.0, metavar="S",
                   help="per-launch time limit on the CPU, each side (default 10 s)")
    p.add_argument("--ulp", type=int, metavar="N", help="compare floats by ULP distance (<= N) instead of "
                                                        "tolerances")
    p.add_argument("--json", metavar="FILE", help="write the results as JSON")
    p.add_argument("-j", "--jobs", type=int, default=0, metavar="N",
                   help="worker processes (default: the number of CPUs)")
    p.add_argument("--no-isolate", action="store_true",
                   help="run converted C kernels in-process (faster; a hang or crash stops the run)")
    p.add_argument("--cuda-arch", metavar="ARCH", help="TileLang CUDA target arch for --converted cuda (e.g. sm_90)")
    p.add_argument("--repeat", type=int, default=0, metavar="N",
                   help="GPU: time N extra launches per side and report the median")
    p.add_argument("--barriers", choices=("auto", "strict", "lenient"), default="auto",
                   help="CPU original: threads that exit before a __syncthreads() are divergence (strict), "
                        "count as arrived like on GPUs (lenient), or auto: strict, retried lenient when the "
                        "converter accepted the kernel (default)")
    add_frontend_arguments(p, std_help="C++ standard for parsing (default c++17)", compile_commands=False)
    p.add_argument("-v", "--verbose", action="store_true",
                   help="also print every compared buffer and TileLang's own warnings under each kernel (counted in "
                        "the summary either way; docs/tilelang-warnings.md)")
    add_raise_argument(p)
    p.set_defaults(func=run)


def parity_options(args):
    """The harness's ParityOptions of the parsed `args`."""
    from cuda2tile.parity.harness import ParityOptions

    return ParityOptions(
        sources=tuple(args.sources), kernels=tuple(args.kernel), spec=args.spec, original=args.original,
        converted=args.converted, seed=args.seed, timeout=args.timeout, ulp=args.ulp, output=args.output,
        converted_tree=args.converted_tree, infer=args.infer, include_dirs=tuple(args.include_dirs),
        defines=tuple(args.defines), std=args.std, jobs=args.jobs or (os.cpu_count() or 1),
        isolate=not args.no_isolate, cuda_arch=args.cuda_arch, repeat=args.repeat, barriers=args.barriers,
        raise_idioms=raise_idioms(args))


def run(args) -> int:
    if args.spec and not (len(args.sources) == 1 and os.path.isfile(args.sources[0])):
        print("cuda2tile parity: error: --spec needs exactly one .cu file", file=sys.stderr)
        return USAGE
    if input_errors("parity", args.sources):  # nothing to check: the reason, coded, not "0 passed, 1 failed"
        return FAILED
    from cuda2tile.parity.harness import run_parity
    from cuda2tile.parity.report import SKIP, summary_line, to_json

    options = parity_options(args)

    def progress(result) -> None:
        print(result.describe(args.verbose), flush=True)

    parity = run_parity(options, progress)
    print(summary_line(parity.results, parity.seconds, args.verbose), flush=True)
    if args.json:
        from cuda2tile.files import write_atomically

        write_atomically(Path(args.json), json.dumps(to_json(parity.results, parity.seconds, parity.settings),
                                                     indent=2) + "\n")
    if args.kernel and unknown_kernels("parity", args.kernel, {r.kernel for r in parity.results if r.kernel != "*"},
                                       args.sources):
        return FAILED
    if not any(r.status != SKIP for r in parity.results):
        print("cuda2tile parity: nothing was checked", file=sys.stderr)
        return FAILED
    return OK if parity.ok else FAILED
