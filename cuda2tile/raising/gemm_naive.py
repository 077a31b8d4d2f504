"""raise_gemm's naive shape: one output element per thread, operands read from global memory.

    int col = blockIdx.x * blockDim.x + threadIdx.x;     any 2-D block; the kernel is one Parallel
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= M || col >= N) return;                    guards (Ifs) whose conditions split into
    float acc = 0.0f;                                    row-only, column-only and uniform parts
    for (int k = 0; k < K; ++k)                          the one accumulation loop, right after the
        acc += A[row * K + k] * B[k * N + col];          zero initialisation (Lets between are fine)
    C[row * N + col] = alpha * acc + bias[col];          any per-thread epilogue

The raised epilogue is the whole thread program with the loop replaced by `acc = <the element's
tile value>`, so the initialisation and every guard stay as CUDA wrote them.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.raising.gemm_build import build_gemm, coordinate_names
from cuda2tile.raising.gemm_match import GemmFrame, conjuncts, lets_of, match_operand
from cuda2tile.ir.index_poly import Poly
from cuda2tile.ir.ir_names import fresh


def _accumulations(stmts, guards: list, found: list) -> None:
    """Every `for (k = 0; k < K; ++k) acc = ...` reached through Ifs only, with the guards around it."""
    for i, s in enumerate(stmts):
        if isinstance(s, I.If):
            _accumulations(s.then, guards + [s.cond], found)
            _accumulations(s.other, guards + [I.Unary("not", s.cond, "bool")], found)
        elif (isinstance(s, I.For) and s.start == I.Const(0, "int32") and s.step == I.Const(1, "int32")
              and len(s.body) == 1 and isinstance(s.body[0], I.AssignVar)):
            found.append((s, guards, stmts, i))


def accumulated(step, acc_load) -> tuple | None:
    """(x, y) when `step`'s value is `acc + x * y` or `x * y + acc`, with `acc_load` the read of acc."""
    value = step.value
    if not (isinstance(value, I.Binary) and value.op == "add"):
        return None
    product = value.rhs if value.lhs == acc_load else value.lhs if value.rhs == acc_load else None
    if not (isinstance(product, I.Binary) and product.op == "mul" and product.dtype == value.dtype):
        return None
    return product.lhs, product.rhs


def zero(dtype: str) -> I.Const:
    return I.Const(0 if dtype.startswith("int") else 0.0, dtype)


def _replace_stmt(stmts, old, new) -> tuple:
    out = []
    for s in stmts:
        if s is old:
            out.append(new)
        elif isinstance(s, I.If):
            out.append(replace(s, then=_replace_stmt(s.then, old, new), other=_replace_stmt(s.other, old, new)))
        else:
            out.append(s)
    return tuple(out)


def match_naive(kernel: I.Kernel, taken: set[str]) -> tuple[I.Expr, I.TiledGemm] | None:
    """(requires, gemm) for a naive matrix-product kernel, else None."""
    if len(kernel.body) != 1 or not isinstance(kernel.body[0], I.Parallel):
        return None
    body = kernel.body[0].body
    lets = lets_of(body)
    found: list = []
    _accumulations(body, [], found)
    if lets is None or len(found) != 1:
        return None
    loop, guards, stmts, at = found[0]
    acc = loop.body[0].name
    decl = next((s for s in body if isinstance(s, I.DeclVar) and s.name == acc), None)
    init = next((s for s in reversed(stmts[:at]) if not isinstance(s, I.Let)), None)
    if decl is None or not isinstance(init, I.AssignVar) or (init.name, init.value) != (acc, zero(decl.dtype)):
        return None
    factors = accumulated(loop.body[0], I.Var(acc, decl.dtype))
    if factors is None:
        return None
    uniform = frozenset(p.name for p in kernel.params if isinstance(p, I.ScalarParam) and p.dtype == "int32")
    probe = GemmFrame(lets, uniform, Poly.atom(loop.var), loop.var, {}, "", "")
    row, col = coordinate_names(probe, lets, taken)
    frame = replace(probe, row_name=row, col_name=col)
    operands = [match_operand(f, frame, decl.dtype) for f in factors]
    if None in operands:
        return None
    c_tile = fresh("acc_tile", taken)
    epilogue = _replace_stmt(body, loop, I.AssignVar(acc, I.PrivateLoad(c_tile, None, decl.dtype), loop.line))
    gemm = build_gemm(kernel, operands, [c for g in guards for c in conjuncts(g)], loop.stop, frame, decl.dtype,
                      epilogue, c_tile, taken, loop.line)
    return (I.Const(True, "bool"), gemm) if gemm is not None else None
