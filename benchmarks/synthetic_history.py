"""A generated coverage history, for the dashboard's benchmark and tests: N kernels over M runs.

    python benchmarks/synthetic_history.py history.db --kernels 1000 --runs 20

Each run is a coverage report (the fields `history.record_run` reads) written through
`history.record_run`, so the database is exactly what `cuda2tile coverage --db` would leave:
kernels appear over the runs, each is blocked by zero to two real blocking constructs of
`op_coverage` until the run that "fixes" it, parity is checked from a third of the runs on, and a
few kernels regress. Seeded: the same arguments give the same database (but for its file).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import op_coverage  # noqa: E402
from cuda2tile import __version__  # noqa: E402
from cuda2tile.reports import history as H  # noqa: E402

AREAS = ("attention", "blas", "conv", "elementwise", "fft", "norm", "reduce", "scan", "sort", "stencil")
SUPPORTED = ("threadIdx.x", "blockIdx.x", "blockDim.x", "if/else", "float", "int", "__global__", "expf")


def _blockers(rng: random.Random) -> tuple[list[str], list[float]]:
    """Real blocking device constructs, a few of them common (Zipf-like weights), as in real trees."""
    device = sorted(r.cuda for r in op_coverage.ALL_CONSTRUCTS if r.status.value in ("unsupported", "planned")
                    and r.category not in op_coverage.HOST_CATEGORIES and r.code)
    rng.shuffle(device)
    return device[:40], [1.0 / (i + 1) for i in range(min(40, len(device)))]


def generate(db: str | Path, kernels: int = 1000, runs: int = 20, seed: int = 0, kernels_per_file: int = 5) -> None:
    rng = random.Random(seed)
    blockers, weights = _blockers(rng)
    files = []
    for i in range((kernels + kernels_per_file - 1) // kernels_per_file):
        area = AREAS[i % len(AREAS)]
        files.append(f"src/{area}/{'v2/' if i % 3 == 0 else ''}{area}_{i:04d}.cu")
    plan = []
    for i in range(kernels):
        blocking = sorted(set(rng.choices(blockers, weights, k=rng.choice((0, 0, 1, 1, 1, 2)))))
        fixed_at = 0 if not blocking else rng.choice([r for r in range(1, runs)] + [runs] * max(runs // 3, 1))
        plan.append({"file": files[i // kernels_per_file], "name": f"kernel_{i:04d}", "line": 10 + 20 * (i % kernels_per_file),
                     "born": 0 if i < kernels * 4 // 5 else rng.randrange(runs), "blocking": blocking,
                     "fixed_at": fixed_at, "verified_at": None if rng.random() < 0.1 else rng.randrange(runs // 3, runs + 4),
                     "regress": rng.random() < 0.01})
    conn = H.connect(db)
    start = datetime(2026, 11, 1, 9, 0, tzinfo=timezone.utc)
    try:
        for run in range(runs):
            H.record_run(conn, _report(plan, run, runs, start + timedelta(days=run, minutes=rng.randrange(600))),
                         seconds=round(rng.uniform(0.5, 3.0), 2))
    finally:
        conn.close()


def _report(plan: list[dict], run: int, runs: int, when: datetime) -> dict:
    by_name = {r.cuda: r for r in op_coverage.ALL_CONSTRUCTS}
    parity_ran = run >= runs // 3
    by_file: dict[str, dict] = {}
    totals = {"converted": 0, "unsupported": 0, "passed": 0, "failed": 0, "not checked": 0, "constructs": 0,
              "supported": 0}
    for p in plan:
        if p["born"] > run:
            continue
        f = by_file.setdefault(p["file"], {"path": p["file"], "seconds": 0.05, "kernels": [], "occurrences": []})
        converted = run >= p["fixed_at"] and not (p["regress"] and run == runs - 2)
        blocking = [] if converted else p["blocking"] or ["__threadfence"]
        parity = None
        if parity_ran:
            if not converted:
                parity = {"status": "not checked", "seconds": 0.0, "reason": "not converted"}
            elif p["verified_at"] is not None and run >= p["verified_at"]:
                parity = {"status": "passed", "seconds": 0.4, "error": None, "max_abs_error": 1.19e-07,
                          "max_rel_error": 2.4e-08, "max_ulp": 1.0, "original": "cpu", "converted": "c"}
            elif p["verified_at"] is not None and run + 1 == p["verified_at"]:
                parity = {"status": "failed", "seconds": 0.4, "error": "y: 3/4096 elements differ (rtol=1e-05 atol=1e-06)",
                          "max_abs_error": 0.5, "max_rel_error": 0.25, "max_ulp": 4194304.0, "original": "cpu",
                          "converted": "c"}
            else:
                parity = {"status": "not checked", "seconds": 0.0, "reason": "no launch spec"}
        codes = sorted({by_name[c].code for c in blocking if c in by_name and by_name[c].code})
        f["kernels"].append({"name": p["name"], "line": p["line"], "status": "converted" if converted else "unsupported",
                             "diagnostics": [{"code": c} for c in codes], "blocking": blocking, "parity": parity})
        for c in SUPPORTED:
            f["occurrences"].append({"construct": c, "scope": "device", "status": "supported"})
        for c in blocking:
            record = by_name.get(c)
            f["occurrences"].append({"construct": c, "scope": "device",
                                     "status": record.status.value if record else "unknown"})
        totals["converted" if converted else "unsupported"] += 1
        totals["constructs"] += len(SUPPORTED) + len(blocking)
        totals["supported"] += len(SUPPORTED)
        if parity:
            totals[parity["status"]] += 1
    kernels = totals["converted"] + totals["unsupported"]
    return {
        "generated_at": when.isoformat(timespec="seconds"), "tool_version": __version__, "sources": ["src"],
        "options": {"parity": parity_ran, "synthetic": True},
        "git": {"commit": hashlib.sha1(f"run {run}".encode()).hexdigest(), "branch": "main", "dirty": False},
        "timing": {"seconds": 1.0, "files_cached": len(by_file), "files_scanned": 0},
        "summary": {"files": len(by_file),
                    "kernels": {"total": kernels, "converted": totals["converted"], "partial": 0,
                                "unsupported": totals["unsupported"]},
                    "parity": {"ran": parity_ran, "passed": totals["passed"], "failed": totals["failed"],
                               "not_checked": totals["not checked"]},
                    "constructs": {"total": totals["constructs"], "supported": totals["supported"]},
                    "lines": {"kernel_lines": kernels * 15, "converted_lines": totals["converted"] * 15}},
        "files": list(by_file.values()),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python benchmarks/synthetic_history.py", description=__doc__.split("\n")[0])
    parser.add_argument("db", help="the SQLite file to write (appended to when it exists)")
    parser.add_argument("--kernels", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    generate(args.db, args.kernels, args.runs, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
