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

_ATOMS = (I.ThreadIdx, I.BlockIdx, I.BlockDim, I.GridDim)
_CMP = ("lt", "le", "gt", "ge", "eq", "ne")


def _family(e: I.Expr) -> bool:
    """uint32 expressions built from launch coordinates and small constants with + and *."""
    if isinstance(e, I.Cast) and e.dtype == "uint32":
        return isinstance(e.operand, _ATOMS) or (isinstance(e.operand, I.Const) and 0 <= e.operand.value < 2 ** 31)
    if isinstance(e, I.Const) and e.dtype == "uint32":
        return 0 <= e.value < 2 ** 31
    if isinstance(e, I.Binary) and e.dtype == "uint32" and e.op in ("add", "mul"):
        return _family(e.lhs) and _family(e.rhs)
    if isinstance(e, I.Binary) and e.dtype == "uint32" and e.op in ("truncdiv", "truncmod", "shr", "bitand"):
        return _family(e.lhs) and _family(e.rhs)  # on values in [0, 2^31) these agree signed and unsigned
    return False


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


def narrow_expr(e):
    if isinstance(e, tuple):
        return tuple(narrow_expr(x) for x in e)
    if not hasattr(e, "__dataclass_fields__"):
        return e
    if isinstance(e, I.Cast) and e.dtype == "int32" and (_wraps(e.operand) or _family(e.operand)):
        return narrow_expr(_narrow(e.operand))
    if isinstance(e, I.Cast) and e.dtype in ("int64", "uint64") and _family(e.operand):
        return I.Cast(_narrow(e.operand), e.dtype)
    if isinstance(e, I.Binary) and e.op in _CMP and _family(e.lhs) and _family(e.rhs):
        return I.Binary(e.op, _narrow(e.lhs), _narrow(e.rhs), "bool")
    if isinstance(e, (I.Load, I.Store, I.AtomicRMW)) and _family(e.index):
        e = replace(e, index=_narrow(e.index))
    changes = {f.name: narrow_expr(getattr(e, f.name)) for f in fields(e)}
    return replace(e, **changes)


def narrow_index_arithmetic(kernel: I.Kernel) -> I.Kernel:
    macros = tuple(replace(m, body=narrow_expr(m.body)) for m in kernel.macros)
    return replace(kernel, body=narrow_expr(kernel.body), macros=macros)
