"""Print tile IR as TileLang Python. This module alone owns operator precedence.

Expressions are printed with the precedence table below and parenthesised only where Python
needs it: `(a + b) * c`, but `a * b + c`. Comparisons never chain (`(a < b) < c` keeps its
parentheses, since Python would read `a < b < c` as `a < b and b < c`).

Per-target limits of TileLang 0.1.15 are handled here, from `op_coverage.TILE_OPS` and the
carrier rules: e.g. the C back end has no uint32 buffers, so `unsigned*` buffers travel as
int32 and are read through `T.reinterpret(x[i], "uint32")`.
"""

from __future__ import annotations

import numpy as np

import op_coverage
from cuda2tile.emit.names import BUILTIN_NAMES, PythonNames
from cuda2tile.lift import tile_ir as I

# Python precedence, higher binds tighter.
_PREC = {"select": 1, "or": 2, "and": 3, "not": 4, "cmp": 5, "bitor": 6, "bitxor": 7, "bitand": 8, "shift": 9,
         "add": 10, "mul": 11, "unary": 12, "atom": 14}
_BINARY = {"add": ("+", "add"), "sub": ("-", "add"), "mul": ("*", "mul"), "div": ("/", "mul"),
           "shl": ("<<", "shift"), "shr": (">>", "shift"), "bitand": ("&", "bitand"), "bitor": ("|", "bitor"),
           "bitxor": ("^", "bitxor"), "lt": ("<", "cmp"), "le": ("<=", "cmp"), "gt": (">", "cmp"),
           "ge": (">=", "cmp"), "eq": ("==", "cmp"), "ne": ("!=", "cmp"), "and": ("and", "and"),
           "or": ("or", "or")}
_CALLS = {"truncdiv": "T.truncdiv", "truncmod": "T.truncmod"}
_COMPARISONS = ("lt", "le", "gt", "ge", "eq", "ne")

# dtypes that TileLang's C back end cannot pass across the kernel boundary (TILELANG_FACTS §1.3, §10),
# and the carrier dtype used instead on every target (same bits, or a wider exact type).
BUFFER_CARRIERS = {"uint32": "int32", "uint64": "int64", "uint16": "int16", "bool": "uint8"}
SCALAR_CARRIERS = {"uint32": "int32", "uint64": "int64", "uint16": "int32", "uint8": "int32", "float16": "float32"}


def float_repr(value: float, dtype: str) -> str:
    """Shortest decimal that reads back as the same `dtype` value: 0.1f -> '0.1', not 0.10000000149."""
    if dtype in ("float32", "float16"):
        return str(getattr(np, dtype)(value))
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


def float_literal(value: float, dtype: str) -> str:
    if np.isinf(value):
        return f'{"-" if value < 0 else ""}T.infinity("{dtype}")'
    if np.isnan(value):
        return f'_float_const(float("nan"), "{dtype}", target)'
    return f"T.{dtype}({float_repr(value, dtype)})"


class ExprPrinter:
    def __init__(self, names: PythonNames, buffers: dict[str, str], scalar_carriers: dict[str, str],
                 macros: PythonNames | None = None):
        self.names = names
        self.macros = macros or names  # macro names live in the factory's scope
        self.helpers: set[str] = set()  # helper functions (emit/helpers.py) the printed code calls
        self.block_rank = 1
        self.buffers = buffers  # IR buffer name -> carrier dtype, where it differs from the value dtype
        self.scalar_carriers = scalar_carriers  # IR scalar param name -> carrier dtype

    @property
    def thread_vars(self) -> list[str]:
        """`tz, ty, tx` order, as T.Parallel binds them (row-major over the block)."""
        return [BUILTIN_NAMES[("threadIdx", a)] for a in "zyx"[3 - self.block_rank:]]

    @property
    def linear_thread(self) -> str:
        # threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y
        return {1: "tx", 2: "ty * block_x + tx", 3: "(tz * block_y + ty) * block_x + tx"}[self.block_rank]

    def slot(self, index) -> str:
        """The per-thread slot of a value kept across barriers: `v[tx]`, `v[ty, tx]`, `acc[tx, j]`."""
        parts = self.thread_vars + ([self(index)] if index is not None else [])
        return ", ".join(parts)

    def __call__(self, e: I.Expr) -> str:
        return self.expr(e)[0]

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
            def widen(x):
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

    def wrap(self, e: I.Expr, min_prec: int) -> str:
        text, prec = self.expr(e)
        return f"({text})" if prec < min_prec else text

    def expr(self, e) -> tuple[str, int]:
        atom = _PREC["atom"]
        if isinstance(e, I.Const):
            if e.dtype == "bool":
                return ("True" if e.value else "False"), atom
            if e.dtype.startswith(("float", "bfloat")):
                if needs_exact_bits(e.value, e.dtype) or np.isnan(e.value):
                    self.helpers |= {"c2t_f64_from_bits", "c2t_f32_from_bits"}
                    value = 'float("nan")' if np.isnan(e.value) else float_repr(e.value, e.dtype)
                    return f'_float_const({value}, "{e.dtype}", target)', atom
                return float_literal(e.value, e.dtype), atom
            if e.dtype == "int32":
                return str(e.value), (atom if e.value >= 0 else _PREC["unary"])
            return f"T.{e.dtype}({e.value})", atom
        if isinstance(e, I.Var):
            name = self.names(e.name)
            carrier = self.scalar_carriers.get(e.name)
            if carrier:
                return f'T.cast({name}, "{e.dtype}")', atom
            return name, atom
        if isinstance(e, I.ThreadIdx):
            return BUILTIN_NAMES[("threadIdx", e.axis)], atom
        if isinstance(e, I.BlockIdx):
            return BUILTIN_NAMES[("blockIdx", e.axis)], atom
        if isinstance(e, I.BlockDim):
            return BUILTIN_NAMES[("blockDim", e.axis)], atom
        if isinstance(e, I.GridDim):
            return BUILTIN_NAMES[("gridDim", e.axis)], atom
        if isinstance(e, I.BlockThreads):
            dims = [BUILTIN_NAMES[("blockDim", a)] for a in "xyz"[:self.block_rank]]
            return " * ".join(dims), (atom if self.block_rank == 1 else _PREC["mul"])
        if isinstance(e, I.LinearThreadIdx):
            return self.linear_thread, (atom if self.block_rank == 1 else _PREC["add"])
        if isinstance(e, I.PrivateLoad):
            return f"{self.names(e.name)}[{self.slot(e.index)}]", atom
        if isinstance(e, I.Load):
            access = f"{self.names(e.buffer)}[{self(e.index)}]"
            carrier = self.buffers.get(e.buffer)
            if carrier == "uint8" and e.dtype == "bool":
                return f'T.cast({access}, "bool")', atom
            if carrier:
                return f'T.reinterpret({access}, "{e.dtype}")', atom
            return access, atom
        if isinstance(e, I.Binary):
            if e.op in _CALLS:
                return f"{_CALLS[e.op]}({self(e.lhs)}, {self(e.rhs)})", atom
            symbol, level = _BINARY[e.op]
            prec = _PREC[level]
            if level == "cmp":
                return f"{self.wrap(e.lhs, prec + 1)} {symbol} {self.wrap(e.rhs, prec + 1)}", prec
            return f"{self.wrap(e.lhs, prec)} {symbol} {self.wrap(e.rhs, prec + 1)}", prec
        if isinstance(e, I.Unary):
            if e.op == "not":
                # `not (a < b)`: correct without the parentheses too, but easier to read with them
                return f"not {self.wrap(e.operand, _PREC['cmp'] + 1)}", _PREC["not"]
            symbol = "-" if e.op == "neg" else "~"
            return f"{symbol}{self.wrap(e.operand, _PREC['unary'])}", _PREC["unary"]
        if isinstance(e, I.Cast):
            return f'T.cast({self(e.operand)}, "{e.dtype}")', atom
        if isinstance(e, I.Bitcast):
            return f'T.reinterpret({self(e.operand)}, "{e.dtype}")', atom
        if isinstance(e, I.Select):
            return f"T.if_then_else({self.condition(e.cond)}, {self(e.then)}, {self(e.other)})", atom
        if isinstance(e, I.Intrinsic):
            return self.intrinsic(e), atom
        if isinstance(e, I.MacroCall):
            args = ", ".join(self.names(a.buffer) if isinstance(a, I.BufferArg) else self(a) for a in e.args)
            return f"{self.macros(e.name)}({args})", atom
        if isinstance(e, I.AtomicRMW) and e.op not in ("add", "max", "min"):
            helper = f"c2t_atomic_{e.op}_{'f32' if e.dtype == 'float32' else 'i32'}"
            self.helpers.add(helper)
            args = [f"T.address_of({self.names(e.buffer)}[{self(e.index)}])"]
            args += [self(e.compare)] if e.compare is not None else []
            return f'T.call_extern("{e.dtype}", "{helper}", {", ".join(args + [self(e.value)])})', atom
        if isinstance(e, I.AtomicRMW):
            target = f"{self.names(e.buffer)}[{self(e.index)}]"
            ret = ", return_prev=True" if e.returns_old else ""
            return f"T.atomic_{e.op}({target}, {self(e.value)}{ret})", atom
        raise TypeError(f"cannot print {type(e).__name__}")

    def intrinsic(self, e: I.Intrinsic) -> str:
        if e.op == "saturate":
            x = self(e.args[0])
            return f"T.max(T.min({x}, {float_literal(1.0, e.dtype)}), {float_literal(0.0, e.dtype)})"
        if e.op == "round_cast":
            src = e.args[0].dtype
            inner = I.Intrinsic("rint", e.args, src)
            return f'T.cast({self.intrinsic(inner)}, "{e.dtype}")'
        dtype = e.dtype
        if dtype in ("float16", "bfloat16") and e.op not in ("min", "max", "abs"):
            # fp16 math has no C lowering (TILELANG_FACTS §10): compute in float32 and round back.
            widened = I.Intrinsic(e.op, tuple(I.Cast(a, "float32") if a.dtype == dtype else a for a in e.args),
                                  "float32")
            return f'T.cast({self.intrinsic(widened)}, "{dtype}")'
        tile_op = op_coverage.TILE_OPS[e.op]
        args = ", ".join(self(a) for a in e.args)
        if tile_op.form == "call":
            return f"T.{tile_op.name}({args})"
        if tile_op.form == "helper":
            self.helpers.add(tile_op.name)
            return f'T.call_extern("{dtype}", "{tile_op.name}", {args})'
        extern = tile_op.extern_name(dtype)
        if extern is None:
            raise TypeError(f"no C function for {e.op} on {dtype}")
        return f'T.call_extern("{dtype}", "{extern}", {args})'
