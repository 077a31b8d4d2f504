"""GPU speed: each kernel's original (CuPy, NVRTC) against its conversion (TileLang CUDA), at GPU size.

    python benchmarks/gpu_speed.py [SRC...] [--kernel NAME] [--warmup 5] [--repeat 50] [--arch sm_90a]
                                   [--json FILE] [--markdown FILE] [--small] [--timeout S] [--prebuild-jobs N]

For every launch-spec entry under SRC (default: the bundled corpus) that has a `[kernel.gpu]`
table (docs/launch-spec.md), at the sizes that table gives:
1. inputs from the spec (an entry whose buffers would not fit in the device's free memory is
   skipped with a message);
2. the parity check of `cuda2tile parity --original cupy --converted cuda`: the original through
   NVRTC, the conversion through TileLang's CUDA back end, every writable buffer compared with
   the spec's tolerances (its `[kernel.gpu.tolerance]` if it gives one). A kernel that fails is
   reported with the worst element and left out of the geometric means, never hidden;
3. `--warmup` untimed and `--repeat` timed launches of each side, each between two CUDA events,
   on the same inputs: median and minimum per side, and TFLOP/s (entries with `flops`) or GB/s
   (the spec's `bytes`, else every buffer counted once);
4. speedup = original median / converted median: **above 1 the conversion is faster**.

The summary gives the geometric mean of the speedups over the kernels that passed, overall and
per `group` of `[kernel.gpu]` ("matmul", "reduction", ...), against the goals of issue #7 (>= 1.0
overall, >= 2.0 for the matmul and reduction groups). Each kernel runs in a worker process under
`--timeout` seconds (build and both runs), so a hanging kernel fails alone; `--tiles FILE` gives
raised matrix products the tile shapes `cuda2tile tune --json FILE` chose; `--prebuild-jobs N`
first builds and checks every kernel in N parallel workers, which fills TileLang's and cupy's
disk caches, before the serial timed pass. `--small` runs the same entries at their test sizes.

Needs a GPU, cupy and torch with CUDA: exits with status 2 and a message otherwise. Exit status 1
when a kernel fails (or none was run), else 0. `--original cpu --converted c --small` runs the
plumbing on a machine without a GPU (the timings then mean nothing). Record results in
docs/performance.md with the date and GPU; benchmarks/gpu_device_run.sh runs this on a GPU machine.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cuda2tile.parity.harness import ParityOptions, check_file  # noqa: E402
from cuda2tile.parity.report import FAIL, PASS, SKIP, KernelParity  # noqa: E402
from cuda2tile.spec.launch_spec import KernelSpec, SpecError, load_spec  # noqa: E402

SCHEMA = "cuda2tile.gpu_speed/1"
SPEEDUP = "original median time / converted median time: above 1 the conversion is faster"
# issue #7: the conversion at least as fast as the original overall, twice as fast on these groups
GOALS = {"": 1.0, "matmul": 2.0, "reduction": 2.0}


@dataclass(frozen=True)
class Planned:
    """One spec entry with a [kernel.gpu] table, as found under the sources."""
    cu: str
    display: str
    where: str  # "<stem>.toml#<entry number>", as the harness reports it
    spec: KernelSpec


def plan(sources: list[str], kernels: tuple[str, ...] = ()) -> tuple[list[Planned], list[KernelParity]]:
    """(entries to run, failures of specs that do not load); entries without [kernel.gpu] are left out."""
    from cuda2tile.files import discover

    files, diags = discover(sources, os.path.join(tempfile.gettempdir(), "cuda2tile-gpu-speed-none"))
    errors = [KernelParity(d.loc.file, "*", FAIL, message=d.message, failure="input") for d in diags]
    planned = []
    for cu, display in files:
        toml = Path(cu).with_suffix(".toml")
        if not toml.exists():
            continue
        try:
            specs = load_spec(toml)
        except SpecError as err:
            errors.append(KernelParity(display, "*", FAIL, message=f"{err.code}: {err.message}", failure="spec"))
            continue
        for i, spec in enumerate(specs):
            if spec.gpu is None or (kernels and spec.cuda_name not in kernels and spec.name not in kernels):
                continue
            planned.append(Planned(cu, display, f"{toml.name}#{i + 1}", spec))
    return planned, errors


def tasks_for(planned: list[Planned], options: ParityOptions, out_dir: str) -> list[tuple]:
    """`check_file` arguments: one task per (file, kernel), so that each kernel has its own time limit."""
    seen, tasks = set(), []
    for p in planned:
        key = (p.cu, p.spec.cuda_name)
        if key not in seen:
            seen.add(key)
            tasks.append((p.cu, p.display, replace(options, kernels=(p.spec.cuda_name,)), out_dir))
    return tasks


# ------------------------------------------------------------------------------------------------
# Figures
# ------------------------------------------------------------------------------------------------
def geomean(values) -> float | None:
    values = [v for v in values if v is not None and v > 0 and math.isfinite(v)]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def row(result: KernelParity, planned: Planned | None, small: bool) -> dict:
    """One kernel's line of the table and the JSON."""
    t = result.timings
    spec = planned.spec if planned else None
    if spec is not None and not small and spec.gpu is not None:
        spec = spec.at_gpu_size()
    out = {"kernel": result.label, "where": result.where, "group": spec.gpu.group if spec and spec.gpu else "",
           "status": result.status, "failure": result.failure, "message": result.message,
           "sizes": dict(spec.sizes) if spec else {}, "launch": result.launch,
           "original_median_s": t.get("original_run"), "original_min_s": t.get("original_min"),
           "converted_median_s": t.get("converted_run"), "converted_min_s": t.get("converted_min"),
           "converted_build_s": t.get("converted_build"),
           "outputs": [c.to_json() for c in result.outputs if not c.ok],
           "details": [c.describe() for c in result.outputs if not c.ok]}
    o, c = out["original_median_s"], out["converted_median_s"]
    out["speedup"] = o / c if o and c else None
    out["unit"], out["original_rate"], out["converted_rate"] = None, None, None
    if spec is not None:
        try:
            flops, moved = spec.work()
        except SpecError:
            flops, moved = None, None
        work, unit, scale = (flops, "TFLOP/s", 1e12) if flops is not None else (moved, "GB/s", 1e9)
        if work:
            out["unit"] = unit
            out["original_rate"] = work / o / scale if o else None
            out["converted_rate"] = work / c / scale if c else None
    return out


def summarise(rows: list[dict]) -> dict:
    """Counts, and the geometric means of the speedups of the kernels that passed: overall and per group."""
    passed = [r for r in rows if r["status"] == PASS and r["speedup"]]
    groups = {}
    for name in sorted({r["group"] for r in passed if r["group"]} | {g for g in GOALS if g}):
        members = [r["speedup"] for r in passed if r["group"] == name]
        groups[name] = {"geomean_speedup": geomean(members), "kernels": len(members)}
    overall = geomean(r["speedup"] for r in passed)
    goals = []
    for name, target in GOALS.items():
        value = overall if not name else groups[name]["geomean_speedup"]
        goals.append({"group": name or "all", "target": target, "geomean_speedup": value,
                      "met": None if value is None else value >= target})
    return {"kernels": len(rows), "passed": sum(r["status"] == PASS for r in rows),
            "failed": sum(r["status"] == FAIL for r in rows), "skipped": sum(r["status"] == SKIP for r in rows),
            "timed": len(passed), "geomean_speedup": overall, "groups": groups, "goals": goals,
            "speedup": SPEEDUP}


def environment() -> dict:
    """GPU, driver, CUDA, library versions and the date; a field that cannot be read is None."""
    env = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
           "host": platform.node(), "python": platform.python_version(), "gpu": None, "driver": None,
           "cuda_runtime": None, "cuda_driver_api": None, "tilelang": None, "cupy": None, "torch": None,
           "torch_cuda": None}
    try:
        import cupy

        env["cupy"] = cupy.__version__
        props = cupy.cuda.runtime.getDeviceProperties(0)
        name = props["name"]
        env["gpu"] = name.decode() if isinstance(name, bytes) else str(name)
        env["cuda_runtime"] = _cuda_version(cupy.cuda.runtime.runtimeGetVersion())
        env["cuda_driver_api"] = _cuda_version(cupy.cuda.runtime.driverGetVersion())
    except Exception:
        pass
    try:
        smi = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=20)
        if smi.returncode == 0 and smi.stdout.strip():
            name, driver = [x.strip() for x in smi.stdout.splitlines()[0].split(",", 1)]
            env["driver"] = driver
            env["gpu"] = env["gpu"] or name
    except (OSError, ValueError, subprocess.SubprocessError):
        pass
    try:
        from importlib.metadata import version

        env["tilelang"] = version("tilelang")
    except Exception:
        pass
    try:
        import torch

        env["torch"], env["torch_cuda"] = torch.__version__, torch.version.cuda
    except Exception:
        pass
    return env


def _cuda_version(v: int) -> str:
    return f"{v // 1000}.{v % 1000 // 10}"


def _free_device_bytes() -> int | None:
    try:
        import cupy

        return int(cupy.cuda.runtime.memGetInfo()[0])
    except Exception:  # a stand-in cupy, or no GPU
        return None


def gpu_problem(original: str, converted: str) -> str | None:
    """Why the GPU sides cannot run here, or None."""
    if original == "cupy":
        from cuda2tile.parity.original_cupy import available

        if not available():
            return "the original runs through cupy, which is not installed or sees no GPU"
    if converted == "cuda":
        try:
            import torch

            if not torch.cuda.is_available():
                return "TileLang's CUDA back end needs torch with CUDA, and torch sees no GPU"
        except Exception as err:
            return f"TileLang's CUDA back end needs torch with CUDA ({type(err).__name__}: {err})"
    return None


# ------------------------------------------------------------------------------------------------
# Output
# ------------------------------------------------------------------------------------------------
def _ms(seconds) -> str:
    return f"{seconds * 1e3:.3f}" if seconds else "-"


def _rate(r: dict) -> str:
    if not r["unit"]:
        return "-"
    o, c = r["original_rate"], r["converted_rate"]
    return f"{o:.3g} / {c:.3g} {r['unit']}" if o and c else "-"


def _speed(value) -> str:
    return f"{value:.2f}x" if value else "-"


def table_rows(rows: list[dict]) -> list[list[str]]:
    header = ["kernel", "group", "parity", "original ms (median / min)", "converted ms (median / min)",
              "original / converted rate", "speedup"]
    body = [[r["kernel"], r["group"] or "-", r["status"] if r["status"] != FAIL else f"FAIL ({r['failure']})",
             f"{_ms(r['original_median_s'])} / {_ms(r['original_min_s'])}",
             f"{_ms(r['converted_median_s'])} / {_ms(r['converted_min_s'])}", _rate(r), _speed(r["speedup"])]
            for r in rows]
    return [header, *body]


def summary_lines(summary: dict) -> list[str]:
    lines = [f"{summary['passed']} passed, {summary['failed']} failed, {summary['skipped']} skipped; "
             f"speedup = {SPEEDUP}"]
    for goal in summary["goals"]:
        value = goal["geomean_speedup"]
        count = summary["timed"] if goal["group"] == "all" else summary["groups"][goal["group"]]["kernels"]
        verdict = "no kernel timed" if value is None else ("goal met" if goal["met"] else "goal not met")
        lines.append(f"geometric mean speedup, {goal['group']} ({count} kernels): {_speed(value)} "
                     f"(goal >= {goal['target']:.1f}x: {verdict})")
    for name, g in summary["groups"].items():
        if name not in GOALS:
            lines.append(f"geometric mean speedup, {name} ({g['kernels']} kernels): {_speed(g['geomean_speedup'])}")
    return lines


def print_report(rows: list[dict], summary: dict, env: dict, settings: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(width=max(160, shutil.get_terminal_size().columns))
    table = Table(title=f"{env.get('gpu') or 'no GPU'}: warm-up {settings['warmup']}, {settings['repeat']} timed "
                        f"launches per side ({'test sizes' if settings['small'] else 'GPU sizes'})")
    header, *body = table_rows(rows)
    for i, name in enumerate(header):
        table.add_column(name, justify="left" if i < 3 else "right", overflow="fold")
    for line in body:
        table.add_row(*line)
    console.print(table)
    for r in rows:
        if r["status"] == FAIL and r["message"]:
            console.print(f"{r['kernel']}: {r['message'].splitlines()[0][:300]}", markup=False, highlight=False)
        if r["status"] == FAIL:
            for line in r["details"][:3]:
                console.print(f"{r['kernel']}: {line}", markup=False, highlight=False)
    for line in summary_lines(summary):
        console.print(line, markup=False, highlight=False)


def markdown(rows: list[dict], summary: dict, env: dict, settings: dict) -> str:
    header, *body = table_rows(rows)
    lines = [f"GPU: {env.get('gpu')}, driver {env.get('driver')}, CUDA runtime {env.get('cuda_runtime')}, "
             f"TileLang {env.get('tilelang')}, cupy {env.get('cupy')}, torch {env.get('torch')}; {env.get('date')}; "
             f"warm-up {settings['warmup']}, {settings['repeat']} timed launches per side, arch "
             f"{settings['arch'] or 'detected'}.", "",
             "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell.replace("|", "\\|") for cell in line) + " |" for line in body]
    return "\n".join([*lines, "", *summary_lines(summary)]) + "\n"


# ------------------------------------------------------------------------------------------------
# Command line
# ------------------------------------------------------------------------------------------------
def read_tiles(path: str) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """(factory name, tile shape) pairs from a `cuda2tile tune --json` file."""
    data = json.loads(Path(path).read_text())
    if data.get("schema") != "cuda2tile.tune/1":
        raise SystemExit(f"gpu_speed: {path} is not a `cuda2tile tune --json` file")
    return tuple(sorted((k["factory"], tuple(k["tile"])) for k in data["kernels"]))


def parse_args(argv):
    p = argparse.ArgumentParser(prog="gpu_speed.py", description=__doc__.splitlines()[0])
    p.add_argument("sources", nargs="*", default=[str(ROOT / "corpus")], metavar="SRC")
    p.add_argument("--kernel", action="append", default=[], metavar="NAME", help="only these kernels")
    p.add_argument("--warmup", type=int, default=5, help="untimed launches per side (default 5)")
    p.add_argument("--repeat", type=int, default=50, help="timed launches per side (default 50)")
    p.add_argument("--arch", help="TileLang CUDA target arch, e.g. sm_90a (default: detected)")
    p.add_argument("--json", metavar="FILE", help="write the results as JSON")
    p.add_argument("--markdown", metavar="FILE", help="write the table as Markdown (for docs/performance.md)")
    p.add_argument("--small", action="store_true", help="the same entries at their test sizes, not [kernel.gpu]")
    p.add_argument("--timeout", type=float, default=180.0, metavar="S",
                   help="per kernel, build and both runs (default 180); 0: run in this process, no limit")
    p.add_argument("--prebuild-jobs", type=int, default=0, metavar="N",
                   help="first build and check every kernel in N parallel workers (fills the disk caches)")
    p.add_argument("--budget", type=float, default=0.0, metavar="S",
                   help="stop starting kernels after S seconds in all (the prebuild pass gets half); those left "
                        "are reported as skipped (default: no limit)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--converted-tree", metavar="DIR", help="take converted modules from DIR instead of converting")
    p.add_argument("--tiles", metavar="FILE", help="tile shapes of raised matrix products chosen by `cuda2tile tune "
                                                   "--json FILE` (default: each target's default shape)")
    p.add_argument("--original", choices=("cupy", "cpu"), default="cupy", help=argparse.SUPPRESS)
    p.add_argument("--converted", choices=("cuda", "c"), default="cuda", help=argparse.SUPPRESS)
    return p.parse_args(argv)


def run_all(tasks: list, timeout: float, jobs: int, label: str, total: int,
            deadline: float | None = None) -> list[list[KernelParity]]:
    from cuda2tile.parity.workers import out_of_time, run_tasks

    done = [0]

    def progress(_index, results) -> None:
        done[0] += 1
        for r in results:
            t = r.timings
            speed = (f", {t['original_run'] / t['converted_run']:.2f}x"
                     if t.get("original_run") and t.get("converted_run") and r.status == PASS else "")
            print(f"{label}[{done[0]}/{total}] {r.status.upper()} {r.label} (original {_ms(t.get('original_run'))} ms, "
                  f"converted {_ms(t.get('converted_run'))} ms{speed})", flush=True)

    if timeout <= 0:
        results = []
        for i, task in enumerate(tasks):
            late = deadline is not None and time.monotonic() >= deadline
            results.append(out_of_time(task) if late else check_file(*task))
            progress(i, results[-1])
        return results
    return run_tasks(tasks, jobs=jobs, timeout=timeout, progress=progress, deadline=deadline)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    problem = gpu_problem(args.original, args.converted)
    if problem:
        print(f"gpu_speed: needs a GPU: {problem}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    env = environment()
    free = _free_device_bytes()
    planned, errors = plan(args.sources, tuple(args.kernel))
    size = "small" if args.small else "gpu"
    settings = {"warmup": args.warmup, "repeat": args.repeat, "arch": args.arch, "small": args.small,
                "tiles": args.tiles,
                "seed": args.seed, "timeout": args.timeout, "budget": args.budget or None,
                "original": args.original, "converted": args.converted, "free_device_bytes": free}
    print(f"gpu_speed: {len(planned)} spec entries with [kernel.gpu] ({env.get('gpu') or 'no GPU'}, "
          f"{'test' if args.small else 'GPU'} sizes)", flush=True)
    out_dir = tempfile.mkdtemp(prefix="cuda2tile-gpu-speed-")
    try:
        options = ParityOptions(tuple(args.sources), original=args.original, converted=args.converted,
                                seed=args.seed, cuda_arch=args.arch, converted_tree=args.converted_tree,
                                gpu_size=size, memory_limit=int(free * 0.9) if free else None,
                                repeat=max(1, args.repeat), warmup=max(0, args.warmup), jobs=1,
                                tiles=read_tiles(args.tiles) if args.tiles else ())
        tasks = tasks_for(planned, options, out_dir)
        deadline = time.monotonic() + args.budget if args.budget > 0 else None
        if args.prebuild_jobs > 1 and args.timeout > 0:
            warm = [(cu, display, replace(o, repeat=0), out) for cu, display, o, out in tasks]
            half = time.monotonic() + args.budget / 2 if deadline else None
            first = run_all(warm, args.timeout, args.prebuild_jobs, "prebuild ", len(warm), half)
            # a kernel that hung or killed its worker is not run a second time: its first result stands
            stuck = {i for i, rs in enumerate(first) if rs and all(r.failure in ("timeout", "crash") for r in rs)}
            timed = run_all([t for i, t in enumerate(tasks) if i not in stuck], args.timeout, 1, "",
                            len(tasks) - len(stuck), deadline)
            results = [r for rs in [first[i] for i in sorted(stuck)] + timed for r in rs]
        else:
            results = [r for rs in run_all(tasks, args.timeout, 1, "", len(tasks), deadline) for r in rs]
    finally:
        shutil.rmtree(out_dir, ignore_errors=True)
    by_where = {(p.display, p.where): p for p in planned}
    by_kernel = {(p.display, p.spec.cuda_name): p for p in planned}
    rows = [row(r, by_where.get((r.source, r.where)) or by_kernel.get((r.source, r.kernel)), args.small)
            for r in [*errors, *results]]
    summary = summarise(rows)
    settings["seconds"] = round(time.perf_counter() - start, 1)
    print_report(rows, summary, env, settings)
    if args.json:
        Path(args.json).write_text(json.dumps({"schema": SCHEMA, "environment": env, "settings": settings,
                                               "summary": summary, "kernels": rows}, indent=2) + "\n")
    if args.markdown:
        Path(args.markdown).write_text(markdown(rows, summary, env, settings))
    return 1 if summary["failed"] or not summary["passed"] else 0


if __name__ == "__main__":
    sys.exit(main())
