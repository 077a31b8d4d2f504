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
The loop must stand at the kernel's top level with exactly this shape (offsets 16, 8, 4, 2, 1, no
guard around the exchanges); otherwise it stays faithful. Sums are re-associated.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.lift import tile_ir as I
from cuda2tile.lift.index_poly import Poly, poly
from cuda2tile.lift.ir_names import all_names, fresh, nodes
from cuda2tile.lift.raise_block_reduce import COMBINE_OPS, REDUCE_DTYPES
from op_coverage.idioms import idiom

IDIOM = "warp_reduce"
_TARGETS = idiom(IDIOM).targets
_TID = I.LinearThreadIdx()


def _i32(v: int) -> I.Const:
    return I.Const(v, "int32")


def _halving(cursor: str, step) -> bool:
    c = I.Var(cursor, "int32")
    return isinstance(step, I.AssignVar) and step.name == cursor and step.value in (
        I.Binary("shr", c, _i32(1), "int32"), I.Binary("truncdiv", c, _i32(2), "int32"))


def match_shuffle_loop(init, loop) -> tuple[str, str, str, str] | None:
    """(kind, op, private value, scratch buffer) of a lowered shuffle loop, `kind` "down" or "xor"."""
    if not (isinstance(init, I.AssignVar) and init.value == _i32(16) and isinstance(loop, I.While)
            and len(loop.body) == 6):
        return None
    c = I.Var(init.name, "int32")
    bind, step, exchange, sync1, combine, sync2 = loop.body
    if (loop.cond not in (I.Binary("gt", c, _i32(0), "bool"), I.Binary("ge", c, _i32(1), "bool"))
            or not (isinstance(bind, I.Let) and bind.value == c) or not _halving(init.name, step)
            or any(b != I.Barrier("warp", b.line) for b in (sync1, sync2))
            or not (isinstance(exchange, I.Parallel) and isinstance(combine, I.Parallel))
            or len(exchange.body) != 1 or len(combine.body) != 1):
        return None
    store, update = exchange.body[0], combine.body[0]
    if not (isinstance(store, I.Store) and store.index == _TID and isinstance(store.value, I.PrivateLoad)
            and store.value.index is None and isinstance(update, I.PrivateStore) and update.index is None
            and update.name == store.value.name and store.value.dtype in REDUCE_DTYPES):
        return None
    mine = I.PrivateLoad(update.name, None, store.value.dtype)
    value = update.value
    if isinstance(value, I.Binary) and value.op == "add" and value.lhs == mine:
        op, partner = "sum", value.rhs
    elif isinstance(value, I.Intrinsic) and value.op in COMBINE_OPS and len(value.args) == 2 and value.args[0] == mine:
        op, partner = COMBINE_OPS[value.op], value.args[1]
    else:
        return None
    off = I.Var(bind.name, "int32")
    own = I.Load(store.buffer, _TID, mine.dtype)
    if not (isinstance(partner, I.Select) and partner.other == own and isinstance(partner.then, I.Load)
            and partner.then.buffer == store.buffer):
        return None
    kinds = {I.Binary("add", _TID, off, "int32"): "down", I.Binary("bitxor", _TID, off, "int32"): "xor"}
    kind = kinds.get(partner.then.index)
    return (kind, op, update.name, store.buffer) if kind else None


def _is_thread(e, lets: dict) -> bool:
    """threadIdx.x (the block is 1-D) or blockIdx.x * blockDim.x + threadIdx.x, which has the same lane."""
    while isinstance(e, I.Var) and e.name in lets:
        e = lets[e.name]
    if e == _TID:
        return True
    p = poly(e, lets.get)
    return p in (Poly.atom("threadIdx.x"), Poly.atom("threadIdx.x") + Poly.atom("blockDim.x") * Poly.atom("blockIdx.x"))


def lane_zero(cond, lets: dict) -> bool:
    """Whether `cond` holds only in lane 0: `lane == 0` with lane = tid % 32 or tid & 31."""
    if isinstance(cond, I.Binary) and cond.op == "and":
        return lane_zero(cond.lhs, lets) or lane_zero(cond.rhs, lets)
    if not (isinstance(cond, I.Binary) and cond.op == "eq" and isinstance(cond.rhs, I.Const) and cond.rhs.value == 0):
        return False
    lane = cond.lhs.operand if isinstance(cond.lhs, I.Cast) else cond.lhs
    while isinstance(lane, I.Var) and lane.name in lets:
        lane = lets[lane.name]
    return isinstance(lane, I.Binary) and (
        lane.op == "truncmod" and lane.rhs == _i32(32) or lane.op == "bitand" and lane.rhs == _i32(31)) \
        and _is_thread(lane.lhs, lets)


def _reads(node, name: str) -> bool:
    return any(isinstance(x, I.PrivateLoad) and x.name == name for x in nodes(node))


def _phase(stmts, name: str, lets: dict, lane0: bool) -> str:
    """"dead" when `name` is overwritten on every path before a read outside lane 0, "ok" when it is only
    read in lane 0, "bad" otherwise."""
    for s in stmts:
        if isinstance(s, I.Let):
            lets = {**lets, s.name: s.value}
        if isinstance(s, I.If):
            if _reads(s.cond, name) and not lane0:
                return "bad"
            then = _phase(s.then, name, lets, lane0 or lane_zero(s.cond, lets))
            other = _phase(s.other, name, lets, lane0)
            if "bad" in (then, other):
                return "bad"
            if then == other == "dead":
                return "dead"
            continue
        if isinstance(s, (I.For, I.While)):
            if _phase(s.body, name, lets, lane0) == "bad" or (_reads(replace(s, body=()), name) and not lane0):
                return "bad"
            continue
        if _reads(s, name) and not lane0:
            return "bad"
        if isinstance(s, I.PrivateStore) and s.name == name:
            return "dead"
    return "ok"


def only_lane0_reads(rest, name: str) -> bool:
    """Whether the block-level statements after a down-shuffle read `name` only in lane 0 until it is
    overwritten everywhere."""
    for s in rest:
        if isinstance(s, I.Barrier):
            continue
        if isinstance(s, I.Parallel):
            verdict = _phase(s.body, name, {}, False)
            if verdict != "ok":
                return verdict == "dead"
        elif _reads(s, name) or name in all_names(s):
            return False
    return True


def raise_warp_reduce(kernel: I.Kernel) -> I.Kernel:
    if kernel.block_rank != 1:
        return kernel
    privates = {s.name: s for s in kernel.body if isinstance(s, I.DeclPrivate) and s.size is None}
    taken: set[str] | None = None  # the kernel's names, gathered at the first loop raised
    body = list(kernel.body)
    requires = I.Binary("eq", I.Binary("bitand", I.BlockDim("x"), _i32(31), "int32"), _i32(0), "bool")  # whole warps
    k = 0
    while k < len(body) - 1:
        found = match_shuffle_loop(body[k], body[k + 1])
        if found and found[2] in privates and (found[0] == "xor" or only_lane0_reads(body[k + 2:], found[2])):
            kind, op, name, scratch = found
            taken = all_names(kernel) if taken is None else taken
            names = [fresh(f"{name}_{part}", taken) for part in ("staged", "local", "result", "warp", "lane")]
            reduce = I.WarpReduce(op, name, scratch, privates[name].dtype, *names, line=body[k].line)
            body[k:k + 2] = [I.Raised(IDIOM, _TARGETS, requires, (reduce,), (body[k], body[k + 1]), body[k].line)]
        k += 1
    return replace(kernel, body=tuple(body)) if taken is not None else kernel
