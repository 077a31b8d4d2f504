"""Pass: raise the shared-memory tree reduction of a block to one tile reduction (`BlockReduce`).

After barrier fission the classic tree

    for (int s = blockDim.x / 2; s > 0; s >>= 1) {       s_next = T.truncdiv(block_x, 2)
        if (tid < s) sh[tid] += sh[tid + s];        ->   while s_next > 0:
        __syncthreads();                                     s = s_next; s_next = s_next >> 1
    }                                                        for tx in T.Parallel(block_x):
                                                                 if tx < s: sh[tx] = sh[tx] + sh[tx + s]
                                                             T.sync_threads()

leaves `sh[0] = sh[0] + ... + sh[blockDim.x - 1]` when blockDim.x is a power of two no larger
than `sh` (for other sizes the tree drops elements, and the faithful loop is what CUDA computes).
The pass replaces it by `Raised(requires=<that block condition>, raised=(BlockReduce,),
faithful=<the loop>)`; `+` gives a sum, `fmaxf`/`fminf` a max/min (either operand order).

It matches exactly or not at all. Required besides the loop's shape: a 1-D block, a block barrier
right before the loop, a shared array of known size, and no read of `sh` anywhere in the kernel
other than of `sh[0]` (the tree leaves partial sums in the other slots, the tile reduction leaves
them unspecified), nor of the loop's cursor after it. Near misses (a stride that depends on the
thread, a tree stopping at 32 for a warp-unrolled tail, a guard other than `tid < s`) keep the loop.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import all_names, fresh, nodes
from cuda2tile.raising.reduction_helpers import BINARY_STEPS, COMBINE_OPS, REDUCE_DTYPES
from op_coverage.idioms import idiom

IDIOM = "block_reduce"
_TARGETS = idiom(IDIOM).targets


def _is_var(e, name: str) -> bool:
    return isinstance(e, I.Var) and e.name == name


def _half_block(e) -> bool:
    # blockDim.x / 2 and blockDim.x >> 1 (the same value: blockDim.x is positive)
    return (isinstance(e, I.Binary) and e.op in ("truncdiv", "shr") and e.lhs == I.BlockDim("x")
            and e.rhs == I.i32(2 if e.op == "truncdiv" else 1))


def _thread(e, aliases: set[str]) -> bool:
    return e == I.ThreadIdx("x") or (isinstance(e, I.Var) and e.name in aliases)


def _partner(e, aliases: set[str], s: str) -> bool:
    """`tid + s` or `s + tid`."""
    return (isinstance(e, I.Binary) and e.op == "add"
            and ((_thread(e.lhs, aliases) and _is_var(e.rhs, s)) or (_is_var(e.lhs, s) and _thread(e.rhs, aliases))))


def _combine(value, buf: str, aliases: set[str], s: str) -> str | None:
    """The reduction op when `value` is `sh[tid] OP sh[tid + s]` (either order), else None."""
    if isinstance(value, I.Binary) and value.op in BINARY_STEPS:
        op, a, b = BINARY_STEPS[value.op], value.lhs, value.rhs
    elif isinstance(value, I.Intrinsic) and value.op in COMBINE_OPS and len(value.args) == 2:
        op, (a, b) = COMBINE_OPS[value.op], value.args
    else:
        return None
    loads = [x for x in (a, b) if isinstance(x, I.Load) and x.buffer == buf and x.dtype == value.dtype]
    if len(loads) != 2:
        return None
    own = [x for x in loads if _thread(x.index, aliases)]
    other = [x for x in loads if _partner(x.index, aliases, s)]
    return op if len(own) == 1 and len(other) == 1 else None


def _match_step(phase, s: str) -> tuple[str, str] | None:
    """(buffer, op) when the phase is `[tid = tx ...] if tid < s: sh[tid] = sh[tid] OP sh[tid + s]`."""
    if not isinstance(phase, I.Parallel) or not phase.body:
        return None
    aliases = set()
    for st in phase.body[:-1]:
        if not (isinstance(st, I.Let) and _thread(st.value, aliases)):
            return None
        aliases.add(st.name)
    guard = phase.body[-1]
    if not (isinstance(guard, I.If) and not guard.other and len(guard.then) == 1
            and isinstance(guard.cond, I.Binary) and guard.cond.op == "lt"
            and _thread(guard.cond.lhs, aliases) and _is_var(guard.cond.rhs, s)):
        return None
    store = guard.then[0]
    if not (isinstance(store, I.Store) and _thread(store.index, aliases)):
        return None
    op = _combine(store.value, store.buffer, aliases, s)
    return (store.buffer, op) if op else None


def _match_tree(cursor_init, loop) -> tuple[str, str, str, str] | None:
    """(buffer, op, cursor, s) when `cursor = blockDim.x / 2; while cursor > 0: ...` is the tree."""
    if not (isinstance(cursor_init, I.AssignVar) and _half_block(cursor_init.value) and isinstance(loop, I.While)):
        return None
    c = cursor_init.name
    if not (isinstance(loop.cond, I.Binary) and loop.cond.op == "gt" and _is_var(loop.cond.lhs, c)
            and loop.cond.rhs == I.i32(0) and len(loop.body) == 4):
        return None
    bind, step, phase, barrier = loop.body
    if not (isinstance(bind, I.Let) and _is_var(bind.value, c) and isinstance(step, I.AssignVar) and step.name == c
            and step.value == I.Binary("shr", I.Var(c, step.value.dtype), I.i32(1), step.value.dtype)
            and barrier == I.Barrier("block", barrier.line)):
        return None
    found = _match_step(phase, bind.name)
    return (found[0], found[1], c, bind.name) if found else None


def _reads(node, buf: str, names: set[str], out: list) -> None:
    """Collect every read of `buf` at an index other than 0, and every use of `names`."""
    for x in nodes(node):
        if (isinstance(x, I.Load) and x.buffer == buf and x.index != I.i32(0)
                or isinstance(x, (I.AtomicRMW, I.BufferArg)) and x.buffer == buf
                or isinstance(x, I.Var) and x.name in names):
            out.append(x)


def _candidates(stmts, out: list) -> None:
    """Every (cursor assignment, loop, buffer, op, cursor, s) tree in block-level statement sequences
    that follows a block barrier, or another tree (which ends with one whenever the block has two threads)."""
    for k, s in enumerate(stmts):
        synced = k > 0 and (stmts[k - 1] == I.Barrier("block", stmts[k - 1].line)
                            or bool(out) and out[-1][1] is stmts[k - 1])
        if synced and k < len(stmts) - 1:
            found = _match_tree(s, stmts[k + 1])
            if found is not None:
                out.append((s, stmts[k + 1]) + found)
        if isinstance(s, (I.For, I.While)):
            _candidates(s.body, out)
        elif isinstance(s, I.If):
            _candidates(s.then, out)
            _candidates(s.other, out)


def _without(stmts, drop: set[int]) -> tuple:
    """`stmts` without the statements whose id is in `drop`, at any block-level depth."""
    out = []
    for s in stmts:
        if id(s) in drop:
            continue
        if isinstance(s, (I.For, I.While)):
            s = replace(s, body=_without(s.body, drop))
        elif isinstance(s, I.If):
            s = replace(s, then=_without(s.then, drop), other=_without(s.other, drop))
        out.append(s)
    return tuple(out)


def _substitute(stmts, raised: dict[int, I.Raised], drop: set[int]) -> tuple:
    """Replace each raised cursor assignment by its `Raised` and drop the loop that followed it."""
    out = []
    for s in stmts:
        if id(s) in raised:
            out.append(raised[id(s)])
            continue
        if id(s) in drop:
            continue
        if isinstance(s, (I.For, I.While)):
            s = replace(s, body=_substitute(s.body, raised, drop))
        elif isinstance(s, I.If):
            s = replace(s, then=_substitute(s.then, raised, drop), other=_substitute(s.other, raised, drop))
        out.append(s)
    return tuple(out)


def raise_block_reduce(kernel: I.Kernel) -> I.Kernel:
    if kernel.block_rank != 1:
        return kernel
    found: list = []
    _candidates(kernel.body, found)
    if not found:
        return kernel
    shared = {s.name: s for s in kernel.body if isinstance(s, I.DeclShared)}
    taken = all_names(kernel)
    raised: dict[int, I.Raised] = {}
    drop: set[int] = set()
    for buf in sorted({f[2] for f in found}):
        trees = [f for f in found if f[2] == buf]
        decl = shared.get(buf)
        if decl is None or not isinstance(decl.size, int) or decl.dtype not in REDUCE_DTYPES:
            continue
        pairs = {id(x) for f in trees for x in f[:2]}
        others: list = []
        _reads(_without(kernel.body, pairs), buf, {n for f in trees for n in f[4:]}, others)
        if others:  # another slot of `buf`, or a cursor, is read outside the trees: keep them all
            continue
        dim = I.BlockDim("x")
        pow2 = I.Binary("eq", I.Binary("bitand", dim, I.Binary("sub", dim, I.i32(1), "int32"), "int32"), I.i32(0),
                        "bool")
        requires = I.Binary("and", pow2, I.Binary("le", dim, I.i32(decl.size), "bool"), "bool")
        for init, loop, _, op, _, _ in trees:
            names = [fresh(f"{buf}_{op}_{part}", taken) for part in ("staged", "local", "result")]
            reduce = I.BlockReduce(op, buf, dim, decl.dtype, *names, line=init.line)
            raised[id(init)] = I.Raised(IDIOM, _TARGETS, requires, (reduce,), (init, loop), init.line)
            drop.add(id(loop))
    if not raised:
        return kernel
    return replace(kernel, body=_substitute(kernel.body, raised, drop))
