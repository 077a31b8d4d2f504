"""What the idiom passes share: the tile reductions they raise to, and readers of lowered warp phases.

Warp reductions (raise_warp_reduce) and warp scans (raise_scan) look at the exchange phases that
`lower_warp_ops` made, often under a guard selecting whole warps (`if (warp == 0)`), and both may
raise only when the statements after the loop read its result where the tile form leaves the same
value (`reads_after_are_safe`). Block and warp reductions share the reduction vocabulary of
op_coverage/idioms.py.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.index_poly import BDIM_X, BID_X, TID_X, Poly, poly
from cuda2tile.ir.ir_names import all_names, map_children, nodes
from op_coverage.idioms import REDUCE_DTYPES, REDUCTIONS

__all__ = ["BINARY_STEPS", "COMBINE_OPS", "REDUCE_DTYPES", "TID", "lane_zero", "phase_guard", "reads_after_are_safe",
           "resolve", "whole_warps"]

# the tile reductions by the IR of the CUDA loop's combining step: `s + x` (Binary), fmaxf/fminf (Intrinsic)
BINARY_STEPS = {r.binary: r.op for r in REDUCTIONS if r.binary}
COMBINE_OPS = {r.intrinsic: r.op for r in REDUCTIONS if r.intrinsic}
TID = I.LinearThreadIdx()  # the index the lowered exchanges address their scratch by (scratch[tid])


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


def resolve(e, lets: dict):
    """`e` with the variables bound by `lets` replaced by their values (to compare guards across phases)."""
    return map_children(e, lambda x: resolve(x, lets)) if not (isinstance(e, I.Var) and e.name in lets) \
        else resolve(lets[e.name], lets)


def _thread_index(e) -> bool:
    while isinstance(e, I.Cast) and e.dtype in ("int32", "uint32"):
        e = e.operand
    return e in (TID, I.ThreadIdx("x"))


def whole_warps(cond) -> bool:
    """Whether `cond` selects whole warps of a 1-D block: `tid < 32 * k`, or `tid / 32 == k` (`tid >> 5`)."""
    if not isinstance(cond, I.Binary) or not isinstance(cond.rhs, I.Const) or isinstance(cond.rhs.value, float):
        return False
    if cond.op == "lt":
        return _thread_index(cond.lhs) and cond.rhs.value > 0 and cond.rhs.value % 32 == 0
    warp = cond.lhs.operand if isinstance(cond.lhs, I.Cast) else cond.lhs
    return cond.op == "eq" and isinstance(warp, I.Binary) and _thread_index(warp.lhs) and (
        (warp.op == "shr" and warp.rhs == I.i32(5)) or (warp.op == "truncdiv" and warp.rhs == I.i32(32)))


def _is_thread(e, lets: dict) -> bool:
    """threadIdx.x (the block is 1-D) or blockIdx.x * blockDim.x + threadIdx.x, which has the same lane."""
    while isinstance(e, I.Var) and e.name in lets:
        e = lets[e.name]
    if e == TID:
        return True
    p = poly(e, lets.get)
    return p in (Poly.atom(TID_X), Poly.atom(TID_X) + Poly.atom(BDIM_X) * Poly.atom(BID_X))


def lane_zero(cond, lets: dict) -> bool:
    """Whether `cond` holds only in lane 0: `lane == 0` with lane = tid % 32 or tid & 31, or `tid == 0`."""
    if isinstance(cond, I.Binary) and cond.op == "and":
        return lane_zero(cond.lhs, lets) or lane_zero(cond.rhs, lets)
    if not (isinstance(cond, I.Binary) and cond.op == "eq" and isinstance(cond.rhs, I.Const) and cond.rhs.value == 0):
        return False
    lane = cond.lhs.operand if isinstance(cond.lhs, I.Cast) else cond.lhs
    while isinstance(lane, I.Var) and lane.name in lets:
        lane = lets[lane.name]
    if lane in (TID, I.ThreadIdx("x")):
        return True  # threadIdx.x == 0: thread 0 is lane 0 of warp 0
    return isinstance(lane, I.Binary) and (
        lane.op == "truncmod" and lane.rhs == I.i32(32) or lane.op == "bitand" and lane.rhs == I.i32(31)) \
        and _is_thread(lane.lhs, lets)


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
