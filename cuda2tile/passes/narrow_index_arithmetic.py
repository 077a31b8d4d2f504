"""Pass: compute thread/block index arithmetic in int32 instead of CUDA's `unsigned int`.

CUDA types threadIdx/blockIdx/blockDim/gridDim as `unsigned int`, so `blockIdx.x * blockDim.x +
threadIdx.x` is unsigned arithmetic that the kernel then converts to `int`. The lift keeps that
faithfully (`Cast(uint32, ...)`), and this pass removes it where it is exact, by the `RULES` below,
each a (pattern, fn) pair with the identity it applies:
  int32(u32(a) * u32(b) + u32(c))  ==  a * b + c    for any int32 a, b, c: +, - and * give the same
                                                     low 32 bits signed or unsigned (two's complement)
  int32(u32(a) / u32(b)), %, >>, & ==  a / b, ...   when a, b are launch coordinates or constants in
                                                     [0, 2^31), and sums/products of them below 2^31:
                                                     there signedness does not matter
  int64(u32(a))                    ==  int64(a)     likewise (zero and sign extension agree)
  u32(a) <cmp> u32(b)              ==  a <cmp> b    likewise
  buf[u32 index]                   ==  buf[index]   likewise (the same element)
All but the first differ only for launches whose index already overflows `int` in CUDA.
tests/test_narrow_index_arithmetic.py proves each identity with z3 and checks each rule on every
value at a small width.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Callable

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import statements

_ATOMS = (I.ThreadIdx, I.BlockIdx, I.BlockDim, I.GridDim, I.BlockThreads)
_CMP = ("lt", "le", "gt", "ge", "eq", "ne")


def _family(e: I.Expr, nonneg: frozenset = frozenset()) -> bool:
    """uint32 expressions built from launch coordinates, small constants and variables bound to such
    values (`int t = threadIdx.x;`), with + and * (and /, %, >>, & which agree on [0, 2^31))."""
    if isinstance(e, I.Cast) and e.dtype == "uint32":
        operand = e.operand
        return (isinstance(operand, _ATOMS) or (isinstance(operand, I.Const) and 0 <= operand.value < 2 ** 31)
                or (isinstance(operand, I.Var) and operand.name in nonneg))
    if isinstance(e, I.Const) and e.dtype == "uint32":
        return 0 <= e.value < 2 ** 31
    if isinstance(e, I.Binary) and e.dtype == "uint32" and e.op in ("add", "mul", "truncdiv", "truncmod", "shr",
                                                                     "bitand"):
        return _family(e.lhs, nonneg) and _family(e.rhs, nonneg)
    return False


def _nonneg_int32(e: I.Expr, nonneg: frozenset) -> bool:
    """int32 values built the same way (what a narrowed family expression looks like)."""
    if isinstance(e, _ATOMS) or isinstance(e, (I.LinearThreadIdx, I.BlockThreads)):
        return True
    if isinstance(e, I.Const):
        return e.dtype == "int32" and 0 <= e.value < 2 ** 31
    if isinstance(e, I.Var):
        return e.name in nonneg
    if isinstance(e, I.Cast) and e.dtype == "int32":
        return _family(e.operand, nonneg)
    if isinstance(e, I.Binary) and e.dtype == "int32" and e.op in ("add", "mul", "truncdiv", "truncmod", "shr",
                                                                    "bitand"):
        return _nonneg_int32(e.lhs, nonneg) and _nonneg_int32(e.rhs, nonneg)
    return False


def nonneg_lets(body) -> frozenset:
    """Names bound once, by a Let, to a non-negative launch-coordinate value (to a fixed point)."""
    lets: dict[str, list] = {}
    assigned: set[str] = set()

    for node in statements(body):
        if isinstance(node, I.Let):
            lets.setdefault(node.name, []).append(node.value)
        elif isinstance(node, (I.AssignVar, I.DeclVar, I.PrivateStore)):
            assigned.add(node.name)
    found: frozenset = frozenset()
    while True:
        grown = frozenset(n for n, values in lets.items() if n not in assigned
                          and all(_nonneg_int32(v, found) for v in values))
        if grown == found:
            return found
        found = grown


def _wraps(e: I.Expr) -> bool:
    """uint32 expressions made of int32 values with +, - and *: their int32 image is exact mod 2^32."""
    if isinstance(e, I.Cast) and e.dtype == "uint32":
        return e.operand.dtype == "int32"
    if isinstance(e, I.Const) and e.dtype == "uint32":
        return 0 <= e.value < 2 ** 31
    if isinstance(e, I.Binary) and e.dtype == "uint32" and e.op in ("add", "sub", "mul"):
        return _wraps(e.lhs) and _wraps(e.rhs)
    return False


def _narrow(e: I.Expr) -> I.Expr:
    if isinstance(e, I.Cast):
        return e.operand
    if isinstance(e, I.Const):
        return I.Const(e.value, "int32")
    return I.Binary(e.op, _narrow(e.lhs), _narrow(e.rhs), "int32")


@dataclass(frozen=True)
class Rule:
    """Where `pattern(e, nonneg)` holds, `fn(e, nonneg)` is `e` rewritten by `identity`. `nonneg`:
    the variables bound to non-negative launch-coordinate values (`nonneg_lets`)."""
    name: str
    identity: str
    pattern: Callable[[I.Expr, frozenset], bool]
    fn: Callable[[I.Expr, frozenset], I.Expr]


def _int32_of(e: I.Cast, nonneg: frozenset) -> I.Expr:
    return narrow_expr(_narrow(e.operand), nonneg)


RULES: tuple[Rule, ...] = (
    # int32(u32(a) op u32(b)) == a op b, op in +, -, *: the same low 32 bits signed or unsigned
    Rule("wrapping", "int32(u32(a) op u32(b)) == a op b   for op in +, -, *, any int32 a, b",
         lambda e, nonneg: isinstance(e, I.Cast) and e.dtype == "int32" and _wraps(e.operand), _int32_of),
    # int32(u32(a) op u32(b)) == a op b, op in /, %, >>, &, +, *: for a, b and a op b in [0, 2^31)
    Rule("non_negative", "int32(u32(a) op u32(b)) == a op b   for op in /, %, >>, &, +, *, a, b, a op b in [0, 2^31)",
         lambda e, nonneg: isinstance(e, I.Cast) and e.dtype == "int32" and _family(e.operand, nonneg), _int32_of),
    # int64(u32(a)) == int64(a): zero and sign extension agree on [0, 2^31)
    Rule("widening", "int64(u32(a)) == int64(a)   for a in [0, 2^31)",
         lambda e, nonneg: isinstance(e, I.Cast) and e.dtype in ("int64", "uint64") and _family(e.operand, nonneg),
         lambda e, nonneg: I.Cast(_narrow(e.operand), e.dtype)),
    # u32(a) < u32(b) == a < b (and <=, >, >=, ==, !=) on [0, 2^31)
    Rule("comparison", "u32(a) cmp u32(b) == a cmp b   for a, b in [0, 2^31)",
         lambda e, nonneg: isinstance(e, I.Binary) and e.op in _CMP and _family(e.lhs, nonneg)
         and _family(e.rhs, nonneg),
         lambda e, nonneg: I.Binary(e.op, _narrow(e.lhs), _narrow(e.rhs), "bool")),
    # buf[u32(i)] == buf[i]: the same element for i in [0, 2^31); the rest of the access narrows on
    Rule("index", "u32(i) == i   as an element index, for i in [0, 2^31)",
         lambda e, nonneg: isinstance(e, (I.Load, I.Store, I.AtomicRMW)) and _family(e.index, nonneg),
         lambda e, nonneg: _narrow_children(replace(e, index=_narrow(e.index)), nonneg)),
)


def narrow_expr(e, nonneg: frozenset = frozenset()):
    """`e` with the first rule whose pattern matches applied, at the top or else below."""
    if isinstance(e, tuple):
        return tuple(narrow_expr(x, nonneg) for x in e)
    if not hasattr(e, "__dataclass_fields__"):
        return e
    rule = next((r for r in RULES if r.pattern(e, nonneg)), None)
    if rule is not None:
        return rule.fn(e, nonneg)
    # inline, not through a helper or map_children: two Python frames per IR level, so statements nested
    # as deep as build_ast allows (MAX_STMT_DEPTH) still fit in the interpreter's recursion limit
    return replace(e, **{f.name: narrow_expr(getattr(e, f.name), nonneg) for f in fields(e)})


def _narrow_children(e, nonneg: frozenset):
    return replace(e, **{f.name: narrow_expr(getattr(e, f.name), nonneg) for f in fields(e)})


def narrow_index_arithmetic(kernel: I.Kernel) -> I.Kernel:
    nonneg = nonneg_lets(kernel.body)
    macros = tuple(replace(m, body=narrow_expr(m.body)) for m in kernel.macros)
    return replace(kernel, body=narrow_expr(kernel.body, nonneg), macros=macros)
