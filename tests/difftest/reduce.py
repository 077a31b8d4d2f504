"""Delta debugging over the generator's program tree: shrink a finding to a small program with the same
failure (tests/difftest/runner.py's verdict signature: kind, diagnostic code, the first line of a crash).

    .venv/bin/python -m tests.difftest.reduce --seed 1 --index 4 --write out/difftest/reduced
    .venv/bin/python -m tests.difftest.reduce --seed 1 --index 3 --plant drop-barrier --max-tests 40

Candidates, biggest first, each kept only when `program.problems` finds it well defined (so a
reduction never introduces undefined behaviour: a dropped guard, a divisor made zero, a barrier under
a branch) and the harness still reports the same failure:
1. unused helpers dropped;
2. chunks of every statement list dropped (halves, quarters, ... single statements);
3. an `if` replaced by one of its branches, a loop by one iteration of its body (`int q = start;`);
4. every expression replaced by 0 or 1 of its type, or by one of its operands of the same type.
The pass repeats until nothing applies or the budget (`max_tests` harness runs, `max_seconds`) is spent.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from dataclasses import dataclass, fields, replace
from pathlib import Path

if __package__:
    from . import program as P
    from .generator import generate
    from .runner import FINDINGS, Worker, write_program
else:
    import program as P
    from generator import generate
    from runner import FINDINGS, Worker, write_program

EXPRESSIONS = (P.Lit, P.Var, P.Wrap, P.Load, P.Bin, P.Un, P.Cast, P.F2I, P.Cond, P.Call, P.SafeDiv, P.Shift,
               P.Clamp, P.Squash)
_ZERO = {"int": 0, "unsigned": 0, "float": 0.0, "bool": False}
_ONE = {"int": 1, "unsigned": 1, "float": 1.0, "bool": True}


def signature(verdict: dict) -> str:
    """The failure class a reduction keeps: kind, code, and for crashes the first line of the message with
    names and numbers blanked (`cannot make uint from negative value #`)."""
    kind = verdict["kind"]
    if kind in ("pass", "mismatch", "hang"):
        return kind
    if kind == "refusal":
        return f"refusal {verdict.get('code', '')}"
    lines = [ln.strip() for ln in verdict.get("detail", "").splitlines()[1:] if ln.strip()]
    first = re.sub(r"`[^`]*`|'[^']*'|\b\d+\b", "#", lines[0] if lines else "")
    return f"{kind} {first[:160]}"


# ------------------------------------------------------------------------------------------------
# Paths into the tree
# ------------------------------------------------------------------------------------------------
def get(node, path: tuple):
    for step in path:
        node = node[step] if isinstance(step, int) else getattr(node, step)
    return node


def put(node, path: tuple, value):
    if not path:
        return value
    step, rest = path[0], path[1:]
    if isinstance(step, int):
        return node[:step] + (put(node[step], rest, value),) + node[step + 1:]
    return replace(node, **{step: put(getattr(node, step), rest, value)})


def _paths(node, path: tuple = ()):
    """(path, node) of every node under `node`, parents first."""
    yield path, node
    if isinstance(node, tuple):
        for k, x in enumerate(node):
            yield from _paths(x, path + (k,))
    elif hasattr(node, "__dataclass_fields__"):
        for f in fields(node):
            value = getattr(node, f.name)
            if isinstance(value, (tuple,)) or hasattr(value, "__dataclass_fields__"):
                yield from _paths(value, path + (f.name,))


_STATEMENT_LISTS = {(P.Program, "coop"), (P.Program, "body"), (P.If, "then"), (P.If, "other"), (P.For, "body")}


def statement_lists(prog: P.Program):
    """Paths of every statement list, outermost first."""
    for path, node in _paths(prog):
        if isinstance(node, tuple) and path and len(path) >= 1:
            parent = get(prog, path[:-1])
            if (type(parent), path[-1]) in _STATEMENT_LISTS:
                yield path


# ------------------------------------------------------------------------------------------------
# Candidates
# ------------------------------------------------------------------------------------------------
def candidates(prog: P.Program):
    """Smaller programs, biggest reductions first (lazily; each may be ill-defined: the caller checks)."""
    used = {n.fn for n in P.walk((prog.helpers, prog.coop, prog.body)) if isinstance(n, P.Call)}
    for k, h in enumerate(prog.helpers):
        if h.name not in used:
            yield replace(prog, helpers=prog.helpers[:k] + prog.helpers[k + 1:])
    for path in list(statement_lists(prog)):
        stmts = get(prog, path)
        size = len(stmts)
        chunk = size
        while chunk >= 1:
            for lo in range(0, size, chunk):
                yield put(prog, path, stmts[:lo] + stmts[lo + chunk:])
            chunk //= 2
        for lo in range(1, size - 1):  # a declaration with the mix after it, at any offset
            yield put(prog, path, stmts[:lo] + stmts[lo + 2:])
    for path in list(statement_lists(prog)):
        stmts = get(prog, path)
        for k, s in enumerate(stmts):
            if isinstance(s, P.If):
                for branch in (s.then, s.other):
                    yield put(prog, path, stmts[:k] + branch + stmts[k + 1:])
            elif isinstance(s, P.For):
                first = s.stop - 1 if s.down else s.start
                peeled = (P.Decl("int", s.var, P.Lit(first, "int"), first, first),) + s.body
                yield put(prog, path, stmts[:k] + peeled + stmts[k + 1:])
    for path, node in list(_paths(prog)):
        if not isinstance(node, EXPRESSIONS) or isinstance(node, (P.Lit, P.Wrap)):
            continue
        ty = node.ty
        for value in (_ZERO[ty], _ONE[ty]):
            yield put(prog, path, P.Lit(value, ty))
        for f in fields(node):
            child = getattr(node, f.name)
            kids = child if isinstance(child, tuple) else (child,)
            for kid in kids:
                if isinstance(kid, EXPRESSIONS) and not isinstance(kid, P.Wrap) and kid.ty == ty:
                    yield put(prog, path, kid)


@dataclass
class Reduction:
    program: P.Program
    signature: str
    tests: int = 0  # harness runs
    accepted: int = 0
    seconds: float = 0.0
    size_before: int = 0

    @property
    def size(self) -> int:
        return P.size_of(self.program)


def reduce(prog: P.Program, interesting, *, max_tests: int = 200, max_seconds: float = 1800.0,
           log=None) -> Reduction:
    """Shrink `prog` while `interesting(candidate)` holds (it is assumed to hold for `prog`)."""
    start = time.monotonic()
    result = Reduction(prog, "", size_before=P.size_of(prog))
    tried: set[str] = set()
    progress = True
    while progress:
        progress = False
        for cand in candidates(result.program):
            if result.tests >= max_tests or time.monotonic() - start > max_seconds:
                result.seconds = time.monotonic() - start
                return result
            text = P.to_cuda(cand)
            if text in tried or P.size_of(cand) >= result.size or P.problems(cand):
                continue
            tried.add(text)
            result.tests += 1
            if interesting(cand):
                result.program = cand
                result.accepted += 1
                progress = True
                if log:
                    log(f"  accepted ({result.tests} tests): size {result.size}")
                break
    result.seconds = time.monotonic() - start
    return result


class HarnessOracle:
    """`interesting(program)`: the harness, in a worker process (`runner.Worker`: a hang is killed after
    `limit` seconds and the worker replaced), gives a verdict with the signature `want`. Use as a context
    manager (the worker is stopped at the end); `verdict(program)` runs one program."""

    def __init__(self, plant: str | None = None, timeout: float = 20.0, limit: float = 60.0):
        self.plant, self.timeout, self.limit = plant, timeout, limit
        self.worker = Worker(plant, timeout)
        self.want = ""

    def verdict(self, prog: P.Program) -> dict:
        verdict, killed = self.worker.check(prog, self.limit)
        if killed:
            self.worker.stop(kill=True)
            self.worker = Worker(self.plant, self.timeout)
        return verdict

    def __call__(self, prog: P.Program) -> bool:
        return signature(self.verdict(prog)) == self.want

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.worker.stop(kill=self.worker.proc.is_alive())


def main(argv: list[str] | None = None) -> int:
    from plants import PLANTS

    ap = argparse.ArgumentParser(prog="python -m tests.difftest.reduce", description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--index", type=int, required=True)
    ap.add_argument("--plant", choices=sorted(PLANTS), help="reduce under this planted miscompile")
    ap.add_argument("--no-avoid", action="store_true", help="generate without steering around known bugs")
    ap.add_argument("--max-tests", type=int, default=300)
    ap.add_argument("--max-seconds", type=float, default=3600.0)
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per launch, each side")
    ap.add_argument("--program-timeout", type=float, default=60.0, help="seconds per program before a hang")
    ap.add_argument("--write", metavar="DIR", help="write the reduced program's .cu and .toml to DIR")
    args = ap.parse_args(argv)
    prog = generate(args.seed, args.index, **({"avoid": frozenset()} if args.no_avoid else {}))
    with HarnessOracle(args.plant, args.timeout, args.program_timeout) as oracle:
        first = oracle.verdict(prog)
        oracle.want = signature(first)
        print(f"program {args.seed}:{args.index}: {oracle.want} (size {P.size_of(prog)})", flush=True)
        if first["kind"] not in FINDINGS:
            print("not a finding: nothing to reduce")
            return 1
        result = reduce(prog, oracle, max_tests=args.max_tests, max_seconds=args.max_seconds,
                        log=lambda m: print(m, flush=True))
        result.signature = oracle.want
        final = oracle.verdict(result.program)
    print(P.to_cuda(result.program))
    print(f"reduced {result.size_before} -> {result.size} nodes in {result.tests} harness runs "
          f"({result.accepted} accepted, {result.seconds:.0f} s); {signature(final)}")
    print(final.get("detail", ""))
    if args.write:
        print(f"written: {write_program(result.program, Path(args.write))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
