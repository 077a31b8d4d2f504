"""Pass: raise cooperative copies between global and shared memory to tile copies (`TileCopy`).

A phase in which every thread moves one element, at consecutive addresses on both sides,

    Parallel:                                          if bx * B + B <= n:               # interior block
        i = blockIdx.x * blockDim.x + tid                  T.copy(x[bx * B : bx * B + B], sh[0 : B])
        sh[tid] = (i < n) ? x[i] : 0.0f        ->      else:                             # the tail block
                                                           <the phase>

becomes a tile copy where the block's guards hold for every thread, and stays the element-wise
phase in the block where they do not: there CUDA's guard stops at the kernel's own bound (`n`),
while `T.copy` would only stop at the buffer's end and pad with zeros. The decision is made per
block at run time (a block-uniform `if`), the target set per launch (`Raised`). Stores from shared
to global memory (`if (i < n) y[i] = sh[tid]`) are raised alike; on sm_90 TileLang lowers them to
TMA stores.

It matches exactly or not at all: every statement of the phase besides integer `Let`s must be such a
copy (a guarded or unguarded load into a shared array, a guarded or unguarded store from one) of
one dtype without conversion; both indices must be `threadIdx.x + <block-uniform offset>` as
polynomials (index_poly.py), the shared offset 0 (TMA needs an aligned shared address); every guard
a conjunction of bounds `threadIdx.x + c < n` (or <=, >, >=) with a block-uniform other side, so
that "holds for every thread" is one block-uniform test; no buffer written by one copy of the phase
read by another. Near misses (a strided or gathered index, a guard that is not a bound, a phase
that also computes) keep the phase.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.index_poly import TID_X, Poly, atom_name, poly
from cuda2tile.ir.ir_names import IMPURE, map_children, nodes
from cuda2tile.ir.uniformity import uniform_variables
from op_coverage.idioms import idiom

IDIOM = "tile_copy"
_TARGETS = idiom(IDIOM).targets
COPY_DTYPES = ("float16", "float32", "float64", "int32", "int64")  # buffers with no carrier dtype
_THREAD = TID_X
# block-uniform atoms: any axis of blockIdx, blockDim, gridDim ("blockIdx.")
_BLOCK_ATOMS = tuple(atom_name(node("x"))[:-1] for node in (I.BlockIdx, I.BlockDim, I.GridDim))


class _Phase:
    """One phase's context: its `Let`s (phase-local, resolved into indices) and the uniform names."""

    def __init__(self, lets: dict[str, I.Expr], uniform: set[str]):
        self.lets, self.uniform = lets, uniform

    def poly(self, e) -> Poly | None:
        return poly(e, self.lets.get)

    def thread_offset(self, e) -> Poly | None:
        """`c` when `e` is threadIdx.x + c with c block-uniform, else None."""
        p = self.poly(e)
        if p is None or p.coefficient(_THREAD) != Poly.const(1):
            return None
        rest = p - Poly.atom(_THREAD)
        if not all(a.startswith(_BLOCK_ATOMS) or a in self.uniform for a in rest.atoms()):
            return None
        return rest

    def block_level(self, e) -> I.Expr:
        """`e` at block level: the phase's Lets inlined, threadIdx.x = 0 (e's offset when e = tid + offset)."""
        def visit(x):
            if isinstance(x, I.ThreadIdx) and x.axis == "x":
                return I.i32(0)
            if isinstance(x, I.Var) and x.name in self.lets:
                return visit(self.lets[x.name])
            x = map_children(x, visit)
            if isinstance(x, I.Binary) and x.op in ("add", "sub") and x.rhs == I.i32(0):
                return x.lhs  # bx * B + tid at tid = 0 is bx * B
            if isinstance(x, I.Binary) and x.op == "add" and x.lhs == I.i32(0):
                return x.rhs
            return x
        return visit(e)


def _bound(cond, phase: _Phase) -> I.Expr | None:
    """The block-uniform condition under which `cond` holds for every thread 0 <= tid < blockDim.x, for a
    conjunction of bounds on `tid + c`; None for any other condition."""
    if isinstance(cond, I.Binary) and cond.op == "and":
        left, right = _bound(cond.lhs, phase), _bound(cond.rhs, phase)
        return I.Binary("and", left, right, "bool") if left is not None and right is not None else None
    if not (isinstance(cond, I.Binary) and cond.op in ("lt", "le", "gt", "ge")):
        return None
    op, lhs, rhs = cond.op, cond.lhs, cond.rhs
    if phase.thread_offset(lhs) is None:  # the thread on the right: n > i is i < n
        op, lhs, rhs = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le"}[op], rhs, lhs
    if phase.thread_offset(lhs) is None or phase.thread_offset(rhs) is not None or not _uniform(rhs, phase):
        return None
    first = phase.block_level(lhs)  # the smallest `tid + c`, at tid = 0
    bound = phase.block_level(rhs)
    # upper bounds must hold for the last thread (c + blockDim.x - 1 < n: c + blockDim.x <= n), lower
    # bounds for the first
    if op == "lt":
        return I.Binary("le", I.Binary("add", first, I.BlockDim("x"), "int32"), bound, "bool")
    if op == "le":
        last = I.Binary("sub", I.Binary("add", first, I.BlockDim("x"), "int32"), I.i32(1), "int32")
        return I.Binary("le", last, bound, "bool")
    return I.Binary(op, first, bound, "bool")


def _uniform(e, phase: _Phase) -> bool:
    p = phase.poly(e)
    if p is not None:
        return all(a.startswith(_BLOCK_ATOMS) or a in phase.uniform for a in p.atoms())
    resolved = phase.block_level(e)
    return not any(isinstance(x, IMPURE + (I.ThreadIdx, I.LinearThreadIdx)) or isinstance(x, I.Var)
                   and x.name not in phase.uniform for x in nodes(resolved))


def _copy(s, phase: _Phase, shared: dict, globals_: dict):
    """(TileCopy, its guard or None, buffers read, buffers written) for one copy statement, else None."""
    guard = None
    if isinstance(s, I.If) and not s.other and len(s.then) == 1:
        guard, s = s.cond, s.then[0]
    if not isinstance(s, I.Store):
        return None
    value = s.value
    if guard is None and isinstance(value, I.Select) and value.other == I.Const(0.0 if value.dtype.startswith(
            "float") else 0, value.dtype) and isinstance(value.then, I.Load) and s.buffer in shared:
        guard, value = value.cond, value.then  # sh[t] = cond ? x[i] : 0 (0 outside: the tail keeps the phase)
    if not (isinstance(value, I.Load) and value.dtype == s.value.dtype):
        return None
    if s.buffer in shared and value.buffer in globals_:
        sh, sh_index, glob, glob_index, load = s.buffer, s.index, value.buffer, value.index, True
    elif s.buffer in globals_ and value.buffer in shared:
        sh, sh_index, glob, glob_index, load = value.buffer, value.index, s.buffer, s.index, False
    else:
        return None
    if not (shared[sh] == globals_[glob] == value.dtype and value.dtype in COPY_DTYPES):
        return None
    if phase.thread_offset(sh_index) != Poly.const(0) or phase.thread_offset(glob_index) is None:
        return None
    offset = phase.block_level(glob_index)
    copy = I.TileCopy(glob, offset, sh, I.i32(0), I.BlockDim("x"), load, s.line)
    return copy, guard, ({glob} if load else {sh}), ({sh} if load else {glob})


def _raise_phase(p: I.Parallel, uniform: set[str], shared: dict, globals_: dict) -> I.Stmt | None:
    lets: dict[str, I.Expr] = {}
    copies, tests, read, written = [], [], set(), set()
    phase = _Phase(lets, uniform)
    for s in p.body:
        if isinstance(s, I.Let):
            if s.value.dtype not in ("int32", "int64") or any(isinstance(x, IMPURE) for x in nodes(s.value)):
                return None
            lets[s.name] = s.value
            continue
        found = _copy(s, phase, shared, globals_)
        if found is None:
            return None
        copy, guard, reads, writes = found
        if guard is not None:
            test = _bound(guard, phase)
            if test is None:
                return None
            tests.append(test)
        copies.append(copy)
        read |= reads
        written |= writes
    if not copies or read & written:
        return None
    raised: tuple[I.Stmt, ...] = tuple(copies)
    if tests:
        interior = tests[0]
        for t in tests[1:]:
            interior = I.Binary("and", interior, t, "bool")
        raised = (I.If(interior, raised, (p,), copies[0].line),)
    return I.Raised(IDIOM, _TARGETS, I.Const(True, "bool"), raised, (p,), copies[0].line)


def _walk(stmts, uniform, shared, globals_) -> tuple:
    out = []
    for s in stmts:
        if isinstance(s, I.Parallel):
            try:
                s = _raise_phase(s, uniform, shared, globals_) or s
            except RecursionError:  # an index nested past Python's stack (hostile input): keep the phase
                pass
        elif isinstance(s, (I.For, I.While)):
            s = replace(s, body=_walk(s.body, uniform, shared, globals_))
        elif isinstance(s, I.If):
            s = replace(s, then=_walk(s.then, uniform, shared, globals_),
                        other=_walk(s.other, uniform, shared, globals_))
        out.append(s)
    return tuple(out)


def raise_tile_copy(kernel: I.Kernel) -> I.Kernel:
    if kernel.block_rank != 1:
        return kernel
    shared = {s.name: s.dtype for s in kernel.body if isinstance(s, I.DeclShared)}
    if not shared:
        return kernel
    globals_ = {p.name: p.dtype for p in kernel.params if isinstance(p, I.BufferParam)}
    uniform = uniform_variables(kernel.body, {p.name for p in kernel.params if isinstance(p, I.ScalarParam)})
    body = _walk(kernel.body, uniform, shared, globals_)
    return kernel if body == kernel.body else replace(kernel, body=body)
