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

from cuda2tile.lift import tile_ir as I
from cuda2tile.lift.index_poly import Poly, poly
from cuda2tile.lift.ir_names import all_names, fresh, map_children, nodes
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


def phase_guard(phase: I.Parallel) -> tuple[tuple, object]:
    """(the statements the phase runs under its whole-warp guard, that guard) for `[Lets] if G: stmts`
    with G selecting whole warps (`if (warp == 0)`), else (the phase's statements, None)."""
    body = phase.body
    lets = {s.name: s.value for s in body[:-1] if isinstance(s, I.Let)}
    last = body[-1] if body else None
    if len(lets) == len(body) - 1 and isinstance(last, I.If) and not last.other:
        guard = resolve(last.cond, lets)
        if whole_warps(guard):
            return last.then, guard
    return body, None


def _guarded(phase: I.Parallel) -> tuple[I.Stmt, object] | None:
    """(the phase's one statement, its warp-uniform guard or None): `stmt`, or `[Lets] if G: stmt`."""
    stmts, guard = phase_guard(phase)
    return (stmts[0], guard) if len(stmts) == 1 else None


def resolve(e, lets: dict):
    """`e` with the variables bound by `lets` replaced by their values (to compare guards across phases)."""
    return map_children(e, lambda x: resolve(x, lets)) if not (isinstance(e, I.Var) and e.name in lets) \
        else resolve(lets[e.name], lets)


def _thread_index(e) -> bool:
    while isinstance(e, I.Cast) and e.dtype in ("int32", "uint32"):
        e = e.operand
    return e in (_TID, I.ThreadIdx("x"))


def whole_warps(cond) -> bool:
    """Whether `cond` selects whole warps of a 1-D block: `tid < 32 * k`, or `tid / 32 == k` (`tid >> 5`)."""
    if not isinstance(cond, I.Binary) or not isinstance(cond.rhs, I.Const) or isinstance(cond.rhs.value, float):
        return False
    if cond.op == "lt":
        return _thread_index(cond.lhs) and cond.rhs.value > 0 and cond.rhs.value % 32 == 0
    warp = cond.lhs.operand if isinstance(cond.lhs, I.Cast) else cond.lhs
    return cond.op == "eq" and isinstance(warp, I.Binary) and _thread_index(warp.lhs) and (
        (warp.op == "shr" and warp.rhs == _i32(5)) or (warp.op == "truncdiv" and warp.rhs == _i32(32)))


def match_shuffle_loop(init, loop) -> tuple[str, str, str, str, object] | None:
    """(kind, op, private value, scratch buffer, guard) of a lowered shuffle loop, `kind` "down" or "xor";
    `guard` is the warp-uniform condition every exchange runs under (`if (warp == 0)`), or None."""
    if not (isinstance(init, I.AssignVar) and init.value == _i32(16) and isinstance(loop, I.While)
            and len(loop.body) == 6):
        return None
    c = I.Var(init.name, "int32")
    bind, step, exchange, sync1, combine, sync2 = loop.body
    if (loop.cond not in (I.Binary("gt", c, _i32(0), "bool"), I.Binary("ge", c, _i32(1), "bool"))
            or not (isinstance(bind, I.Let) and bind.value == c) or not _halving(init.name, step)
            or any(b != I.Barrier("warp", b.line) for b in (sync1, sync2))
            or not (isinstance(exchange, I.Parallel) and isinstance(combine, I.Parallel))):
        return None
    first, second = _guarded(exchange), _guarded(combine)
    if first is None or second is None or first[1] != second[1]:
        return None
    (store, guard), (update, _) = first, second
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
    return (kind, op, update.name, store.buffer, guard) if kind else None


def _is_thread(e, lets: dict) -> bool:
    """threadIdx.x (the block is 1-D) or blockIdx.x * blockDim.x + threadIdx.x, which has the same lane."""
    while isinstance(e, I.Var) and e.name in lets:
        e = lets[e.name]
    if e == _TID:
        return True
    p = poly(e, lets.get)
    return p in (Poly.atom("threadIdx.x"), Poly.atom("threadIdx.x") + Poly.atom("blockDim.x") * Poly.atom("blockIdx.x"))


def lane_zero(cond, lets: dict) -> bool:
    """Whether `cond` holds only in lane 0: `lane == 0` with lane = tid % 32 or tid & 31, or `tid == 0`."""
    if isinstance(cond, I.Binary) and cond.op == "and":
        return lane_zero(cond.lhs, lets) or lane_zero(cond.rhs, lets)
    if not (isinstance(cond, I.Binary) and cond.op == "eq" and isinstance(cond.rhs, I.Const) and cond.rhs.value == 0):
        return False
    lane = cond.lhs.operand if isinstance(cond.lhs, I.Cast) else cond.lhs
    while isinstance(lane, I.Var) and lane.name in lets:
        lane = lets[lane.name]
    if lane in (_TID, I.ThreadIdx("x")):
        return True  # threadIdx.x == 0: thread 0 is lane 0 of warp 0
    return isinstance(lane, I.Binary) and (
        lane.op == "truncmod" and lane.rhs == _i32(32) or lane.op == "bitand" and lane.rhs == _i32(31)) \
        and _is_thread(lane.lhs, lets)


def _reads(node, name: str) -> bool:
    return any(isinstance(x, I.PrivateLoad) and x.name == name for x in nodes(node))


class _Reads:
    """Whether the statements after a raised loop observe its result only where the tile reduction gives
    what the loop gave. The loop left in `name`: the warp's result in every lane of the threads under
    `guard` (xor), or in their lane 0 only (down, `lane0_only`), and the old value in threads outside
    `guard`; the tile reduction leaves the warp's result in every thread. So each read must be under
    `guard` (None: any thread) and, for down, under a lane-0 test, unless the reading threads have
    overwritten the value since (an earlier store under conditions that the read's conditions include).
    Copies carry the result on, as an inlined helper returns it: `result = v_1[tx]; v[tx] = result;
    if (lane == 0) sums[warp] = v[tx]` reads it in lane 0 only."""

    def __init__(self, name: str, lane0_only: bool, guard):
        self.lane0_only, self.guard = lane0_only, guard
        self.holders: set[str] = {name}  # per-thread values that may hold the result
        self.overwritten: dict[str, list[frozenset]] = {name: []}  # conditions of each later store to a holder

    def _cleared(self, holder: str, conds: frozenset) -> bool:
        return any(done <= conds for done in self.overwritten.get(holder, ()))

    def _copy(self, value, conds: frozenset, copies: set[str]) -> bool:
        """Whether `value` is the result itself: a holder not overwritten here, or a Let copy of one."""
        if isinstance(value, I.PrivateLoad) and value.index is None:
            return value.name in self.holders and not self._cleared(value.name, conds)
        return isinstance(value, I.Var) and value.name in copies

    def _observes(self, node, conds: frozenset, copies: set[str]) -> bool:
        return any(isinstance(x, I.PrivateLoad) and x.name in self.holders and not self._cleared(x.name, conds)
                   or isinstance(x, I.Var) and x.name in copies for x in nodes(node))

    def _safe(self, conds: frozenset, lets: dict) -> bool:
        if self.guard is not None and self.guard not in conds:
            return False
        return not self.lane0_only or any(lane_zero(c, lets) for c in conds)

    def _check(self, node, conds, lets, copies) -> bool:
        return not self._observes(node, conds, copies) or self._safe(conds, lets)

    def phase(self, stmts, conds: frozenset, lets: dict, copies: set[str], definite: bool) -> bool:
        copies = set(copies)
        for s in stmts:
            if isinstance(s, I.Let):
                lets = {**lets, s.name: s.value}
                if self._copy(s.value, conds, copies):
                    copies.add(s.name)
                elif not self._check(s.value, conds, lets, copies):
                    return False
            elif isinstance(s, I.If):
                if not self._check(s.cond, conds, lets, copies):
                    return False
                inner = conds | {resolve(s.cond, lets)}
                if not (self.phase(s.then, inner, lets, copies, definite)
                        and self.phase(s.other, conds, lets, copies, False)):
                    return False
            elif isinstance(s, (I.For, I.While)):
                if not self._check(replace(s, body=()), conds, lets, copies) or \
                        not self.phase(s.body, conds, lets, copies, False):  # it may run no time: no definite store
                    return False
            elif isinstance(s, I.PrivateStore) and s.index is None and self._copy(s.value, conds, copies):
                self.holders.add(s.name)  # now (maybe) holding the result: reads of it count from here
                self.overwritten[s.name] = []
            else:
                if not self._check(s, conds, lets, copies):
                    return False
                if isinstance(s, I.PrivateStore) and s.name in self.holders and definite:
                    self.overwritten[s.name].append(conds)
        return True

    def block(self, rest, definite: bool = True) -> bool:
        for s in rest:
            if isinstance(s, I.Barrier):
                continue
            if isinstance(s, I.Parallel):
                if not self.phase(s.body, frozenset(), {}, set(), definite):
                    return False
                if all(frozenset() in self.overwritten[h] for h in self.holders):
                    return True
            elif isinstance(s, (I.If, I.For, I.While)) and not self._observes(
                    replace(s, **({"then": (), "other": ()} if isinstance(s, I.If) else {"body": ()})),
                    frozenset(), set()):
                for body in (s.then, s.other) if isinstance(s, I.If) else (s.body,):
                    if not self.block(body, definite=False):  # block-uniform control: reads count, stores not
                        return False
            elif self._observes(s, frozenset(), set()) or any(h in all_names(s) for h in self.holders):
                return False
        return True


def reads_after_are_safe(rest, name: str, lane0_only: bool, guard=None) -> bool:
    """Whether the block-level statements after a raised shuffle loop read `name` only where the tile
    reduction leaves what the loop left (see `_Reads`)."""
    return _Reads(name, lane0_only, guard).block(rest)


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
