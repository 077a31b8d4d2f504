"""What raise_gemm reads off a matrix-product kernel: its operands, their masks and its epilogue.

Everything is decided on index polynomials (index_poly.py), so spelling does not matter: `A[row * K + k]`,
`a_row[k]` with `a_row = A + row * K`, and `A[k + K * row]` are the same operand. A `GemmFrame` holds what
the matcher knows of one kernel: the values of its `Let`s, its uniform names (int scalar parameters),
and the polynomials of the output's row, column and reduction index, e.g. for the naive kernel

    row = blockIdx.y * blockDim.y + threadIdx.y,  col = blockIdx.x * blockDim.x + threadIdx.x,  k = k

and for the 16x16 shared-tile kernel (whose block is required to be 16x16) row = blockIdx.y * 16 +
threadIdx.y and k = t * 16 + k. Helpers return None where the kernel does not fit exactly.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.index_poly import BDIM_X, BDIM_Y, BID_X, BID_Y, TID_X, TID_Y, Poly, poly, to_expr
from cuda2tile.ir.ir_names import IMPURE, contains, map_children, nodes

_INT = "int32"
_NEGATED = {"lt": "ge", "ge": "lt", "le": "gt", "gt": "le", "eq": "ne", "ne": "eq"}
ROW = Poly.of({(BDIM_Y, BID_Y): 1, (TID_Y,): 1})
COL = Poly.of({(BDIM_X, BID_X): 1, (TID_X,): 1})


@dataclass(frozen=True)
class GemmFrame:
    lets: dict[str, I.Expr]
    uniform: frozenset[str]  # int32 scalar parameters
    k: Poly  # the reduction index
    k_atom: str  # the atom of `k` with coefficient 1 (the innermost loop counter)
    block: dict[str, Poly]  # blockDim atoms fixed by the kernel's requirement ({} when any block works)
    row_name: str
    col_name: str

    def poly(self, e) -> Poly | None:
        p = poly(e, self.lets.get)
        return p.substitute(self.block) if p is not None else None

    @property
    def row(self) -> Poly:
        return ROW.substitute(self.block)

    @property
    def col(self) -> Poly:
        return COL.substitute(self.block)

    def is_uniform(self, p: Poly | None) -> bool:
        return p is not None and p.atoms() <= self.uniform


def lets_of(stmts) -> dict[str, I.Expr] | None:
    """Every `Let` in `stmts` and their nested bodies, by name; None if a name is bound twice."""
    out: dict[str, I.Expr] = {}

    def walk(body) -> bool:
        for s in body:
            if isinstance(s, I.Let):
                if s.name in out:
                    return False
                out[s.name] = s.value
            for f in fields(s):
                value = getattr(s, f.name)
                if isinstance(value, tuple) and value and not isinstance(value[0], I.Expr) and not walk(value):
                    return False
        return True

    return out if walk(stmts) else None


def conjuncts(cond: I.Expr) -> list[I.Expr]:
    """`a && !(b || c >= d)` -> [a, !b, c < d]: the conditions that must all hold (integer comparisons are
    negated exactly; a negated float comparison stays `not (...)`, which NaN makes differ)."""
    if isinstance(cond, I.Binary) and cond.op == "and":
        return conjuncts(cond.lhs) + conjuncts(cond.rhs)
    if isinstance(cond, I.Unary) and cond.op == "not":
        inner = cond.operand
        if isinstance(inner, I.Binary) and inner.op == "or":
            return conjuncts(I.Unary("not", inner.lhs, "bool")) + conjuncts(I.Unary("not", inner.rhs, "bool"))
        if isinstance(inner, I.Unary) and inner.op == "not":
            return conjuncts(inner.operand)
        if isinstance(inner, I.Binary) and inner.op in _NEGATED and inner.lhs.dtype == _INT == inner.rhs.dtype:
            return [replace(inner, op=_NEGATED[inner.op])]
    return [cond]


def all_of(conds: list[I.Expr]) -> I.Expr:
    out: I.Expr = I.Const(True, "bool")
    for c in conds:
        out = c if out == I.Const(True, "bool") else I.Binary("and", out, c, "bool")
    return out


def to_element(e, frame: GemmFrame, expand: bool):
    """`e` with the CUDA thread written as the output element it computes: a sub-expression equal to
    the row becomes `row` (the name bound per element), threadIdx.y becomes `row % blockDim.y`,
    blockIdx.y `row / blockDim.y` (x likewise with `col`). With `expand`, Let-bound names are inlined
    first (for an expression moved out of its scope). None if a z axis or the linear thread index occurs."""
    if isinstance(e, I.Expr) and getattr(e, "dtype", None) == _INT and not isinstance(e, I.Const):
        p = frame.poly(e)
        if p == frame.row:
            return I.Var(frame.row_name, _INT)
        if p == frame.col:
            return I.Var(frame.col_name, _INT)
    if isinstance(e, I.Var) and expand and e.name in frame.lets:
        return to_element(frame.lets[e.name], frame, expand)
    if isinstance(e, (I.ThreadIdx, I.BlockIdx)):
        if e.axis == "z":
            return None
        coord = I.Var(frame.row_name if e.axis == "y" else frame.col_name, _INT)
        op = "truncmod" if isinstance(e, I.ThreadIdx) else "truncdiv"
        return I.Binary(op, coord, I.BlockDim(e.axis), _INT)
    if isinstance(e, (I.LinearThreadIdx, I.WarpShuffle, I.WarpVote)) or isinstance(e, I.BlockDim) and e.axis == "z":
        return None
    return map_children(e, lambda x: to_element(x, frame, expand))


def element_mask(conds: list[I.Expr], frame: GemmFrame, allowed: set[str]) -> I.Expr | None:
    """The conjunction of `conds` as a condition on the element's coordinates named in `allowed` (and
    uniform values); None if one of them reads memory or depends on anything else."""
    out = []
    for c in conds:
        if contains(c, IMPURE):
            return None
        rewritten = to_element(c, frame, expand=True)
        if rewritten is None or not _names(rewritten) <= allowed | frame.uniform:
            return None
        out.append(rewritten)
    return all_of(out)


def _names(e) -> set[str]:
    """The variable names `e` reads; "?" stands for a thread or block index (never allowed)."""
    return {x.name if isinstance(x, I.Var) else "?" for x in nodes(e) if isinstance(x, (I.Var, I.ThreadIdx, I.BlockIdx))}


def match_operand(factor, frame: GemmFrame, acc_dtype: str):
    """(outer, buffer, dtype, ld, offset, k_contiguous) of a product factor `B[k * N + col]` or
    `(float)A[row * K + k]` (`outer` is "row" or "col"), or None."""
    load = factor.operand if isinstance(factor, I.Cast) and factor.dtype == acc_dtype else factor
    if not isinstance(load, I.Load) or (load is factor) != (load.dtype == acc_dtype):
        return None
    p = frame.poly(load.index)
    if p is None:
        return None
    thread_atoms = p.atoms() & {TID_X, TID_Y, BID_X, BID_Y}
    outer = "row" if thread_atoms <= {TID_Y, BID_Y} else "col"
    if not thread_atoms or not thread_atoms <= ({TID_Y, BID_Y} if outer == "row" else {TID_X, BID_X}):
        return None
    coord = frame.row if outer == "row" else frame.col
    ld_outer = p.coefficient(TID_Y if outer == "row" else TID_X)
    ld_k = p.coefficient(frame.k_atom)
    if ld_k == Poly.const(1):
        ld, rest, k_contiguous = ld_outer, p - ld_outer * coord - frame.k, True
    elif ld_outer == Poly.const(1):
        ld, rest, k_contiguous = ld_k, p - coord - ld_k * frame.k, False
    else:
        return None
    if not (frame.is_uniform(ld) and frame.is_uniform(rest)):
        return None
    return outer, load.buffer, load.dtype, to_expr(ld), to_expr(rest), k_contiguous


def element_epilogue(stmts, frame: GemmFrame):
    """Per-thread statements rewritten per output element (see to_element): a Let of the row (or
    column) is dropped when it binds that very name, and dead pure Lets go; None if any part cannot
    be rewritten."""
    out = []
    for s in stmts:
        if isinstance(s, I.Let) and frame.poly(s.value) in (frame.row, frame.col):
            coord = frame.row_name if frame.poly(s.value) == frame.row else frame.col_name
            if s.name != coord:
                out.append(replace(s, value=I.Var(coord, _INT)))
            continue
        if isinstance(s, (I.Barrier, I.DeclShared, I.DeclPrivate, I.Raised, I.BlockReduce)):
            return None
        body_fields = {f.name: getattr(s, f.name) for f in fields(s)
                       if isinstance(getattr(s, f.name), tuple) and getattr(s, f.name)
                       and not isinstance(getattr(s, f.name)[0], I.Expr)}
        nested = {name: element_epilogue(body, frame) for name, body in body_fields.items()}
        if any(v is None for v in nested.values()):
            return None
        rewritten = map_children(replace(s, **{n: () for n in body_fields}), lambda x: to_element(x, frame, False))
        if rewritten is None:
            return None
        out.append(replace(rewritten, **nested))
    return _without_dead_lets(tuple(out))


def _without_dead_lets(stmts: tuple) -> tuple:
    out: list = []
    for i, s in enumerate(stmts):
        if isinstance(s, I.Let) and not contains(s.value, IMPURE) and s.name not in {x.name for x in nodes(stmts[i + 1:]) if isinstance(x, I.Var)}:
            continue
        out.append(s)
    return tuple(out)
