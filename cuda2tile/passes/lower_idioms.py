"""Lower a kernel's tile IR to TileLang-level IR (`tile_lang_ir.py`): the factory the emitter prints.

Pure: `lower_idioms(kernel) -> Factory`. The raised idioms become tile operations with the scopes
each target takes, e.g. a block's sum

    BlockReduce(op="sum", buffer="sh", extent=BlockDim("x"), dtype="float32", ...)

becomes (as the printer writes it)

    sh_staged = T.alloc_fragment((block_x,), "float32")
    for tx in T.Parallel(block_x):
        sh_staged[tx] = sh[tx]
    if target == "c":                      # TargetSwitch: C reduces local buffers only (TILELANG_FACTS §8.2)
        sh_local = T.alloc_local((block_x,), "float32")
        sh_result = T.alloc_local((1,), "float32")
        T.copy(sh_staged, sh_local)
        T.reduce_sum(sh_local, sh_result, dim=0)
    else:
        sh_result = T.alloc_fragment((1,), "float32")
        T.reduce_sum(sh_staged, sh_result, dim=0)
    ...

(the block's reductions and scans: `lower_collectives.py`); a `Raised` node becomes a `Choose` of its
two forms, declarations become allocations, the per-thread region a `T.Parallel` loop over the
block, and a kernel raised to a tiled matrix product (`TiledGemm`) a prim_func of its own before the
faithful one (`lower_gemm.py`).
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir import tile_lang_ir as L
from cuda2tile.passes.lower_collectives import block_reduce, block_scan, warp_reduce, warp_scan
from cuda2tile.passes.lower_gemm import gemm_choice
from op_coverage.tile_forms import BARRIERS, ITEMSIZE

_INT = "int32"
_AXES = "xyz"


def lower_idioms(kernel: I.Kernel) -> L.Factory:
    """The kernel's factory: its macros, then its prim_func (after the raised one of a matrix product)."""
    lower = _Lowering(kernel.block_rank)
    grid = tuple(I.GridDim(a) for a in _AXES[:kernel.grid_rank])
    blocks = tuple(I.BlockIdx(a) for a in _AXES[:kernel.grid_rank])
    gemm = _raised_gemm(kernel)
    body: list = []
    if gemm is not None:  # the whole kernel raised: its own launch, then the faithful prim_func
        body.append(gemm_choice(kernel, gemm, _raised_condition(gemm), grid, blocks, lower.block))
    faithful = gemm.faithful if gemm is not None else kernel.body
    body.append(L.PrimFunc(kernel.name, kernel.params, grid, launch=grid, threads=I.BlockThreads(), blocks=blocks,
                           body=lower.block(faithful)))
    macros = tuple(replace(m, body=lower.block(m.body)) for m in kernel.macros)
    shared = [s for s in _walk(body) if isinstance(s, L.AllocShared)]
    return L.Factory(kernel=kernel, macros=macros, body=tuple(body),
                     tile_product=gemm.raised[0].product if gemm is not None else None, uses_shared=bool(shared),
                     dynamic_shared=any(L.Name("shared_bytes") in _exprs(s.shape) for s in shared))


def _raised_gemm(kernel: I.Kernel) -> I.Raised | None:
    """The kernel's whole-kernel raise (a `TiledGemm`), if it has one."""
    only = kernel.body[0] if len(kernel.body) == 1 else None
    return only if isinstance(only, I.Raised) and isinstance(only.raised[0], I.TiledGemm) else None


def _raised_condition(s: I.Raised) -> L.Expr:
    """`target in s.targets and s.requires`, the `and` chain kept flat: `target in (...) and a and b`."""
    def onto(lhs: L.Expr, e: I.Expr) -> L.Expr:
        if isinstance(e, I.Binary) and e.op == "and":
            return I.Binary("and", onto(lhs, e.lhs), e.rhs, "bool")
        return I.Binary("and", lhs, e, "bool")
    targets = L.TargetIn(s.targets)
    return targets if s.requires == I.Const(True, "bool") else onto(targets, s.requires)


class _Lowering:
    def __init__(self, block_rank: int):
        self.threads = tuple(I.ThreadIdx(a) for a in "zyx"[3 - block_rank:])  # T.Parallel's order
        self.dims = tuple(I.BlockDim(t.axis) for t in self.threads)
        self.tx = self.threads[0]

    def block(self, stmts: tuple[I.Stmt, ...]) -> tuple[L.Stmt, ...]:
        return tuple(x for s in stmts for x in self.stmt(s))

    def stmt(self, s: I.Stmt) -> tuple[L.Stmt, ...]:
        if isinstance(s, I.Parallel):
            return (L.ParallelFor(self.threads, self.dims, self.block(s.body)),)
        if isinstance(s, I.DeclVar):
            return (L.AllocVar(s.name, s.dtype),)
        if isinstance(s, I.DeclLocal):
            return (L.AllocLocal(s.name, (_const(s.size),), s.dtype),)
        if isinstance(s, I.DeclShared):
            return (L.AllocShared(s.name, (self.shared_size(s),), s.dtype),)
        if isinstance(s, I.DeclPrivate):
            size = () if s.size is None else (_const(s.size),)
            return (L.AllocPrivate(s.name, self.dims + size, s.dtype, shared=s.shared),)
        if isinstance(s, I.Barrier):
            return (L.Sync(BARRIERS[s.kind].cuda, s.line),)
        if isinstance(s, I.If):
            return (replace(s, then=self.block(s.then), other=self.block(s.other)),)
        if isinstance(s, (I.For, I.While)):
            return (replace(s, body=self.block(s.body)),)
        if isinstance(s, I.Raised):
            return (L.Choose(_raised_condition(s), f"raised: {s.idiom}; decided per launch, the faithful form runs "
                             "otherwise", self.block(s.raised), (L.Restated(self.block(s.faithful)),), s.line),)
        if isinstance(s, I.TileCopy):
            glob, shared = L.Region(s.buffer, s.offset, _end(s.offset, s.extent)), L.Region(
                s.shared, s.shared_offset, _end(s.shared_offset, s.extent))
            return (L.Copy(glob, shared, s.line) if s.load else L.Copy(shared, glob, s.line),)
        if isinstance(s, I.BlockReduce):
            return block_reduce(s, self.tx)
        if isinstance(s, I.BlockScan):
            return block_scan(s, self.tx)
        if isinstance(s, I.WarpScan):
            return warp_scan(s, self.tx)
        if isinstance(s, I.WarpReduce):
            return warp_reduce(s, self.tx)
        if isinstance(s, I.TiledGemm):
            raise TypeError("a TiledGemm is a whole kernel's raised form")
        return (s,)

    def shared_size(self, s: I.DeclShared) -> L.Expr:
        if s.size == "threads":  # one slot per thread: block_x * block_y * block_z
            size = self.dims[-1]
            for d in reversed(self.dims[:-1]):
                size = I.Binary("mul", size, d, _INT)
            return size
        if s.size is None:  # `extern __shared__`: the launch's bytes
            return I.Binary("floordiv", L.Name("shared_bytes"), _const(ITEMSIZE[s.dtype]), _INT)
        return _const(s.size)


def _walk(stmts):
    """Every statement of a lowered tree, nested ones included."""
    for s in stmts:
        yield s
        for name in ("body", "then", "other", "raised", "faithful"):
            inner = getattr(s, name, None)
            if isinstance(inner, tuple):
                yield from _walk(inner)


def _exprs(exprs):
    for e in exprs:
        yield e
        if isinstance(e, I.Binary):
            yield from _exprs((e.lhs, e.rhs))


def _const(value: int) -> I.Const:
    return I.Const(value, _INT)


def _end(start: I.Expr, extent: I.Expr) -> I.Expr:
    """`start + extent`, folding a zero start."""
    return extent if start == _const(0) else I.Binary("add", start, extent, _INT)
