"""cuda2tile/passes/flatten_else_if_chains.py: a chain of MIN_ARMS arms or more becomes a lazy choice and a
flat run of `if`s (TileLang nests two Python blocks per `if`, CPython allows 20); shorter chains, and
chains whose conditions call macros, atomics or warp exchanges, stay nested. Parity of darknet-style
kernels (a 13-case switch, an 11-arm ladder, conditions guarding each other's reads) is in
tests/regressions/cases/long_branch_chains.cu; here the rewrite's shape and a broken choice that a
numpy reference catches."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import map_children, nodes
from cuda2tile.passes.flatten_else_if_chains import MIN_ARMS, flatten_else_if_chains
from ir_mutations import emit_mutant, failing_outputs
from regressions.expect import CASES

CASE = CASES / "long_branch_chains.cu"
V = I.Var("v", "int32")


def _chain(arms: int, cond=lambda k: I.Binary("eq", V, I.i32(k), "bool")) -> I.If:
    out: tuple = (I.Store("y", I.i32(0), I.i32(-1), 9),)
    for k in range(arms - 2, -1, -1):
        out = (I.If(cond(k), (I.Store("y", I.i32(0), I.i32(k), k + 1),), out, k + 1),)
    return out[0]


def _kernel(*body) -> I.Kernel:
    return I.Kernel("k", "k", (), 1, 1, None, (I.Parallel((I.Let("v", I.ThreadIdx("x")),) + body),), ())


def test_a_long_chain_is_one_choice_and_flat_ifs_in_order():
    out = flatten_else_if_chains(_kernel(_chain(6)))
    stmts = out.body[0].body[1:]
    decl, assign, arms = stmts[0], stmts[1], stmts[2:]
    # a variable, not a let, which TVM would substitute into each arm's test
    assert decl == I.DeclVar("branch", "int32", decl.line) and isinstance(assign, I.AssignVar)
    assert assign.name == "branch"
    # the choice tests the conditions in C's order: v == 0 first, then v == 1, ...; the else is 5
    choice, tested = assign.value, []
    while isinstance(choice, I.Select):
        tested.append(choice.cond.rhs.value)
        choice = choice.other
    assert tested == [0, 1, 2, 3, 4] and choice == I.i32(5)
    assert [a.cond.rhs.value for a in arms] == [0, 1, 2, 3, 4, 5] and all(not a.other for a in arms)
    assert [a.then[0].value.value for a in arms] == [0, 1, 2, 3, 4, -1]
    assert flatten_else_if_chains(out) == out  # nothing left to flatten


def test_short_chains_and_chains_calling_macros_stay_nested():
    short = _kernel(_chain(MIN_ARMS - 1))
    assert flatten_else_if_chains(short) is short
    calls = _kernel(_chain(8, lambda k: I.Binary("eq", I.MacroCall("f", (V,), "int32"), I.i32(k), "bool")))
    assert flatten_else_if_chains(calls) is calls


def _swap_first_two_arms(kernel: I.Kernel) -> I.Kernel:
    """A broken choice: the first two conditions give each other's arm numbers (the choice is a let, or a
    variable where materialize_repeated_values computes it once: six arms read it)."""
    def fix(e):
        if isinstance(e, (I.Let, I.AssignVar)) and e.name.startswith("branch") and isinstance(e.value, I.Select):
            first, second = e.value, e.value.other
            return replace(e, value=replace(first, then=second.then, other=replace(second, then=first.then)))
        return map_children(e, fix)
    return replace(kernel, body=fix(kernel.body), macros=fix(kernel.macros))


@pytest.mark.slow
def test_a_wrong_choice_is_caught_by_the_reference(tmp_path):
    assert "branch" in emit_mutant(CASE, "bucket_ladder", None, tmp_path / "plain.py").read_text()
    assert failing_outputs(CASE, "bucket_ladder", _swap_first_two_arms, tmp_path) >= {"bucket"}
