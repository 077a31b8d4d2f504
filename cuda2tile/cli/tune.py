"""`cuda2tile tune PATH...`: choose the tile shape of every raised matrix product that has a launch spec
with TileLang's autotuner (cuda2tile/tune/command.py, docs/idioms.md).

    cuda2tile tune corpus/linalg --target c                       # on this machine's CPU
    cuda2tile tune corpus --target cuda --gpu-size --json tiles.json   # on a GPU, at [kernel.gpu] sizes

Exit status: 0 when every selected kernel was tuned, 1 when one failed or none was found (C2T1008: a
`--kernel` name that matches no kernel), 2 on bad usage.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from cuda2tile.cli.common import FAILED, OK, USAGE, unknown_kernels


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "tune", help="choose the tile shape of raised matrix products with TileLang's autotuner",
        description="Convert, check every candidate tile shape against the default shape's results on the "
                    "launch spec's inputs, time the shapes that agree with TileLang's autotuner, print the best. "
                    "See docs/idioms.md.")
    p.add_argument("sources", nargs="+", metavar="PATH", help=".cu files or directories (scanned recursively)")
    p.add_argument("--kernel", action="append", default=[], metavar="NAME", help="tune only these kernels")
    p.add_argument("--target", choices=("c", "cuda"), default="c",
                   help="TileLang back end to tune for (default c: the CPU; cuda needs a GPU)")
    p.add_argument("--arch", metavar="ARCH", help="CUDA arch for --target cuda (e.g. sm_90a)")
    p.add_argument("--gpu-size", action="store_true", help="use the specs' [kernel.gpu] sizes")
    p.add_argument("--max-shapes", type=int, default=0, metavar="N",
                   help="try at most N candidate shapes per kernel besides the default (default: all)")
    p.add_argument("--warmup", type=int, default=3, metavar="N", help="untimed launches per shape (default 3)")
    p.add_argument("--repeat", type=int, default=10, metavar="N", help="timed launches per shape (default 10)")
    p.add_argument("--json", metavar="FILE", help="write the results (chosen shapes) as JSON")
    p.set_defaults(func=run)


def _cuda_ready() -> bool:
    try:
        import torch
    except ImportError:
        return False
    return torch.cuda.is_available()


def run(args) -> int:
    from cuda2tile.files import write_atomically
    from cuda2tile.extras import require_run_extra
    from cuda2tile.tune.command import TuneOptions, tune_all

    require_run_extra("tune")  # on a light install the hint, not "needs a GPU" from the check below
    if args.target == "cuda" and not _cuda_ready():
        print("cuda2tile tune: error: --target cuda needs a GPU and torch with CUDA", file=sys.stderr)
        return USAGE
    options = TuneOptions(tuple(args.sources), tuple(args.kernel), args.target, args.arch, args.gpu_size,
                          args.max_shapes, args.warmup, args.repeat)
    tuned = tune_all(options, progress=lambda line: print(line, flush=True))
    for text in tuned.problems:
        print(text, file=sys.stderr)
    if args.json:
        write_atomically(Path(args.json), json.dumps(tuned.to_json(), indent=2) + "\n")
    if args.kernel and unknown_kernels("tune", args.kernel, [t.kernel for _, t in tuned.results],
                                       args.sources):
        return FAILED
    if not tuned.results and not tuned.failures:
        print("cuda2tile tune: no raised matrix product with a launch spec was found", file=sys.stderr)
        return FAILED
    return FAILED if tuned.failures else OK
