"""Print a raised matrix product (`TiledGemm`, cuda2tile/lift/raise_gemm.py) as its own T.Kernel.

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

from cuda2tile.lift import tile_ir as I

LAUNCH = ("T.ceildiv(grid_x * block_x, tile_n)", "T.ceildiv(grid_y * block_y, tile_m)")
THREADS = "tile_threads"
_INT = "int32"


def _add(a: I.Expr, b: I.Expr) -> I.Expr:
    return a if b == I.Const(0, _INT) else I.Binary("add", a, b, _INT)


def _mul(a: I.Expr, b: I.Expr) -> I.Expr:
    return a if b == I.Const(1, _INT) else I.Binary("mul", a, b, _INT)


def operand_index(op: I.GemmOperand, outer: str, k: str) -> I.Expr:
    """`outer * ld + k + offset` (k-contiguous) or `k * ld + outer + offset`."""
    o, kv = I.Var(outer, _INT), I.Var(k, _INT)
    inner = _add(_mul(o, op.ld), kv) if op.k_contiguous else _add(_mul(kv, op.ld), o)
    return _add(inner, op.offset)


def print_tiled_gemm(p, g: I.TiledGemm, depth: int) -> None:
    """Print `g` at `depth` inside its T.Kernel (p: the module's StmtPrinter)."""
    e, n = p.expr, p.names
    row, col, k = n(g.row), n(g.col), n(g.k)
    a_tile, b_tile, c_tile = n(g.a_tile), n(g.b_tile), n(g.c_tile)
    a_shape = "(tile_m, tile_k)" if g.a.k_contiguous else "(tile_k, tile_m)"
    b_shape = "(tile_n, tile_k)" if g.b.k_contiguous else "(tile_k, tile_n)"
    p.emit(depth, f'{a_tile} = T.alloc_shared({a_shape}, "{g.a.dtype}", scope=smem_scope)')
    p.emit(depth, f'{b_tile} = T.alloc_shared({b_shape}, "{g.b.dtype}", scope=smem_scope)')
    p.emit(depth, f'{c_tile} = T.alloc_fragment((tile_m, tile_n), "{g.acc_dtype}")')
    p.emit(depth, "for ty, tx in T.Parallel(tile_m, tile_n):")
    p.emit(depth + 1, f"{c_tile}[ty, tx] = {e(_zero(g.acc_dtype))}")
    p.emit(depth, f"for k_tile in T.Pipelined(T.ceildiv({e(g.k_extent)}, tile_k), num_stages=tile_stages):")
    for op, tile, name, axis in ((g.a, a_tile, row, "y"), (g.b, b_tile, col, "x")):
        coord = "ty" if axis == "y" else "tx"
        dims = "tile_m" if axis == "y" else "tile_n"
        outer = g.row if axis == "y" else g.col
        # the tile keeps the operand's global layout: A[ty, k] and Bt[tx, k]; A^T[k, ty] and B[k, tx]
        loops = f"{coord}, k_in_tile" if op.k_contiguous else f"k_in_tile, {coord}"
        extents = f"{dims}, tile_k" if op.k_contiguous else f"tile_k, {dims}"
        value = I.Select(I.Binary("and", _covers(outer, axis), op.mask, "bool"),
                         I.Load(op.buffer, operand_index(op, outer, g.k), op.dtype), _zero(op.dtype), op.dtype)
        p.emit(depth + 1, f"for {loops} in T.Parallel({extents}):")
        p.emit(depth + 2, f"{name} = b{axis} * {dims} + {coord}")
        p.emit(depth + 2, f"{k} = k_tile * tile_k + k_in_tile")
        p.emit(depth + 2, f"{tile}[{loops}] = {e(value)}")
    if g.product == "mma":
        flags = "".join([", transpose_A=True" if not g.a.k_contiguous else "",
                         ", transpose_B=True" if g.b.k_contiguous else ""])
        p.emit(depth + 1, f"T.gemm({a_tile}, {b_tile}, {c_tile}{flags})")
    else:
        a = f"{a_tile}[ty, k_in_tile]" if g.a.k_contiguous else f"{a_tile}[k_in_tile, ty]"
        b = f"{b_tile}[tx, k_in_tile]" if g.b.k_contiguous else f"{b_tile}[k_in_tile, tx]"
        p.emit(depth + 1, "for k_in_tile in T.serial(tile_k):  # in k order, as CUDA's loop")
        p.emit(depth + 2, "for ty, tx in T.Parallel(tile_m, tile_n):")
        p.emit(depth + 3, f"{c_tile}[ty, tx] = {c_tile}[ty, tx] + {a} * {b}")
    p.emit(depth, "for ty, tx in T.Parallel(tile_m, tile_n):")
    p.emit(depth + 1, f"{row} = by * tile_m + ty")
    p.emit(depth + 1, f"{col} = bx * tile_n + tx")
    p.emit(depth + 1, "if " + e(I.Binary("and", _covers(g.row, "y"), _covers(g.col, "x"), "bool")) + ":")
    p.last_comment = 0
    p.block(g.epilogue, depth + 2)


def _covers(name: str, axis: str) -> I.Expr:
    return I.Binary("lt", I.Var(name, _INT), I.Binary("mul", I.GridDim(axis), I.BlockDim(axis), _INT), "bool")


def _zero(dtype: str) -> I.Const:
    return I.Const(0 if dtype.startswith("int") else 0.0, dtype)
