"""Lower the block's collective operations, reductions and prefix sums over the block or each of its
warps (`BlockReduce`, `WarpReduce`, `BlockScan`, `WarpScan`), to tile operations (part of
`lower_idioms`).

Each stages its values in a tile, runs one tile operation and hands the results back between
barriers. TileLang 0.1.15 lacks some of those operations on target "c" (TILELANG_FACTS §8.2), so
each form holds a `TargetSwitch`: reductions copy the fragment into a local buffer there, and scans
add each element's predecessor in a serial loop, the block's code outside `T.Parallel` running once,
in order. `tx` is the block's innermost thread coordinate.
"""

from __future__ import annotations

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir import tile_lang_ir as L
from op_coverage.tile_forms import BARRIERS

_INT = "int32"
_BLOCK_SYNC = BARRIERS["block"].cuda


def block_reduce(s: I.BlockReduce, tx: I.ThreadIdx) -> tuple[L.Stmt, ...]:
    """Stage the shared slots in a fragment, reduce, write slot 0, barrier."""
    extent, load = s.extent, L.TileLoad
    return (L.AllocFragment(s.staged, (extent,), s.dtype, s.line),
            L.ParallelFor((tx,), (extent,), (L.TileStore(s.staged, (tx,), load(s.buffer, (tx,), s.dtype)),)),
            _tile_reduction(s.op, s.dtype, s.staged, s.local, s.result, (extent,), (_const(1),), 0),
            L.ParallelFor((tx,), (extent,), (I.If(I.Binary("eq", tx, _const(0), "bool"), (
                L.TileStore(s.buffer, (_const(0),), load(s.result, (_const(0),), s.dtype)),)),)),
            L.Sync(f"the tree's last {_BLOCK_SYNC}"))


def block_scan(s: I.BlockScan, tx: I.ThreadIdx) -> tuple[L.Stmt, ...]:
    """Stage the scanned slots in a shared tile, scan it in place (`_tile_scan`), write the result
    slots, barrier."""
    extent, step = s.extent, I.Var(s.step, _INT)
    read = _reader(s.staged, s.dtype)
    if s.exclusive:  # slot 0 gets 0, slot j the sum up to j - 1
        zero = I.Const(0.0 if s.dtype.startswith("float") else 0, s.dtype)
        value = I.Select(I.Binary("eq", tx, _const(0), "bool"), zero, read(_minus_one(tx)), s.dtype)
    else:
        value = read(tx)
    return (L.AllocShared(s.staged, (extent,), s.dtype, s.line),
            L.ParallelFor((tx,), (extent,), (
                L.TileStore(s.staged, (tx,), L.TileLoad(s.buffer, (_plus_thread(s.src),), s.dtype)),)),
            *_tile_scan(s.staged, 0, L.SerialFor(step, _const(1), extent, (
                L.TileStore(s.staged, (step,), _add(read(step), read(_minus_one(step)), s.dtype)),))),
            L.ParallelFor((tx,), (extent,), (L.TileStore(s.buffer, (_plus_thread(s.dst),), value),)),
            L.Sync(f"the scan's last {_BLOCK_SYNC}"))


def warp_scan(s: I.WarpScan, tx: I.ThreadIdx) -> tuple[L.Stmt, ...]:
    """Stage every lane's value in a (warps, 32) shared tile, scan each row (`_tile_scan`), hand the
    sums back."""
    warp, step, rows = I.Var(s.warp, _INT), I.Var(s.step, _INT), _warps()
    read = _reader(s.staged, s.dtype)
    lane_slot = (_div(tx, 32), I.Binary("floormod", tx, _const(32), _INT))  # [tx // 32, tx % 32]
    return (L.AllocShared(s.staged, (rows, _const(32)), s.dtype, s.line),
            L.ParallelFor((tx,), (I.BlockDim("x"),), (
                L.TileStore(s.staged, lane_slot, L.TileLoad(s.value, (tx,), s.dtype)),)),
            *_tile_scan(s.staged, 1, L.SerialFor(warp, _const(0), rows, (L.SerialFor(step, _const(1), _const(32), (
                L.TileStore(s.staged, (warp, step), _add(read(warp, step), read(warp, _minus_one(step)),
                                                        s.dtype)),)),))),
            L.ParallelFor((tx,), (I.BlockDim("x"),), (L.TileStore(s.value, (tx,), read(*lane_slot)),)),
            L.Sync("the loop's last warp exchange"))


def warp_reduce(s: I.WarpReduce, tx: I.ThreadIdx) -> tuple[L.Stmt, ...]:
    """Stage every lane's value in the shared scratch, reduce each warp's row of a (warps, 32) tile,
    hand each row's result back to its lanes through lane 0's slot."""
    warp, lane, rows = I.Var(s.warp, _INT), I.Var(s.lane, _INT), _warps()
    first_lane = I.Binary("mul", warp, _const(32), _INT)  # warp * 32
    hand_back = L.TileStore(s.scratch, (first_lane,), L.TileLoad(s.result, (warp,), s.dtype))
    lane0 = I.Binary("sub", tx, I.Binary("floormod", tx, _const(32), _INT), _INT)  # tx - tx % 32
    return (L.ParallelFor((tx,), (I.BlockDim("x"),), (
                L.TileStore(s.scratch, (tx,), L.TileLoad(s.value, (tx,), s.dtype)),), s.line),
            L.Sync(),
            L.AllocFragment(s.staged, (rows, _const(32)), s.dtype),
            L.ParallelFor((warp, lane), (rows, _const(32)), (L.TileStore(s.staged, (warp, lane), L.TileLoad(
                s.scratch, (I.Binary("add", first_lane, lane, _INT),), s.dtype)),)),
            _tile_reduction(s.op, s.dtype, s.staged, s.local, s.result, (rows, _const(32)), (rows,), 1,
                            after_c=(L.SerialFor(warp, _const(0), rows, (hand_back,),
                                                 "C runs the block's code once, in order"),),
                            after_gpu=(L.Sync(), L.ParallelFor((warp,), (rows,), (hand_back,)))),
            L.Sync(),
            L.ParallelFor((tx,), (I.BlockDim("x"),), (L.TileStore(s.value, (tx,), L.TileLoad(
                s.scratch, (lane0,), s.dtype), "lane 0's slot holds the warp's result"),)),
            L.Sync("the loop's last warp exchange"))


def _tile_reduction(op: str, dtype: str, staged: str, local: str, result: str, shape: tuple, result_shape: tuple,
                    dim: int, after_c: tuple = (), after_gpu: tuple = ()) -> L.TargetSwitch:
    """`result = op over dim of staged` (a fragment). TileLang reduces fragments on GPUs but only local
    buffers on target "c" (TILELANG_FACTS §8.2); `after_c`/`after_gpu` use the result in each form."""
    return L.TargetSwitch("c", (
        L.AllocLocal(local, shape, dtype), L.AllocLocal(result, result_shape, dtype),
        L.Copy(L.Tile(staged), L.Tile(local)), L.TileReduce(op, local, result, dim), *after_c), (
        L.AllocFragment(result, result_shape, dtype), L.TileReduce(op, staged, result, dim), *after_gpu))


def _tile_scan(staged: str, dim: int, serial: L.SerialFor) -> tuple[L.Stmt, ...]:
    """`T.cumsum(staged, dim=dim)` between barriers on GPUs. TileLang has no T.cumsum for target "c"
    (TILELANG_FACTS §8.2); there the block's code outside T.Parallel runs once, in order, so the
    `serial` loop adds each element's predecessor instead."""
    return L.Sync(), L.TargetSwitch("c", (serial,), (L.CumSum(staged, dim),)), L.Sync()


def _reader(tile: str, dtype: str):
    """`read(i, j)` -> `tile[i, j]`."""
    return lambda *indices: L.TileLoad(tile, indices, dtype)


def _const(value: int) -> I.Const:
    return I.Const(value, _INT)


def _add(a: L.Expr, b: L.Expr, dtype: str) -> I.Binary:
    return I.Binary("add", a, b, dtype)


def _minus_one(e: L.Expr) -> I.Binary:
    return I.Binary("sub", e, _const(1), _INT)


def _div(e: L.Expr, d: int) -> I.Binary:
    return I.Binary("floordiv", e, _const(d), _INT)


def _warps() -> I.Binary:
    """`block_x // 32`: the block's warps (a block of whole warps)."""
    return _div(I.BlockDim("x"), 32)


def _plus_thread(offset: I.Expr) -> I.Expr:
    """`offset + tx`, folding a zero offset."""
    tx = I.ThreadIdx("x")
    return tx if offset == _const(0) else I.Binary("add", offset, tx, _INT)
