"""Pass: compute thread/block index arithmetic in int32 instead of CUDA's `unsigned int`.

CUDA types threadIdx/blockIdx/blockDim/gridDim as `unsigned int`, so `blockIdx.x * blockDim.x +
threadIdx.x` is unsigned arithmetic that the kernel then converts to `int`. The lift keeps that
faithfully (`Cast(uint32, ...)`), and this pass removes it where it is exact. Rules, each with its
identity:
  int32(u32(a) * u32(b) + u32(c))  ==  a * b + c    for any int32 a, b, c: +, - and * give the same
                                                     low 32 bits signed or unsigned (two's complement)
  u32(a) <cmp> u32(b)              ==  a <cmp> b    when a, b are launch coordinates or constants in
                                                     [0, 2^31), and sums/products of them below 2^31
  buf[u32 index]                   ==  buf[index]   under the same condition (same element)
  u32(a) / u32(b), %, >>, &        ==  a / b, ...   likewise: on [0, 2^31) signedness does not matter
The last two differ only for launches whose index already overflows `int` in CUDA.
"""

from __future__ import annotations

from dataclasses import fields, replace

from cuda2tile.lift import tile_ir as I

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

    def collect(node):
        if isinstance(node, I.Let):
            lets.setdefault(node.name, []).append(node.value)
        elif isinstance(node, (I.AssignVar, I.DeclVar, I.PrivateStore)):
            assigned.add(node.name)
        if isinstance(node, tuple):
            for x in node:
                collect(x)
        elif isinstance(node, (I.If, I.For, I.While, I.Parallel)):
            for f in fields(node):
                collect(getattr(node, f.name))

    collect(body)
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


def narrow_expr(e, nonneg: frozenset = frozenset()):
    if isinstance(e, tuple):
        return tuple(narrow_expr(x, nonneg) for x in e)
    if not hasattr(e, "__dataclass_fields__"):
        return e
    if isinstance(e, I.Cast) and e.dtype == "int32" and (_wraps(e.operand) or _family(e.operand, nonneg)):
        return narrow_expr(_narrow(e.operand), nonneg)
    if isinstance(e, I.Cast) and e.dtype in ("int64", "uint64") and _family(e.operand, nonneg):
        return I.Cast(_narrow(e.operand), e.dtype)
    if isinstance(e, I.Binary) and e.op in _CMP and _family(e.lhs, nonneg) and _family(e.rhs, nonneg):
        return I.Binary(e.op, _narrow(e.lhs), _narrow(e.rhs), "bool")
    if isinstance(e, (I.Load, I.Store, I.AtomicRMW)) and _family(e.index, nonneg):
        e = replace(e, index=_narrow(e.index))
    changes = {f.name: narrow_expr(getattr(e, f.name), nonneg) for f in fields(e)}
    return replace(e, **changes)


def narrow_index_arithmetic(kernel: I.Kernel) -> I.Kernel:
    nonneg = nonneg_lets(kernel.body)
    macros = tuple(replace(m, body=narrow_expr(m.body)) for m in kernel.macros)
    return replace(kernel, body=narrow_expr(kernel.body, nonneg), macros=macros)
