"""`cuda2tile tune PATH...`: tune the tile shape of every raised matrix product that has a launch spec.

    cuda2tile tune corpus/linalg --target c                       # on this machine's CPU
    cuda2tile tune corpus --target cuda --gpu-size --json tiles.json   # on a GPU, at [kernel.gpu] sizes

Each kernel is converted (idioms raised), its spec's inputs run through every candidate shape, the
shapes that agree with the default shape are timed by TileLang's autotuner, and one line per kernel
gives the default and the best shape with their times and the ratio. `--json` writes the chosen
shapes; `benchmarks/gpu_speed.py --tiles FILE` and the factories' `tile=` argument take them.
Exit status: 0 when every selected kernel was tuned, 1 when one failed or none was found, 2 on
bad usage.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

SCHEMA = "cuda2tile.tune/1"


def add_parser(subparsers) -> argparse.ArgumentParser:
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
    return p


def _plans(sources: list[str], kernels: tuple[str, ...], gpu_size: bool, out: list[str]):
    """(cu path, display name, spec) for each spec entry of a file under `sources`; problems go to `out`."""
    from cuda2tile.diagnostics import render
    from cuda2tile.driver import discover
    from cuda2tile.spec.launch_spec import SpecError, load_spec

    files, diags = discover(sources, tempfile.gettempdir())
    out.extend(render(d) for d in diags)
    for path, display in files:
        toml = Path(path).with_suffix(".toml")
        if not toml.exists():
            continue
        try:
            specs = load_spec(toml)
        except SpecError as err:
            out.append(f"{toml}: {err}")
            continue
        for spec in specs:
            if kernels and spec.name not in kernels and spec.cuda_name not in kernels:
                continue
            if gpu_size:
                if spec.gpu is None:
                    continue
                spec = spec.at_gpu_size()
            yield path, display, spec


def run(args) -> int:
    from cuda2tile.driver import ConvertOptions, convert_source, output_path, write_atomically
    from cuda2tile.parity.converted import load_module
    from cuda2tile.tune.autotune import TuneError, tune_kernel
    from cuda2tile.tune.space import gemm_tiles

    if args.target == "cuda":
        try:
            import torch

            if not torch.cuda.is_available():
                raise ImportError
        except ImportError:
            print("cuda2tile tune: error: --target cuda needs a GPU and torch with CUDA", file=sys.stderr)
            return 2
    problems: list[str] = []
    results, failures = [], 0
    modules: dict[str, object] = {}
    with tempfile.TemporaryDirectory(prefix="cuda2tile-tune-") as tmp:
        for path, display, spec in _plans(args.sources, tuple(args.kernel), args.gpu_size, problems):
            if display not in modules:
                result, text = convert_source(path, display, ConvertOptions())
                module_path = output_path(tmp, display)
                modules[display] = None
                if text is not None:
                    write_atomically(module_path, text)
                    modules[display] = load_module(module_path)
            module = modules[display]
            info = getattr(module, "KERNELS", {}).get(spec.cuda_name) if module is not None else None
            if info is None or "tile_product" not in info:
                continue  # not converted, or not a raised matrix product: nothing to tune
            space = gemm_tiles(args.target, info["tile_product"])
            if args.max_shapes:
                space = space[:args.max_shapes]
            print(f"tune {display}:{spec.cuda_name} ({len(space)} shapes, {args.target})", flush=True)
            try:
                tuned = tune_kernel(info, spec, args.target, args.arch, space, args.warmup, args.repeat,
                                    progress=lambda text: print("  " + text, flush=True))
            except TuneError as err:
                failures += 1
                print(f"FAIL {display}:{spec.cuda_name}: {err}", flush=True)
                continue
            results.append((display, tuned))
            print(f"{display}:{tuned.kernel}: default {tuned.default} {tuned.default_ms:.4f} ms, best {tuned.best} "
                  f"{tuned.best_ms:.4f} ms, {tuned.speedup:.2f}x ({len(tuned.accepted)} shapes agree, "
                  f"{len(tuned.rejected)} rejected)", flush=True)
    for text in problems:
        print(text, file=sys.stderr)
    if args.json:
        payload = {"schema": SCHEMA, "target": args.target, "arch": args.arch, "gpu_size": args.gpu_size,
                   "kernels": [{"source": display, **t.to_json()} for display, t in results]}
        write_atomically(Path(args.json), json.dumps(payload, indent=2) + "\n")
    if not results and not failures:
        print("cuda2tile tune: no raised matrix product with a launch spec was found", file=sys.stderr)
        return 1
    return 1 if failures else 0
