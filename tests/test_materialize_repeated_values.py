"""cuda2tile/passes/materialize_repeated_values.py: a value TVM would copy into several uses, large or
holding a choice, is computed once into a variable (TileLang's Simplify substitutes lets and macro
arguments, and chains of them grew exponentially: difftest finding 6). Parity of the kernels is in
tests/regressions/cases/repeated_values.cu; here the rewrite's shape, what stays where it is, and broken
rewrites that the case's numpy reference catches."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import map_children
from cuda2tile.passes.materialize_repeated_values import materialize_repeated_values
from ir_mutations import failing_outputs
from regressions.expect import CASES

CASE = CASES / "repeated_values.cu"
TX = I.ThreadIdx("x")
X = I.Load("x", TX, "int32")


def _kernel(*body, macros=()) -> I.Kernel:
    return I.Kernel("k", "k", (), 1, 1, None, (I.Parallel(body),), macros)


def _choice(v):
    return I.Select(I.Binary("gt", v, I.i32(3), "bool"), I.Binary("mul", v, I.i32(3), "int32"), v, "int32")


def _choices(v):
    """Three choices (`CHOICES`): one inside another's condition and operands."""
    return I.Select(I.Binary("gt", _choice(v), I.i32(0), "bool"), _choice(v), I.i32(0), "int32")


def _var(name):
    return I.Var(name, "int32")


# mix(a, b): a appears three times, b once
MIX = I.Macro("mix", "mix", (I.MacroParam("a", "scalar", "int32"), I.MacroParam("b", "scalar", "int32")),
              (I.Return(I.Select(I.Binary("gt", _var("a"), _var("b"), "bool"), _var("a"),
                                 I.Binary("add", _var("a"), I.i32(1), "int32"), "int32")),), "int32")


def test_a_let_holding_choices_and_read_twice_becomes_a_variable():
    out = materialize_repeated_values(_kernel(
        I.Let("a", _choices(X), 3),
        I.Store("y", TX, I.Binary("add", _var("a"), _var("a"), "int32"), 4)))
    decl, assign, store = out.body[0].body
    assert decl == I.DeclVar("a", "int32", 3) and assign == I.AssignVar("a", _choices(X), 3)
    assert store.value == I.Binary("add", _var("a"), _var("a"), "int32")
    assert materialize_repeated_values(out) == out


def test_small_lets_lets_read_once_and_lets_used_as_indices_stay_lets():
    once = _kernel(I.Let("a", _choices(X)), I.Store("y", TX, _var("a")))
    one_choice = _kernel(I.Let("a", _choice(X)), I.Store("y", TX, I.Binary("mul", _var("a"), _var("a"), "int32")))
    small = _kernel(I.Let("a", I.Binary("add", X, I.i32(1), "int32")),
                    I.Store("y", TX, I.Binary("mul", _var("a"), _var("a"), "int32")))
    index = _kernel(I.Let("a", _choices(X)), I.Store("y", _var("a"), _var("a")))
    for kernel in (once, one_choice, small, index):
        assert materialize_repeated_values(kernel) is kernel


def test_a_large_argument_of_a_parameter_read_thrice_is_computed_first():
    # mix(X, 1) holds one choice, mix(mix(X, 1), 2) four: its `a` read thrice, and one of its own
    inner = I.MacroCall("mix", (I.MacroCall("mix", (X, I.i32(1)), "int32"), I.i32(2)), "int32")
    call = I.MacroCall("mix", (inner, I.i32(3)), "int32")
    out = materialize_repeated_values(_kernel(I.Store("y", TX, call, 5), macros=(MIX,)))
    decl, assign, store = out.body[0].body
    assert decl == I.DeclVar("mix_a", "int32", 5) and assign == I.AssignVar("mix_a", inner, 5)
    assert store == I.Store("y", TX, I.MacroCall("mix", (_var("mix_a"), I.i32(3)), "int32"), 5)
    # b is read once: the same argument there stays where it is
    once = _kernel(I.Store("y", TX, I.MacroCall("mix", (I.i32(2), inner), "int32")), macros=(MIX,))
    assert materialize_repeated_values(once) is once


def test_arguments_where_c_may_skip_the_call_stay_where_they_are():
    inner = I.MacroCall("mix", (I.MacroCall("mix", (X, I.i32(1)), "int32"), I.i32(2)), "int32")
    call = I.MacroCall("mix", (inner, I.i32(2)), "int32")
    flag = I.Binary("gt", X, I.i32(0), "bool")
    for lazy in (I.Select(flag, call, I.i32(0), "int32"), I.Binary("and", flag, I.Binary("gt", call, I.i32(0), "bool"), "bool")):
        kernel = _kernel(I.Store("y", TX, lazy), macros=(MIX,))
        assert materialize_repeated_values(kernel) is kernel
    loop = _kernel(I.While(I.Binary("gt", call, I.i32(0), "bool"), (I.Break(),)), macros=(MIX,))
    assert materialize_repeated_values(loop) is loop  # a while condition runs again each iteration


def _without_variables(kernel: I.Kernel) -> I.Kernel:
    """A broken rewrite: each variable the pass made for a helper's argument is one too large."""
    def fix(e):
        if isinstance(e, I.AssignVar) and e.name.startswith("mix3_"):
            return replace(e, value=I.Binary("add", e.value, I.i32(1), "int32"))
        return map_children(e, fix)
    return replace(kernel, body=fix(kernel.body))


@pytest.mark.slow
def test_a_wrong_helper_argument_variable_is_caught_by_the_reference(tmp_path):
    assert failing_outputs(CASE, "nested_helpers", _without_variables, tmp_path) == {"out"}


@pytest.mark.slow
def test_a_wrong_variable_beside_a_lazy_argument_is_caught_by_the_reference(tmp_path):
    # (a lazy argument moved out of its branch is caught by the case's parity: x[i] / 0 traps)
    assert failing_outputs(CASE, "lazy_arguments", _without_variables, tmp_path) == {"out"}
