"""Fuzz `cuda2tile convert` with mutated corpus files, in worker processes with a per-input timeout.

    .venv/bin/python -m tests.fuzz.fuzz_runner --seed 1 --count 2000 --jobs 2 --timeout 20
    .venv/bin/python -m tests.fuzz.fuzz_runner --seed 1 --index 1234          # reproduce one input
    .venv/bin/python -m tests.fuzz.fuzz_runner --seed 1 --index 1234 --write x.cu

Each input (tests/fuzz/fuzz_mutators.py, identified by `(seed, index)`) is converted through the
library path the CLI takes: written to a temporary `.cu` file, then `cuda2tile.driver.convert_source`.
The oracle, per input: no exception escapes; no `C2T9001` diagnostic and no internal error recorded;
every diagnostic's code is in `cuda2tile.diagnostics.CODES`; no module means at least one diagnostic;
an emitted module passes `ast.parse`, imports only TileLang and struct and calls no exec/eval/open;
every `--recheck`-th input is converted a second time and must give identical bytes and diagnostics.
A worker that does not answer within `--timeout` seconds is killed, the input counted as a hang,
and a fresh worker takes over; a worker that dies (a crash in libclang) is counted as a crash.
Exit status 1 when any input failed; `--save-failures DIR` writes each failing input there.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import multiprocessing as mp
import os
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from pathlib import Path

if __package__:  # `python -m tests.fuzz.fuzz_runner`; under pytest tests/fuzz is on sys.path instead
    from .fuzz_mutators import FuzzInput, load_seeds, make_input
else:
    from fuzz_mutators import FuzzInput, load_seeds, make_input

DEFAULT_CHECK = "cuda2tile_check"  # the real oracle, below; tests plant others by "module:function"


@dataclass(frozen=True)
class Failure:
    index: int
    kind: str  # crash | hang | oracle
    detail: str
    origin: str = ""
    steps: tuple[str, ...] = ()

    def reproducer(self, seed: int) -> str:
        return f".venv/bin/python -m tests.fuzz.fuzz_runner --seed {seed} --index {self.index}"


@dataclass
class FuzzReport:
    seed: int
    count: int
    jobs: int
    wall_s: float = 0.0
    failures: list[Failure] = field(default_factory=list)
    statuses: dict[str, int] = field(default_factory=dict)  # clean / diagnosed / no-module counts
    codes: dict[str, int] = field(default_factory=dict)  # diagnostic code -> inputs that raised it
    rechecked: int = 0

    def summary(self) -> str:
        rate = self.count / self.wall_s if self.wall_s else 0.0
        kinds = {k: sum(f.kind == k for f in self.failures) for k in ("crash", "hang", "oracle")}
        lines = [f"fuzz seed={self.seed} inputs={self.count} jobs={self.jobs} wall={self.wall_s:.1f}s "
                 f"({rate:.1f} inputs/s) crashes={kinds['crash']} hangs={kinds['hang']} oracle={kinds['oracle']} "
                 f"determinism-rechecked={self.rechecked}",
                 "outcomes: " + ", ".join(f"{k}={v}" for k, v in sorted(self.statuses.items())),
                 "codes: " + ", ".join(f"{k}={v}" for k, v in sorted(self.codes.items()))]
        for f in self.failures:
            lines.append(f"  {f.kind} at index {f.index} ({f.origin}; {'+'.join(f.steps)}): "
                         f"{f.detail.strip().splitlines()[-1] if f.detail.strip() else ''}\n"
                         f"    reproduce: {f.reproducer(self.seed)}")
        return "\n".join(lines)


def cuda2tile_check(path: str, display: str, recheck: bool) -> dict:
    """Convert one file and apply the oracle; returns {"problems": [...], "outcome": ..., "codes": [...]}."""
    from cuda2tile.diagnostics import CODES
    from cuda2tile.driver import convert_source

    result, text = convert_source(path, display)
    problems = []
    diags = result.all_diagnostics()
    if result.internal_errors:
        problems.append("internal error:\n" + result.internal_errors[0])
    problems += [f"diagnostic with an unregistered code {d.code}: {d.message}" for d in diags if d.code not in CODES]
    problems += [f"C2T9001 reported: {d.message}" for d in diags if d.code == "C2T9001"]
    if text is None and not diags:
        problems.append("no module written and no diagnostic saying why")
    if text is not None:
        try:
            problems += _module_problems(ast.parse(text))
        except SyntaxError as err:
            problems.append(f"emitted module does not parse: {err}")
    if recheck:
        again, text2 = convert_source(path, display)
        if text2 != text or [d.to_json() for d in again.all_diagnostics()] != [d.to_json() for d in diags]:
            problems.append("converting the same input twice gave different output")
    outcome = "no-module" if text is None else "diagnosed" if diags else "clean"
    return {"problems": problems, "outcome": outcome, "codes": sorted({d.code for d in diags})}


_IMPORTS = {"tilelang.language", "struct"}  # all an emitted module ever imports (emit/templates/module.py.j2)
_FORBIDDEN_CALLS = {"exec", "eval", "compile", "open", "__import__", "getattr", "setattr", "globals", "vars"}


def _module_problems(tree: ast.Module) -> list[str]:
    """What an emitted module must never do, whatever its input: import anything beyond TileLang and
    struct, or call code-running and I/O builtins (a CUDA name or string smuggled into Python code)."""
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            problems += [f"emitted module imports {a.name}" for a in node.names if a.name not in _IMPORTS]
        elif isinstance(node, ast.ImportFrom):
            problems.append(f"emitted module imports from {node.module}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _FORBIDDEN_CALLS:
            problems.append(f"emitted module calls {node.func.id}()")
    return problems


def _resolve(check: str):
    if check == DEFAULT_CHECK:
        return cuda2tile_check
    module, _, name = check.partition(":")
    return getattr(importlib.import_module(module), name)


def _worker(conn, check: str) -> None:
    """Serve `(index, data, recheck)` jobs until the pipe closes; each input goes through a fresh temp file."""
    fn = _resolve(check)
    with tempfile.TemporaryDirectory(prefix="c2t-fuzz-") as tmp:
        path = os.path.join(tmp, "input.cu")
        while True:
            try:
                job = conn.recv()
            except EOFError:
                return
            index, data, recheck = job
            with open(path, "wb") as handle:
                handle.write(data)
            try:
                verdict = fn(path, f"fuzz/{index}.cu", recheck)
            except BaseException:  # the oracle's first rule: nothing escapes convert_source
                verdict = {"problems": ["exception escaped:\n" + traceback.format_exc()], "outcome": "crash",
                           "codes": [], "escaped": True}
            conn.send((index, verdict))


class _Slot:
    """One worker process and the job it is running (if any)."""

    def __init__(self, ctx, check: str):
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_worker, args=(child, check), daemon=True)
        self.proc.start()
        child.close()
        self.job: FuzzInput | None = None
        self.deadline = 0.0

    def stop(self, kill: bool) -> None:
        if kill:
            self.proc.kill()
        self.conn.close()
        self.proc.join(timeout=10)


def run_fuzz(seed: int, count: int, *, jobs: int = 2, timeout: float = 20.0, recheck: int = 50,
             check: str = DEFAULT_CHECK, start: int = 0, progress=None) -> FuzzReport:
    """Convert inputs `start .. start+count-1` of run `seed` in `jobs` workers; collect every failure."""
    seeds = load_seeds()
    ctx = mp.get_context("spawn")  # a clean interpreter per worker: no libclang state shared through fork
    report = FuzzReport(seed, count, jobs)
    pending = iter(range(start, start + count))
    slots = [_Slot(ctx, check) for _ in range(max(1, min(jobs, count)))]
    t0 = time.monotonic()
    done = 0

    def feed(slot: _Slot) -> None:
        index = next(pending, None)
        slot.job = None if index is None else make_input(seeds, seed, index)
        if slot.job is not None:
            # the first job of a worker also pays for its imports and libclang: give it longer
            first = not getattr(slot, "started", False)
            slot.started = True
            slot.deadline = time.monotonic() + timeout * (3 if first else 1)
            slot.conn.send((index, slot.job.data, recheck > 0 and index % recheck == 0))

    def fail(job: FuzzInput, kind: str, detail: str) -> None:
        report.failures.append(Failure(job.index, kind, detail, job.origin, job.steps))

    try:
        for slot in slots:
            feed(slot)
        while any(s.job is not None for s in slots):
            busy = [s for s in slots if s.job is not None]
            ready = wait([s.conn for s in busy] + [s.proc.sentinel for s in busy],
                         timeout=max(0.0, min(s.deadline for s in busy) - time.monotonic()))
            now = time.monotonic()
            for i, slot in enumerate(slots):
                if slot.job is None:
                    continue
                job = slot.job
                if slot.conn in ready or slot.conn.poll():
                    try:
                        index, verdict = slot.conn.recv()
                    except (EOFError, OSError):
                        verdict = None
                    if verdict is not None:
                        report.statuses[verdict["outcome"]] = report.statuses.get(verdict["outcome"], 0) + 1
                        for code in verdict["codes"]:
                            report.codes[code] = report.codes.get(code, 0) + 1
                        report.rechecked += recheck > 0 and index % recheck == 0
                        if verdict["problems"]:
                            fail(job, "crash" if verdict.get("escaped") or any(
                                p.startswith(("internal error", "C2T9001")) for p in verdict["problems"])
                                 else "oracle", "\n".join(verdict["problems"]))
                        done += 1
                        feed(slot)
                        continue
                if not slot.proc.is_alive():
                    fail(job, "crash", f"worker died with exit code {slot.proc.exitcode}")
                elif now >= slot.deadline:
                    fail(job, "hang", f"no answer within {timeout:g} s; worker killed")
                else:
                    continue
                report.statuses["worker-lost"] = report.statuses.get("worker-lost", 0) + 1
                slot.stop(kill=True)
                slots[i] = _Slot(ctx, check)
                done += 1
                feed(slots[i])
            if progress is not None:
                progress(done, report)
    finally:
        for slot in slots:
            slot.stop(kill=slot.proc.is_alive() and slot.job is not None)
    report.wall_s = time.monotonic() - t0
    report.failures.sort(key=lambda f: f.index)
    return report


def _reproduce(seed: int, index: int, write: str | None) -> int:
    """Convert one input in this process and print the oracle's verdict (and any traceback) in full."""
    job = make_input(load_seeds(), seed, index)
    print(f"input {seed}:{index} from corpus/{job.origin}, mutations: {' + '.join(job.steps)}")
    with tempfile.TemporaryDirectory(prefix="c2t-fuzz-") as tmp:
        path = write or os.path.join(tmp, "input.cu")
        Path(path).write_bytes(job.data)
        verdict = cuda2tile_check(path, f"fuzz/{index}.cu", True)
    print(json.dumps(verdict, indent=2))
    return 1 if verdict["problems"] else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.fuzz.fuzz_runner", description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--start", type=int, default=0, help="first index (to resume or split a run)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per input before it counts as a hang")
    ap.add_argument("--recheck", type=int, default=50, help="convert every Nth input twice (0: never)")
    ap.add_argument("--index", type=int, help="reproduce this one input in-process and print the verdict")
    ap.add_argument("--write", help="with --index: also write the input to this file")
    ap.add_argument("--save-failures", metavar="DIR", help="write every failing input to DIR/SEED_INDEX.cu")
    args = ap.parse_args(argv)
    if args.index is not None:
        return _reproduce(args.seed, args.index, args.write)

    shown = [0]

    def progress(done: int, report: FuzzReport) -> None:
        if done >= shown[0] + 500:
            shown[0] = done
            print(f"  {done}/{args.count} inputs, {len(report.failures)} failures", file=sys.stderr, flush=True)

    report = run_fuzz(args.seed, args.count, jobs=args.jobs, timeout=args.timeout, recheck=args.recheck,
                      start=args.start, progress=progress)
    print(report.summary())
    if args.save_failures and report.failures:
        out = Path(args.save_failures)
        out.mkdir(parents=True, exist_ok=True)
        seeds = load_seeds()
        for f in report.failures:
            (out / f"{args.seed}_{f.index}.cu").write_bytes(make_input(seeds, args.seed, f.index).data)
            (out / f"{args.seed}_{f.index}.txt").write_text(f"{f.kind}\n{f.detail}\n")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
