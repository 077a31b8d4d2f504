"""Pass: bfloat16 values become float32 values rounded as bfloat16 rounds; bfloat16 memory holds bits.

TileLang 0.1.15's C back end has no bfloat16 at all (TILELANG_FACTS §10: `Cannot convert type
bfloat16 to C type`), so one form serves every target: a bfloat16 buffer (global, shared or local)
holds the 16 bits of each element as int16 (the kernel's argument is the same bytes, its carrier
dtype int16), and a bfloat16 value is a float32 that bfloat16 can represent. Where C++ produces a new
bfloat16 value, the float32 is rounded to the nearest bfloat16 (ties to even, NaN to 0x7FFF, as
`__float2bfloat16_rn`):

    __nv_bfloat16 s = a[i] * b[i];    ->   s = c2t_bf16_round(c2t_bf16_from_bits(a[i]) * c2t_bf16_from_bits(b[i]))
    y[i] = s;                         ->   y[i] = c2t_bf16_bits(s)
    float f = s;                      ->   f = s                    (widening is exact)

A product of two bfloat16 values is exact in float32, so one rounding gives bfloat16's result; a sum
is rounded twice (to float32, then to bfloat16), as CUDA's own bfloat16 arithmetic does below sm_80.
Conversions (`c2t_bf16_*`, emit/helpers.py) are helpers of both back ends; bit casts to and from
16-bit integers (`__bfloat16_as_ushort`, c10::BFloat16's `x`) are exact, and a CAS loop on the 32-bit
word holding bfloat16 elements works on the int16 bits. What has no float32 form is refused: atomics
on bfloat16 elements themselves, bit casts to other sizes.
"""

from __future__ import annotations

import struct
from dataclasses import fields, replace

from cuda2tile.diagnostics import Location
from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.errors import LiftError
from cuda2tile.ir.ir_names import nodes

BF16, F32, BITS = "bfloat16", "float32", "int16"
# what a bfloat16-typed node computes; its float32 form is rounded after it (a negation, a choice,
# a copy from another lane or a macro's result is a bfloat16 value already)
_ROUNDED = (I.Binary, I.Intrinsic)


def lower_bfloat16(kernel: I.Kernel) -> I.Kernel:
    if not _mentions_bf16(kernel):
        return kernel
    lowering = _Lowering(kernel.source_name)
    body = lowering.stmts(kernel.body)
    macros = tuple(replace(m, params=tuple(replace(p, dtype=F32) if p.kind == "scalar" and p.dtype == BF16 else p
                                           for p in m.params),
                           body=lowering.stmts(m.body), result=F32 if m.result == BF16 else m.result)
                   for m in kernel.macros)
    return replace(kernel, body=body, macros=macros)


def round_to_bf16(value: float) -> float:
    """The float nearest `value` that bfloat16 holds (ties to even), as the lowered code rounds it."""
    bits = struct.unpack("<I", struct.pack("<f", float(value)))[0]
    if (bits & 0x7FFFFFFF) > 0x7F800000:
        bits = 0x7FFF0000  # every NaN becomes the one the conversion gives
    else:
        bits = ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16) << 16
    return struct.unpack("<f", struct.pack("<I", bits & 0xFFFFFFFF))[0]


def _mentions_bf16(kernel: I.Kernel) -> bool:
    return any(getattr(n, "dtype", None) == BF16 for n in nodes((kernel.body, kernel.macros))) or \
        any(m.result == BF16 for m in kernel.macros)


def from_bits(e: I.Expr) -> I.Expr:
    return I.Intrinsic("bf16_from_bits", (e,), F32)


def to_bits(e: I.Expr) -> I.Expr:
    if isinstance(e, I.Intrinsic) and e.op == "bf16_from_bits":  # a copy (`tile[t] = x[i]`): the same bits
        return e.args[0]
    if isinstance(e, I.Intrinsic) and e.op == "bf16_round":  # c2t_bf16_bits rounds as c2t_bf16_round does
        e = e.args[0]
    return I.Intrinsic("bf16_bits", (e if e.dtype == F32 else I.Cast(e, F32),), BITS)


def rounded(e: I.Expr) -> I.Expr:
    if isinstance(e, I.Const):
        return I.Const(round_to_bf16(e.value), F32)
    return I.Intrinsic("bf16_round", (e if e.dtype == F32 else I.Cast(e, F32),), F32)


class _Lowering:
    def __init__(self, source: str):
        self.source = source
        self.line = 0
        self.bf16_buffers: set[str] = set()

    def refuse(self, message: str):
        raise LiftError("C2T1207", message, Location(self.source, self.line, 1))

    # ------------------------------------------------------------ statements
    def stmts(self, stmts: tuple) -> tuple:
        return tuple(self.stmt(s) for s in stmts)

    def stmt(self, s):
        self.line = getattr(s, "line", 0) or self.line
        if isinstance(s, (I.DeclShared, I.DeclLocal)) and s.dtype == BF16:
            return replace(s, dtype=BITS)  # the elements' bits, like the kernel's bfloat16 buffers
        if isinstance(s, I.DeclVar) and s.dtype == BF16:
            return replace(s, dtype=F32)
        if isinstance(s, I.Store):
            value = s.value
            if value.dtype == BF16:
                # `y[i] = (bf16)f`: c2t_bf16_bits rounds f itself, no rounding before it
                value = self.expr(value.operand if isinstance(value, I.Cast) else value)
                return I.Store(s.buffer, self.expr(s.index), to_bits(value), s.line)
        return self.rebuild(s)

    def rebuild(self, node):
        """`node` with every child lowered (statements by `stmt`, expressions by `expr`)."""
        changes = {}
        for f in fields(node):
            value = getattr(node, f.name)
            if isinstance(value, tuple) and value and all(_is_stmt(x) for x in value):
                new = self.stmts(value)
            elif isinstance(value, tuple):
                new = tuple(self.expr(x) if _is_expr(x) else x for x in value)
            elif _is_expr(value):
                new = self.expr(value)
            else:
                continue
            if new != value:
                changes[f.name] = new
        return replace(node, **changes) if changes else node

    def bit_cast(self, e: I.Bitcast) -> I.Expr:
        """The bits of a bfloat16 value, or the bfloat16 value of 16 bits, exactly (NaN payloads too):

            __bfloat16_as_ushort(h), h.x  ->  (uint16)c2t_bf16_raw_bits(h)   (the value is one bfloat16 holds)
            __ushort_as_bfloat16(u)       ->  c2t_bf16_from_bits((int16)u)"""
        inner = self.expr(e.operand)
        if e.dtype == BF16 and inner.dtype in ("int16", "uint16"):
            return from_bits(inner if inner.dtype == BITS else I.Cast(inner, BITS))
        if e.operand.dtype == BF16 and e.dtype in ("int16", "uint16"):
            if isinstance(inner, I.Intrinsic) and inner.op == "bf16_from_bits":  # read from memory: the bits
                bits = inner.args[0]
            else:
                bits = I.Intrinsic("bf16_raw_bits", (inner,), BITS)
            return bits if e.dtype == BITS else I.Cast(bits, e.dtype)
        self.refuse(f"bit cast between bfloat16 and {e.dtype if e.operand.dtype == BF16 else e.operand.dtype} "
                    "(16-bit integers only)")

    # ------------------------------------------------------------ expressions
    def expr(self, e):
        if isinstance(e, I.Const) and e.dtype == BF16:
            return I.Const(round_to_bf16(e.value), F32)
        if isinstance(e, I.Var) and e.dtype == BF16:
            return I.Var(e.name, F32)
        if isinstance(e, I.Load) and e.dtype == BF16:
            return from_bits(I.Load(e.buffer, self.expr(e.index), BITS))
        if isinstance(e, I.Bitcast) and BF16 in (e.dtype, e.operand.dtype):
            return self.bit_cast(e)
        if isinstance(e, I.AtomicRMW) and e.storage == BF16:  # a CAS loop on the word holding bfloat16 bits
            return replace(self.rebuild(e), storage=BITS)
        if isinstance(e, I.ElementAddress) and e.storage == BF16:
            return replace(self.rebuild(e), storage=BITS)
        if isinstance(e, I.AtomicRMW) and e.dtype == BF16:
            self.refuse("atomic on bfloat16 memory has no counterpart on TileLang's back ends: accumulate "
                        "in float")
        if isinstance(e, I.Cast):
            inner = self.expr(e.operand)
            if e.dtype == BF16:
                return rounded(inner)  # from float, double or an integer: to the nearest bfloat16
            return inner if inner.dtype == e.dtype else I.Cast(inner, e.dtype)
        lowered = self.rebuild(e) if hasattr(e, "__dataclass_fields__") else e
        if getattr(lowered, "dtype", None) != BF16:
            return lowered
        lowered = replace(lowered, dtype=F32)
        if isinstance(lowered, I.Binary) and lowered.op in ("bitand", "bitor", "bitxor", "shl", "shr"):
            self.refuse(f"bitwise '{lowered.op}' on bfloat16 values")
        return rounded(lowered) if isinstance(lowered, _ROUNDED) else lowered


def _is_stmt(x) -> bool:
    return isinstance(x, I.Stmt)


def _is_expr(x) -> bool:
    return isinstance(x, I.Expr)
