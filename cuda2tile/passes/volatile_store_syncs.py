"""Pass: drop the warp barriers of a volatile store where no lane can read its buffer across them.

The lift writes a store through a volatile pointer as read, warp barrier, write, warp barrier, so
that the lanes of a warp keep the lockstep order legacy warp-synchronous code relies on:

    v[t] += v[t + 16];     ->   tmp = v[t] + v[t + 16]; sync_warp; v[t] = tmp; sync_warp

The barrier before the write orders the reads of the buffer that come before it (this statement's
own, and those of earlier statements since the last block barrier) before any lane's write; the
barrier after it orders the write before the reads that follow (until the next block barrier). Where
no such read exists the barrier orders nothing: real code fills volatile shared tiles in loops that
differ between threads, with the reads after a `__syncthreads()`,

    for (int k = threadIdx.x; k < taps; k += blockDim.x) sf[k] = f[k];   // no read of sf until
    __syncthreads();                                                     // the block barrier

and there a warp barrier under thread-dependent control could not be kept at all (C2T1216). So a
barrier the lift put there (`Barrier.volatile_store`, never one the CUDA code wrote) is dropped
when no load of its buffer (a `Load`, a macro or atomic given the buffer) can run on the side it
guards before a block barrier: statements of the same list, the rest of an enclosing loop's body
and its next iterations, the conditions of enclosing loops and branches, outward to the kernel's
start or end. Paths are over-approximated (both branches, loops taken or not), so a read that might
happen keeps the barrier. Stores by other lanes are not ordered: without a barrier between them,
two lanes writing one element race in CUDA as well.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import nodes

_LOOPS = (I.For, I.While)


def volatile_store_syncs(kernel: I.Kernel) -> I.Kernel:
    body = _rewrite(kernel.body, ())
    return kernel if body == kernel.body else replace(kernel, body=body)


def _rewrite(stmts: tuple, outer: tuple) -> tuple:
    """`stmts` without the droppable volatile-store barriers; `outer` holds, innermost last, each
    enclosing (statement list, index, compound statement) of this list."""
    out = []
    for i, s in enumerate(stmts):
        if isinstance(s, I.Barrier) and s.volatile_store and _droppable(stmts, i, outer, s.volatile_store):
            continue
        here = outer + ((stmts, i, s),)
        if isinstance(s, I.If):
            s = replace(s, then=_rewrite(s.then, here), other=_rewrite(s.other, here))
        elif isinstance(s, (*_LOOPS, I.Parallel)):
            s = replace(s, body=_rewrite(s.body, here))
        out.append(s)
    return tuple(out)


def _droppable(stmts: tuple, i: int, outer: tuple, buffer: str) -> bool:
    """Whether the barrier `stmts[i]` sits beside a store to `buffer` (before it: it orders earlier
    reads; after it: later reads) and no load of `buffer` can run on that side before a block barrier."""
    if i + 1 < len(stmts) and _stores(stmts[i + 1], buffer):
        return not _reads_back(stmts[:i], outer, buffer)
    if i > 0 and _stores(stmts[i - 1], buffer):
        return not _reads_on(stmts[i + 1:], outer, buffer)
    return False


def _stores(s, buffer: str) -> bool:
    return isinstance(s, I.Store) and s.buffer == buffer


def _reads_on(rest: tuple, outer: tuple, buffer: str) -> bool:
    """A load of `buffer` that can follow, before a block barrier: `rest`, then each enclosing level."""
    reads, blocked = _scan(rest, buffer)
    if reads or blocked:
        return reads
    for stmts, i, container in reversed(outer):
        if isinstance(container, _LOOPS):  # the next iteration: the condition, the body from its start
            if _loads(_loop_head(container), buffer):
                return True
            reads, blocked = _scan(container.body, buffer)
            if reads:
                return True
        reads, blocked = _scan(stmts[i + 1:], buffer)
        if reads or blocked:
            return reads
    return False


def _reads_back(before: tuple, outer: tuple, buffer: str) -> bool:
    """A load of `buffer` that can precede, since a block barrier: `before` (last first), then each
    enclosing level (a loop's earlier iterations and its condition, a branch's condition)."""
    reads, blocked = _scan(tuple(reversed(before)), buffer, backwards=True)
    if reads or blocked:
        return reads
    for stmts, i, container in reversed(outer):
        if isinstance(container, _LOOPS):
            reads, _ = _scan(tuple(reversed(container.body)), buffer, backwards=True)
            if reads or _loads(_loop_head(container), buffer):
                return True
        elif isinstance(container, I.If) and _loads(container.cond, buffer):
            return True
        reads, blocked = _scan(tuple(reversed(stmts[:i])), buffer, backwards=True)
        if reads or blocked:
            return reads
    return False


def _scan(stmts: tuple, buffer: str, backwards: bool = False) -> tuple[bool, bool]:
    """(a load of `buffer` may run, every path meets a block barrier first) over `stmts` in order."""
    for s in stmts:
        reads, blocked = _scan_one(s, buffer, backwards)
        if reads:
            return True, False
        if blocked:
            return False, True
    return False, False


def _scan_one(s, buffer: str, backwards: bool) -> tuple[bool, bool]:
    order = (lambda body: tuple(reversed(body))) if backwards else (lambda body: body)
    if isinstance(s, I.Barrier):
        return False, s.kind == "block"
    if isinstance(s, I.If):
        then_reads, then_blocked = _scan(order(s.then), buffer, backwards)
        other_reads, other_blocked = _scan(order(s.other), buffer, backwards)
        return _loads(s.cond, buffer) or then_reads or other_reads, then_blocked and other_blocked
    if isinstance(s, _LOOPS):  # taken any number of times, none included: never a sure barrier
        return _loads(_loop_head(s), buffer) or _scan(order(s.body), buffer, backwards)[0], False
    if isinstance(s, I.Parallel):
        return _scan(order(s.body), buffer, backwards)
    if isinstance(s, I.Store):  # its target is written, not read; its index and value are read
        return _loads((s.index, s.value), buffer), False
    return _loads(s, buffer), False


def _loop_head(loop) -> tuple:
    """What a loop evaluates besides its body: a While's condition, a For's bounds."""
    return tuple(getattr(loop, f) for f in loop.__dataclass_fields__ if f not in ("body", "line", "var"))


def _loads(node, buffer: str) -> bool:
    """Whether evaluating `node` may read `buffer`: a load of it, or a macro or atomic given it (a
    store's own target is written, not read; its index and value are)."""
    return any(getattr(n, "buffer", None) == buffer and not isinstance(n, (I.Store, I.Barrier)) for n in nodes(node))
