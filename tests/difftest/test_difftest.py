"""Differential testing in CI (docs/difftest.md): generated programs are well defined and deterministic;
a fixed-seed budget of them converts and agrees with the original; the runner reports each planted
miscompile as a mismatch; the reducer shrinks a planted finding and keeps its failure."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import program as P  # noqa: E402
from generator import KNOWN_BUGS, features, generate  # noqa: E402
from plants import PLANTS  # noqa: E402
from reduce import HarnessOracle, candidates, reduce, signature  # noqa: E402
from runner import check_lowering, run_difftest  # noqa: E402

CI_SEED = 20261204
CI_COUNT = 6  # about a minute on the 2-core VM (docs/difftest.md)


# ------------------------------------------------------------------ the generator (no TileLang: fast)
def test_programs_are_well_defined_deterministic_and_varied():
    progs = [generate(CI_SEED, i) for i in range(150)]
    assert all(P.problems(p) == [] for p in progs)
    assert [P.to_cuda(p) for p in progs[:20]] == [P.to_cuda(generate(CI_SEED, i)) for i in range(20)]
    assert len({P.to_cuda(p) for p in progs}) == len(progs)
    seen = set().union(*(features(p) for p in progs))
    wanted = {"layout:return", "layout:if", "layout:stride", "layout:2d", "Exchange", "TreeReduce", "WarpSum",
              "shuffle:down", "shuffle:up", "shuffle:xor", "shuffle:idx", "vote:ballot", "vote:any", "vote:all",
              "Atomic", "LocalArray", "StoreLocal", "for", "for:down", "Break", "Continue", "Return", "If",
              "call:helper", "helper:ref-param", "F2I", "call:expf", "call:sqrtf", "call:__popc", "cast:float",
              "cast:int", "cast:unsigned", "op:unsigned:*", "op:unsigned:<<", "op:int:/", "op:int:%", "op:int:>>"}
    assert wanted <= seen, sorted(wanted - seen)


def test_every_value_reaches_an_output():
    """Each declared variable, cooperative result and local array is mixed into `h` or `f`."""
    for i in range(60):
        prog = generate(CI_SEED, i)
        declared = {s.name for s in P.walk((prog.coop, prog.body))
                    if isinstance(s, (P.Decl, P.LocalArray, *P.COOPERATIVE))}
        mixed = {n.name if isinstance(n, P.Var) else n.buf for m in P.walk((prog.coop, prog.body))
                 if isinstance(m, P.Mix) for n in P.walk(m.e) if isinstance(n, (P.Var, P.Load))}
        assert declared <= mixed, (i, declared - mixed)


def _tiny(coop=(), body=(), layout="return") -> P.Program:
    return P.Program(0, 0, layout, (64,), (100,), 2, (0.5, 3, 7), (), tuple(coop), tuple(body))


@pytest.mark.parametrize("coop,body,why", [
    ((), (P.Decl("int", "v", P.Bin("*", P.Load("xi", P.Var("i", "int"), "int"),
                                   P.Lit(3_000_000, "int"), "int"), -2**31, 2**31 - 1),), "int out of range"),
    ((P.Decl("int", "v", P.Load("xi", P.Var("i", "int"), "int"), -1000, 1000),), (), "outside the bounds guard"),
    ((), (P.If(P.Lit(True, "bool"), (P.Exchange("c", "int", P.Var("i", "int"), 1),)),), "outside uniform control"),
    ((P.Return(),), (), "return outside"),
    ((), (P.Decl("int", "v", P.F2I(P.Call("sinf", (P.Load("xf", P.Var("i", "int"), "float"),), "float")),
                 -10, 10),), "float-to-int cast"),
    ((P.TreeReduce("c", "float", P.Load("xf", P.Wrap(P.Var("key", "unsigned"), "n"), "float")),), (),
     "float sum of signed terms"),
    ((), (P.Decl("unsigned", "v", P.Load("xu", P.Var("gid", "int"), "unsigned")),), "outside the bounds guard"),
    ((), (P.Break(),), "break/continue outside a loop"),
    ((), (P.Mix("h", P.Var("nowhere", "int")),), "not a variable in scope"),
], ids=["overflow", "unguarded-load", "barrier-in-branch", "return-in-prologue", "inexact-cast",
        "cancelling-sum", "load-at-gid", "stray-break", "undeclared"])
def test_checker_rejects_undefined_behaviour(coop, body, why):
    found = P.problems(_tiny(coop, body))
    assert any(why in p for p in found), found


def test_reduction_candidates_stay_well_defined_only_when_checked():
    """Candidates are raw tree edits (some drop a guard's variable or a divisor's mask); the checker is what
    keeps a reduction free of undefined behaviour, and it does reject some of them."""
    prog = generate(CI_SEED, 3)
    cands = [c for _, c in zip(range(400), candidates(prog))]
    verdicts = [not P.problems(c) for c in cands]
    assert any(verdicts) and not all(verdicts)
    assert any(ok and P.size_of(c) < P.size_of(prog) for c, ok in zip(cands, verdicts))


# ------------------------------------------------------------------ through the harness (TileLang: slow)
@pytest.mark.slow
def test_ci_budget_converts_and_agrees():
    start = time.monotonic()
    # a generous limit: a build can take a minute on a loaded machine; a real hang never answers
    report = run_difftest(CI_SEED, CI_COUNT, jobs=2, timeout=20.0, program_timeout=180.0)
    print(f"\n{report.summary()}\n({time.monotonic() - start:.0f} s)")  # pytest -s shows the figures
    assert report.checked == CI_COUNT, report.summary()
    assert not report.findings, report.summary()
    assert report.outcomes["pass"] == CI_COUNT


CHECK_COUNT = 2  # issue 20, acceptance 3: a smaller budget than parity's (about 25 s a program)


@pytest.mark.slow
def test_ci_budget_lowers_for_cuda_and_hip():
    """The CI seed's first programs through `cuda2tile check`: lowered for CUDA sm_90a (and compiled with
    nvcc where installed) and for HIP gfx942."""
    report = check_lowering(CI_SEED, CHECK_COUNT, jobs=2)
    print(f"\n{report.summary()}")
    assert not report.findings, report.summary()
    assert report.outcomes["pass"] == CHECK_COUNT, report.summary()


def _with(construct, count: int, seed: int = CI_SEED, body_only: bool = False) -> list[int]:
    """The first `count` indices of `seed` whose programs contain `construct` (a predicate on nodes), in
    the body only if `body_only` (where each value reaches `outf`, not through a vote)."""
    found, i = [], 0
    while len(found) < count:
        prog = generate(seed, i)
        if any(construct(n) for n in P.walk(prog.body if body_only else (prog.coop, prog.body))):
            found.append(i)
        i += 1
    return found


PLANTED = {  # plant -> what a program needs for it to apply
    "drop-statement": lambda n: isinstance(n, P.Mix),
    "swap-operand": lambda n: isinstance(n, P.Bin) and n.op == "-" and n.ty == "float",
    "drop-barrier": lambda n: isinstance(n, P.Exchange),
    "drop-privatisation": lambda n: isinstance(n, (P.Exchange, P.TreeReduce)),
    "short-reduction": lambda n: isinstance(n, P.TreeReduce) and n.dim_bound and n.ty == "float",
    # a compensated difference, `(a * 8192.0f + e) - a * 8192.0f` (generator.compensated)
    "fold-floats": lambda n: isinstance(n, P.Bin) and n.op == "-" and n.ty == "float" and any(
        isinstance(side, P.Bin) and side.op == "+" and other in (side.a, side.b)
        for side, other in ((n.a, n.b), (n.b, n.a))),
}


@pytest.mark.slow
@pytest.mark.parametrize("plant", sorted(PLANTED))
def test_planted_miscompile_is_reported_as_a_mismatch(plant):
    assert set(PLANTED) == set(PLANTS)
    indices = _with(PLANTED[plant], 1, body_only=plant == "fold-floats")
    report = run_difftest(CI_SEED, 0, jobs=2, plant=plant, indices=indices, program_timeout=60.0)
    print(f"\n{report.summary()}")
    assert report.planted, f"{plant} changed none of {indices}"
    mismatches = {f.index for f in report.findings if f.kind == "mismatch"}
    assert mismatches, report.summary()
    assert mismatches <= set(report.planted), report.summary()  # only a changed conversion differs


@pytest.mark.slow
def test_reducer_shrinks_a_planted_finding():
    """A dropped statement in a generated program: a few harness runs cut the program down, and the result
    still shows the mismatch (and is still well defined). Budget: 4 harness runs (the full reduction of a
    finding takes tens; docs/difftest.md)."""
    index = _with(PLANTED["drop-statement"], 1)[0]
    prog = generate(CI_SEED, index)
    with HarnessOracle("drop-statement") as oracle:
        first = oracle.verdict(prog)
        assert first["kind"] == "mismatch", first
        oracle.want = signature(first)
        result = reduce(prog, oracle, max_tests=4)
        final = oracle.verdict(result.program)
    assert result.accepted >= 1 and result.size < P.size_of(prog), (result.size, P.size_of(prog))
    assert P.problems(result.program) == []
    assert signature(final) == "mismatch", final


def test_known_bugs_are_documented():
    doc = (HERE.parents[1] / "docs" / "difftest.md").read_text()
    for name in KNOWN_BUGS:
        assert f"`{name}`" in doc, name
