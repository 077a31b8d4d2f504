"""Dashboard build time: `cuda2tile dashboard` on a generated history of 1,000 kernels x 20 runs.

    python benchmarks/dashboard_build.py [--kernels 1000] [--runs 20] [--repeat 5] [--corpus]

Writes the history through `cuda2tile.reports.history.record_run` (benchmarks/synthetic_history.py,
seeded), then times the whole command in a fresh process each time (`python -m cuda2tile dashboard
--db DB -o SITE`: interpreter start-up, imports, reading the history, rendering, writing the site)
and reports the median, the fastest and the slowest of `--repeat` runs into a new SITE_DIR (as in
CI) and over an existing site (which is removed: on a slow file system that costs as much as writing
it), and the site's size. Acceptance: under 5 s. `--corpus` also times the bundled corpus with
`--src corpus` after one `cuda2tile coverage corpus --db` run (a warm scan cache, as in CI after the
coverage step).
Record results in docs/dashboard.md with the machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from synthetic_history import generate  # noqa: E402  (benchmarks/, the script's own folder)


def timed(argv: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - start


def report(label: str, times: list[float], site: Path) -> None:
    files = [p for p in site.rglob("*") if p.is_file()]
    size = sum(p.stat().st_size for p in files)
    print(f"{label}: median {statistics.median(times):.2f} s (fastest {min(times):.2f} s, slowest {max(times):.2f} s, "
          f"{len(times)} runs); {len(files)} files, {size / 2**20:.1f} MiB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernels", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--corpus", action="store_true", help="also time the corpus with --src (warm scan cache)")
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory(prefix="c2t-dashboard-bench-") as tmp:
        db, site = Path(tmp) / "history.db", Path(tmp) / "site"
        start = time.perf_counter()
        generate(db, args.kernels, args.runs, seed=0)
        print(f"generated {args.kernels} kernels x {args.runs} runs in {time.perf_counter() - start:.2f} s "
              f"({db.stat().st_size / 2**20:.1f} MiB)")
        dashboard = [sys.executable, "-m", "cuda2tile", "dashboard"]
        print("command:", " ".join(["python"] + dashboard[1:]))
        times = [timed(dashboard + ["--db", str(db), "-o", str(site) + f"-{i}", "--quiet"], env)
                 for i in range(args.repeat)]
        report(f"dashboard, {args.kernels} kernels x {args.runs} runs, new SITE_DIR", times, Path(str(site) + "-0"))
        times = [timed(dashboard + ["--db", str(db), "-o", str(site) + "-0", "--quiet"], env)
                 for _ in range(args.repeat)]
        report("same, replacing the previous site in SITE_DIR", times, Path(str(site) + "-0"))
        if args.corpus:
            cdb, cache, csite = Path(tmp) / "corpus.db", Path(tmp) / "cache", Path(tmp) / "corpus-site"
            subprocess.run([sys.executable, "-m", "cuda2tile", "coverage", "corpus", "--db", str(cdb),
                            "--cache-dir", str(cache), "-o", os.devnull], check=True, env=env, cwd=ROOT)
            command = dashboard + ["--db", str(cdb), "-o", str(csite), "--src", "corpus", "--cache-dir", str(cache),
                                   "--quiet"]
            times = [timed(command, env) for _ in range(args.repeat)]
            report("dashboard --src corpus (warm scan cache)", times, csite)
    return 0


if __name__ == "__main__":
    sys.exit(main())
