"""The README's dashboard screenshot, docs/images/dashboard-overview.png, regenerated.

    .venv/bin/python benchmarks/dashboard_screenshot.py [-o docs/images/dashboard-overview.png]
        [--work DIR] [--width 1280] [--until trend-h] [-j 1]

Replays the bundled corpus's history: a shared clone of this repository (`git clone --shared`,
nothing written to this one) is checked out at each commit that changed `corpus/*.cu`, and the
current cuda2tile (this work tree's, not the clone's) scans it with `cuda2tile coverage corpus --db`
(no `--parity`: it builds every kernel, which is slow), so each commit is one recorded run with its
commit on the chart's axis. Then `cuda2tile dashboard --src corpus` at the last commit, and a
screenshot of its index.html in headless Chromium (tests/dashboard/dashboard_cdp.py) at WIDTH px,
from the top down to the end of the section whose heading has the id --until (default trend-h:
the totals, the inventory and parse health, the progress chart and the burn-down; about 1,900 px),
or the whole page with --until "". Needs git and Chromium (Debian's `chromium`, or
CUDA2TILE_CHROMIUM); takes about 15 s with -j 1 on 2 cores. The history, scan cache and site stay
in --work (default: a new temporary directory, removed at the end unless --keep).
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "dashboard"))

from dashboard_cdp import Browser  # noqa: E402  (tests/dashboard/: the browser tests' CDP driver)

# The bottom of the overview section labelled by the heading with this id, in page pixels (null: none).
BOTTOM_JS = """(() => {{ const s = document.querySelector('section[aria-labelledby="{0}"]');
  return s ? Math.ceil(s.getBoundingClientRect().bottom + window.scrollY) : null; }})()"""


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def cuda2tile(args: list[str], cwd: Path, jobs: int) -> None:
    # -P: do not put the working directory (the clone, which holds an older cuda2tile) on sys.path.
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    subprocess.run([sys.executable, "-P", "-m", "cuda2tile", *args, "-j", str(jobs)], cwd=cwd, env=env, check=True)


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    return struct.unpack(">II", head[16:24])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-o", "--output", type=Path, default=ROOT / "docs" / "images" / "dashboard-overview.png")
    parser.add_argument("--work", type=Path, help="where the clone, history, cache and site go (default: a temporary "
                                                  "directory)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--until", default="trend-h", help="cut below the section with this heading id "
                                                           "(default trend-h, the charts); '' for the whole page")
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--title", default="corpus", help="the project's name on the pages (default corpus)")
    args = parser.parse_args()

    commits = git("log", "--reverse", "--format=%h", "--", "corpus/*.cu").split()
    work = args.work or Path(tempfile.mkdtemp(prefix="c2t-screenshot-"))
    work.mkdir(parents=True, exist_ok=True)
    clone, db, cache, site = work / "cuda2tile", work / "coverage.db", work / "cache", work / "site"
    for stale in (clone, site):
        if stale.exists():
            shutil.rmtree(stale)
    if db.exists():
        db.unlink()
    try:
        git("clone", "-q", "--shared", str(ROOT), str(clone))
        for n, commit in enumerate(commits, 1):
            start = time.perf_counter()
            git("checkout", "-q", "--detach", commit, cwd=clone)
            cuda2tile(["coverage", "corpus", "--db", str(db), "--cache-dir", str(cache), "-o", os.devnull], clone,
                      args.jobs)
            print(f"run {n}/{len(commits)}: {commit} in {time.perf_counter() - start:.1f} s", flush=True)
        cuda2tile(["dashboard", "--db", str(db), "--src", "corpus", "--cache-dir", str(cache), "--title", args.title,
                   "-o", str(site), "--quiet"], clone, args.jobs)

        with Browser.launch() as browser:
            tab = browser.page(args.width, 900)
            tab.goto((site / "index.html").as_uri())
            if tab.errors:
                raise SystemExit(f"the overview logged errors: {tab.errors}")
            full = tab.evaluate("document.documentElement.scrollHeight")
            bottom = tab.evaluate(BOTTOM_JS.format(args.until)) if args.until else None
            if args.until and bottom is None:
                raise SystemExit(f"no section labelled by #{args.until} on the overview")
            tab.resize(args.width, min(full, bottom + 16) if bottom else full)
            tab.screenshot(args.output)
        width, height = png_size(args.output)
        print(f"{args.output}: {width} x {height} px (page {full} px), {args.output.stat().st_size / 1024:.0f} KiB, "
              f"{len(commits)} runs ({' '.join(commits)})")
    finally:
        if args.work is None and not args.keep:
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"history, cache and site kept in {work}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
