"""Lift passes: each an IR -> IR function, checked by the verifier after every step, and the
index-narrowing identities checked by brute force against 32-bit C arithmetic."""

from __future__ import annotations

import numpy as np
import pytest

from c2t_testsupport import CORPUS
from cuda2tile.lift import tile_ir as I
from cuda2tile.lift.eliminate_early_returns import eliminate_early_returns
from cuda2tile.lift.errors import LiftError
from cuda2tile.lift.lift_kernel import lift_kernel
from cuda2tile.lift.narrow_index_arithmetic import narrow_expr
from cuda2tile.lift.verify import verify_kernel
from cuda2tile.parse.frontend import parse_file

CU_FILES = sorted(CORPUS.rglob("*.cu")) + sorted((CORPUS.parent / "tests" / "translation").glob("*.cu"))


@pytest.mark.parametrize("path", CU_FILES, ids=lambda p: p.name)
def test_ir_verifies_after_every_pass(path):
    parsed = parse_file(str(path))
    functions = {f.name: f for f in parsed.unit.functions if not f.is_kernel}
    seen = []

    def check(step, kernel):
        problems = verify_kernel(kernel, returns_allowed=step in ("lift", "lower_warp_ops"),
                                 phases_pending=step in ("eliminate_kernel_returns", "split_phases"))
        assert not problems, f"{path.name}:{kernel.cuda_name} after {step}: {problems}"
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
        assert {"lift", "lower_warp_ops", "eliminate_kernel_returns", "split_phases", "privatize",
                "narrow_index_arithmetic"} <= set(seen)


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
    out = eliminate_early_returns((I.If(cond, (_ret(),)), work), "void")
    assert out == (I.If(I.Unary("not", cond, "bool"), (work,)),)


def test_returns_from_both_branches_use_a_result_variable():
    c = I.Var("c", "bool")
    body = (I.If(c, (_ret(I.Const(1.0, "float32")),)), _ret(I.Const(2.0, "float32")))
    out = eliminate_early_returns(body, "float32")
    assert out[0] == I.DeclVar("result", "float32")
    assert out[-1] == I.Return(I.Var("result", "float32"))
    assert sum(isinstance(s, I.Return) for s in out) == 1


def test_single_final_return_is_kept():
    body = (I.Let("t", I.Const(1.0, "float32")), _ret(I.Var("t", "float32")))
    assert eliminate_early_returns(body, "float32") == body


def _u32(e):
    return I.Cast(e, "uint32")


def _eval(e, env):
    """Evaluate IR with C's 32-bit semantics (numpy fixed-width integers wrap)."""
    if isinstance(e, I.Const):
        return np.array(e.value).astype(e.dtype)
    if isinstance(e, (I.Var, I.ThreadIdx, I.BlockIdx, I.BlockDim, I.GridDim)):
        return env[getattr(e, "name", None) or type(e).__name__]
    if isinstance(e, I.Cast):
        return _eval(e.operand, env).astype(e.dtype)
    a, b = _eval(e.lhs, env), _eval(e.rhs, env)
    op = {"add": np.add, "sub": np.subtract, "mul": np.multiply, "lt": np.less, "le": np.less_equal,
          "gt": np.greater, "eq": np.equal}[e.op]
    with np.errstate(over="ignore"):
        return op(a, b)


def test_narrowing_is_exact_mod_2_32_for_any_int32():
    # int32(u32(a) * u32(b) - u32(c)) == a * b - c, for negative and overflowing values too
    rng = np.random.default_rng(1234)
    env = {name: rng.integers(-2 ** 31, 2 ** 31, 5000, dtype=np.int64).astype(np.int32) for name in "abc"}
    a, b, c = (I.Var(n, "int32") for n in "abc")
    original = I.Cast(I.Binary("sub", I.Binary("mul", _u32(a), _u32(b), "uint32"), _u32(c), "uint32"), "int32")
    narrowed = narrow_expr(original)
    assert narrowed == I.Binary("sub", I.Binary("mul", a, b, "int32"), c, "int32")
    np.testing.assert_array_equal(_eval(original, env), _eval(narrowed, env))


def test_narrowed_comparison_of_launch_coordinates_is_exact():
    rng = np.random.default_rng(99)
    env = {"BlockIdx": rng.integers(0, 65536, 5000).astype(np.int32),
           "BlockDim": rng.integers(1, 1025, 5000).astype(np.int32),
           "ThreadIdx": rng.integers(0, 1024, 5000).astype(np.int32),
           "GridDim": rng.integers(1, 65536, 5000).astype(np.int32)}
    index = I.Binary("add", I.Binary("mul", _u32(I.BlockIdx("x")), _u32(I.BlockDim("x")), "uint32"),
                     _u32(I.ThreadIdx("x")), "uint32")
    original = I.Binary("lt", index, I.Binary("mul", _u32(I.GridDim("x")), _u32(I.BlockDim("x")), "uint32"), "bool")
    narrowed = narrow_expr(original)
    assert narrowed.lhs.dtype == "int32" and narrowed.rhs.dtype == "int32"
    np.testing.assert_array_equal(_eval(original, env), _eval(narrowed, env))


def test_comparison_with_a_possibly_negative_value_stays_unsigned():
    # threadIdx.x < n with int n: C compares as unsigned (n = -1 is huge); narrowing would be wrong
    original = I.Binary("lt", _u32(I.ThreadIdx("x")), _u32(I.Var("n", "int32")), "bool")
    assert narrow_expr(original) == original
