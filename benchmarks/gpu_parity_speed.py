"""GPU parity and speed: each kernel's original (cupy/NVRTC) against its conversion (TileLang CUDA).

    python benchmarks/gpu_parity_speed.py [SRC...] [--repeat 20] [--arch sm_90] [--json FILE]

For every kernel with a launch spec (or an inferred one) under SRC (default: the bundled corpus)
it runs the parity check on the GPU (`cuda2tile parity --original cupy --converted cuda`), then
times `--repeat` further launches of each side on the same inputs with CUDA events, and prints
per kernel: parity, the median time of one launch of each side, and the speed ratio
converted / original (below 1: the conversion is faster). The summary gives the geometric mean
of the ratios over the kernels that passed. Needs a GPU, cupy and torch with CUDA; exits with
status 2 and a message otherwise. Record results in docs/parity.md with the GPU and driver.

The launch sizes are the specs' (small, test-sized); a kernel that runs for microseconds
measures launch overhead as much as the kernel. Use larger specs for throughput comparisons.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cuda2tile.parity.harness import ParityOptions, run_parity  # noqa: E402
from cuda2tile.parity.original_cupy import available  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", nargs="*", default=[str(ROOT / "corpus")])
    parser.add_argument("--repeat", type=int, default=20, help="timed launches per side (median)")
    parser.add_argument("--arch", help="TileLang CUDA target arch, e.g. sm_90 (default: detected)")
    parser.add_argument("--kernel", action="append", default=[])
    parser.add_argument("--json", metavar="FILE")
    args = parser.parse_args()
    if not available():
        print("gpu_parity_speed: needs cupy and a visible GPU", file=sys.stderr)
        return 2
    try:
        import torch

        if not torch.cuda.is_available():
            raise RuntimeError("torch sees no GPU")
        device = torch.cuda.get_device_name(0)
    except Exception as err:  # torch without CUDA
        print(f"gpu_parity_speed: TileLang's CUDA back end needs torch with CUDA ({err})", file=sys.stderr)
        return 2

    run = run_parity(ParityOptions(tuple(args.sources), kernels=tuple(args.kernel), original="cupy",
                                   converted="cuda", cuda_arch=args.arch, repeat=max(1, args.repeat), jobs=1))
    print(f"device: {device}; median of {args.repeat} launches per side")
    print(f"{'kernel':<58} {'parity':<6} {'original us':>12} {'converted us':>13} {'ratio':>7}")
    ratios, rows = [], []
    for r in run.results:
        if r.status == "skip":
            continue
        o, c = r.timings.get("original_run"), r.timings.get("converted_run")
        ratio = c / o if o and c else None
        if r.status == "pass" and ratio:
            ratios.append(ratio)
        rows.append({"kernel": r.label, "status": r.status, "original_s": o, "converted_s": c, "ratio": ratio,
                     "message": r.message})
        fmt = (lambda s: f"{s * 1e6:12.1f}" if s else f"{'-':>12}")
        print(f"{r.label[:58]:<58} {r.status:<6} {fmt(o)} {fmt(c)} "
              f"{(f'{ratio:7.2f}' if ratio else '      -')}")
        if r.status == "fail" and r.message:
            print("    " + r.message.splitlines()[0][:200])
    failed = sum(r.status == "fail" for r in run.results)
    geo = math.exp(sum(math.log(x) for x in ratios) / len(ratios)) if ratios else float("nan")
    print(f"{len(rows) - failed} passed, {failed} failed; geometric mean converted/original = {geo:.2f} "
          f"over {len(ratios)} kernels ({run.seconds:.0f} s)")
    if args.json:
        Path(args.json).write_text(json.dumps({"device": device, "repeat": args.repeat, "kernels": rows,
                                               "geomean_ratio": geo}, indent=2) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
