"""Translation throughput: kernels per second for parse + lift + emit (no TileLang compilation).

    python benchmarks/translation_throughput.py [--repeat 5] [SRC...]

Converts the sources (default: the bundled corpus) `--repeat` times in one process, after one
warm-up pass, and reports the median kernels/s and files/s. Output is not written to disk, so
the figure is the compiler's own speed. Record results in docs/performance.md with the machine.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cuda2tile.driver import ConvertOptions, convert_source  # noqa: E402
from cuda2tile.files import discover  # noqa: E402


def run_once(files) -> tuple[float, int]:
    start = time.perf_counter()
    kernels = 0
    for path, display in files:
        result, _text = convert_source(path, display, ConvertOptions())
        kernels += sum(k.status != "unsupported" for k in result.kernels)
    return time.perf_counter() - start, kernels


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sources", nargs="*", default=[str(ROOT / "corpus")])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    files, _ = discover(args.sources, "/nonexistent-output")
    run_once(files)  # warm-up: imports, libclang load
    times = []
    kernels = 0
    for _ in range(args.repeat):
        seconds, kernels = run_once(files)
        times.append(seconds)
    median = statistics.median(times)
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"{len(files)} files, {kernels} kernels converted per pass, {args.repeat} passes")
    print(f"median {median:.3f} s per pass: {kernels / median:.1f} kernels/s, {len(files) / median:.1f} files/s "
          f"(min {min(times):.3f} s, max {max(times):.3f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
