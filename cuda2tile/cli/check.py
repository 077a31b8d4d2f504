"""`cuda2tile check OUT_OR_SRC...`: lower every converted kernel for every target and print a kernels x
targets matrix, with one clang-style diagnostic per failing cell (cuda2tile/portability/check.py,
docs/portability.md).

Exit status: 0 when every kernel is ok on every target; 1 when any cell fails or a `--kernel` name
matches no kernel (C2T1008); 2 on a usage error (an unknown target) or no input.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from cuda2tile.cli.common import (FAILED, OK, USAGE, add_raise_argument, add_verbose_argument, raise_idioms,
                                  unknown_kernels, warnings_note)
from cuda2tile.defaults import DEFAULT_TARGETS

if TYPE_CHECKING:
    from cuda2tile.portability.check import KernelRow, ModuleJob


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "check",
        help="lower every converted kernel for CUDA, HIP, Metal, WebGPU and C; report a kernels x targets matrix",
        description="Lower every converted kernel for each target (CUDA compiled with nvcc where found; C built and "
                    "run once on its launch spec's inputs) and report per kernel and target: ok, or the failing stage "
                    "with a C2T14xx code, TileLang's message and the CUDA line.")
    parser.add_argument("inputs", nargs="+", metavar="OUT_OR_SRC",
                        help="a tree (or file) written by `cuda2tile convert`, or CUDA sources to convert first")
    parser.add_argument("--targets", default=DEFAULT_TARGETS, metavar="LIST",
                        help=f"comma-separated targets (default {DEFAULT_TARGETS})")
    parser.add_argument("--kernel", action="append", default=[], metavar="NAME", help="check only these kernels")
    parser.add_argument("-o", "--output", metavar="OUT",
                        help="where CUDA sources are converted to (default: a temp dir)")
    parser.add_argument("--sources", metavar="DIR",
                        help="the CUDA tree a converted tree came from (for launch specs and source lines)")
    parser.add_argument("--json", metavar="FILE", help="write the matrix and every result as JSON")
    parser.add_argument("-j", "--jobs", type=int, default=0, metavar="N",
                        help="parallel worker processes (default: the number of CPUs, at most 8)")
    parser.add_argument("--no-nvcc", action="store_true", help="lower CUDA targets without compiling with nvcc")
    parser.add_argument("--no-run", action="store_true", help="build C kernels without running them")
    parser.add_argument("--no-cache", action="store_true",
                        help="ignore remembered outcomes (TileLang's cache still applies)")
    parser.add_argument("--wgsl", choices=("auto", "off"), default="auto",
                        help="validate WGSL with the optional `wgpu` package when it works (default auto)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the C run's inputs (default 0)")
    parser.add_argument("--quiet", action="store_true", help="print only the failures and the summary line")
    add_verbose_argument(parser)
    add_raise_argument(parser)
    parser.set_defaults(func=run)


def _source_lines(row: KernelRow, cache: dict, jobs_by_module: dict) -> list[str] | None:
    job = jobs_by_module.get(row.module)
    if job is None or not job.cu_path:
        return None
    if job.cu_path not in cache:
        try:
            cache[job.cu_path] = Path(job.cu_path).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            cache[job.cu_path] = None
    return cache[job.cu_path]


def run(args) -> int:
    from cuda2tile.diagnostics import render
    from cuda2tile.files import write_atomically
    from cuda2tile.portability.check import CheckOptions, check_jobs, collect_jobs, diagnostics_of, render_table
    from cuda2tile.portability.targets import parse_targets

    try:
        targets = tuple(parse_targets(args.targets))
    except ValueError as err:
        print(f"cuda2tile check: error: {err}", file=sys.stderr)
        return USAGE
    options = CheckOptions(targets, nvcc=not args.no_nvcc, run_c=not args.no_run, use_cache=not args.no_cache,
                           wgsl=args.wgsl != "off", seed=args.seed, kernels=tuple(args.kernel))
    workers = args.jobs if args.jobs > 0 else min(os.cpu_count() or 1, 8)
    input_diags: list = []
    with tempfile.TemporaryDirectory(prefix="cuda2tile-check-") as tmp:
        jobs, not_converted = collect_jobs(args.inputs, args.output or tmp, args.sources, tuple(args.kernel),
                                           input_diags, raise_idioms(args))
        for diag in input_diags:
            print(render(diag), file=sys.stderr)
        if not jobs:
            print("cuda2tile check: error: no converted modules or CUDA sources found", file=sys.stderr)
            return USAGE

        def progress(job: ModuleJob, rows: list[KernelRow], seconds: float) -> None:
            if not args.quiet:
                bad = sum(c.status != "ok" for r in rows for c in r.cells)
                print(f"checked {job.display}: {len(rows)} kernels, {bad} failing cells ({seconds:.1f} s)",
                      file=sys.stderr, flush=True)

        report = check_jobs(jobs, options, workers, progress)
        report.not_converted = not_converted
        jobs_by_module = {(job.module_display or job.module): job for job in jobs}
        if not args.quiet:
            print(render_table(report))
            print()
            for note in report.notes:
                print(f"note: {note}")
        cache: dict = {}
        lines_of = lambda row: _source_lines(row, cache, jobs_by_module)  # noqa: E731
        for diag, row in diagnostics_of(report, lines_of):
            print(render(diag, lines_of(row)))
        caught = 0
        for row in report.rows:
            for cell in row.cells:
                caught += len(cell.tilelang_warnings)
                if args.verbose:
                    for line in cell.tilelang_warnings:
                        print(f"{row.label} [{cell.target}]: tilelang: {line}")
        cells = sum(len(r.cells) for r in report.rows)
        hits = sum(c.cached for r in report.rows for c in r.cells)
        per_target = ", ".join(f"{t.name} {'/'.join(map(str, report.passed(t.name)))}" for t in targets)
        print(f"check: {len(report.rows)} kernels x {len(targets)} targets: {per_target} "
              f"({report.seconds:.1f} s, {hits}/{cells} outcomes from cache)"
              + (f"; {not_converted} kernels not converted" if not_converted else "")
              + warnings_note(caught, args.verbose))
        if args.json:
            write_atomically(Path(args.json), json.dumps(report.to_json(), indent=2) + "\n")
    if args.kernel and unknown_kernels("check", args.kernel, {row.kernel for row in report.rows},
                                       args.inputs + ([args.sources] if args.sources else [])):
        return FAILED
    return OK if report.ok else FAILED
