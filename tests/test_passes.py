"""Lift passes: each an IR -> IR function, checked by the verifier after every step (the
index-narrowing rules have their own tests, test_narrow_index_arithmetic.py)."""

from __future__ import annotations

import pytest

from c2t_testsupport import CORPUS
from cuda2tile.ir import tile_ir as I
from cuda2tile.passes.early_returns import guard_early_returns
from cuda2tile.ir.errors import LiftError
from cuda2tile.lift.lift_kernel import lift_kernel
from cuda2tile.ir.ir_names import statements
from cuda2tile.ir.verifier import verify_kernel
from cuda2tile.parse.frontend import parse_file
from cuda2tile.passes.pin_copied_reads import pin_copied_reads

CU_FILES = sorted(CORPUS.rglob("*.cu")) + sorted((CORPUS.parent / "tests" / "translation").glob("*.cu"))


@pytest.mark.parametrize("path", CU_FILES, ids=lambda p: p.name)
def test_ir_verifies_after_every_pass(path):
    parsed = parse_file(str(path))
    functions = {f.name: f for f in parsed.unit.functions if not f.is_kernel}
    seen = []

    def check(step, kernel):
        problems = verify_kernel(kernel, returns_allowed=step in ("lift", "lower_bfloat16", "lower_warp_ops"),
                                 phases_pending=step in ("eliminate_early_returns", "volatile_store_syncs",
                                                         "grid_stride_barriers", "split_phases"))
        assert not problems, f"{path.name}:{kernel.cuda_name} after {step}: {problems}"
        if step not in ("lift", "lower_bfloat16", "lower_warp_ops", "eliminate_early_returns", "volatile_store_syncs",
                        "grid_stride_barriers"):  # a stride loop's trip guard is split_phases' to repeat
            assert not any(isinstance(s, I.If) and s.barrier_guard for s in statements(kernel.body)), \
                f"{path.name}:{kernel.cuda_name}: a barrier guard left after {step}"
        if step == "pin_copied_reads":  # nothing is left that a let should hold (difftest finding 13)
            assert pin_copied_reads(kernel) == kernel, f"{path.name}:{kernel.cuda_name}: a second pin changes it"
        seen.append(step)

    lifted = 0
    for fn in parsed.unit.functions:
        if fn.is_kernel and fn.body is not None:
            try:
                lift_kernel(fn, functions, parsed.unit.launches, after_each_pass=check)
                lifted += 1
            except LiftError:  # unsupported kernels (inputs of diagnostic tests) are fine here
                pass
    if lifted:
        assert {"lift", "lower_bfloat16", "lower_warp_ops", "eliminate_early_returns", "volatile_store_syncs",
                "grid_stride_barriers", "split_phases", "privatize", "private_arrays_in_shared", "narrow_index_arithmetic",
                "select_local_elements", "flatten_else_if_chains", "thread_dependent_loops",
                "materialize_repeated_values", "pin_copied_reads"} <= set(seen)


def test_verifier_finds_broken_ir():
    body = (I.Parallel((
        I.Store("y", I.Var("undefined", "int32"), I.Const(1.0, "float32")),
        I.For("k", I.Const(0, "int32"), I.Const(4, "int32"), I.Const(1, "int32"),
              (I.AssignVar("k", I.Const(2, "int32")),)),
        I.Store("y", I.Const(0, "int32"), I.Const(1, "int32")),
        I.Return(None),
    )),)
    kernel = I.Kernel("k", "k", (I.BufferParam("y", "float32", "y_len", True, "y", "float*"),), 1, 1, (256,),
                      body, ())
    problems = "\n".join(verify_kernel(kernel))
    for expected in ("'undefined' used before", "loop variable 'k' is assigned", "store of int32 into float32",
                     "return left in a kernel"):
        assert expected in problems


def test_verifier_finds_broken_tile_operations():
    x = I.BufferParam("x", "float32", "x_len", False, "x", "const float*")
    n = I.ScalarParam("n", "int32", "n", "int")
    body = (I.DeclShared("sh", "int32", 256),
            I.TileCopy("x", I.ThreadIdx("x"), "sh", I.Const(0, "int32"), I.BlockDim("x"), True),
            I.BlockScan("sh", I.BlockDim("x"), I.Var("n", "int32"), I.Const(0, "int32"), False, "float32", "s", "j"),
            I.WarpScan("v", "float32", "v_staged", "w", "j"))
    kernel = I.Kernel("k", "k", (n, x), 1, 1, (256,), body, ())
    problems = "\n".join(verify_kernel(kernel))
    for expected in ("tile copy between 'x' and 'sh': unknown buffers or dtypes differ",
                     "tile copy with a per-thread offset", "block scan of unknown or int32 buffer 'sh'",
                     "block scan over runtime extent or offsets", "warp scan of 'v': not a float32 per-thread value"):
        assert expected in problems, problems


def _ret(v=None):
    return I.Return(v)


def test_early_return_becomes_guard():
    cond = I.Var("c", "bool")
    work = I.Store("y", I.Const(0, "int32"), I.Const(1.0, "float32"))
    out = guard_early_returns((I.If(cond, (_ret(),)), work), "void")
    assert out == (I.If(I.Unary("not", cond, "bool"), (work,)),)


def test_returns_from_both_branches_use_a_result_variable():
    c = I.Var("c", "bool")
    body = (I.If(c, (_ret(I.Const(1.0, "float32")),)), _ret(I.Const(2.0, "float32")))
    out = guard_early_returns(body, "float32")
    assert out[0] == I.DeclVar("result", "float32")
    assert out[-1] == I.Return(I.Var("result", "float32"))
    assert sum(isinstance(s, I.Return) for s in out) == 1


def test_single_final_return_is_kept():
    body = (I.Let("t", I.Const(1.0, "float32")), _ret(I.Var("t", "float32")))
    assert guard_early_returns(body, "float32") == body
