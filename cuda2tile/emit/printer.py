"""Print TileLang-level IR (`ir/tile_lang_ir.py`, made by `lower_idioms`) as Python. This module
alone owns operator precedence, and prints every statement and expression of a factory's body
(`print_factory`: its macros, then the prim_funcs; `module.py` renders the skeleton around it).

Expressions are printed with the precedence table below and parenthesised only where Python
needs it: `(a + b) * c`, but `a * b + c`. Comparisons never chain (`(a < b) < c` keeps its
parentheses, since Python would read `a < b < c` as `a < b and b < c`).

Spellings come from tables, none from here: TileLang's operations from `op_coverage` (`TILE_OPS`,
`op_coverage.tile_forms`: reductions, integer division, dtype carriers, launch coordinates), and
the names the emitted module binds for itself (`T`, `target`, `smem_scope`, `block_x`) from the names
table (`names.NAMES`), which the jinja2 templates read too. Per-target limits of TileLang 0.1.15 are
handled through the carrier rules: e.g. the C back end has no uint32 buffers, so `unsigned*` buffers
travel as int32 and are read through `T.reinterpret(x[i], "uint32")`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

import op_coverage
from cuda2tile.emit.helpers import bits_atomic_helper
from cuda2tile.emit.names import NAMES, EmittedNames, PythonNames
from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import EFFECTS, contains, nodes
from cuda2tile.ir import tile_lang_ir as L
from op_coverage.tile_forms import BUFFER_CARRIERS, INTEGER_DIVISION, REDUCTIONS, SCALAR_CARRIERS

# Python precedence, higher binds tighter.
_PREC = {"select": 1, "or": 2, "and": 3, "not": 4, "cmp": 5, "bitor": 6, "bitxor": 7, "bitand": 8, "shift": 9,
         "add": 10, "mul": 11, "unary": 12, "atom": 14}
_BINARY = {"add": ("+", "add"), "sub": ("-", "add"), "mul": ("*", "mul"), "div": ("/", "mul"),
           "floordiv": ("//", "mul"), "floormod": ("%", "mul"),
           "shl": ("<<", "shift"), "shr": (">>", "shift"), "bitand": ("&", "bitand"), "bitor": ("|", "bitor"),
           "bitxor": ("^", "bitxor"), "lt": ("<", "cmp"), "le": ("<=", "cmp"), "gt": (">", "cmp"),
           "ge": (">=", "cmp"), "eq": ("==", "cmp"), "ne": ("!=", "cmp"), "and": ("and", "and"),
           "or": ("or", "or")}
_COMPARISONS = ("lt", "le", "gt", "ge", "eq", "ne")
_INDENT = "    "


def float_repr(value: float, dtype: str) -> str:
    """Shortest decimal that reads back as the same `dtype` value: 0.1f -> '0.1', not 0.10000000149.
    Not where that decimal, read as a double, lies beyond the type's largest value: `-FLT_MAX` is
    -3.4028235e+38 as a float, below -3.4028234663852886e+38 as a double, and TVM refuses
    `T.float32(-3.4028235e+38)` ("exceeds minimum of float32": caffe's MaxPoolForward, mmcv's
    roi_pool_forward did not lower for CUDA); there the exact value is printed."""
    if dtype in ("float32", "float16"):
        text = str(getattr(np, dtype)(value))
        if np.isfinite(value) and abs(float(text)) > float(np.finfo(dtype).max):
            return repr(float(getattr(np, dtype)(value)))
        return text
    return repr(float(value))


def needs_exact_bits(value: float, dtype: str) -> bool:
    """Whether TileLang's C back end would print this constant inexactly.

    It writes float constants with 7 significant digits (`%e`): 6.283185307179586 becomes
    6.283185e+00. CUDA writes them exactly (hex floats). Constants that 7 digits cannot carry go
    through `_float_const`, which on C rebuilds them from their bits.
    """
    if not np.isfinite(value) or dtype not in ("float32", "float64"):
        return False
    printed = f"{value:.6e}"
    if dtype == "float32":
        return np.float32(printed) != np.float32(value)
    return float(printed) != float(value)


def _comment_text(text: str) -> str:
    """A CUDA source line made safe for a one-line Python comment."""
    text = "".join(ch if ch.isprintable() else " " for ch in text.strip())
    text = re.sub(r"\s+", " ", text)
    return text if len(text) <= 100 else text[:97] + "..."


def _note(note: str) -> str:
    return f"  # {note}" if note else ""


_SIGNED = ("int8", "int16", "int32")
# unsigned types whose `+`, `*`, `<<` and `-k` are masked where they may wrap (`wrapping`); uint64's mask,
# 2^64 - 1, is kept by TVM too (`j = h + 1ull; j >= 1ull` was folded to true at h = 2^64 - 1)
_WRAPPING = ("uint8", "uint16", "uint32", "uint64")
_UNSIGNED = {"int8": "uint8", "int16": "uint16", "int32": "uint32"}
_SIGNED_OF = {"uint8": "int8", "uint16": "int16", "uint32": "int32", "uint64": "int64"}


def _all_ones(dtype: str) -> int:
    """The largest value of an unsigned dtype, `4294967295` for uint32: the mask that wraps to its width."""
    return (1 << int(dtype[4:])) - 1


class ExprPrinter:
    def __init__(self, names: PythonNames, buffers: dict[str, str], scalar_carriers: dict[str, str],
                 macros: PythonNames | None = None, table: EmittedNames = NAMES):
        self.names = names
        self.macros = macros or names  # macro names live in the factory's scope
        self.table = table
        self.helpers: set[str] = set()  # helper functions (emit/helpers.py) the printed code calls
        self.block_rank = 1
        self.buffers = buffers  # IR buffer name -> carrier dtype, where it differs from the value dtype
        self.scalar_carriers = scalar_carriers  # IR scalar param name -> carrier dtype
        self.non_negative_lets: set[str] = set()  # lets of a value that is never negative (`t = tx`)
        self.counting_up_loops: set[str] = set()  # loop counters counting up from a value >= 0
        # variables that are lvalues in the generated C and CUDA: scalar parameters, loop variables (a
        # let may be substituted by TVM, a macro's parameter is any expression, and a T.alloc_var is a
        # one-element buffer: T.reinterpret of it reinterprets the buffer, not its value)
        self.lvalue_vars: set[str] = set()
        # each let printed so far by name, and each loop variable with its start (bounded_from_zero); None
        # for a name bound twice to different values
        self.let_values: dict[str, I.Expr | None] = {}
        self.kernel_scalars: set[str] = set()  # the kernel's scalar parameters
        self.chain_plain = False  # the next node printed is read where its bounds decide nothing (`unbounded`)
        self.constant_lets: dict[str, int] = {}  # lets of an integer constant (`b = -31`), by IR name
        self.macro_params: set[str] = set()  # the parameters of the macro being printed

    def macro_arg(self, a: I.Expr) -> str:
        """An argument of a macro call. TileLang names a Var passed to a macro after the macro's parameter
        (`IRBuilder.name`): a kernel parameter `hgt` passed to `hu1(a, b)` became `b`, and with `alpha`
        passed to another macro's `b`, the C back end declared `call(..., int32_t b, float b, ...)`
        (difftest finding 7). A kernel parameter is passed as a no-op `T.Cast` node, a value, not the Var."""
        text = self(a)
        if isinstance(a, I.Var) and a.name in self.kernel_scalars and text == self.names(a.name):
            return f'{self.t("Cast")}("{a.dtype}", {text})'
        return text

    def t(self, op: str) -> str:
        """A TileLang operation: `T.copy`."""
        return f"{self.table.T}.{op}"

    @property
    def thread_vars(self) -> list[str]:
        """`tz, ty, tx` order, as T.Parallel binds them (row-major over the block)."""
        return [self.table.coordinate(I.ThreadIdx(a)) for a in "zyx"[3 - self.block_rank:]]

    def slot(self, index) -> str:
        """The per-thread slot of a value kept across barriers: `v[tx]`, `v[ty, tx]`, `acc[tx, j]`."""
        parts = self.thread_vars + ([self(index)] if index is not None else [])
        return ", ".join(parts)

    def __call__(self, e: L.Expr) -> str:
        return self.expr(e)[0]

    def shape(self, dims: tuple[L.Expr, ...]) -> str:
        """A shape as a Python tuple: `(n,)`, `(block_x // 32, 32)`."""
        return "(" + ", ".join(self(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"

    def condition(self, e: I.Expr) -> str:
        """`e` as the condition of an `if` or a `T.if_then_else`.

        TVM bounds the variables of each such condition by solving its comparisons
        (`ConditionalBoundsContext`, in every block that allocates, i.e. beside any `T.alloc_var`).
        The solver takes a comparison when it is built of variables, constants, + - * and floor
        division only, and it cannot do unsigned arithmetic: `if i < q:` over uint64 lets fails
        with "cannot make uint from negative value -1". Unsigned comparisons that read an unsigned
        variable are therefore printed in a form the solver leaves alone, with the same result:
          uint8/16/32:  `T.cast(i, "int64") < T.cast(q, "int64")`  (zero extension keeps the order)
          uint64:       `T.cast(T.cast(i, "int64"), "uint64") < q`  (a round trip of one operand,
                        same bits: no signed type holds every uint64, so the comparison stays unsigned)"""
        return self(self._solver_safe(e))

    def non_negative(self, e: I.Expr, loops: bool = False) -> bool:
        """Whether the int `e` is never negative: a launch coordinate, a constant >= 0, an unsigned or
        bool value converted, a let of such a value (`t = tx`, `non_negative_lets`), and sums, products,
        quotients, remainders and shifts of such values (C's int overflow is undefined). `loops`: loop
        counters counting up from a value >= 0 count too (`counting_up_loops`); not for the casts to
        unsigned, where TVM folds `T.cast(k, "uint32") - T.uint32(1)` at the loop's start and refuses it
        ("Minuend's value is 0U", SHOC's s3d kernels), which `T.reinterpret` keeps it from."""
        if isinstance(e, (I.ThreadIdx, I.BlockIdx, I.BlockDim, I.GridDim, I.LinearThreadIdx, I.BlockThreads)):
            return True
        if isinstance(e, I.Const):
            return not isinstance(e.value, float) and e.value >= 0
        if isinstance(e, I.Var):
            return e.name in self.non_negative_lets or loops and e.name in self.counting_up_loops
        if isinstance(e, I.Cast):
            return e.operand.dtype == "bool" or e.operand.dtype.startswith("uint") and \
                int(e.operand.dtype[4:]) < int(re.sub(r"\D", "", e.dtype) or 0)
        if isinstance(e, I.Binary) and e.op in ("add", "mul", "div", "truncdiv", "truncmod", "floordiv", "floormod",
                                                 "shr", "bitand", "bitor"):
            return self.non_negative(e.lhs, loops) and self.non_negative(e.rhs, loops)
        return False

    def at_least(self, e: I.Expr, bound: int) -> bool:
        """Whether the unsigned `e` is known to be at least `bound` (> 0) wherever TileLang may fold it:
        a constant, a block or grid size (at least 1), and sums, products, shifts and ors of such values
        with other unsigned values (`n + blockDim.x`, `1u << s`)."""
        if isinstance(e, I.Const):
            return not isinstance(e.value, float) and e.value >= bound
        if isinstance(e, (I.BlockDim, I.GridDim, I.BlockThreads)):
            return bound <= 1
        if isinstance(e, I.Cast) and e.operand.dtype != "bool" and not e.operand.dtype.startswith("float"):
            return self.at_least(e.operand, bound)
        if isinstance(e, I.Binary) and e.dtype.startswith("uint"):
            if e.op in ("add", "bitor"):
                return self.at_least(e.lhs, bound) or self.at_least(e.rhs, bound)
            if e.op == "mul":
                return self.at_least(e.lhs, bound) and self.at_least(e.rhs, 1) or \
                    self.at_least(e.rhs, bound) and self.at_least(e.lhs, 1)
            if e.op == "shl":  # `1u << s` (s below the width: more is undefined); `2u << 31` wraps to 0
                return bound <= 1 and isinstance(e.lhs, I.Const) and e.lhs.value == 1
        return False

    def _let_value(self, e: I.Expr) -> I.Expr | None:
        """The value of the let `e` names (TVM substitutes lets while lowering); None for anything else (a
        loop variable, a parameter, a T.alloc_var)."""
        if isinstance(e, I.Var) and e.name not in self.lvalue_vars:
            return self.let_values.get(e.name)
        return None

    def _behind_lets(self, e: I.Expr) -> I.Expr:
        """`e` with casts taken off and lets replaced by their values."""
        for _ in range(64):
            if isinstance(e, I.Cast):
                e = e.operand
            elif (value := self._let_value(e)) is not None:
                e = value
            else:
                break
        return e

    def runtime_value(self, e: I.Expr) -> bool:
        """Whether TVM can never see `e` as a constant: a load, a scalar parameter, a T.alloc_var (read as a
        one-element buffer), through casts and lets. A loop variable may be substituted by a constant (an
        unrolled loop), and a macro's parameter may be any expression."""
        e = self._behind_lets(e)
        if isinstance(e, (I.Load, I.PrivateLoad)):
            return True
        return isinstance(e, I.Var) and e.name not in self.let_values and e.name not in self.macro_params

    def subtraction_kept(self, e: I.Binary, plain: bool) -> bool:
        """Whether C's unsigned `a - b` (b not a constant) is printed as C writes it: TVM cannot see it as
        `0 - k` with k > 0 (a side it never sees as a constant: a load, a parameter, a variable; b a thread
        or block index, 0 where it is a constant; a at least 1), and its bounds decide nothing (an index, a
        stored value: `unbounded`), or it cannot wrap (a at least b's largest value), or TVM's bounds of it
        cover the whole type (a any value of the type, b from 0: `x[i] - (unsigned)n`)."""
        if not (self.runtime_value(e.lhs) or self.runtime_value(e.rhs) or self.launch_coordinate(e.rhs)
                or self.at_least(e.lhs, 1)):
            return False
        if plain:
            return True
        largest = self.upper_bound(e.rhs)
        if largest is not None and (largest == 0 or self.at_least(e.lhs, largest)):
            return True
        return self.full_range(e.lhs) and self.bounded_from_zero(e.rhs)

    def full_range(self, e: I.Expr) -> bool:
        """Whether TVM bounds the unsigned `e` by its whole type: a load, a parameter or a variable of the
        type, or of the signed type of its width that may be negative (read through T.reinterpret), through
        lets."""
        width = (e.dtype, _SIGNED_OF.get(e.dtype))
        for _ in range(64):
            if isinstance(e, I.Cast):
                if e.operand.dtype not in width or e.operand.dtype != e.dtype and self.non_negative(e.operand):
                    return False
                e = e.operand
            elif (value := self._let_value(e)) is not None:
                e = value
            else:
                break
        return e.dtype in width and self.runtime_value(e)

    def launch_coordinate(self, e: I.Expr) -> bool:
        """Whether `e` is a thread or block index, through casts and lets: TileLang substitutes a constant
        for one only where its extent is 1, and that constant is 0."""
        return isinstance(self._behind_lets(e), (I.ThreadIdx, I.BlockIdx, I.LinearThreadIdx))

    def upper_bound(self, e: I.Expr, depth: int = 0) -> int | None:
        """The largest value the unsigned or non-negative `e` can take in C, where it is known from its
        form alone (constants, launch coordinates, masks, remainders, values of narrower types); None
        where it is not (a load, a parameter, a let: any value of the type)."""
        if isinstance(e, I.Const):
            return e.value if not isinstance(e.value, float) and e.value >= 0 else None
        if isinstance(e, (I.ThreadIdx, I.LinearThreadIdx)):
            return 1023
        if isinstance(e, (I.BlockDim, I.BlockThreads)):
            return 1024
        if isinstance(e, (I.BlockIdx, I.GridDim)):
            return (1 << 31) - 1
        if isinstance(e, I.Cast):
            src = e.operand.dtype
            if src == "bool":
                return 1
            if src in ("uint8", "uint16") or src in ("int8", "int16") and self.non_negative(e.operand):
                bound = self.upper_bound(e.operand, depth + 1)
                full = (1 << int(re.sub(r"\D", "", src))) - 1
                return full if bound is None else min(bound, full)
            if src in ("int32", "uint32", "int64", "uint64") and (src.startswith("u") or self.non_negative(e.operand)):
                return self.upper_bound(e.operand, depth + 1)
            return None
        if isinstance(e, I.Var):
            value = self.let_values.get(e.name)
            return self.upper_bound(value, depth + 1) if value is not None and e.name not in self.lvalue_vars \
                and depth < 32 else None
        if isinstance(e, I.Select):
            a, b = self.upper_bound(e.then, depth + 1), self.upper_bound(e.other, depth + 1)
            return None if a is None or b is None else max(a, b)
        if not isinstance(e, I.Binary):
            return None
        a, b = self.upper_bound(e.lhs, depth + 1), self.upper_bound(e.rhs, depth + 1)
        if e.op == "bitand":
            known = [x for x in (a, b) if x is not None]
            return min(known) if known else None
        if e.op in ("truncmod", "floormod") and isinstance(e.rhs, I.Const) and b:
            return b - 1 if a is None else min(a, b - 1)
        if e.op == "shl" and a is not None and b is None and e.dtype.startswith("uint"):
            return a << int(e.dtype[4:]) - 1  # C leaves shifts by the width or more undefined: `1u << s` fits
        if a is None or b is None:
            return None
        if e.op in ("bitor", "bitxor"):
            return (1 << max(a, b).bit_length()) - 1
        if e.op in ("truncdiv", "floordiv", "div"):
            return a
        if e.op == "shr":
            return a
        if e.op == "add":
            return a + b
        if e.op == "mul":
            return a * b
        if e.op == "shl" and b < 64:
            return a << b
        return None

    def constant_only(self, e: I.Expr, depth: int = 0) -> bool:
        """Whether `e` is made of constants only, directly or through lets of them (`min(13, -31)`): TVM
        folds it to a constant while tracing."""
        if isinstance(e, I.Const):
            return True
        if isinstance(e, I.Var):
            value = self.let_values.get(e.name)
            return e.name in self.constant_lets or value is not None and e.name not in self.lvalue_vars \
                and depth < 32 and self.constant_only(value, depth + 1)
        children = ((e.lhs, e.rhs) if isinstance(e, I.Binary) else (e.operand,) if isinstance(e, (I.Unary, I.Cast))
                    else (e.cond, e.then, e.other) if isinstance(e, I.Select)
                    else e.args if isinstance(e, I.Intrinsic) else ())
        return bool(children) and all(self.constant_only(c, depth + 1) for c in children)

    def bind(self, name: str, value: I.Expr) -> None:
        known = self.let_values.get(name, value)
        self.let_values[name] = value if known == value else None

    def bounded_from_zero(self, e: I.Expr, depth: int = 0) -> bool:
        """Whether TVM's lower bound of the unsigned `e` is surely 0, so that its bounds stay right when
        the value wraps: TVM bounds `a + b` by [lo(a) + lo(b), ...] clipped to the type, which is wrong only
        when that lower bound is above 0 (finding 10). 0 is the lower bound of loads, parameters and
        variables (TVM knows nothing of them), of thread and block indices, masks and remainders, and of
        sums of such values and products with one (`T.cast(bx, "uint32") * cols + T.cast(tx, "uint32")`,
        kept as C writes it); not of constants above 0, block sizes (numbers while tracing) or lets of
        unknown values."""
        if depth > 32:
            return False
        again = lambda x: self.bounded_from_zero(x, depth + 1)  # noqa: E731
        if isinstance(e, I.Const):
            return e.value == 0
        if isinstance(e, (I.ThreadIdx, I.BlockIdx, I.LinearThreadIdx, I.Load, I.PrivateLoad)):
            return True
        if isinstance(e, I.Var):
            if e.name in self.let_values:  # a let, or a loop variable by its start
                value = self.let_values[e.name]
                return value is not None and again(value)
            return e.name not in self.macro_params  # a parameter or a T.alloc_var, not an argument
        if isinstance(e, I.Cast):
            return again(e.operand)
        if isinstance(e, I.Select):
            return again(e.then) or again(e.other)
        if not isinstance(e, I.Binary):
            return False
        if e.op in ("bitand", "truncmod", "floormod"):
            return True
        if e.op in ("add", "bitor", "bitxor"):
            return again(e.lhs) and again(e.rhs)
        if e.op == "mul":
            return again(e.lhs) or again(e.rhs)
        if e.op in ("shl", "shr", "sub", "truncdiv", "floordiv", "div"):
            return again(e.lhs)
        return False

    def fits(self, e: I.Binary) -> bool:
        """Whether C's unsigned `a + b`, `a * b` or `a << s` is known never to wrap (`digit * 16u + lane`)."""
        bound = self.upper_bound(e)
        return bound is not None and bound < 1 << int(e.dtype[4:])

    def wrapping(self, e: I.Binary) -> str:
        """C's unsigned `a + b`, `a * b`, `a << s` that may wrap, masked with the all-ones value of its
        width: the same value (it wraps as C's does), but TVM bounds `x & m` by [0, m] whatever x's
        bounds. TVM bounds unsigned arithmetic as if it never wrapped, and folds comparisons with those
        bounds: with `big = 0x80000000u >> (h & 1u)`, `0u >= big * 2u` became false, and
        `j = h + 1u; if (j >= 1u)` true for h = 4294967295 (docs/difftest.md, finding 10); the same
        with `unsigned long long` at 2^64 - 1. Kept within the width: Metal and WebGPU have no 64-bit
        integers."""
        symbol, prec = _BINARY[e.op][0], _PREC[_BINARY[e.op][1]]
        rhs = self.wrap(e.rhs, prec + 1)
        return self.masked(f"{self.wrap(e.lhs, prec)} {symbol} {rhs}", e.dtype)

    def masked(self, text: str, dtype: str) -> str:
        """`(text) & all-ones` of the unsigned `dtype`: the same value, which TVM bounds by [0, all-ones]."""
        return f"({text}) & {self.t(dtype)}({_all_ones(dtype)})"

    def twos_complement(self, k: I.Expr, dtype: str) -> str:
        """C's unsigned `-k` as `~k + 1`, which TVM folds and wraps (it refuses `T.uint32(0) - k` for a
        positive constant k, and a negated unsigned value)."""
        return f"~{self.wrap(k, _PREC['unary'])} + {self.t(dtype)}(1)"

    def _solver_safe(self, e: I.Expr) -> I.Expr:
        if isinstance(e, I.Unary) and e.op == "not":
            return I.Unary("not", self._solver_safe(e.operand), e.dtype)
        if not isinstance(e, I.Binary):
            return e
        if e.op in ("and", "or"):
            return I.Binary(e.op, self._solver_safe(e.lhs), self._solver_safe(e.rhs), e.dtype)
        lhs, rhs = e.lhs, e.rhs
        if e.op not in _COMPARISONS or not lhs.dtype.startswith("uint") or not (
                self._reads_unsigned_var(lhs) or self._reads_unsigned_var(rhs)):
            return e
        if lhs.dtype != "uint64":
            def widen(x):  # an unsigned constant holds its value modulo 2^bits (the verifier checks it)
                return I.Const(x.value, "int64") if isinstance(x, I.Const) else I.Cast(x, "int64")
            return I.Binary(e.op, widen(lhs), widen(rhs), e.dtype)
        # one round trip suffices: the solver skips a comparison with any cast in it
        if isinstance(lhs, I.Const):
            return I.Binary(e.op, lhs, I.Cast(I.Cast(rhs, "int64"), "uint64"), e.dtype)
        return I.Binary(e.op, I.Cast(I.Cast(lhs, "int64"), "uint64"), rhs, e.dtype)

    def _reads_unsigned_var(self, e: I.Expr) -> bool:
        """Whether `e` computes with an unsigned variable (a let; a `T.alloc_var` too, which TVM reads
        as a load, harmlessly), outside loads and calls, which the solver never looks into. Scalar
        parameters do not count: they arrive through a signed carrier and are read through a cast."""
        if isinstance(e, I.Var):
            return e.dtype.startswith("uint") and e.name not in self.scalar_carriers
        if isinstance(e, I.Binary):
            return self._reads_unsigned_var(e.lhs) or self._reads_unsigned_var(e.rhs)
        if isinstance(e, (I.Unary, I.Cast, I.Bitcast)):
            return self._reads_unsigned_var(e.operand)
        if isinstance(e, I.Select):
            return any(self._reads_unsigned_var(x) for x in (e.cond, e.then, e.other))
        return False

    def unbounded(self, e: L.Expr, min_prec: int = 0) -> str:
        """`e` where TVM's bounds of its value decide nothing: an index (it addresses memory through its
        value, which the generated C and CUDA compute in uint32, wrapping as C does), a value stored or
        assigned to a variable (TVM reads it back as a load, bounded by its type). Unsigned sums, products
        and left shifts at its top are printed as C writes them, not through `wrapping`."""
        self.chain_plain = True
        return self.wrap(e, min_prec)

    def wrap(self, e: L.Expr, min_prec: int) -> str:
        text, prec = self.expr(e)
        return f"({text})" if prec < min_prec else text

    def float_literal(self, value: float, dtype: str) -> str:
        if dtype in ("float32", "float16"):
            with np.errstate(over="ignore"):  # FLT_MAX as a __half is +inf, as C converts it
                value = float(getattr(np, dtype)(value))
        if np.isinf(value):
            return f'{"-" if value < 0 else ""}{self.t("infinity")}("{dtype}")'
        if np.isnan(value):
            return f'{self.table.float_const}(float("nan"), "{dtype}", {self.table.target})'
        return f"{self.t(dtype)}({float_repr(value, dtype)})"

    def expr(self, e) -> tuple[str, int]:
        atom = _PREC["atom"]
        plain, self.chain_plain = self.chain_plain, False  # set by `unbounded` for this node only
        if isinstance(e, I.Const):
            if e.dtype == "bool":
                return ("True" if e.value else "False"), atom
            if e.dtype.startswith(("float", "bfloat")):
                if needs_exact_bits(e.value, e.dtype) or np.isnan(e.value):
                    self.helpers |= {"c2t_f64_from_bits", "c2t_f32_from_bits"}
                    value = 'float("nan")' if np.isnan(e.value) else float_repr(e.value, e.dtype)
                    return f'{self.table.float_const}({value}, "{e.dtype}", {self.table.target})', atom
                return self.float_literal(e.value, e.dtype), atom
            if e.dtype == "int32":
                return str(e.value), (atom if e.value >= 0 else _PREC["unary"])
            value = e.value
            if e.dtype.startswith("uint") and value < 0:
                # C's `-1u` is 4294967295; TileLang refuses `T.uint32(-1)` ("cannot make uint from negative
                # value"): the constant modulo 2^bits (difftest finding 2)
                value %= 1 << int(e.dtype[4:])
            return f"{self.t(e.dtype)}({value})", atom
        if isinstance(e, I.Var):
            name = self.names(e.name)
            carrier = self.scalar_carriers.get(e.name)
            if carrier and e.dtype.startswith("uint") and carrier == "int" + e.dtype[4:]:
                # the same bits: TVM's bounds of `T.cast(k, "uint32")` are k's own (signed) ones, and it
                # folded `T.cast(k, "uint32") >= 2147483648u` to false for k = -301177067 (3993790229u)
                return f'{self.t("reinterpret")}({name}, "{e.dtype}")', atom
            if carrier:
                return f'{self.t("cast")}({name}, "{e.dtype}")', atom
            return name, atom
        if isinstance(e, (I.ThreadIdx, I.BlockIdx, I.BlockDim, I.GridDim)):
            return self.table.coordinate(e), atom
        if isinstance(e, L.Name):
            return getattr(self.table, e.key), atom
        if isinstance(e, I.BlockThreads):  # blockDim.x * blockDim.y * blockDim.z
            dims = [I.BlockDim(a) for a in "xyz"[:self.block_rank]]
            product = dims[0]
            for d in dims[1:]:
                product = I.Binary("mul", product, d, "int32")
            return self.expr(product)
        if isinstance(e, I.LinearThreadIdx):  # threadIdx.x + threadIdx.y * blockDim.x + ...
            linear = I.ThreadIdx("zyx"[3 - self.block_rank])
            for axis in "yx"[3 - self.block_rank:]:
                linear = I.Binary("add", I.Binary("mul", linear, I.BlockDim(axis), "int32"), I.ThreadIdx(axis), "int32")
            return self.expr(linear)
        if isinstance(e, I.PrivateLoad):
            return f"{self.names(e.name)}[{self.slot(e.index)}]", atom
        if isinstance(e, I.Load):
            access = f"{self.names(e.buffer)}[{self.unbounded(e.index)}]"
            carrier = self.buffers.get(e.buffer)
            if carrier == "uint8" and e.dtype == "bool":
                return f'{self.t("cast")}({access}, "bool")', atom
            if carrier and carrier != e.dtype:  # a bfloat16 buffer's bits are read as int16 (lower_bfloat16)
                return f'{self.t("reinterpret")}({access}, "{e.dtype}")', atom
            return access, atom
        if isinstance(e, L.TileLoad):
            return f"{self.names(e.tile)}[{', '.join(self(i) for i in e.indices)}]", atom
        if isinstance(e, L.Tile):
            return self.names(e.name), atom
        if isinstance(e, L.Region):
            return f"{self.names(e.buffer)}[{self(e.start)}:{self(e.stop)}]", atom
        if isinstance(e, L.CeilDiv):
            return f"{self.t('ceildiv')}({self(e.lhs)}, {self(e.rhs)})", atom
        if isinstance(e, L.TargetIn):
            targets = ", ".join(f'"{t}"' for t in e.targets) + ("," if len(e.targets) == 1 else "")
            return f"{self.table.target} in ({targets})", _PREC["cmp"]
        if isinstance(e, I.Binary):
            if e.op == "truncmod" and e.dtype in (*_SIGNED, "int64") and isinstance(e.rhs, I.Const) and e.rhs.value != 0 \
                    and not self.non_negative(e.lhs, loops=True) and not contains(e.lhs, EFFECTS):
                # C's `x % 7` of an x that may be negative, through Python's (floor) remainder: TileLang's
                # Simplify folds a comparison of `T.truncmod(x, 7)` with a constant below 1 as if the
                # remainder could not be negative (`-3 < T.truncmod(x, 7)` and `0 <= T.truncmod(x, 64)`
                # became true; docs/difftest.md, finding 9). With f = x % c (sign of c > 0): f, or f - c
                # where x < 0 and f != 0, which is C's remainder (`-5 % 7` = 2 - 7 = -5).
                c = I.Const(abs(e.rhs.value), e.dtype)
                floor = I.Binary("floormod", e.lhs, c, e.dtype)
                borrow = I.Binary("and", I.Binary("lt", e.lhs, I.Const(0, e.dtype), "bool"),
                                  I.Binary("ne", floor, I.Const(0, e.dtype), "bool"), "bool")
                return self.expr(I.Select(borrow, I.Binary("sub", floor, c, e.dtype), floor, e.dtype))
            subtrahend = e.rhs.value % (1 << int(e.dtype[4:])) if e.op == "sub" and isinstance(e.rhs, I.Const) \
                and e.dtype in ("uint8", "uint16", "uint32") else 0
            if subtrahend and not isinstance(e.lhs, I.Const) and not self.at_least(e.lhs, subtrahend):
                # C's `k - 1u` wraps at 0; TVM refuses to fold `T.uint32(0) - T.uint32(1)` ("Minuend's
                # value is 0U ... which will cause a negative uint"), and TileLang substitutes constants
                # for k while lowering: the first thread of `sRadix1[localId - 1]` under `localId > 0 &&`
                # (SHOC's findRadixOffsets, `uint localId = threadIdx.x`), a macro parameter bound to 0.
                # Computed in int64 and masked to the width, which folds to C's value for any k (the
                # `x + (2^32 - 1)` spelling would wrap too, but TVM's bound analysis of it does not wrap).
                # Kept as C writes it where k is at least the constant (`n + blockDim.x - 1u`).
                wide = f'{self.t("cast")}({self(e.lhs)}, "int64") - {self.t("int64")}({subtrahend})'
                return f'{self.t("cast")}(({wide}) & {self.t("int64")}({_all_ones(e.dtype)}), "{e.dtype}")', atom
            if e.op == "sub" and e.dtype in _WRAPPING and not isinstance(e.rhs, I.Const) \
                    and not self.subtraction_kept(e, plain):
                # C's unsigned `a - b` wraps below 0. TVM bounds it as if it did not, [lo(a) - hi(b), hi(a) -
                # lo(b)], and folds comparisons with that: `d = x[i] - one; d < 4294967295u` became true, d
                # being 4294967295 where x[i] = 0 (docs/difftest.md, finding 17). And it refuses to fold
                # `T.uint32(0) - T.uint32(k)` for k > 0 ("Minuend's value is 0U ... which will cause a
                # negative uint") where TileLang substitutes constants while lowering (`row - one`, row =
                # threadIdx.y in a block of (64, 1, 1)). Two's complement, `a + (~b + 1)`, folds and wraps
                # (TVM leaves `~k` of a constant alone), masked as `wrapping` is (TVM bounds `x & m` by
                # [0, m]). Kept as C writes it where neither can happen (`subtraction_kept`).
                sum_ = f"{self.wrap(e.lhs, _PREC['add'])} + ({self.twos_complement(e.rhs, e.dtype)})"
                return self.masked(sum_, e.dtype), _PREC["bitand"]
            if e.op in ("add", "mul", "shl", "bitand") and e.dtype in _WRAPPING and (plain or e.op == "bitand"):
                # kept as C writes it where TVM's bounds of the sum decide nothing (`unbounded`), and under
                # a mask, `(tx + (1 << l)) & 31u`: the low bits of a sum, product or left shift do not
                # depend on whether it wrapped, and TVM bounds `x & m` by [0, m] whatever x's bounds
                symbol, prec = _BINARY[e.op][0], _PREC[_BINARY[e.op][1]]
                rhs = self.wrap(e.rhs, prec + 1) if e.op == "shl" else self.unbounded(e.rhs, prec + 1)
                return f"{self.unbounded(e.lhs, prec)} {symbol} {rhs}", prec
            if e.op in ("add", "mul", "shl") and e.dtype in _WRAPPING and not self.fits(e) \
                    and not self.bounded_from_zero(e):
                return self.wrapping(e), _PREC["bitand"]
            if e.op in INTEGER_DIVISION:
                return f"{self.t(INTEGER_DIVISION[e.op].name)}({self(e.lhs)}, {self(e.rhs)})", atom
            if e.op in ("and", "or") and any(isinstance(n, I.MacroCall) for n in nodes(e.rhs)):
                # TileLang refuses a macro call right of `and`/`or` ("Macro `f` is used inside boolean
                # expressions"); `a && f(x)` is `a ? f(x) : false`, evaluated as lazily (difftest finding
                # 4). The lift refuses such a call when the macro has statements (they would run anyway).
                then, other = (self(e.rhs), "False") if e.op == "and" else ("True", self(e.rhs))
                return f"{self.t('if_then_else')}({self.condition(e.lhs)}, {then}, {other})", atom
            symbol, level = _BINARY[e.op]
            prec = _PREC[level]
            if e.op in ("eq", "ne") and e.rhs == I.Const(0, e.rhs.dtype) and isinstance(e.lhs, I.Binary) \
                    and e.lhs.op == "truncmod":
                # `x % 2 == 0`: C's and Python's remainders are zero together, and TileLang folds no
                # equality wrongly (finding 9 is about order comparisons); kept as C writes it
                lhs = f"{self.t('truncmod')}({self(e.lhs.lhs)}, {self(e.lhs.rhs)})"
                return f"{lhs} {symbol} {self.wrap(e.rhs, prec + 1)}", prec
            if level == "cmp":
                return f"{self.wrap(e.lhs, prec + 1)} {symbol} {self.wrap(e.rhs, prec + 1)}", prec
            return f"{self.wrap(e.lhs, prec)} {symbol} {self.wrap(e.rhs, prec + 1)}", prec
        if isinstance(e, I.Unary):
            if e.op == "not":
                # `not (a < b)`: correct without the parentheses too, but easier to read with them
                return f"not {self.wrap(e.operand, _PREC['cmp'] + 1)}", _PREC["not"]
            if e.op == "neg" and e.dtype in _WRAPPING and not (
                    isinstance(e.operand, I.Const) or self.at_least(e.operand, 1)):
                # C's `-k` is 0 at k = 0, which `~k + 1` computes too, but TVM bounds `~k + 1` by [1, 2^32 - 1]
                # (the sum taken as never wrapping, finding 10): masked, as `wrapping` does
                return self.masked(self.twos_complement(e.operand, e.dtype), e.dtype), _PREC["bitand"]
            if e.op == "neg" and e.dtype.startswith("uint"):
                # C's `-k` of an unsigned k is 2^bits - k; TileLang refuses a negated unsigned value
                # (difftest finding 2), and TVM refuses `T.uint32(0) - k` when k folds to a positive
                # constant ("which will cause a negative uint"): two's complement, `~k + 1`, folds and wraps
                return self.twos_complement(e.operand, e.dtype), _PREC["add"]
            symbol = "-" if e.op == "neg" else "~"
            return f"{symbol}{self.wrap(e.operand, _PREC['unary'])}", _PREC["unary"]
        if isinstance(e, I.Cast):
            src = e.operand.dtype
            if src in _SIGNED and e.dtype == _UNSIGNED[src] and not self.non_negative(e.operand) and (
                    isinstance(e.operand, I.Load)
                    or isinstance(e.operand, I.Var) and e.operand.name in self.lvalue_vars):
                # C's `(unsigned)k` of a signed k that may be negative, as the same bits: TVM bounds
                # `T.cast(k, "uint32")` by k's own signed range, and folded `(unsigned)x[i] >= 2147483648u`
                # to false (tests/regressions/cases/unsigned_conversions.cu). T.reinterpret needs an
                # lvalue in C and CUDA: a load, a parameter, a loop variable.
                return f'{self.t("reinterpret")}({self(e.operand)}, "{e.dtype}")', atom
            if src.startswith("int") and e.dtype.startswith("uint"):
                # TVM folds the cast of a constant with `make_const`, which refuses a negative value for an
                # unsigned type ("cannot make uint from negative value -31"), and a value is a constant at
                # trace time when it is a let of one (`b = -31` binds the int itself), a macro parameter
                # given one (`as_u(x, -31)`; difftest finding 8) or an expression of constants, which TVM
                # folds first (`(unsigned)min(13, -31)`; finding 16). A let of a constant: C's value, folded
                # here; the others: sign-extended to int64 and masked, which folds to the same non-negative
                # value (up to 32 bits; 64-bit targets keep the cast).
                operand = e.operand
                if isinstance(operand, I.Var) and operand.name in self.constant_lets:
                    return f"{self.t(e.dtype)}({self.constant_lets[operand.name] & _all_ones(e.dtype)})", atom
                # a let of an expression of constants (`int v3 = (-5) % 4;`, difftest finding 19) is one
                folds = (operand.name in self.macro_params or self.constant_only(operand)) \
                    if isinstance(operand, I.Var) else not isinstance(operand, I.Const) and self.constant_only(operand)
                # any other value that may be negative (`(unsigned)(x[i] - 5)`, a let of one), read where its
                # bounds decide something: TVM bounds `T.cast(v, "uint32")` by v's signed range cut to
                # [0, 2^31 - 1], as for a load above, and folded `(unsigned)(x[i] - 5) >= 2147483648u` to
                # false. The same form, which TVM bounds by [0, 2^32 - 1] (a let is no lvalue for
                # T.reinterpret once TileLang inlines it; a form reading v twice grows exponentially with
                # nesting, as hashes of hashes do). Not in an index (`unbounded`), whose value addresses
                # memory and decides no fold.
                sign_bits_matter = src in _SIGNED and e.dtype == _UNSIGNED[src] and not plain \
                    and not self.non_negative(operand)
                if (folds or sign_bits_matter) and int(e.dtype[4:]) <= 32:
                    wide = f'{self.t("cast")}({self(operand)}, "int64") & {self.t("int64")}({_all_ones(e.dtype)})'
                    return f'{self.t("cast")}({wide}, "{e.dtype}")', atom
            operand = self.unbounded(e.operand) if plain else self(e.operand)  # `x[T.cast(i + 1u, "int64")]`
            return f'{self.t("cast")}({operand}, "{e.dtype}")', atom
        if isinstance(e, I.Bitcast):
            return f'{self.t("reinterpret")}({self(e.operand)}, "{e.dtype}")', atom
        if isinstance(e, I.Select):
            return f"{self.t('if_then_else')}({self.condition(e.cond)}, {self(e.then)}, {self(e.other)})", atom
        if isinstance(e, I.Intrinsic):
            return self.intrinsic(e), atom
        if isinstance(e, I.MacroCall):
            args = ", ".join(self.names(a.buffer) if isinstance(a, I.BufferArg) else self.macro_arg(a) for a in e.args)
            return f"{self.macros(e.name)}({args})", atom
        if isinstance(e, I.AtomicRMW) and e.op not in ("add", "max", "min"):
            helper = f"c2t_atomic_{e.op}_{'f32' if e.dtype == 'float32' else 'i32'}"
            if e.storage:  # on the bits of another dtype's element: a helper per (op, storage, bits) dtypes
                helper = bits_atomic_helper(e.op, BUFFER_CARRIERS.get(e.storage, e.storage), e.dtype,
                                            e.byte_addressed)
            self.helpers.add(helper)
            index = f"{self.t('int64')}({e.index.value})" if isinstance(e.index, I.Const) else \
                f'{self.t("cast")}({self(e.index)}, "int64")'
            # the helper gets the buffer's first element and the index (emit/helpers.py says why)
            args = [f"{self.t('address_of')}({self.names(e.buffer)}[0])", index]
            args += [self(e.compare)] if e.compare is not None else []
            return f'{self.t("call_extern")}("{e.dtype}", "{helper}", {", ".join(args + [self(e.value)])})', atom
        if isinstance(e, I.ElementAddress):
            # the buffer's address as a number (a reinterpreted handle: `(uint64_t)A` in C and CUDA), plus the
            # byte offset, wrapping as C's pointer-to-integer arithmetic does
            offset = f"{self.t('uint64')}({e.byte_offset.value % 2 ** 64})" if isinstance(e.byte_offset, I.Const) \
                else f'{self.t("cast")}({self(e.byte_offset)}, "uint64")'
            return (f'({self.t("reinterpret")}({self.t("address_of")}({self.names(e.buffer)}[0]), "uint64") '
                    f"+ {offset})"), atom
        if isinstance(e, I.AtomicRMW):
            target = f"{self.names(e.buffer)}[{self.unbounded(e.index)}]"
            ret = ", return_prev=True" if e.returns_old else ""
            return f"{self.t('atomic_' + e.op)}({target}, {self(e.value)}{ret})", atom
        raise TypeError(f"cannot print {type(e).__name__}")

    def intrinsic(self, e: I.Intrinsic) -> str:
        if e.op == "saturate":
            x = self(e.args[0])
            return (f"{self.t('max')}({self.t('min')}({x}, {self.float_literal(1.0, e.dtype)}), "
                    f"{self.float_literal(0.0, e.dtype)})")
        if e.op == "round_cast":
            src = e.args[0].dtype
            inner = I.Intrinsic("rint", e.args, src)
            return f'{self.t("cast")}({self.intrinsic(inner)}, "{e.dtype}")'
        dtype = e.dtype
        if dtype in ("float16", "bfloat16") and e.op not in ("min", "max", "abs"):
            # fp16 math has no C lowering (TILELANG_FACTS §10): compute in float32 and round back.
            widened = I.Intrinsic(e.op, tuple(I.Cast(a, "float32") if a.dtype == dtype else a for a in e.args),
                                  "float32")
            return f'{self.t("cast")}({self.intrinsic(widened)}, "{dtype}")'
        tile_op = op_coverage.TILE_OPS[e.op]
        args = ", ".join(self(a) for a in e.args)
        if tile_op.form == "call":
            return f"{self.t(tile_op.name)}({args})"
        if tile_op.form == "helper":
            self.helpers.add(tile_op.name)
            return f'{self.t("call_extern")}("{dtype}", "{tile_op.name}"{", " + args if args else ""})'
        extern = tile_op.extern_name(dtype)
        if extern is None:
            raise TypeError(f"no C function for {e.op} on {dtype}")
        return f'{self.t("call_extern")}("{dtype}", "{extern}", {args})'


class StmtPrinter:
    """Prints statements, each block of them under a comment naming the CUDA line it came from."""

    def __init__(self, expr: ExprPrinter, source_name: str, source_lines: list[str],
                 macro_helpers: frozenset[str] = frozenset()):
        self.expr = expr
        self.names = expr.names
        self.table = expr.table
        self.source_name = source_name
        self.source_lines = source_lines
        self.macro_helpers = set(macro_helpers)  # helpers the factory's macros call: every prim_func imports them
        self.lines: list[str] = []
        self.last_comment = 0

    def emit(self, depth: int, text: str) -> None:
        self.lines.append(_INDENT * depth + text)

    def comment(self, depth: int, line: int) -> None:
        if line <= 0 or line == self.last_comment:
            return
        self.last_comment = line
        text = self.source_lines[line - 1] if line <= len(self.source_lines) else ""
        self.emit(depth, f"# {self.source_name}:{line}: {_comment_text(text)}".rstrip())

    def block(self, stmts: tuple[L.Stmt, ...], depth: int) -> None:
        if not stmts:
            self.emit(depth, f"{self.expr.t('evaluate')}(0)  # empty in CUDA")
            return
        for s in stmts:
            self.stmt(s, depth)

    def macro(self, m: I.Macro, name: str, params: list[str], depth: int) -> None:
        """`@T.macro def name(params):` and the body."""
        self.emit(depth, f"@{self.expr.t('macro')}")
        self.emit(depth, f"def {name}({', '.join(params)}):")
        where = f" ({self.source_name}:{m.line})" if m.line > 0 else " (from another file)"
        self.emit(depth + 1, f'"""`__device__ {m.cuda_name}`{where}."""')
        self.expr.macro_params, self.expr.constant_lets = {p.name for p in m.params}, {}
        self.block(m.body, depth + 1)
        self.expr.macro_params, self.expr.constant_lets = set(), {}  # a macro's names are its own

    def stmt(self, s, depth: int) -> None:
        e, n, t = self.expr, self.names, self.expr.t
        self.comment(depth, s.line)
        if isinstance(s, (I.Let, I.AssignVar)):
            if isinstance(s, I.Let):
                self.expr.bind(s.name, s.value)
            if isinstance(s, I.Let) and self.expr.non_negative(s.value):
                self.expr.non_negative_lets.add(s.name)
            if isinstance(s, I.Let) and isinstance(s.value, I.Const) and isinstance(s.value.value, int) \
                    and s.value.dtype.startswith("int"):
                self.expr.constant_lets[s.name] = s.value.value
            value = e.unbounded(s.value) if isinstance(s, I.AssignVar) else e(s.value)
            self.emit(depth, f"{n(s.name)} = {value}")
        elif isinstance(s, I.Store):
            value = e.unbounded(s.value)
            carrier = self.expr.buffers.get(s.buffer)
            if carrier == "uint8" and s.value.dtype == "bool":
                value = f'{t("cast")}({value}, "uint8")'
            elif carrier and carrier != s.value.dtype:
                value = f'{t("reinterpret")}({value}, "{carrier}")'
            self.emit(depth, f"{n(s.buffer)}[{e.unbounded(s.index)}] = {value}")
        elif isinstance(s, I.If):
            self.emit(depth, f"if {e.condition(s.cond)}:")
            self.block(s.then, depth + 1)
            if s.other:
                self.emit(depth, "else:")
                self.block(s.other, depth + 1)
        elif isinstance(s, I.For):
            self.expr.lvalue_vars.add(s.var)
            self.expr.bind(s.var, s.start)
            if self.expr.non_negative(s.start) and isinstance(s.step, I.Const) and s.step.value > 0:
                self.expr.counting_up_loops.add(s.var)
            self.emit(depth, f"for {n(s.var)} in {t('serial')}({self.range_args(s.start, s.stop, s.step)}):")
            self.block(s.body, depth + 1)
        elif isinstance(s, I.While):
            self.emit(depth, f"while {e(s.cond)}:")
            self.block(s.body, depth + 1)
        elif isinstance(s, I.Break):
            self.emit(depth, "break")
        elif isinstance(s, I.Continue):
            self.emit(depth, "continue")
        elif isinstance(s, I.Return):
            self.emit(depth, f"return {e(s.value)}" if s.value is not None else "return")
        elif isinstance(s, I.Evaluate):
            if isinstance(s.expr, I.MacroCall) or isinstance(s.expr, I.AtomicRMW) and s.expr.op in ("add", "max", "min"):
                self.emit(depth, e(s.expr))
            else:
                self.emit(depth, f"{t('evaluate')}({e(s.expr)})")
        elif isinstance(s, I.PrivateStore):
            self.emit(depth, f"{n(s.name)}[{e.slot(s.index)}] = {e.unbounded(s.value)}")
        elif isinstance(s, L.AllocShared):
            self.emit(depth, f'{n(s.name)} = {t("alloc_shared")}({e.shape(s.shape)}, "{s.dtype}", '
                             f'scope={self.table.smem_scope})')
        elif isinstance(s, L.AllocFragment):
            self.emit(depth, f'{n(s.name)} = {t("alloc_fragment")}({e.shape(s.shape)}, "{s.dtype}")')
        elif isinstance(s, L.AllocPrivate):
            shape = ", ".join(e(d) for d in s.shape)
            if s.shared:
                self.emit(depth, f'{n(s.name)} = {t("alloc_shared")}(({shape},), "{s.dtype}", '
                                 f'scope={self.table.smem_scope})')
            else:
                self.emit(depth, f'{n(s.name)} = {t("alloc_fragment")}(({shape},), "{s.dtype}")')
        elif isinstance(s, L.AllocLocal):
            self.emit(depth, f'{n(s.name)} = {t("alloc_local")}({e.shape(s.shape)}, "{s.dtype}")')
        elif isinstance(s, L.AllocVar):
            self.emit(depth, f'{n(s.name)} = {t("alloc_var")}("{s.dtype}")')
        elif isinstance(s, L.TileStore):
            self.emit(depth, f"{e(L.TileLoad(s.tile, s.indices, s.value.dtype))} = {e(s.value)}{_note(s.note)}")
        elif isinstance(s, L.ParallelFor):
            self.emit(depth, f"for {', '.join(e(v) for v in s.vars)} in "
                             f"{t('Parallel')}({', '.join(e(x) for x in s.extents)}):")
            self.block(s.body, depth + 1)
        elif isinstance(s, L.SerialFor):
            loop_range = self.range_args(s.start, s.stop, I.Const(1, "int32"))
            self.emit(depth, f"for {e(s.var)} in {t('serial')}({loop_range}):{_note(s.note)}")
            self.block(s.body, depth + 1)
        elif isinstance(s, L.Pipelined):
            self.emit(depth, f"for {e(s.var)} in {t('Pipelined')}({e(s.extent)}, num_stages={e(s.stages)}):")
            self.block(s.body, depth + 1)
        elif isinstance(s, L.Sync):
            self.emit(depth, f"{t('sync_threads')}(){_note(s.note)}")
        elif isinstance(s, L.Copy):
            self.emit(depth, f"{t('copy')}({e(s.src)}, {e(s.dst)})")
        elif isinstance(s, L.TileReduce):
            self.emit(depth, f"{t(REDUCTIONS[s.op].name)}({n(s.src)}, {n(s.dst)}, dim={s.dim})")
        elif isinstance(s, L.CumSum):
            self.emit(depth, f"{t('cumsum')}({n(s.tile)}, dim={s.dim})")
        elif isinstance(s, L.Gemm):
            flags = (", transpose_A=True" if s.transpose_a else "") + (", transpose_B=True" if s.transpose_b else "")
            self.emit(depth, f"{t('gemm')}({n(s.a)}, {n(s.b)}, {n(s.c)}{flags})")
        elif isinstance(s, L.TargetSwitch):
            self.emit(depth, f'if {self.table.target} == "{s.target}":')
            self.block(s.then, depth + 1)
            self.emit(depth, "else:")
            self.block(s.other, depth + 1)
        elif isinstance(s, L.Choose):
            self.emit(depth, f"# {s.note}")
            self.emit(depth, f"if {e(s.cond)}:")
            self.block(s.raised, depth + 1)
            if s.faithful is not None:
                self.emit(depth, "else:")
                self.block(s.faithful, depth + 1)
        elif isinstance(s, L.Restated):
            self.last_comment = 0
            self.block(s.body, depth)
        elif isinstance(s, L.TileShape):
            tb = self.table
            shape = ", ".join((tb.tile_m, tb.tile_n, tb.tile_k, tb.tile_threads, tb.tile_stages))
            self.emit(depth, f'{shape} = {tb.gemm_tile}({tb.tile}, {tb.target}, "{s.product}")')
        elif isinstance(s, L.PrimFunc):
            self.prim_func(s, depth)
        elif isinstance(s, L.ReturnPrimFunc):
            self.emit(depth, f"return {n(s.name)}")
            self.lines.append("")  # a paragraph ends: the faithful prim_func follows
        else:
            raise TypeError(f"cannot print {type(s).__name__}")

    def prim_func(self, f: L.PrimFunc, depth: int) -> None:
        """`@T.prim_func def name(CUDA args, grid): with T.Kernel(launch, threads=...) as (bx, ...): body`;
        a body that calls helper functions (or whose factory's macros do) imports their source first."""
        e, n, t = self.expr, self.names, self.expr.t
        args = [f"{n(p.name)}: {self.annotation(p)}" for p in f.params] + [f"{e(g)}: {t('int32')}" for g in f.grid]
        blocks = [e(b) for b in f.blocks]
        binding = blocks[0] if len(blocks) == 1 else "(" + ", ".join(blocks) + ")"
        self.emit(depth, f"@{t('prim_func')}")
        self.emit(depth, f"def {n(f.name)}({', '.join(args)}):")
        launch = ", ".join(e(x) for x in f.launch)
        self.emit(depth + 1, f"with {t('Kernel')}({launch}, threads={e(f.threads)}) as {binding}:")
        outer_lines, outer_helpers = self.lines, e.helpers
        self.lines, e.helpers = [], set()
        self.block(f.body, depth + 2)
        body, used = self.lines, e.helpers
        self.lines, e.helpers = outer_lines, outer_helpers | used
        if used or self.macro_helpers:  # helper functions are compiled into the kernels that call them
            self.emit(depth + 2, f"{t('import_source')}({self.table.helpers})")
        self.lines += body

    def annotation(self, p: I.Param) -> str:
        if isinstance(p, I.ScalarParam):
            return self.expr.t(SCALAR_CARRIERS.get(p.dtype, p.dtype))
        return f'{self.expr.t("Tensor")}(({self.names(p.length)},), "{BUFFER_CARRIERS.get(p.dtype, p.dtype)}")'

    def range_args(self, start: L.Expr, stop: L.Expr, step: L.Expr) -> str:
        e = self.expr
        start_zero = isinstance(start, I.Const) and start.value == 0
        step_one = isinstance(step, I.Const) and step.value == 1
        if start_zero and step_one:
            return e(stop)
        if step_one:
            return f"{e(start)}, {e(stop)}"
        return f"{e(start)}, {e(stop)}, {e(step)}"


@dataclass(frozen=True)
class PrintedFactory:
    body: str  # the factory's macros and prim_funcs, indented for its body
    helpers: frozenset  # helper functions (emit/helpers.py) the kernel calls
    names: PythonNames  # the factory's scope: CUDA identifiers as printed


def print_factory(factory: L.Factory, source_name: str, source_lines: list[str], module_names: set[str],
                  table: EmittedNames = NAMES) -> PrintedFactory:
    """The body of the kernel's factory: its macros, then what builds and returns its prim_func.
    `module_names`: the other factories of the module, which no name of this one may shadow."""
    kernel = factory.kernel
    names = PythonNames(table.reserved())
    names.reserved |= module_names | (table.scope("gemm") if factory.tile_product else set())
    for p in kernel.params:
        names(p.name)
        if isinstance(p, I.BufferParam):
            names(p.length)
    buffers = {p.name: BUFFER_CARRIERS[p.dtype] for p in kernel.params
               if isinstance(p, I.BufferParam) and p.dtype in BUFFER_CARRIERS}
    carriers = {p.name: SCALAR_CARRIERS[p.dtype] for p in kernel.params
                if isinstance(p, I.ScalarParam) and p.dtype in SCALAR_CARRIERS}
    macro_names = PythonNames(table.reserved() | module_names)
    for m in factory.macros:
        names.reserved.add(macro_names(m.name))
    lines: list[str] = []
    helpers: set[str] = set()
    # macros: nested scopes that see the factory's names (block_x, other macros) but not the prim_func's
    for m in factory.macros:
        scope = PythonNames(macro_names.reserved)
        params = [table.launch(*mp.name.split(".")) if mp.kind == "builtin" else scope(mp.name) for mp in m.params]
        printer = StmtPrinter(ExprPrinter(scope, {}, {}, macro_names, table), source_name, source_lines)
        printer.macro(m, macro_names(m.name), params, 1)
        helpers |= printer.expr.helpers
        lines += printer.lines + [""]
    printer = StmtPrinter(ExprPrinter(names, buffers, carriers, macro_names, table), source_name, source_lines,
                          macro_helpers=helpers)
    printer.expr.block_rank = kernel.block_rank
    printer.expr.lvalue_vars |= {p.name for p in kernel.params if isinstance(p, I.ScalarParam)}
    printer.expr.kernel_scalars = {p.name for p in kernel.params if isinstance(p, I.ScalarParam)}
    for s in factory.body:
        printer.stmt(s, 1)
    return PrintedFactory("\n".join(lines + printer.lines), frozenset(helpers | printer.expr.helpers), names)
