"""CPU SIMT runtime throughput: simulated CUDA threads per second, barrier-free and barrier-heavy.

    python benchmarks/cpu_runtime_throughput.py [--repeat 5] [--threads 4194304]

Two corpus kernels run on the CPU runtime (`cuda2tile.parity.cpu_runtime`), the way the parity
harness runs originals:
* `saxpy` (blas1/level1.cu): no barrier, so the runtime's fast path (plain loops over the threads
  of a block, no fibers);
* `reduce_tree` (cooperative/block_reduce.cu): a shared-memory tree reduction with 9
  `__syncthreads()` per thread in 256-thread blocks, so one fiber per CUDA thread and a switch at
  every barrier.

Each is timed in-process (`isolate=False`: the kernel alone) and isolated (`isolate=True`, the
harness's default: a forked child, buffers copied through shared memory). The median of
`--repeat` launches after one warm-up launch is reported as simulated threads/s (grid x block /
seconds) and, for the reduction, barrier waits/s. Builds are cached and not timed. Record results
in docs/parity.md with the machine.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cuda2tile.parity.cpu_runtime import build  # noqa: E402

CORPUS = ROOT / "corpus"


def median_seconds(launch, repeat: int) -> float:
    launch()  # warm-up: page faults, lazy binding, fiber stacks
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        launch()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--threads", type=int, default=1 << 22, help="simulated threads per launch (default 4M)")
    args = parser.parse_args()
    rng = np.random.default_rng(0)

    saxpy = build(CORPUS / "blas1/level1.cu", ["saxpy"])
    reduce = build(CORPUS / "cooperative/block_reduce.cu", ["reduce_tree"])

    n = args.threads
    block = 256
    grid = (n + block - 1) // block
    x = rng.uniform(-1, 1, n).astype(np.float32)
    y = rng.uniform(-1, 1, n).astype(np.float32)
    partial = np.zeros(grid, dtype=np.float32)
    barriers_per_thread = 1 + int(np.log2(block))  # the load, then one per tree level

    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
          f"median of {args.repeat} launches, {grid} blocks x {block} threads = {grid * block} threads")
    print(f"{'kernel':<12} {'mode':<11} {'seconds':>9} {'threads/s':>12} {'barrier waits/s':>16}")
    for isolate in (False, True):
        mode = "isolated" if isolate else "in-process"
        s = median_seconds(lambda: saxpy.launch("saxpy", grid, block, [n, 2.5, x, y], isolate=isolate,
                                                timeout=None), args.repeat)
        print(f"{'saxpy':<12} {mode:<11} {s:9.3f} {grid * block / s:12.3e} {'-':>16}")
        s = median_seconds(lambda: reduce.launch("reduce_tree", grid, block, [n, x, partial], isolate=isolate,
                                                 timeout=None), args.repeat)
        print(f"{'reduce_tree':<12} {mode:<11} {s:9.3f} {grid * block / s:12.3e} "
              f"{grid * block * barriers_per_thread / s:16.3e}")
    expected = x.reshape(grid, block).astype(np.float64).sum(axis=1)
    assert np.allclose(partial, expected, rtol=1e-4, atol=1e-3), "reduce_tree gave a wrong result"
    return 0


if __name__ == "__main__":
    sys.exit(main())
