"""cuda2tile/passes/block_float_folds.py: float expressions TVM's simplifier would fold as real-number
algebra get an opaque identity on the operand the fold needs (difftest finding 14). Parity of kernels
that compute each fold's IEEE value is in tests/regressions/cases/float_folds.cu (every kernel there fails
with the pass left out: tests/regressions/check_reverts.py, "float folds blocked"); here the rewrite's
shape for each rule, what stays as it is, and that TVM indeed folds the bare forms and not the kept ones."""

from __future__ import annotations

import pytest

from cuda2tile.ir import tile_ir as I
from cuda2tile.passes.block_float_folds import block_float_folds, keep

TX = I.ThreadIdx("x")
F32, F64 = "float32", "float64"
X = I.Load("x", TX, F32)
A, B, T = I.Var("a", F32), I.Var("b", F32), I.Var("t", F32)
OUT = I.BufferParam("out", F32, "out_len", True, "out", "float*")
XP = I.BufferParam("x", F32, "x_len", False, "x", "const float*")


def _f(v: float, dtype: str = F32) -> I.Const:
    return I.Const(v, dtype)


def _bin(op: str, lhs, rhs, dtype: str | None = None) -> I.Binary:
    return I.Binary(op, lhs, rhs, dtype or ("bool" if op in ("lt", "le", "gt", "ge", "eq", "ne", "and", "or")
                                            else lhs.dtype))


def _kernel(*body, macros=()) -> I.Kernel:
    return I.Kernel("k", "k", (XP, OUT), 1, 1, None, (I.Parallel(tuple(body)),), macros)


def _stored(kernel: I.Kernel):
    """The value of the region's last statement (a store)."""
    return kernel.body[0].body[-1].value


def _store(value) -> I.Store:
    return I.Store("out", TX, value if value.dtype == F32 else I.Select(value, _f(1.0), _f(0.0), F32))


def test_a_difference_that_cancels_through_lets_keeps_its_subtrahend():
    # float a = x[i]; float t = a + y; out = t - a;  (TileLang substitutes both lets: (a + y) - a -> y)
    y = I.Load("x", _bin("add", TX, I.i32(1)), F32)
    out = block_float_folds(_kernel(I.Let("a", X), I.Let("t", _bin("add", A, y)), _store(_bin("sub", T, A))))
    assert _stored(out) == _bin("sub", T, keep(A))
    # x - (x + y), (x + 1.0) - 1.0, x - x: the same
    for value, kept in ((_bin("sub", X, _bin("add", X, y)), _bin("sub", X, keep(_bin("add", X, y)))),
                        (_bin("sub", _bin("add", X, _f(1.0)), _f(1.0)), _bin("sub", _bin("add", X, _f(1.0)), keep(_f(1.0)))),
                        (_bin("sub", X, X), _bin("sub", X, keep(X)))):
        assert _stored(block_float_folds(_kernel(_store(value)))) == kept


def test_a_variable_compared_with_itself_keeps_one_side():
    # the NaN test `q != q`, through a let of a let (`float r = q;`)
    out = block_float_folds(_kernel(I.Let("a", X), I.Let("b", A), _store(_bin("ne", A, B))))
    assert _stored(out).cond == _bin("ne", A, keep(B))
    # the same read of memory counts as the same value
    assert _stored(block_float_folds(_kernel(_store(_bin("eq", X, X))))).cond == _bin("eq", X, keep(X))


def test_zero_operands_are_kept_where_a_fold_would_drop_them():
    zero, negzero = _f(0.0), _f(-0.0)
    cases = {  # value -> the operand kept
        _bin("mul", X, zero): "rhs", _bin("mul", negzero, X): "lhs",
        _bin("div", zero, X): "lhs", _bin("add", X, zero): "rhs", _bin("sub", X, negzero): "rhs"}
    for value, side in cases.items():
        assert getattr(_stored(block_float_folds(_kernel(_store(value)))), side) == keep(getattr(value, side))
    # a let of zero is the zero (TileLang substitutes constants)
    out = block_float_folds(_kernel(I.Let("a", zero), _store(_bin("mul", X, A))))
    assert _stored(out) == _bin("mul", X, keep(A))


def test_a_negated_float_comparison_keeps_each_comparison():
    inner = _bin("and", _bin("gt", X, _f(0.25)), _bin("lt", X, _f(0.9)))
    out = block_float_folds(_kernel(_store(I.Unary("not", inner, "bool"))))
    kept = _stored(out).cond
    assert kept == I.Unary("not", _bin("and", keep(inner.lhs), keep(inner.rhs)), "bool")


def test_complementary_comparisons_of_a_disjunction_keep_one():
    for lhs, rhs in ((_bin("le", X, _f(0.5)), _bin("lt", _f(0.5), X)),
                     (_bin("lt", X, _f(0.5)), _bin("gt", X, _f(0.5)))):   # x < c || c < x, written as x > c
        out = block_float_folds(_kernel(_store(_bin("or", lhs, rhs))))
        assert _stored(out).cond == _bin("or", lhs, keep(rhs))


def test_device_function_arguments_that_would_meet_a_fold_are_kept_at_the_call():
    p, q = I.Var("p", F32), I.Var("q", F32)
    params = (I.MacroParam("p", "scalar", F32), I.MacroParam("q", "scalar", F32))
    difference = I.Macro("difference", "difference", params, (I.Return(_bin("sub", p, q)),), F32)
    shifted = I.Macro("shifted", "shifted", params, (I.Return(_bin("sub", _bin("add", p, _f(1.0)), q)),), F32)
    dot = I.Macro("dot", "dot", params, (I.Return(_bin("mul", p, q)),), F32)

    def call(macro, *args):
        out = block_float_folds(_kernel(_store(I.MacroCall(macro.name, args, F32)), macros=(difference, shifted, dot)))
        return _stored(out).args

    assert call(difference, X, X) == (X, keep(X))
    assert call(difference, _bin("add", X, A), A) == (_bin("add", X, A), keep(A))
    assert call(shifted, X, _f(1.0)) == (X, keep(_f(1.0)))  # the body adds 1.0 too
    assert call(dot, X, _f(0.0)) == (X, keep(_f(0.0)))
    assert call(dot, X, X) == (X, X)  # a product of equal values folds nothing
    assert call(difference, X, _f(2.0)) == (X, _f(2.0))


def test_a_bit_cast_of_a_constant_is_computed_as_c_computes_it():
    # float z = 1.5f; __float_as_uint(z)  (difftest finding 15: TileLang could not compile its form)
    out = block_float_folds(_kernel(I.Let("a", _f(1.5)), I.Let("u", I.Bitcast(A, "uint32")),
                                    _store(I.Cast(I.Var("u", "uint32"), F32))))
    assert out.body[0].body[1] == I.Let("u", I.Const(1069547520, "uint32"))
    for const, dtype, want in ((I.Const(-0.0, F32), "uint32", 2147483648), (I.Const(1.0, F64), "int64", 4607182418800017408),
                               (I.Const(float("nan"), F32), "int32", 0x7FC00000)):
        folded = _stored(block_float_folds(_kernel(_store(I.Cast(I.Bitcast(const, dtype), F32))))).operand
        assert folded == I.Const(want, dtype)
    # an integer's bits: a constant too, except a NaN, which keeps its payload as a bit cast of the word
    assert _stored(block_float_folds(_kernel(_store(I.Bitcast(I.Const(-2, "int32"), F32))))) == \
        I.Bitcast(I.Const(0xFFFFFFFE, "uint32"), F32)
    bits = _kernel(_store(I.Bitcast(I.Const(0x7FC00001, "uint32"), F32)))
    assert block_float_folds(bits) is bits
    half = _kernel(_store(I.Cast(I.Bitcast(I.Const(0x3C00, "uint16"), "float16"), F32)))
    assert _stored(block_float_folds(half)).operand == I.Const(1.0, "float16")
    # a bit cast of a bit cast of a constant: through the bits (__float_as_uint(__int_as_float(k)))
    twice = I.Bitcast(I.Bitcast(I.Const(-2, "int32"), F32), "uint32")
    assert _stored(block_float_folds(_kernel(_store(I.Cast(twice, F32))))).operand == I.Const(0xFFFFFFFE, "uint32")


def test_plain_arithmetic_and_integers_stay_as_they_are():
    i = I.Var("i", "int32")
    for value in (_bin("sub", X, _bin("mul", X, _f(2.0))), _bin("add", X, _f(1.0)), _bin("mul", X, _f(1.0)),
                  _bin("sub", _f(0.0), X), _bin("add", _f(-0.0), X)):
        kernel = _kernel(_store(value))
        assert block_float_folds(kernel) is kernel
    ints = _kernel(I.Let("i", TX), I.Store("out", TX, I.Cast(_bin("sub", i, i), F32)))
    assert block_float_folds(ints) is ints


def test_the_pass_is_idempotent_and_double_gets_its_own_identity():
    d = I.Load("x", TX, F64)
    out = block_float_folds(_kernel(I.Let("a", _bin("add", d, _f(1.0, F64))),
                                    I.Store("out", TX, I.Cast(_bin("sub", I.Var("a", F64), d), F32))))
    assert out.body[0].body[-1].value.operand.rhs == I.Intrinsic("keep_f64", (d,), F64)
    assert block_float_folds(out) == out


def test_lets_of_a_block_end_with_it():
    # `a` bound to x[i] in one branch, to another value in the other: no fold across them
    branch = I.If(_bin("lt", TX, I.i32(3)), (I.Let("a", X), _store(_bin("sub", A, X))),
                  (I.Let("a", _f(3.0)), _store(_bin("sub", A, X))))
    out = block_float_folds(_kernel(branch))
    then, other = out.body[0].body[0].then, out.body[0].body[0].other
    assert then[-1].value == _bin("sub", A, keep(X)) and other[-1].value == _bin("sub", A, X)


def test_expressions_as_deep_as_the_front_end_allows():
    total = X
    for _ in range(249):
        total = _bin("add", total, X)
    body = (_store(_bin("sub", total, X)),)
    for _ in range(60):
        body = (I.If(_bin("gt", TX, I.i32(0)), body),)
    out = block_float_folds(_kernel(*body))
    inner = out.body[0].body[0]
    for _ in range(59):
        inner = inner.then[0]
    assert inner.then[0].value == _bin("sub", total, keep(X))


# ---------------------------------------------------------------- what TVM does with each form

tvm = pytest.importorskip("tilelang").tvm


def _tvm_cases():
    from tvm import tirx as tir
    x, y = tir.Var("x", "float32"), tir.Var("y", "float32")
    zero = tir.FloatImm("float32", 0.0)

    def kept(e):
        return tir.call_extern(e.dtype, "c2t_keep_bool" if e.dtype == "bool" else "c2t_keep_f32", e)

    return [  # (the bare form, the form the pass prints)
        ((x + y) - y, (x + y) - kept(y)),
        (x - (x + y), x - kept(x + y)),
        (x - x, x - kept(x)),
        (tir.EQ(x, x), tir.EQ(x, kept(x))),
        (tir.Mul(x, zero), tir.Mul(x, kept(zero))),
        (tir.Div(zero, x), tir.Div(kept(zero), x)),
        (tir.Not(x < y), tir.Not(kept(x < y))),
        (tir.Or(x <= y, y < x), tir.Or(x <= y, kept(y < x))),
    ]


def test_tvm_folds_each_bare_form_and_none_of_the_kept_ones():
    """The pass rests on two facts of TileLang 0.1.15's TVM: these rules apply to floats, and none sees
    through a call_extern. A new TileLang that changes either shows here first."""
    from tvm import arith
    analyzer = arith.Analyzer()
    for bare, kept in _tvm_cases():
        assert not tvm.ir.structural_equal(analyzer.simplify(bare), bare), bare
        assert tvm.ir.structural_equal(analyzer.simplify(kept), kept), kept


def test_a_condition_whose_else_branch_compares_the_same_floats_is_kept():
    # if (a < b) ... else if (a >= b) ... : TVM takes the else branch's `a >= b` as true (`!(a < b)` is
    # `b <= a` to it), where a NaN makes it false; `?:` the same (its else value)
    y = I.Load("x", _bin("add", TX, I.i32(1)), F32)
    lets = (I.Let("a", X), I.Let("b", y))
    inner = I.If(_bin("ge", A, B), (_store(_f(2.0)),), (_store(_f(3.0)),))
    out = block_float_folds(_kernel(*lets, I.If(_bin("lt", A, B), (_store(_f(1.0)),), (inner,))))
    outer = out.body[0].body[-1]
    assert outer.cond == keep(_bin("lt", A, B)) and outer.other == (inner,)
    chosen = I.Select(_bin("lt", A, B), _f(1.0), I.Select(_bin("ge", A, B), _f(2.0), _f(3.0), F32), F32)
    assert _stored(block_float_folds(_kernel(*lets, _store(chosen)))).cond == keep(_bin("lt", A, B))
    # other values in the else branch, or the same ones in the then branch only (assumed true: no NaN
    # there), leave the condition as it is
    other = I.If(_bin("ge", A, _f(0.0)), (_store(_f(2.0)),))
    for s in (I.If(_bin("lt", A, B), (_store(_f(1.0)),), (other,)), I.If(_bin("lt", A, B), (inner,), (_store(_f(1.0)),))):
        assert block_float_folds(_kernel(*lets, s)).body[0].body[-1].cond == _bin("lt", A, B)


def test_a_let_of_a_comparison_read_in_the_else_branch_counts():
    # bool c = a >= b; if (a < b) ... else if (c) ...: TVM substitutes the let, so the else branch holds
    # `a >= b` as if written there
    y = I.Load("x", _bin("add", TX, I.i32(1)), F32)
    c = I.Var("c", "bool")
    inner = I.If(c, (_store(_f(2.0)),), (_store(_f(3.0)),))
    out = block_float_folds(_kernel(I.Let("a", X), I.Let("b", y), I.Let("c", _bin("ge", A, B)),
                                    I.If(_bin("lt", A, B), (_store(_f(1.0)),), (inner,))))
    assert out.body[0].body[-1].cond == keep(_bin("lt", A, B))
