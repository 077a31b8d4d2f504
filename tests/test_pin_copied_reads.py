"""cuda2tile/passes/pin_copied_reads.py: an operand TileLang's code generator copies into a C variable
(`T.reinterpret`, `T.max`/`T.min` on the C back end) is read into a let first when it reads memory the
kernel writes, since the generator reuses its copy after a store (difftest finding 13). Parity of the
kernels is in tests/regressions/cases/stale_copies.cu; here the rewrite's shape, what stays as it is, the
forms without a copy where no let can go, the refusal, and broken rewrites the case catches."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.errors import LiftError
from cuda2tile.ir.ir_names import map_children
from cuda2tile.passes.pin_copied_reads import pin_copied_reads
from ir_mutations import failing_outputs
from regressions.expect import CASES

CASE = CASES / "stale_copies.cu"
TX = I.ThreadIdx("x")
H = I.Var("h", "uint32")
F = I.Var("f", "float32")
OUT = I.BufferParam("out", "uint32", "out_len", True, "out", "unsigned*")
X = I.BufferParam("x", "int32", "x_len", False, "x", "const int*")


def _kernel(*body, params=(OUT,), decls=(I.DeclVar("h", "uint32"),), macros=()) -> I.Kernel:
    return I.Kernel("k", "k", params, 1, 1, None, (I.Parallel(tuple(decls) + body),), macros)


def _max(a, b):
    return I.Intrinsic("max", (a, b), a.dtype)


def _region(kernel):
    return kernel.body[0].body


def test_a_variable_read_by_max_is_read_into_a_let_first():
    out = pin_copied_reads(_kernel(I.Let("a", _max(H, I.Const(100, "uint32")), 3)))
    decl, let, use = _region(out)
    assert let == I.Let("h_now", H, 3)
    assert use == I.Let("a", _max(I.Var("h_now", "uint32"), I.Const(100, "uint32")), 3)
    # a second pass finds nothing to pin: the let's name is never copied stale
    assert pin_copied_reads(out) == out


def test_a_stored_unsigned_variable_is_read_into_a_let_before_its_carrier_store():
    out = pin_copied_reads(_kernel(I.Store("out", TX, H, 4)))
    assert _region(out)[1:] == (I.Let("h_now", H, 4), I.Store("out", TX, I.Var("h_now", "uint32"), 4))


def test_a_local_element_cast_to_unsigned_becomes_a_bit_cast_of_a_let():
    element = I.Load("s", I.Const(0, "int32"), "int32")
    out = pin_copied_reads(_kernel(I.Let("a", I.Cast(element, "uint32")),
                                   decls=(I.DeclLocal("s", "int32", 2),)))
    assert _region(out)[1:] == (I.Let("s_now", element),
                                I.Let("a", I.Bitcast(I.Var("s_now", "int32"), "uint32")))


def test_bit_casts_and_saturate_of_variables_are_read_into_lets():
    bits = pin_copied_reads(_kernel(I.Let("a", I.Bitcast(F, "uint32")), decls=(I.DeclVar("f", "float32"),)))
    assert _region(bits)[1:] == (I.Let("f_now", F), I.Let("a", I.Bitcast(I.Var("f_now", "float32"), "uint32")))
    sat = pin_copied_reads(_kernel(I.Let("a", I.Intrinsic("saturate", (F,), "float32")),
                                   decls=(I.DeclVar("f", "float32"),)))
    assert _region(sat)[1] == I.Let("f_now", F)


def test_parameters_lets_global_buffers_and_signed_stores_stay_as_they_are():
    key = I.Var("key", "uint32")
    global_read = I.Load("x", TX, "int32")
    for kernel in (
            _kernel(I.Let("a", _max(key, I.Const(1, "uint32")))),                        # a parameter
            _kernel(I.Let("b", H), I.Let("a", _max(I.Var("b", "uint32"), I.Const(1, "uint32")))),  # a let
            _kernel(I.Let("a", I.Cast(global_read, "uint32")), params=(OUT, X)),       # guarded by TileLang
            _kernel(I.Store("out", TX, I.Const(7, "uint32"))),                         # reads nothing
            _kernel(I.Let("a", I.Binary("add", H, I.Const(1, "uint32"), "uint32")))):   # copies nothing
        assert pin_copied_reads(kernel) is kernel


def test_in_a_branch_of_a_choice_max_becomes_a_choice_and_the_cast_a_mask():
    cond = I.Binary("lt", TX, I.Const(4, "int32"), "bool")
    element = I.Load("s", TX, "int32")
    out = pin_copied_reads(_kernel(
        I.Let("a", I.Select(cond, _max(H, I.Const(5, "uint32")), I.Const(0, "uint32"), "uint32")),
        I.Let("b", I.Select(cond, I.Cast(element, "uint32"), I.Const(9, "uint32"), "uint32")),
        decls=(I.DeclVar("h", "uint32"), I.DeclLocal("s", "int32", 4))))
    a, b = _region(out)[2:]
    assert a.value.then == I.Select(I.Binary("gt", H, I.Const(5, "uint32"), "bool"), H, I.Const(5, "uint32"), "uint32")
    wide = I.Binary("bitand", I.Cast(element, "int64"), I.Const(4294967295, "int64"), "int64")
    assert b.value.then == I.Cast(wide, "uint32")  # nothing read before the choice: s[4] is never read
    assert len(_region(out)) == 4


def test_in_a_while_condition_max_becomes_a_choice_and_a_bit_cast_is_refused():
    loop = I.While(I.Binary("gt", I.Intrinsic("min", (H, I.Const(600, "uint32")), "uint32"),
                            I.Const(3, "uint32"), "bool"), (I.AssignVar("h", I.Const(1, "uint32")),), 7)
    out = pin_copied_reads(_kernel(loop))
    assert isinstance(_region(out)[1].cond.lhs, I.Select) and len(_region(out)) == 2
    bits = I.While(I.Binary("gt", I.Bitcast(F, "uint32"), I.Const(3, "uint32"), "bool"), (), 9)
    with pytest.raises(LiftError) as caught:
        pin_copied_reads(_kernel(bits, decls=(I.DeclVar("f", "float32"),)))
    assert caught.value.code == "C2T1218" and caught.value.loc.line == 9


def test_every_array_of_a_device_function_counts_as_written():
    element = I.Load("buf", I.Const(0, "int32"), "int32")
    macro = I.Macro("m", "m", (I.MacroParam("buf", "buffer", "int32"),),
                    (I.Return(I.Cast(element, "uint32"), 2),), "uint32")
    out = pin_copied_reads(_kernel(macros=(macro,)))
    assert out.macros[0].body == (I.Let("buf_now", element, 2),
                                  I.Return(I.Bitcast(I.Var("buf_now", "int32"), "uint32"), 2))


def _unpinned(kernel: I.Kernel) -> I.Kernel:
    """The pass undone: each `*_now` let substituted back into its uses, and the bit cast it made of a
    signed element a cast again, so the generator copies the written memory again."""
    pins: dict[str, I.Expr] = {}

    def fn(node):
        if isinstance(node, tuple):
            out = []
            for x in node:
                if isinstance(x, I.Let) and re.search(r"_now(_\d+)?$", x.name):
                    pins[x.name] = fn(x.value)
                else:
                    out.append(fn(x))
            return tuple(out)
        if isinstance(node, I.Var) and node.name in pins:
            return pins[node.name]
        if isinstance(node, I.Bitcast) and isinstance(node.operand, I.Var) and node.operand.name in pins \
                and isinstance(pins[node.operand.name], I.Load):
            return I.Cast(pins[node.operand.name], node.dtype)
        return map_children(node, fn)

    return replace(kernel, body=fn(kernel.body))


@pytest.mark.slow
@pytest.mark.parametrize("name", ["stale_after_branch", "stale_max_twice", "stale_local_element"])
def test_the_numpy_reference_catches_the_pass_undone(name, tmp_path):
    assert failing_outputs(CASE, name, _unpinned, tmp_path) == {"out"}


def test_expressions_as_deep_as_the_front_end_allows():
    """A 250-term sum of a variable, stored into an unsigned* under 60 ifs (the hostile-input test's
    shape with a written variable): no RecursionError, and one let holds the sum."""
    total = H
    for _ in range(249):
        total = I.Binary("add", total, H, "uint32")
    body = (I.Store("out", TX, total, 9),)
    for _ in range(60):
        body = (I.If(I.Binary("gt", TX, I.Const(0, "int32"), "bool"), body),)
    out = pin_copied_reads(_kernel(*body))
    inner = _region(out)[1]
    for _ in range(59):
        inner = inner.then[0]
    assert inner.then == (I.Let("h_now", total, 9), I.Store("out", TX, I.Var("h_now", "uint32"), 9))
