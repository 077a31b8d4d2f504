"""cuda2tile/passes/thread_dependent_loops.py: a counted loop whose bounds name the thread, around another
counted loop, counts with a cursor (TileLang refuses to build the `T.serial` form: "Trying to update var
... with a different minimum value"); loops bounded uniformly, or without an inner counted loop, stay
`T.serial`. Parity of four kernels in pytorch_cluster's style (including the rewrite in a __device__
function and a `continue`) is in tests/regressions/cases/thread_dependent_loops.cu; here the rewrite's
shape, and broken rewrites that a numpy reference catches."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import map_children, nodes
from cuda2tile.passes.thread_dependent_loops import thread_dependent_loops
from ir_mutations import failing_outputs
from regressions.expect import CASES

CASE = CASES / "thread_dependent_loops.cu"
TX = I.ThreadIdx("x")


def _kernel(*body, macros=()) -> I.Kernel:
    return I.Kernel("k", "k", (), 1, 1, None, (I.Parallel(body),), macros)


def _nest(start, stop, step=I.i32(4)) -> I.For:
    inner = I.For("d", I.i32(0), I.i32(3), I.i32(1), (I.Store("y", I.Var("d", "int32"), I.Var("n", "int32")),))
    return I.For("n", start, stop, step, (inner,), 7)


def test_a_nest_bounded_by_the_thread_counts_with_a_cursor_advanced_first():
    out = thread_dependent_loops(_kernel(I.Let("m", I.Binary("mul", TX, I.i32(2), "int32")),
                                         _nest(I.Var("m", "int32"), I.i32(100))))
    decl, let, start, loop = out.body[0].body
    assert decl == I.DeclVar("n_cursor", "int32", 7) and isinstance(let, I.Let)
    assert start == I.AssignVar("n_cursor", I.Var("m", "int32"), 7)  # through the let, as TileLang sees it
    cursor = I.Var("n_cursor", "int32")
    assert loop.cond == I.Binary("lt", cursor, I.i32(100), "bool")
    assert loop.body[:2] == (I.Let("n", cursor, 7), I.AssignVar("n_cursor", I.Binary("add", cursor, I.i32(4), "int32"), 7))
    assert isinstance(loop.body[2], I.For) and loop.body[2].var == "d"  # the inner loop stays counted
    assert thread_dependent_loops(out) == out


def test_phases_inside_a_uniform_loop_are_rewritten_too():
    """fps_kernel: `for (m = 1; ...)` around barriers holds the phase with the strided loop."""
    phase = I.Parallel((_nest(TX, I.i32(100)),))
    turns = I.For("m", I.i32(1), I.Var("turns", "int32"), I.i32(1), (phase, I.Barrier("block"), phase))
    kernel = I.Kernel("k", "k", (), 1, 1, None, (turns,), ())
    out = thread_dependent_loops(kernel).body[0]
    assert isinstance(out, I.For) and out.var == "m"  # the uniform loop stays counted
    first, barrier, second = out.body
    assert isinstance(first.body[-1], I.While) and isinstance(second.body[-1], I.While)
    assert first.body[0] == I.DeclVar("n_cursor", "int32", 7) and second.body[0].name == "n_cursor_1"


def test_uniform_bounds_and_loops_without_an_inner_loop_stay_counted():
    uniform = _kernel(_nest(I.i32(0), I.Var("n_rows", "int32")))
    assert thread_dependent_loops(uniform) is uniform
    flat = _kernel(I.For("n", TX, I.i32(100), I.i32(4), (I.Store("y", I.Var("n", "int32"), I.Const(1.0, "float32")),)))
    assert thread_dependent_loops(flat) is flat


def test_in_a_macro_a_parameter_some_call_passes_the_thread_bounds_a_cursor_declared_at_its_top():
    macro = I.Macro("tail", "tail", (I.MacroParam("from", "scalar", "int32"),),
                    (_nest(I.Var("from", "int32"), I.i32(9)),), "void")
    calls = lambda arg: _kernel(I.Evaluate(I.MacroCall("tail", (I.i32(0),), "void")),
                                I.Evaluate(I.MacroCall("tail", (arg,), "void")), macros=(macro,))
    constant = calls(I.i32(1))  # `for (r = from; ...)` with `from` 0 or 1 at every call: T.serial builds
    assert thread_dependent_loops(constant) is constant
    out = thread_dependent_loops(calls(I.Binary("add", TX, I.i32(1), "int32")))
    body = out.macros[0].body
    assert body[0] == I.DeclVar("n_cursor", "int32", 7) and isinstance(body[2], I.While)
    assert out.body == calls(I.Binary("add", TX, I.i32(1), "int32")).body


def _mutate_cursors(kernel: I.Kernel, start=None, step=None) -> I.Kernel:
    """A broken rewrite: the cursor starts one step late (`start`), or advances by another step (`step`)."""
    def fix(e):
        if isinstance(e, I.AssignVar) and e.name.endswith("_cursor"):
            if isinstance(e.value, I.Binary) and e.value.op == "add" and e.value.lhs == I.Var(e.name, e.value.dtype):
                if step is not None:
                    return replace(e, value=replace(e.value, rhs=step(e.value.rhs)))
            elif start is not None:
                return replace(e, value=start(e.value))
        return map_children(e, fix)
    return replace(kernel, body=fix(kernel.body), macros=fix(kernel.macros))


@pytest.mark.slow
def test_a_cursor_that_starts_late_is_caught_by_the_reference(tmp_path):
    late = lambda k: _mutate_cursors(k, start=lambda v: I.Binary("add", v, I.Const(1, v.dtype), v.dtype))
    assert failing_outputs(CASE, "rows_below_lane", late, tmp_path) == {"out"}


@pytest.mark.slow
def test_a_cursor_with_a_longer_step_is_caught_by_the_reference(tmp_path):
    longer = lambda k: _mutate_cursors(k, step=lambda s: I.Const(s.value * 2, s.dtype))
    assert failing_outputs(CASE, "skip_negative_rows", longer, tmp_path) == {"out"}
