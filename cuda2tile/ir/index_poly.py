"""Integer index arithmetic as polynomials, so that passes compare index expressions by meaning.

    row * K + k                  -> {(K, row): 1, (k,): 1}
    (t * 16 + tx) * N + col      -> {(N, t): 16, (N, threadIdx.x): 1, (col,): 1}   (tx = threadIdx.x)
    blockIdx.y * blockDim.y + ty -> {(blockDim.y, blockIdx.y): 1, (threadIdx.y,): 1}

A polynomial maps each monomial (a sorted tuple of atom names; a square repeats its atom) to a
non-zero integer coefficient. Atoms are variable names and the CUDA builtins, spelled
`threadIdx.x`, `blockIdx.y`, `blockDim.x`, `gridDim.z` (a dot cannot occur in a C identifier, so
they never meet a variable's name). The ring identities these polynomials decide hold modulo 2^32
too, so two int32 index expressions with one polynomial compute one value even when they wrap.

Only `+`, `-`, `*`, unary minus, `<<` by a constant and integer constants are understood; anything
else (division, a load, a cast) gives None, and a pass that gets None does not match.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from cuda2tile.ir import tile_ir as I
from op_coverage.lifting import BUILTIN_VARIABLE_RECORDS

Monomial = tuple[str, ...]
_INTS = ("int32", "int64")
# I.ThreadIdx -> "threadIdx": atoms are spelled as the CUDA built-in variables
_BUILTINS = {getattr(I, b.ir_node): b.cuda for b in BUILTIN_VARIABLE_RECORDS if b.ir_node}


@dataclass(frozen=True)
class Poly:
    terms: tuple[tuple[Monomial, int], ...]  # sorted, no zero coefficients

    @staticmethod
    def of(terms: dict[Monomial, int]) -> "Poly":
        return Poly(tuple(sorted((m, c) for m, c in terms.items() if c != 0)))

    @staticmethod
    def const(value: int) -> "Poly":
        return Poly.of({(): value})

    @staticmethod
    def atom(name: str) -> "Poly":
        return Poly.of({(name,): 1})

    def __add__(self, other: "Poly") -> "Poly":
        out = dict(self.terms)
        for m, c in other.terms:
            out[m] = out.get(m, 0) + c
        return Poly.of(out)

    def __neg__(self) -> "Poly":
        return Poly.of({m: -c for m, c in self.terms})

    def __sub__(self, other: "Poly") -> "Poly":
        return self + (-other)

    def __mul__(self, other: "Poly") -> "Poly":
        out: dict[Monomial, int] = {}
        for m1, c1 in self.terms:
            for m2, c2 in other.terms:
                m = tuple(sorted(m1 + m2))
                out[m] = out.get(m, 0) + c1 * c2
        return Poly.of(out)

    def atoms(self) -> set[str]:
        return {a for m, _ in self.terms for a in m}

    def coefficient(self, atom: str) -> "Poly":
        """The factor of `atom` in the terms where it occurs once: coefficient(3*x*K + x + y, x) = 3*K + 1."""
        out: dict[Monomial, int] = {}
        for m, c in self.terms:
            if m.count(atom) == 1:
                rest = list(m)
                rest.remove(atom)
                out[tuple(rest)] = out.get(tuple(rest), 0) + c
        return Poly.of(out)

    def substitute(self, values: dict[str, "Poly"]) -> "Poly":
        """Replace atoms by polynomials: substitute(16*blockIdx.y + y, {y: ty}) = 16*blockIdx.y + ty."""
        total = Poly.const(0)
        for m, c in self.terms:
            term = Poly.const(c)
            for a in m:
                term = term * values.get(a, Poly.atom(a))
            total = total + term
        return total

    def is_const(self) -> bool:
        return all(not m for m, _ in self.terms)


def atom_name(e) -> str | None:
    """`threadIdx.x` for I.ThreadIdx("x"), and so on; None for other nodes."""
    kind = _BUILTINS.get(type(e))
    return f"{kind}.{e.axis}" if kind else None


# the atoms the passes match on: TID_X is threadIdx.x, BID_Y blockIdx.y, BDIM_X blockDim.x
TID_X, TID_Y = (atom_name(I.ThreadIdx(a)) for a in "xy")
BID_X, BID_Y = (atom_name(I.BlockIdx(a)) for a in "xy")
BDIM_X, BDIM_Y = (atom_name(I.BlockDim(a)) for a in "xy")


def poly(e, resolve: Callable[[str], "I.Expr | None"] = lambda name: None) -> Poly | None:
    """The polynomial of the integer expression `e`, or None outside the supported arithmetic.

    `resolve(name)` gives the value of a variable bound by a `Let` (expanded in place), or None for a
    variable that stays an atom (a parameter, a loop counter)."""
    if isinstance(e, I.Const):
        return Poly.const(int(e.value)) if e.dtype in _INTS and not isinstance(e.value, bool) else None
    if e.dtype not in _INTS:
        return None
    name = atom_name(e)
    if name is not None:
        return Poly.atom(name)
    if isinstance(e, I.Var):
        bound = resolve(e.name)
        return poly(bound, resolve) if bound is not None else Poly.atom(e.name)
    if isinstance(e, I.Unary) and e.op == "neg":
        inner = poly(e.operand, resolve)
        return -inner if inner is not None else None
    if isinstance(e, I.Binary) and e.op in ("add", "sub", "mul", "shl"):
        lhs, rhs = poly(e.lhs, resolve), poly(e.rhs, resolve)
        if lhs is None or rhs is None:
            return None
        if e.op == "add":
            return lhs + rhs
        if e.op == "sub":
            return lhs - rhs
        if e.op == "mul":
            return lhs * rhs
        if rhs.is_const() and 0 <= dict(rhs.terms).get((), 0) < 31:  # x << c == x * 2^c
            return lhs * Poly.const(1 << dict(rhs.terms).get((), 0))
    return None


def to_expr(p: Poly, dtype: str = "int32") -> I.Expr:
    """An expression computing `p` whose atoms are plain variables: {(K,): 2, (): 1} -> K * 2 + 1."""
    total: I.Expr | None = None
    for m, c in p.terms:
        term: I.Expr | None = None
        for a in m:
            v = I.Var(a, dtype)
            term = v if term is None else I.Binary("mul", term, v, dtype)
        if term is None:
            term = I.Const(abs(c), dtype)
        elif abs(c) != 1:
            term = I.Binary("mul", term, I.Const(abs(c), dtype), dtype)
        if total is None:
            total = term if c > 0 else I.Unary("neg", term, dtype)
        else:
            total = I.Binary("add" if c > 0 else "sub", total, term, dtype)
    return total if total is not None else I.Const(0, dtype)
