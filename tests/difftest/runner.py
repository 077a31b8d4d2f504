"""Differential testing: generated CUDA kernels, converted, run on both sides, compared.

    .venv/bin/python -m tests.difftest.runner --seed 1 --count 200 --jobs 2
    .venv/bin/python -m tests.difftest.runner --seed 1 --count 5000 --budget-s 3600 --save-findings out/difftest
    .venv/bin/python -m tests.difftest.runner --seed 1 --index 17                     # reproduce one, verbosely
    .venv/bin/python -m tests.difftest.runner --seed 1 --index 17 --write out/dt     # and keep its .cu/.toml
    .venv/bin/python -m tests.difftest.runner --seed 1 --count 8 --plant drop-barrier   # a planted miscompile
    .venv/bin/python -m tests.difftest.runner --seed 1 --count 20 --lower                # lower for CUDA and HIP

Each program (tests/difftest/generator.py, identified by `(seed, index)`) is written as a `.cu` file with
its launch spec beside it and checked the way `cuda2tile parity FILE --original cpu --converted c` checks
it: `cuda2tile.parity.harness.check_file` (conversion through the library's session, the original on
the CPU SIMT runtime, the conversion on TileLang's C back end, every writable buffer compared). Outcomes:

    pass      both sides agree
    mismatch  a finding: the conversion computes something else (a miscompile)
    refusal   a finding: the converter refused a construct the generator only emits because it is supported
    crash     a finding: the conversion does not build or run, the harness failed, or a worker died
    hang      a finding: no answer within --timeout seconds (the worker is killed, a fresh one goes on)
    invalid   a finding against the tester: the original itself does not build or run on the CPU runtime
    lowering  (with --lower) a finding: the conversion does not lower for a target, or nvcc rejects it

Programs run in `--jobs` spawned worker processes (TileLang is not fork-safe), each with its own
temporary CPU-runtime and TileLang caches, so a long run leaves nothing behind. Exit status 1 when
there is any finding. `--save-findings DIR` writes each finding's program as DIR/<seed>_<index>.cu,
.toml and .txt (the verdict); `python -m tests.difftest.reduce` shrinks one.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import re
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # plants.py (and through it tests/ir_mutations.py), in workers too
    sys.path.insert(0, str(HERE))
if __package__:  # `python -m tests.difftest.runner`; under pytest tests/difftest is on sys.path instead
    from . import program as P
    from .generator import KNOWN_BUGS, features, generate
else:
    import program as P
    from generator import KNOWN_BUGS, features, generate

FINDINGS = ("mismatch", "refusal", "crash", "hang", "invalid", "lowering")
_ORIGINAL_FAILURES = {"barrier divergence", "warp divergence", "timeout", "crash", "compile error", "launch error"}


@dataclass(frozen=True)
class Finding:
    index: int
    kind: str
    detail: str
    code: str = ""  # the diagnostic code of a refusal

    def reproducer(self, seed: int, plant: str | None = None, avoid_all: bool = True) -> str:
        extra = (f" --plant {plant}" if plant else "") + ("" if avoid_all else " --no-avoid")
        if self.kind == "lowering":
            return f".venv/bin/python -m tests.difftest.runner --seed {seed} --start {self.index} --count 1 --lower{extra}"
        return f".venv/bin/python -m tests.difftest.runner --seed {seed} --index {self.index}{extra}"


@dataclass
class DiffReport:
    seed: int
    count: int
    jobs: int
    plant: str | None = None
    avoid_all: bool = True  # generated steering around every known bug (else: --no-avoid)
    wall_s: float = 0.0
    findings: list[Finding] = field(default_factory=list)
    outcomes: Counter = field(default_factory=Counter)
    seconds: list[float] = field(default_factory=list)  # per program, inside its worker
    features: Counter = field(default_factory=Counter)  # construct -> programs that use it
    feature_counts: list[int] = field(default_factory=list)  # constructs per program
    planted: list[int] = field(default_factory=list)  # programs the planted mutation changed

    @property
    def checked(self) -> int:
        return sum(self.outcomes.values())

    def summary(self) -> str:
        n = self.checked
        secs = sorted(self.seconds)
        timing = (f"per program: mean {statistics.mean(secs):.2f} s, median {statistics.median(secs):.2f} s, "
                  f"max {secs[-1]:.2f} s (in a worker)" if secs else "per program: -")
        universe = len(self.features)
        share = (f"constructs: {universe} seen, {statistics.mean(self.feature_counts):.1f} per program "
                 f"({100 * statistics.mean(self.feature_counts) / universe:.0f}%)" if self.feature_counts else "")
        lines = [f"difftest seed={self.seed} programs={n}/{self.count} jobs={self.jobs}"
                 f"{' plant=' + self.plant + f' (changed {len(self.planted)})' if self.plant else ''} "
                 f"wall={self.wall_s:.1f}s ({n / self.wall_s if self.wall_s else 0:.2f} programs/s)",
                 "outcomes: " + ", ".join(f"{k}={v}" for k, v in sorted(self.outcomes.items())), timing, share]
        for f in self.findings:
            said = [ln.strip() for ln in f.detail.splitlines() if ln.strip()]
            wrong = [ln for ln in said[1:] if " differ " in ln]  # a mismatch: the first buffer that differs
            last = wrong[0] if wrong else (said[1] if len(said) > 1 else said[0]) if said else ""
            lines.append(f"  {f.kind}{' ' + f.code if f.code else ''} at index {f.index}: {last[:300]}\n"
                         f"    reproduce: {f.reproducer(self.seed, self.plant, self.avoid_all)}")
        return "\n".join(x for x in lines if x)


# ------------------------------------------------------------------------------------------------
# One program
# ------------------------------------------------------------------------------------------------
def write_program(prog: P.Program, directory: Path) -> Path:
    """`directory/dt_<seed>_<index>.cu` and its `.toml`; returns the `.cu` path."""
    directory.mkdir(parents=True, exist_ok=True)
    cu = directory / f"dt_{prog.seed}_{prog.index}.cu"
    cu.write_text(P.to_cuda(prog))
    cu.with_suffix(".toml").write_text(P.to_spec(prog))
    return cu


def classify(results) -> dict:
    """The verdict of the harness's results for the one kernel: {"kind", "detail", "code"}."""
    if len(results) != 1:
        return {"kind": "crash", "detail": "expected one result, got "
                + "; ".join(r.describe(True) for r in results), "code": ""}
    r = results[0]
    detail = r.describe(True)
    if r.status == "pass":
        return {"kind": "pass", "detail": "", "code": ""}
    failure = r.failure or ""
    code = ""
    if failure == "mismatch":
        kind = "mismatch"
    elif failure == "not-converted":
        kind = "refusal"
        found = re.search(r"C2T\d{4}", r.message or "")
        code = found.group(0) if found else ""
    elif failure in _ORIGINAL_FAILURES or r.status == "skip":
        kind = "invalid"
    else:
        kind = "crash"
    return {"kind": kind, "detail": detail, "code": code}


def check_program(prog: P.Program, workdir: Path, timeout: float = 20.0, cache_dir: str | None = None) -> dict:
    """Write `prog` under `workdir`, run the parity harness on it (as `cuda2tile parity` does, CPU
    original and C conversion), and classify the result; adds "seconds"."""
    from cuda2tile.parity.harness import ParityOptions, check_file

    start = time.perf_counter()
    cu = write_program(prog, workdir)
    options = ParityOptions((str(cu),), original="cpu", converted="c", seed=0, timeout=timeout, jobs=1,
                            cache_dir=cache_dir)
    out = workdir / "converted"
    out.mkdir(exist_ok=True)
    verdict = classify(check_file(str(cu), cu.name, options, str(out)))
    verdict["seconds"] = time.perf_counter() - start
    for path in (cu, cu.with_suffix(".toml")):
        path.unlink(missing_ok=True)
    return verdict


# ------------------------------------------------------------------------------------------------
# Workers
# ------------------------------------------------------------------------------------------------
def _worker(conn, plant: str | None, timeout: float) -> None:
    """Serve jobs until the pipe closes: `(seed, index, avoid)` (generated here) or a `Program` (the reducer's),
    with caches of its own in a temporary folder."""
    with tempfile.TemporaryDirectory(prefix="c2t-difftest-") as tmp:
        os.environ["TILELANG_CACHE_DIR"] = os.path.join(tmp, "tilelang")
        os.environ.setdefault("TILELANG_PRINT_ON_COMPILATION", "0")
        from plants import planted  # imports cuda2tile: after the cache settings

        with planted(plant) as patch:
            while True:
                try:
                    job = conn.recv()
                except EOFError:
                    return
                before = patch.applied if patch else 0
                try:
                    prog = job if isinstance(job, P.Program) else generate(job[0], job[1], avoid=job[2])
                    feats = sorted(features(prog))
                    verdict = check_program(prog, Path(tmp) / "work", timeout, os.path.join(tmp, "cpu_runtime"))
                except BaseException as err:  # the generator's or the harness's own failure: a finding
                    import traceback

                    verdict = {"kind": "crash", "detail": f"exception escaped: {type(err).__name__}: {err}\n"
                                                          + traceback.format_exc(), "code": "", "seconds": 0.0}
                    feats = []
                verdict["features"] = feats
                verdict["planted"] = bool(patch and patch.applied > before)
                conn.send(verdict)


class Worker:
    """One spawned worker process (TileLang is not fork-safe) and the job it runs, if any."""

    def __init__(self, plant: str | None = None, timeout: float = 20.0):
        ctx = mp.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, args=(child, plant, timeout), daemon=True)
        self.proc.start()
        child.close()
        self.index: int | None = None
        self.deadline = 0.0
        self.started = False

    def submit(self, job, index: int | None, limit: float) -> None:
        first = not self.started  # a worker's first program also pays for importing TileLang
        self.started = True
        self.index = index
        self.deadline = time.monotonic() + limit * (2 if first else 1)
        self.conn.send(job)

    def stop(self, kill: bool) -> None:
        if kill:
            self.proc.kill()
        self.conn.close()
        self.proc.join(timeout=30)

    def check(self, prog: P.Program, limit: float) -> tuple[dict, bool]:
        """Run one program to its verdict; (verdict, whether the worker had to be killed: then start a new one)."""
        self.submit(prog, -1, limit)
        ready = wait([self.conn, self.proc.sentinel], timeout=max(0.0, self.deadline - time.monotonic()))
        if self.conn in ready or self.conn.poll():
            try:
                return self.conn.recv(), False
            except (EOFError, OSError):
                pass
        if not self.proc.is_alive():
            return {"kind": "crash", "detail": f"worker died with exit code {self.proc.exitcode}", "seconds": 0.0}, True
        return {"kind": "hang", "detail": f"no answer within {limit:g} s; worker killed", "seconds": 0.0}, True


def run_difftest(seed: int, count: int, *, jobs: int = 2, start: int = 0, timeout: float = 20.0,
                 program_timeout: float = 60.0, budget_s: float | None = None, plant: str | None = None,
                 avoid: frozenset = frozenset(KNOWN_BUGS), indices: list[int] | None = None,
                 progress=None) -> DiffReport:
    """Check programs `start .. start+count-1` (or `indices`) of run `seed` in `jobs` workers; stop feeding
    new ones after `budget_s` seconds. `timeout`: each side's launch limit; `program_timeout`: a whole
    program's."""
    indices = list(range(start, start + count)) if indices is None else list(indices)
    count = len(indices)
    report = DiffReport(seed, count, jobs, plant, avoid == frozenset(KNOWN_BUGS))
    pending = iter(indices)
    slots = [Worker(plant, timeout) for _ in range(max(1, min(jobs, count)))]
    t0 = time.monotonic()

    def feed(slot: Worker) -> None:
        index = None if budget_s is not None and time.monotonic() - t0 > budget_s else next(pending, None)
        slot.index = index
        if index is not None:
            slot.submit((seed, index, avoid), index, program_timeout)

    def record(index: int, verdict: dict) -> None:
        report.outcomes[verdict["kind"]] += 1
        if verdict["seconds"]:
            report.seconds.append(verdict["seconds"])
        report.features.update(verdict.get("features", []))
        if verdict.get("features"):
            report.feature_counts.append(len(verdict["features"]))
        if verdict.get("planted"):
            report.planted.append(index)
        if verdict["kind"] in FINDINGS:
            report.findings.append(Finding(index, verdict["kind"], verdict["detail"], verdict.get("code", "")))

    try:
        for slot in slots:
            feed(slot)
        while any(s.index is not None for s in slots):
            busy = [s for s in slots if s.index is not None]
            ready = wait([s.conn for s in busy] + [s.proc.sentinel for s in busy],
                         timeout=max(0.0, min(s.deadline for s in busy) - time.monotonic()))
            for k, slot in enumerate(slots):
                if slot.index is None:
                    continue
                if slot.conn in ready or slot.conn.poll():
                    try:
                        verdict = slot.conn.recv()
                    except (EOFError, OSError):
                        verdict = None
                    if verdict is not None:
                        record(slot.index, verdict)
                        feed(slot)
                        continue
                if not slot.proc.is_alive():
                    record(slot.index, {"kind": "crash", "detail": f"worker died with exit code {slot.proc.exitcode}",
                                        "seconds": 0.0})
                elif time.monotonic() >= slot.deadline:
                    record(slot.index, {"kind": "hang", "detail": f"no answer within {program_timeout:g} s; "
                                                                  "worker killed", "seconds": 0.0})
                else:
                    continue
                slot.stop(kill=True)
                slots[k] = Worker(plant, timeout)
                feed(slots[k])
            if progress is not None:
                progress(report)
    finally:
        for slot in slots:
            slot.stop(kill=slot.proc.is_alive() and slot.index is not None)
    report.wall_s = time.monotonic() - t0
    report.findings.sort(key=lambda f: f.index)
    return report


CHECK_TARGETS = "cuda:sm_90a,hip:gfx942"  # issue 20: the programs also lower for CUDA (with nvcc) and HIP


def check_lowering(seed: int, count: int, *, jobs: int = 2, start: int = 0, targets: str = CHECK_TARGETS,
                   avoid: frozenset = frozenset(KNOWN_BUGS), timeout_s: float = 1800.0) -> DiffReport:
    """Programs `start .. start + count - 1` of `seed` through `cuda2tile check --targets TARGETS` (convert,
    lower for each target, compile CUDA with nvcc where it is installed; nothing is run). Every cell that
    is not ok is a finding (`lowering`, with the target, the stage and TileLang's message), and so is a
    program that does not convert (`refusal`)."""
    import json
    import subprocess

    report = DiffReport(seed, count, jobs, avoid_all=avoid == frozenset(KNOWN_BUGS))
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="c2t-difftest-check-") as tmp:
        sources = Path(tmp) / "src"
        indices = {}
        for index in range(start, start + count):
            prog = generate(seed, index, avoid)
            indices[write_program(prog, sources).name] = index
            feats = features(prog)
            report.features.update(feats)
            report.feature_counts.append(len(feats))
        out = Path(tmp) / "check.json"
        command = [sys.executable, "-m", "cuda2tile", "check", str(sources), "-o", str(Path(tmp) / "converted"),
                   "--targets", targets, "--no-run", "--no-cache", "--quiet", "--json", str(out), "-j", str(jobs)]
        env = dict(os.environ, TILELANG_CACHE_DIR=str(Path(tmp) / "tilelang-cache"))
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout_s, env=env)
        if not out.exists():
            report.findings.append(Finding(start, "crash", f"cuda2tile check exited {done.returncode}:\n"
                                                          f"{done.stderr[-2000:]}"))
            report.wall_s = time.monotonic() - t0
            return report
        matrix = json.loads(out.read_text())
        lowered = set()
        for row in matrix["kernels"]:
            index = indices[row["source"]]
            lowered.add(row["source"])
            bad = [f"{target}: {cell['status']} at {cell.get('stage', '?')}: {cell.get('detail', '')}"
                   for target, cell in sorted(row["results"].items()) if cell["status"] != "ok"]
            report.outcomes["lowering" if bad else "pass"] += 1
            if bad:
                report.findings.append(Finding(index, "lowering", "\n".join(bad)))
        for name, index in sorted(indices.items(), key=lambda kv: kv[1]):
            if name not in lowered:
                report.outcomes["refusal"] += 1
                report.findings.append(Finding(index, "refusal", f"{name} did not convert:\n{done.stdout[-2000:]}"))
    report.wall_s = time.monotonic() - t0
    report.findings.sort(key=lambda f: f.index)
    return report


def save_findings(report: DiffReport, out: Path, avoid: frozenset = frozenset(KNOWN_BUGS)) -> None:
    for f in report.findings:
        prog = generate(report.seed, f.index, avoid)
        cu = write_program(prog, out)
        stem = f"{report.seed}_{f.index}"
        cu.rename(out / f"{stem}.cu")
        cu.with_suffix(".toml").rename(out / f"{stem}.toml")
        again = f.reproducer(report.seed, report.plant, report.avoid_all)
        (out / f"{stem}.txt").write_text(f"{f.kind} {f.code}\nreproduce: {again}\n{f.detail}\n")


def _reproduce(seed: int, index: int, write: str | None, plant: str | None, timeout: float,
               avoid: frozenset) -> int:
    """Check one program in this process and print it, its verdict and the harness's report."""
    from plants import planted

    prog = generate(seed, index, avoid)
    print(P.to_cuda(prog))
    print(f"features: {', '.join(sorted(features(prog)))}")
    if write:
        print(f"written: {write_program(prog, Path(write))}")
    with tempfile.TemporaryDirectory(prefix="c2t-difftest-") as tmp, planted(plant):
        verdict = check_program(prog, Path(tmp), timeout)
    print(f"{verdict['kind']}{' ' + verdict['code'] if verdict['code'] else ''} ({verdict['seconds']:.1f} s)")
    if verdict["detail"]:
        print(verdict["detail"])
    return 1 if verdict["kind"] in FINDINGS else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.difftest.runner", description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--start", type=int, default=0, help="first index (to resume or split a run)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--budget-s", type=float, help="stop starting programs after this many seconds")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per launch, each side")
    ap.add_argument("--program-timeout", type=float, default=60.0, help="seconds per program before a hang")
    from plants import PLANTS

    ap.add_argument("--plant", choices=sorted(PLANTS),
                    help="convert with this planted miscompile (to check that the runner catches it)")
    ap.add_argument("--no-avoid", action="store_true",
                    help="generate without steering around the known bugs (generator.KNOWN_BUGS)")
    ap.add_argument("--index", type=int, help="check this one program in-process and print everything")
    ap.add_argument("--write", metavar="DIR", help="with --index: also write the program's .cu and .toml to DIR")
    ap.add_argument("--save-findings", metavar="DIR", help="write every finding's program to DIR/<seed>_<index>.*")
    ap.add_argument("--lower", nargs="?", const=CHECK_TARGETS, metavar="TARGETS",
                    help=f"instead of parity, lower the programs with `cuda2tile check` (default {CHECK_TARGETS})")
    args = ap.parse_args(argv)
    avoid = frozenset() if args.no_avoid else frozenset(KNOWN_BUGS)
    if args.index is not None:
        return _reproduce(args.seed, args.index, args.write, args.plant, args.timeout, avoid)
    if args.lower:
        report = check_lowering(args.seed, args.count, jobs=args.jobs, start=args.start, targets=args.lower,
                                avoid=avoid)
        print(report.summary())
        if args.save_findings and report.findings:
            save_findings(report, Path(args.save_findings), avoid)
        return 1 if report.findings else 0

    shown = [0]

    def progress(report: DiffReport) -> None:
        if report.checked >= shown[0] + 100:
            shown[0] = report.checked
            print(f"  {report.checked}/{args.count} programs, {len(report.findings)} findings, "
                  f"{time.strftime('%H:%M:%S')}", file=sys.stderr, flush=True)

    report = run_difftest(args.seed, args.count, jobs=args.jobs, start=args.start, timeout=args.timeout,
                          program_timeout=args.program_timeout, budget_s=args.budget_s, plant=args.plant,
                          avoid=avoid, progress=progress)
    print(report.summary())
    if args.save_findings and report.findings:
        save_findings(report, Path(args.save_findings), avoid)
    return 1 if report.findings else 0


if __name__ == "__main__":
    sys.exit(main())
