"""raise_gemm's shared-tile shape: tiles of A and B the size of the block, staged per step along K.

After barrier fission the kernel is exactly

    acc = T.alloc_fragment(...); As, Bs = T.alloc_shared(...)      declarations
    Parallel: [Lets] acc[t] = 0                                     initialisation
    for t in range(Tc):                                             Tc = (K + KT - 1) / KT
        Parallel: [Lets] As[ty * W + tx] = row_ok && t*KT+tx < K ? A[...] : 0;  Bs[...] = ... : 0
        barrier
        Parallel: [Lets] for k in range(KT): acc[t] = acc[t] + As[ty * W + k] * Bs[k * W + tx]
        barrier
    Parallel: epilogue reading acc

The block must be W x H, the arrays' shape (`requires`), so thread (ty, tx) stores element (ty, tx).
Reading element (ty, k) of As through the stores gives `As(ty, k) = cond(tx := k) ? A[...](tx := k) : 0`,
and with kk = t * KT + k the sum is CUDA's `sum over kk < K of A(row, kk) * B(kk, col)`, plus exact
zeros for kk >= K (both operands must be masked by `kk < K`, so 0 * inf never occurs).
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.raising.gemm_build import build_gemm, coordinate_names
from cuda2tile.raising.gemm_match import GemmFrame, conjuncts, lets_of, match_operand
from cuda2tile.raising.gemm_naive import accumulated, zero
from cuda2tile.ir.index_poly import BDIM_X, BDIM_Y, TID_X, TID_Y, Poly, poly
from cuda2tile.ir.ir_names import fresh, map_children


def _phase(s, kinds) -> tuple[dict, list] | None:
    """(Lets, other statements) of a Parallel whose non-Let statements are all of `kinds`."""
    if not isinstance(s, I.Parallel):
        return None
    lets = lets_of(s.body)
    rest = [x for x in s.body if not isinstance(x, I.Let)]
    if lets is None or any(not isinstance(x, kinds) for x in rest):
        return None
    return lets, rest


def _tile_width(index: I.Expr, lets: dict) -> int | None:
    """W when the store index is `threadIdx.y * W + threadIdx.x` (W a positive constant)."""
    p = poly(index, lets.get)
    if p is None:
        return None
    w = p.coefficient(TID_Y)
    if not (w.is_const() and w.terms and p == w * Poly.atom(TID_Y) + Poly.atom(TID_X)):
        return None
    return dict(w.terms)[()]


def _inline(e, lets: dict, threads: dict[str, I.Expr]):
    """`e` with Let-bound names expanded and the thread indices of `threads` replaced."""
    if isinstance(e, I.Var) and e.name in lets:
        return _inline(lets[e.name], lets, threads)
    if isinstance(e, I.ThreadIdx) and e.axis in threads:
        return threads[e.axis]
    if isinstance(e, (I.LinearThreadIdx, I.PrivateLoad)):
        return None
    return map_children(e, lambda x: _inline(x, lets, threads))


def _staged_operand(factor, shared: dict, stores: dict, frame: GemmFrame, acc_dtype: str, w: int, h: int):
    """(operand, its k-bound, element guards) of a factor `(float)As[ty * W + k]` or `Bs[k * W + tx]`."""
    load = factor.operand if isinstance(factor, I.Cast) else factor
    if not isinstance(load, I.Load) or load.buffer not in stores:
        return None
    p = poly(load.index, frame.lets.get)
    k = Poly.atom(frame.k_atom)
    if p == Poly.const(w) * Poly.atom(TID_Y) + k:
        threads = {"x": I.Var(frame.k_atom, "int32")}  # element (ty, k): stored by thread (ty, tx = k)
    elif p == Poly.const(w) * k + Poly.atom(TID_X):
        threads = {"y": I.Var(frame.k_atom, "int32")}  # element (k, tx): stored by thread (ty = k, tx)
    else:
        return None
    lets, value = stores[load.buffer]
    staged = _inline(value, lets, threads)
    if not (isinstance(staged, I.Select) and staged.other == zero(staged.dtype) and isinstance(staged.then, I.Load)
            and staged.then.dtype == shared[load.buffer].dtype):
        return None
    operand = match_operand(replace(factor, operand=staged.then) if factor is not load else staged.then,
                            replace(frame, lets={}), acc_dtype)
    bounds = [c for c in conjuncts(staged.cond) if _k_bound(c, frame) is not None]
    guards = [c for c in conjuncts(staged.cond) if _k_bound(c, frame) is None]
    if operand is None or len(bounds) != 1:
        return None
    return operand, _k_bound(bounds[0], frame), guards


def _k_bound(cond: I.Expr, frame: GemmFrame) -> I.Expr | None:
    """K when `cond` is `kk < K` with kk the reduction index and K uniform."""
    if isinstance(cond, I.Binary) and cond.op == "lt" and frame.poly(cond.lhs) == frame.k:
        if frame.is_uniform(frame.poly(cond.rhs)):
            return cond.rhs
    return None


def _covers(stop: I.Expr, k_extent: I.Expr, kt: int) -> bool:
    """Whether the tile loop runs `(K + KT - 1) / KT` times: every kk < K is visited."""
    return (isinstance(stop, I.Binary) and stop.op == "truncdiv" and stop.rhs == I.Const(kt, "int32")
            and poly(stop.lhs) is not None and poly(stop.lhs) == poly(k_extent) + Poly.const(kt - 1))


def match_tiled(kernel: I.Kernel, taken: set[str]) -> tuple[I.Expr, I.TiledGemm] | None:
    """(requires, gemm) for a shared-tile matrix-product kernel, else None."""
    decls = [s for s in kernel.body if isinstance(s, (I.DeclShared, I.DeclPrivate))]
    rest = kernel.body[len(decls):]
    if len(rest) != 3 or not isinstance(rest[1], I.For) or len(rest[1].body) != 4:
        return None
    init, loop, epilogue = rest
    load_phase, sync1, product_phase, sync2 = loop.body
    shared = {d.name: d for d in decls if isinstance(d, I.DeclShared) and isinstance(d.size, int)}
    privates = {d.name: d for d in decls if isinstance(d, I.DeclPrivate) and d.size is None}
    staged, product, first = _phase(load_phase, I.Store), _phase(product_phase, I.For), _phase(init, I.PrivateStore)
    if (None in (staged, product, first) or sync1 != I.Barrier("block", sync1.line) or sync2 != I.Barrier("block", sync2.line)
            or loop.start != I.Const(0, "int32") or loop.step != I.Const(1, "int32") or len(product[1]) != 1
            or len(first[1]) != 1 or not isinstance(epilogue, I.Parallel)):
        return None
    stores = {s.buffer: (staged[0], s.value) for s in staged[1] if s.buffer in shared}
    widths = {_tile_width(s.index, staged[0]) for s in staged[1]}
    inner, start = product[1][0], first[1][0]
    if len(stores) != 2 or len(staged[1]) != 2 or len(widths) != 1 or None in widths or len(inner.body) != 1:
        return None
    w = widths.pop()
    h = shared[next(iter(stores))].size // w
    step, acc = inner.body[0], privates.get(start.name)
    if (any(shared[b].size != w * h for b in stores) or acc is None or not isinstance(step, I.PrivateStore)
            or step.name != acc.name or start.value != zero(acc.dtype) or not isinstance(inner.stop, I.Const)
            or inner.start != I.Const(0, "int32") or inner.step != I.Const(1, "int32")):
        return None
    kt = inner.stop.value
    factors = accumulated(step, I.PrivateLoad(acc.name, None, acc.dtype))
    uniform = frozenset(p.name for p in kernel.params if isinstance(p, I.ScalarParam) and p.dtype == "int32")
    block = {BDIM_X: Poly.const(w), BDIM_Y: Poly.const(h)}
    k = Poly.atom(loop.var) * Poly.const(kt) + Poly.atom(inner.var)
    epilogue_lets = lets_of(epilogue.body)
    if factors is None or epilogue_lets is None or kt > min(w, h):
        return None
    probe = GemmFrame(product[0], uniform, k, inner.var, block, "", "")
    row, col = coordinate_names(probe, epilogue_lets, taken)
    frame = replace(probe, row_name=row, col_name=col)
    found = [_staged_operand(f, shared, stores, frame, acc.dtype, w, h) for f in factors]
    if None in found or found[0][1] != found[1][1] or not _covers(loop.stop, found[0][1], kt):
        return None
    c_tile = fresh("acc_tile", taken)
    body = _rename_private(epilogue.body, acc.name, c_tile)
    if body is None:
        return None
    gemm = build_gemm(kernel, [f[0] for f in found], found[0][2] + found[1][2], found[0][1],
                      replace(frame, lets=epilogue_lets), acc.dtype, body, c_tile, taken, loop.line)
    requires = I.Binary("and", I.Binary("eq", I.BlockDim("x"), I.Const(w, "int32"), "bool"),
                        I.Binary("eq", I.BlockDim("y"), I.Const(h, "int32"), "bool"), "bool")
    return (requires, gemm) if gemm is not None else None


def _rename_private(stmts, acc: str, c_tile: str):
    """The epilogue with `acc[tid]` read from the gemm's tile; None if it reads other per-thread or
    shared state (which the raised kernel does not keep)."""
    def fix(node):
        if isinstance(node, I.PrivateLoad):
            return replace(node, name=c_tile) if node.name == acc and node.index is None else None
        if isinstance(node, I.PrivateStore):
            return None
        return map_children(node, fix)
    return fix(tuple(stmts))
