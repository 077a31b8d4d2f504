"""Scale benchmark: the real CLI on a generated tree of 500+ `.cu` files, cold and warm, with memory.

    python benchmarks/scale_convert.py [--files 500] [--json FILE] [--keep DIR]

Generates (deterministically, into a temp dir) `--files` `.cu` files, each two bundled corpus files
joined into one, with every name they declare at file scope suffixed (`saxpy` -> `saxpy_a17`) and
their float literals varied (`2.5f` -> `2.5017f`), so no two files share a cache key. Then runs
`python -m cuda2tile convert TREE -o OUT --quiet --report R --cache-dir C --jobs N` in subprocesses,
from a copy of the package taken at the start (edits to the checkout during the run would change
the tool's identity and make every warm lookup a miss):

  cold --jobs 1 (fresh cache), warm (the same cache again: checked to be all hits), cold --jobs 2,
  and cold --jobs 1 on the first quarter and half of the tree, to show peak memory against files.

Each run is timed from outside (wall clock of the whole command, interpreter start included) and its
peak memory taken two ways: the largest RSS of any one process (getrusage RUSAGE_CHILDREN of a
wrapper that waits for the CLI, which waits for its workers) and, when psutil is installed, the
largest sum over the CLI and its workers sampled every 20 ms. Kernels counted are those the report
gives as converted or partial. Record results in docs/performance.md with the machine and its load.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
NOT_NAMES = {"__launch_bounds__", "__attribute__", "__align__", "__declspec", "sizeof", "decltype", "alignas",
             "alignof", "static_assert", "if", "for", "while", "switch", "return", "operator", "defined"}
_TOKENS = re.compile(r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|^[ \t]*#[^\n]*(?:\\\n[^\n]*)*'
                     r'|[A-Za-z_]\w*|\S', re.S | re.M)


def file_scope_names(text: str) -> set[str]:
    """Names a corpus file declares outside any function: functions, globals, types, macros."""
    names: set[str] = set()
    depth = parens = angle = 0
    previous: list[str] = []
    for match in _TOKENS.finditer(text):
        tok = match.group()
        if tok.startswith(("//", "/*", '"', "'")):
            continue
        if tok.lstrip().startswith("#"):
            define = re.match(r"\s*#\s*define\s+([A-Za-z_]\w*)", tok)
            if define:
                names.add(define.group(1))
            continue
        if tok == "{":
            depth += 1
        elif tok == "}":
            depth -= 1
        elif tok == "(":
            if depth == 0 and parens == 0 and previous and re.fullmatch(r"[A-Za-z_]\w*", previous[-1]):
                names.add(previous[-1])
            parens += 1
        elif tok == ")":
            parens -= 1
        elif tok == "<" and previous and previous[-1] == "template":
            angle += 1
        elif tok == ">" and angle:
            angle -= 1
        elif depth == 0 and parens == 0 and not angle and tok in ("[", "=", ";", ",") and previous:
            if re.fullmatch(r"[A-Za-z_]\w*", previous[-1]) and len(previous) > 1 and previous[-2] not in ("=",):
                names.add(previous[-1])
        elif depth == 0 and len(previous) and previous[-1] in ("struct", "class", "enum", "union", "using"):
            names.add(tok)
        previous = (previous + [tok])[-3:]
    return {n for n in names if n not in NOT_NAMES and not n.startswith("__")}


def derive(text: str, suffix: str, variant: int) -> tuple[list[str], str]:
    """(#include lines, body) of a corpus file with its names suffixed and float literals varied."""
    includes = [line for line in text.splitlines() if line.startswith("#include")]
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#include"))
    for name in sorted(file_scope_names(text), key=len, reverse=True):
        body = re.sub(rf"\b{re.escape(name)}\b", f"{name}_{suffix}", body)
    body = re.sub(r"\b(\d+\.\d+)f\b", lambda m: f"{m.group(1)}{variant:04d}f", body)
    return includes, body


def generate(root: Path, count: int) -> list[Path]:
    """`count` files in four sub-trees part1..part4 (so runs on a quarter or half reuse them)."""
    sources = sorted(CORPUS.rglob("*.cu"))
    paths = []
    for i in range(count):
        a, b = sources[i % len(sources)], sources[(7 * i + 3) % len(sources)]
        if a == b:
            b = sources[(i + 1) % len(sources)]
        inc_a, body_a = derive(a.read_text(), f"a{i}", i)
        inc_b, body_b = derive(b.read_text(), f"b{i}", i + 1)
        includes = list(dict.fromkeys(inc_a + inc_b))
        part = root / f"part{1 + 4 * i // count}"
        path = part / f"g{i:04d}_{a.stem}_{b.stem}.cu"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(includes) + f"\n// from {a.relative_to(CORPUS)}\n{body_a}\n"
                        f"// from {b.relative_to(CORPUS)}\n{body_b}\n")
        paths.append(path)
    return paths


_WRAPPER = """
import resource, subprocess, sys, time
start = time.perf_counter()
# --quiet still prints diagnostics
rc = subprocess.call(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
wall = time.perf_counter() - start
print(rc, wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def snapshot_tool(work: Path) -> Path:
    """A copy of cuda2tile and op_coverage: edits made to the checkout while the benchmark runs would
    change the tool's identity, and so turn the warm run into a cold one (which is what they should do)."""
    tool = work / "tool"
    for package in ("cuda2tile", "op_coverage"):
        shutil.copytree(ROOT / package, tool / package, ignore=shutil.ignore_patterns("__pycache__"))
    return tool


def run(label: str, sources: list[Path], out: Path, cache: Path, jobs: int, tool: Path) -> dict:
    report = out.with_suffix(".json")
    command = [sys.executable, "-m", "cuda2tile", "convert", *map(str, sources), "-o", str(out), "--quiet",
               "--report", str(report), "--cache-dir", str(cache), "--jobs", str(jobs)]
    wrapper = subprocess.Popen([sys.executable, "-c", _WRAPPER, *command], stdout=subprocess.PIPE, text=True,
                               env=dict(os.environ, CI="1", PYTHONPATH=str(tool)), cwd=tool)
    peak_sum = _sample_tree(wrapper)
    rc, wall, maxrss_kib = wrapper.communicate()[0].split()
    summary = json.loads(report.read_text())["summary"]
    kernels = summary["converted"] + summary["partial"]
    row = {"run": label, "jobs": jobs, "files": summary["files"], "kernels": kernels,
           "unsupported": summary["unsupported"], "exit": int(rc), "seconds": round(float(wall), 3),
           "kernels_per_s": round(kernels / float(wall), 1), "files_per_s": round(summary["files"] / float(wall), 1),
           "peak_rss_mib_largest_process": round(int(maxrss_kib) / 1024, 1),
           "peak_rss_mib_all_processes": None if peak_sum is None else round(peak_sum / 2**20, 1)}
    print(f"{label:<14} jobs={jobs} files={row['files']:>4} kernels={kernels:>5} {row['seconds']:>7.2f} s "
          f"{row['kernels_per_s']:>7.1f} kernels/s {row['files_per_s']:>6.1f} files/s  peak RSS "
          f"{row['peak_rss_mib_largest_process']:.0f} MiB (one process), "
          f"{'-' if peak_sum is None else round(peak_sum / 2**20)} MiB (all)", flush=True)
    return row


def _entries(cache: Path) -> dict[str, int]:
    return {str(p): p.stat().st_mtime_ns for p in (cache / "results").rglob("*.json")}


def _sample_tree(proc: subprocess.Popen) -> int | None:
    try:
        import psutil
    except ImportError:
        proc.wait()
        return None
    peak = 0
    root = psutil.Process(proc.pid)
    while proc.poll() is None:
        total = 0
        try:
            for p in root.children(recursive=True):
                try:
                    total += p.memory_info().rss
                except psutil.Error:
                    pass
        except psutil.Error:
            pass
        peak = max(peak, total)
        time.sleep(0.02)
    return peak


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=500)
    parser.add_argument("--json", metavar="FILE", help="write the figures as JSON")
    parser.add_argument("--keep", metavar="DIR", help="generate into DIR and keep it (default: a temp dir)")
    args = parser.parse_args()
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="cuda2tile-scale-"))
    if work.exists() and args.keep:
        shutil.rmtree(work)
    try:
        tree = work / "tree"
        generate(tree, args.files)
        parts = sorted(p for p in tree.iterdir() if p.is_dir())
        load = os.getloadavg()[0]
        print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
              f"load average {load:.2f}; tree: {args.files} files in {work}", flush=True)
        tool = snapshot_tool(work)
        rows = [run("cold", parts, work / "cold1", work / "cache1", 1, tool)]
        entries = _entries(work / "cache1")
        rows.append(run("warm", parts, work / "warm1", work / "cache1", 1, tool))
        all_hits = len(entries) == args.files and _entries(work / "cache1") == entries  # nothing rewritten
        rows += [run("cold", parts, work / "cold2", work / "cache2", 2, tool),
                 run("cold quarter", parts[:1], work / "q1", work / "cacheq", 1, tool),
                 run("cold half", parts[:2], work / "h1", work / "cacheh", 1, tool)]
        same = all((work / "cold1" / p.relative_to(work / "cold1")).read_bytes()
                   == (work / d / p.relative_to(work / "cold1")).read_bytes()
                   for p in (work / "cold1").rglob("*.py") for d in ("cold2", "warm1"))
        speedup = rows[0]["seconds"] / rows[1]["seconds"]
        print(f"warm ({'all' if all_hits else 'NOT all'} files read from the cache) is {speedup:.1f}x faster "
              f"than cold --jobs 1; cold --jobs 2 is {rows[0]['seconds'] / rows[2]['seconds']:.2f}x --jobs 1; "
              f"outputs of the three runs identical: {same}")
        if args.json:
            Path(args.json).write_text(json.dumps(
                {"date": time.strftime("%Y-%m-%d"), "machine": platform.machine(), "cores": os.cpu_count(),
                 "python": platform.python_version(), "load_average": round(load, 2), "files": args.files,
                 "runs": rows, "warm_speedup": round(speedup, 1), "warm_all_hits": all_hits,
                 "outputs_identical": same}, indent=2) + "\n")
        return 0 if same and all_hits and all(r["exit"] == 0 for r in rows) else 1
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
