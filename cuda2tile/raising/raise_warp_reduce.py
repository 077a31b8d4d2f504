"""Pass: raise a warp shuffle reduction to one tile reduction per warp (`WarpReduce`).

`lower_warp_ops` turns the classic loops

    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffff, v, off);   // lane 0: the sum
    for (int m = 16; m >= 1; m /= 2)       v += __shfl_xor_sync(0xffffffff, v, m);      // every lane: the sum

(`tile.shfl_down(v, off)` of cooperative groups likewise) into five rounds of exchanges through
shared memory, each with two barriers:

    off_next = 16
    while off_next > 0:                                  (>= 1)
        off = off_next; off_next = off_next >> 1         (/ 2)
        Parallel: scratch[tid] = v[tid]
        warp barrier
        Parallel: v[tid] = v[tid] + (cond ? scratch[tid + off] : scratch[tid])        (tid ^ off)
        warp barrier

For a block that is a whole number of warps (decided per launch) this is one reduction of the 32
lanes of each warp: `T.reduce_sum` (`fmaxf`/`fminf`: max/min) over a (warps, 32) tile. The butterfly
(xor) leaves the result in every lane, as the tile reduction does; the down-shuffle leaves it only
in lane 0 and partial sums elsewhere, so it is raised only when nothing reads `v` afterwards except
under a lane-0 guard (`if (lane == 0)`, `if (tile.thread_rank() == 0)`) until `v` is overwritten.
The loop must stand at the kernel's top level with exactly this shape (offsets 16, 8, 4, 2, 1). Its
exchanges may run under a guard that selects whole warps (`if (warp == 0)`, `if (threadIdx.x < 32)`,
the second level of a block reduction): the tile form then reduces every warp, so the loop is raised
only when `v` is read afterwards under that guard alone (and in lane 0 for a down-shuffle), or by
threads that have overwritten it since (`_Reads`). Otherwise it stays faithful. Sums are
re-associated.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import all_names, fresh
from cuda2tile.raising.reduction_helpers import (BINARY_STEPS, COMBINE_OPS, REDUCE_DTYPES, TID, phase_guard,
                                              reads_after_are_safe)
from op_coverage.idioms import idiom

IDIOM = "warp_reduce"
_TARGETS = idiom(IDIOM).targets
def _halving(cursor: str, step) -> bool:
    c = I.Var(cursor, "int32")
    return isinstance(step, I.AssignVar) and step.name == cursor and step.value in (
        I.Binary("shr", c, I.i32(1), "int32"), I.Binary("truncdiv", c, I.i32(2), "int32"))


def _guarded(phase: I.Parallel) -> tuple[I.Stmt, object] | None:
    """(the phase's one statement, its warp-uniform guard or None): `stmt`, or `[Lets] if G: stmt`."""
    stmts, guard = phase_guard(phase)
    return (stmts[0], guard) if len(stmts) == 1 else None


def match_shuffle_loop(init, loop) -> tuple[str, str, str, str, object] | None:
    """(kind, op, private value, scratch buffer, guard) of a lowered shuffle loop, `kind` "down" or "xor";
    `guard` is the warp-uniform condition every exchange runs under (`if (warp == 0)`), or None."""
    if not (isinstance(init, I.AssignVar) and init.value == I.i32(16) and isinstance(loop, I.While)
            and len(loop.body) == 6):
        return None
    c = I.Var(init.name, "int32")
    bind, step, exchange, sync1, combine, sync2 = loop.body
    if (loop.cond not in (I.Binary("gt", c, I.i32(0), "bool"), I.Binary("ge", c, I.i32(1), "bool"))
            or not (isinstance(bind, I.Let) and bind.value == c) or not _halving(init.name, step)
            or any(b != I.Barrier("warp", b.line) for b in (sync1, sync2))
            or not (isinstance(exchange, I.Parallel) and isinstance(combine, I.Parallel))):
        return None
    first, second = _guarded(exchange), _guarded(combine)
    if first is None or second is None or first[1] != second[1]:
        return None
    (store, guard), (update, _) = first, second
    if not (isinstance(store, I.Store) and store.index == TID and isinstance(store.value, I.PrivateLoad)
            and store.value.index is None and isinstance(update, I.PrivateStore) and update.index is None
            and update.name == store.value.name and store.value.dtype in REDUCE_DTYPES):
        return None
    mine = I.PrivateLoad(update.name, None, store.value.dtype)
    value = update.value
    if isinstance(value, I.Binary) and value.op in BINARY_STEPS and value.lhs == mine:
        op, partner = BINARY_STEPS[value.op], value.rhs
    elif isinstance(value, I.Intrinsic) and value.op in COMBINE_OPS and len(value.args) == 2 and value.args[0] == mine:
        op, partner = COMBINE_OPS[value.op], value.args[1]
    else:
        return None
    off = I.Var(bind.name, "int32")
    own = I.Load(store.buffer, TID, mine.dtype)
    if not (isinstance(partner, I.Select) and partner.other == own and isinstance(partner.then, I.Load)
            and partner.then.buffer == store.buffer):
        return None
    kinds = {I.Binary("add", TID, off, "int32"): "down", I.Binary("bitxor", TID, off, "int32"): "xor"}
    kind = kinds.get(partner.then.index)
    return (kind, op, update.name, store.buffer, guard) if kind else None


def raise_warp_reduce(kernel: I.Kernel) -> I.Kernel:
    if kernel.block_rank != 1:
        return kernel
    privates = {s.name: s for s in kernel.body if isinstance(s, I.DeclPrivate) and s.size is None}
    taken: set[str] | None = None  # the kernel's names, gathered at the first loop raised
    body = list(kernel.body)
    requires = I.Binary("eq", I.Binary("bitand", I.BlockDim("x"), I.i32(31), "int32"), I.i32(0), "bool")  # whole warps
    k = 0
    while k < len(body) - 1:
        found = match_shuffle_loop(body[k], body[k + 1])
        if found and found[2] in privates and (
                (found[0] == "xor" and found[4] is None)
                or reads_after_are_safe(body[k + 2:], found[2], found[0] == "down", found[4])):
            kind, op, name, scratch, _ = found
            taken = all_names(kernel) if taken is None else taken
            names = [fresh(f"{name}_{part}", taken) for part in ("staged", "local", "result", "warp", "lane")]
            reduce = I.WarpReduce(op, name, scratch, privates[name].dtype, *names, line=body[k].line)
            body[k:k + 2] = [I.Raised(IDIOM, _TARGETS, requires, (reduce,), (body[k], body[k + 1]), body[k].line)]
        k += 1
    return replace(kernel, body=tuple(body)) if taken is not None else kernel
