"""Building a `TiledGemm` from what the shape matchers of raise_gemm found (gemm_naive.py, gemm_tiled.py):
the product's kind, each operand's read mask, the element's coordinate names, the epilogue."""

from __future__ import annotations

from cuda2tile.ir import tile_ir as I
from cuda2tile.raising.gemm_match import GemmFrame, element_epilogue, element_mask
from cuda2tile.ir.ir_names import all_names, fresh, nodes

_EXACT_DTYPES = ("float32", "float64", "int32")


def product_kind(operands, acc_dtype: str) -> str | None:
    """"exact" when both operands have the accumulator's dtype, "mma" for float16 widened to float32."""
    dtypes = {op[2] for op in operands}
    if dtypes == {acc_dtype} and acc_dtype in _EXACT_DTYPES:
        return "exact"
    if dtypes == {"float16"} and acc_dtype == "float32":
        return "mma"
    return None


def _side(cond: I.Expr, frame: GemmFrame) -> str | None:
    """"row", "col" or "both" (uniform) for a guard condition; None when it mixes the two or reads memory."""
    rows = element_mask([cond], frame, {frame.row_name}) is not None
    cols = element_mask([cond], frame, {frame.col_name}) is not None
    return "both" if rows and cols else "row" if rows else "col" if cols else None


def build_gemm(kernel: I.Kernel, operands, guards: list[I.Expr], k_bound: I.Expr, frame: GemmFrame,
               acc_dtype: str, epilogue: tuple, c_tile: str, taken: set[str], line: int) -> I.TiledGemm | None:
    """The TiledGemm of two matched operands (`match_operand` results, either order), the guard
    conditions (conjuncts) under which CUDA reads them, the reduction's uniform bound, and the
    per-thread epilogue (in CUDA-thread form, reading the accumulator as `PrivateLoad(c_tile)`)."""
    kind = product_kind(operands, acc_dtype)
    by_outer = {op[0]: op for op in operands}
    if kind is None or set(by_outer) != {"row", "col"} or {op[1] for op in operands} & {
            x.buffer for x in nodes(kernel.body) if isinstance(x, (I.Store, I.AtomicRMW))}:
        return None  # an operand the kernel also writes would be read ahead of CUDA's order
    k_extent = element_mask([k_bound], frame, set())
    sides = [_side(c, frame) for c in guards]
    body = element_epilogue(epilogue, frame)
    if k_extent is None or None in sides or body is None:
        return None
    k_name = frame.k_atom if frame.k_atom not in all_names(body) else fresh("k", taken)
    in_k = I.Binary("lt", I.Var(k_name, "int32"), k_extent, "bool")
    operand = {}
    for outer, name in (("row", frame.row_name), ("col", frame.col_name)):
        mask = element_mask([c for c, side in zip(guards, sides) if side in (outer, "both")], frame, {name})
        _, buffer, dtype, ld, offset, k_contiguous = by_outer[outer]
        full = in_k if mask == I.Const(True, "bool") else I.Binary("and", mask, in_k, "bool")
        operand[outer] = I.GemmOperand(buffer, dtype, ld, offset, k_contiguous, full)
    a_tile = fresh(f"{operand['row'].buffer}_tile", taken)
    b_tile = fresh(f"{operand['col'].buffer}_tile", taken)
    return I.TiledGemm(operand["row"], operand["col"], k_extent, acc_dtype, kind, frame.row_name, frame.col_name,
                       k_name, a_tile, b_tile, c_tile, body, line)


def coordinate_names(frame: GemmFrame, lets: dict[str, I.Expr], taken: set[str]) -> tuple[str, str]:
    """The names of the element's row and column: the kernel's own `row`/`col` Lets where it has them."""
    names = []
    for coord, stem in ((frame.row, "row"), (frame.col, "col")):
        mine = sorted(n for n, v in lets.items() if frame.poly(v) == coord)
        names.append(mine[0] if mine else fresh(stem, taken))
    return names[0], names[1]
