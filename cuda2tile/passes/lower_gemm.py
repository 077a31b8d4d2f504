"""Lower a kernel raised to a tiled matrix product (`TiledGemm`, cuda2tile/raising/raise_gemm.py) to a
prim_func of its own, launched over tiles of the output (part of `lower_idioms`). As printed:

    with T.Kernel(T.ceildiv(grid_x * block_x, tile_n), T.ceildiv(grid_y * block_y, tile_m), threads=tile_threads) as (bx, by):
        A_tile = T.alloc_shared((tile_m, tile_k), "float16", scope=smem_scope)     # per operand layout
        B_tile = T.alloc_shared((tile_k, tile_n), "float16", scope=smem_scope)
        acc_tile = T.alloc_fragment((tile_m, tile_n), "float32")
        for ty, tx in T.Parallel(tile_m, tile_n):                                    # C: no T.clear on fragments
            acc_tile[ty, tx] = T.float32(0.0)
        for k_tile in T.Pipelined(T.ceildiv(K, tile_k), num_stages=tile_stages):
            for ty, k_in_tile in T.Parallel(tile_m, tile_k):                         # zero-padded like CUDA's tiles
                row = by * tile_m + ty
                k = k_tile * tile_k + k_in_tile
                A_tile[ty, k_in_tile] = T.if_then_else(row < grid_y * block_y and row < M and k < K, A[row * K + k], T.float16(0.0))
            ...                                                                      # B likewise
            T.gemm(A_tile, B_tile, acc_tile)                                         # "mma"; "exact" is a k loop
        for ty, tx in T.Parallel(tile_m, tile_n):
            row = by * tile_m + ty
            col = bx * tile_n + tx
            if row < grid_y * block_y and col < grid_x * block_x:                    # one element per CUDA thread
                <the kernel's epilogue>

Each operand tile keeps its global layout (`A_tile[ty, k]` when A's rows are contiguous in k, else
`[k, ty]` with `transpose_A`), so that neighbouring threads read neighbouring addresses. The tile
shape comes from the factory's `tile` argument or `_gemm_tile`'s per-target default (module.py.j2).
"""

from __future__ import annotations

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir import tile_lang_ir as L

_INT = "int32"
_TILE = {"y": L.Name("tile_m"), "x": L.Name("tile_n")}  # the tile's extent along the launch's axis
_K_TILE, _K_IN_TILE, _TILE_K = L.Name("k_tile"), L.Name("k_in_tile"), L.Name("tile_k")
_TY, _TX = I.ThreadIdx("y"), I.ThreadIdx("x")


def gemm_choice(kernel: I.Kernel, raised: I.Raised, cond: L.Expr, grid: tuple[I.GridDim, ...],
                blocks: tuple[I.BlockIdx, ...], lower_block) -> L.Choose:
    """The raised kernel as the factory builds it where `cond` holds: the tile shape, the tiled
    prim_func, its return. `lower_block` lowers the epilogue's statements."""
    g = raised.raised[0]
    launch = tuple(L.CeilDiv(_mul(I.GridDim(axis), I.BlockDim(axis)), _TILE[axis]) for axis in "xy")
    tiled = L.PrimFunc(kernel.name, kernel.params, grid, launch, L.Name("tile_threads"), blocks,
                       tiled_gemm(g, lower_block(g.epilogue)))
    return L.Choose(cond, f"raised: gemm ({g.product} tiled product); the faithful form below runs for other "
                          "targets and blocks", (L.TileShape(g.product), tiled, L.ReturnPrimFunc(kernel.name)),
                    None, raised.line)


def tiled_gemm(g: I.TiledGemm, epilogue: tuple[L.Stmt, ...]) -> tuple[L.Stmt, ...]:
    """The body of the tiled prim_func (see the module docstring)."""
    tile_m, tile_n = _TILE["y"], _TILE["x"]
    a_shape = (tile_m, _TILE_K) if g.a.k_contiguous else (_TILE_K, tile_m)
    b_shape = (tile_n, _TILE_K) if g.b.k_contiguous else (_TILE_K, tile_n)
    acc = (g.c_tile, (_TY, _TX))
    loads = tuple(_load_operand(g, op, tile, axis) for op, tile, axis in ((g.a, g.a_tile, "y"), (g.b, g.b_tile, "x")))
    if g.product == "mma":
        product = L.Gemm(g.a_tile, g.b_tile, g.c_tile, not g.a.k_contiguous, g.b.k_contiguous)
    else:
        a = L.TileLoad(g.a_tile, (_TY, _K_IN_TILE) if g.a.k_contiguous else (_K_IN_TILE, _TY), g.a.dtype)
        b = L.TileLoad(g.b_tile, (_TX, _K_IN_TILE) if g.b.k_contiguous else (_K_IN_TILE, _TX), g.b.dtype)
        step = I.Binary("add", L.TileLoad(*acc, g.acc_dtype), I.Binary("mul", a, b, g.acc_dtype), g.acc_dtype)
        product = L.SerialFor(_K_IN_TILE, I.Const(0, _INT), _TILE_K, (
            L.ParallelFor((_TY, _TX), (tile_m, tile_n), (L.TileStore(*acc, step),)),), "in k order, as CUDA's loop")
    covered = I.Binary("and", _covers(g.row, "y"), _covers(g.col, "x"), "bool")
    return (L.AllocShared(g.a_tile, a_shape, g.a.dtype), L.AllocShared(g.b_tile, b_shape, g.b.dtype),
            L.AllocFragment(g.c_tile, (tile_m, tile_n), g.acc_dtype),
            L.ParallelFor((_TY, _TX), (tile_m, tile_n), (L.TileStore(*acc, _zero(g.acc_dtype)),)),
            L.Pipelined(_K_TILE, L.CeilDiv(g.k_extent, _TILE_K), L.Name("tile_stages"), (*loads, product)),
            L.ParallelFor((_TY, _TX), (tile_m, tile_n), (
                _coordinate(g.row, "y"), _coordinate(g.col, "x"), I.If(covered, (L.Restated(epilogue),)))))


def _load_operand(g: I.TiledGemm, op: I.GemmOperand, tile: str, axis: str) -> L.ParallelFor:
    """One k step of an operand's tile, read where the kernel's guards hold and 0 elsewhere, as CUDA's
    padded tiles; the tile keeps the operand's layout: A[ty, k] and Bt[tx, k]; A^T[k, ty] and B[k, tx]."""
    coord = _TY if axis == "y" else _TX
    outer = g.row if axis == "y" else g.col
    loops = (coord, _K_IN_TILE) if op.k_contiguous else (_K_IN_TILE, coord)
    extents = (_TILE[axis], _TILE_K) if op.k_contiguous else (_TILE_K, _TILE[axis])
    value = I.Select(I.Binary("and", _covers(outer, axis), op.mask, "bool"),
                     I.Load(op.buffer, operand_index(op, outer, g.k), op.dtype), _zero(op.dtype), op.dtype)
    k = I.Binary("add", I.Binary("mul", _K_TILE, _TILE_K, _INT), _K_IN_TILE, _INT)
    return L.ParallelFor(loops, extents, (_coordinate(outer, axis), I.Let(g.k, k), L.TileStore(tile, loops, value)))


def operand_index(op: I.GemmOperand, outer: str, k: str) -> I.Expr:
    """`outer * ld + k + offset` (k-contiguous) or `k * ld + outer + offset`."""
    o, kv = I.Var(outer, _INT), I.Var(k, _INT)
    inner = _add(_mul(o, op.ld), kv) if op.k_contiguous else _add(_mul(kv, op.ld), o)
    return _add(inner, op.offset)


def _coordinate(name: str, axis: str) -> I.Let:
    """The output row (axis y) or column (x) of a tile element: `row = by * tile_m + ty`."""
    tile_offset = I.Binary("mul", I.BlockIdx(axis), _TILE[axis], _INT)
    return I.Let(name, I.Binary("add", tile_offset, I.ThreadIdx(axis), _INT))


def _covers(name: str, axis: str) -> I.Expr:
    """Whether the launch has a CUDA thread for this row or column: `row < grid_y * block_y`."""
    return I.Binary("lt", I.Var(name, _INT), I.Binary("mul", I.GridDim(axis), I.BlockDim(axis), _INT), "bool")


def _add(a: I.Expr, b: I.Expr) -> I.Expr:
    return a if b == I.Const(0, _INT) else I.Binary("add", a, b, _INT)


def _mul(a: I.Expr, b: I.Expr) -> I.Expr:
    return a if b == I.Const(1, _INT) else I.Binary("mul", a, b, _INT)


def _zero(dtype: str) -> I.Const:
    return I.Const(0 if dtype.startswith("int") else 0.0, dtype)
