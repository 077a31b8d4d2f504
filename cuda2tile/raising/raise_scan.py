"""Pass: raise a block's prefix sum over a shared array to one tile scan (`BlockScan`).

Prefix sums come in many spellings (Hillis-Steele with a double buffer and `pout`/`pin`, with a
register and two barriers per step, ...), so this pass recognises them by what they compute rather
than by their shape. A candidate is a stretch of block-level statements right after a barrier that
touches one shared array and integer scalars only, with a loop holding a phase that writes the
array. For each block size TileLang's scan takes (32, 64, ..., 1024), `scan_machine` executes the
stretch on sums of the array's entry values; the block size qualifies when afterwards a run of
slots `dst + j` holds `old[src] + ... + old[src + j]` for every thread j (or the exclusive sum),
every other slot the stretch changed is never read later, and the scalars the stretch leaves behind
(e.g. `pout`, which says which half of a double buffer holds the result) have values the raised form
can set. Block sizes that agree on `src`, `dst` and those values share one raised form:

    for off in 1, 2, 4, ... < blockDim.x:           Raised(requires=blockDim.x in {64, 256, 1024},
        pout = 1 - pout; pin = 1 - pout;       ->          raised=(BlockScan(temp, src=0, dst=0), pout = 0),
        temp[pout*B + t] = temp[pin*B + t]                 faithful=Raised(blockDim.x in {32, 128, 512},
                         + (t >= off ? ... : 0)                   (BlockScan(temp, 0, blockDim.x), pout = 1),
        __syncthreads()                                           faithful=<the loop>))

Other block sizes, a stretch that reads a scalar parameter or global memory, races, sums that are
not prefix sums (a scan that skips elements, a reduction) and scans whose partial sums are read
afterwards keep the faithful loop. Sums are re-associated: float results may differ in the last
bits from the loop's.

Warp scans (`__shfl_up_sync` loops, lowered to exchange phases) are found the same way, with the
per-thread value as the entry values (`_raise_warp_scans`), and become a `WarpScan`.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import all_names, fresh, nodes
from cuda2tile.raising.reduction_helpers import phase_guard, reads_after_are_safe
from cuda2tile.raising.scan_machine import UNSET, ZERO, NotAScan, Run, ScanMachine, slots_read
from op_coverage.idioms import idiom

IDIOM = "scan"
_TARGETS = idiom(IDIOM).targets
SCAN_DTYPES = ("float32", "float64", "int32")
# the block sizes TileLang's 1-D scan takes (tl::CumSum1D static_asserts them)
SCAN_BLOCKS = (32, 64, 128, 256, 512, 1024)
# nodes a stretch may not hold (its memory is checked apart: one shared array only)
_FORBIDDEN = (I.AtomicRMW, I.MacroCall, I.WarpShuffle, I.WarpVote, I.BufferArg, I.Evaluate, I.Break, I.Continue,
              I.Return, I.Raised, I.BlockReduce, I.WarpReduce, I.BlockScan, I.DeclShared, I.DeclLocal, I.DeclPrivate,
              I.BlockIdx, I.GridDim)


def _block_in(blocks: list[int]) -> I.Expr:
    """`blockDim.x == b1 or blockDim.x == b2 or ...`: the launches a raised form covers."""
    requires = None
    for block in blocks:
        test = I.Binary("eq", I.BlockDim("x"), I.i32(block), "bool")
        requires = test if requires is None else I.Binary("or", requires, test, "bool")
    return requires


def _arrays(s) -> set[str]:
    """The buffers a statement loads or stores."""
    return {x.buffer for x in nodes(s) if isinstance(x, (I.Load, I.Store))}


def _fits(s) -> bool:
    """Whether a block-level statement may belong to a stretch (memory aside)."""
    if not isinstance(s, (I.AssignVar, I.Let, I.While, I.For, I.If, I.Parallel, I.Barrier)):
        return False
    return not any(isinstance(x, _FORBIDDEN) for x in nodes(s))


def _stretches(body, shared: dict[str, I.DeclShared]):
    """(start, end, array) for each maximal run body[start:end] after a block barrier that touches one
    scannable shared array only and has a loop whose phase writes it."""
    k = 1
    while k < len(body):
        if not (isinstance(body[k - 1], I.Barrier) and body[k - 1].kind == "block"):
            k += 1
            continue
        end, arrays = k, set()
        while end < len(body) and _fits(body[end]) and len(arrays | _arrays(body[end])) <= 1:
            arrays |= _arrays(body[end])
            end += 1
        loops = [s for s in body[k:end] if isinstance(s, (I.While, I.For))]
        if len(arrays) == 1 and (name := next(iter(arrays))) in shared and any(
                isinstance(x, I.Store) and x.buffer == name for loop in loops for x in nodes(loop)):
            yield k, end, name
        k = max(end, k + 1)


def _entry_uniforms(before, params: set[str]) -> dict[str, int]:
    """Block-level integers known on entry: top-level assignments of constants (e.g. `pout = 0`) that
    nothing nested (a loop, a branch, a phase) assigns again."""
    known: dict[str, int] = {}
    probe = ScanMachine("", 0, "", 1, {})
    for s in before:
        if isinstance(s, (I.AssignVar, I.Let)) and s.name not in params:
            try:
                known[s.name] = probe.integer(s.value, None)
            except NotAScan:
                known.pop(s.name, None)
        else:
            for x in nodes(s):
                if isinstance(x, (I.AssignVar, I.Let)):
                    known.pop(x.name, None)
    return known


def _block_level_names(stretch) -> tuple[set[str], set[str]]:
    """(block-level scalars the stretch assigns, Lets it binds at block level): phases' own names aside."""
    assigned, bound = set(), set()

    def walk(stmts):
        for s in stmts:
            if isinstance(s, I.AssignVar):
                assigned.add(s.name)
            elif isinstance(s, I.Let):
                bound.add(s.name)
            elif isinstance(s, I.For):
                bound.add(s.var)
                walk(s.body)
            elif isinstance(s, I.While):
                walk(s.body)
            elif isinstance(s, I.If):
                walk(s.then)
                walk(s.other)
    walk(stretch)
    return assigned, bound


def _results(slots: list[Run], block: int):
    """Every (src, dst, exclusive) such that slots[dst + j] is the (exclusive) prefix sum of old[src + j]."""
    size = len(slots)
    for dst in range(size - block + 1):
        first = slots[dst]
        if first != ZERO and first.hi == first.lo + 1:
            src = first.lo
            if src + block <= size and all(slots[dst + j] == Run(src, src + j + 1) for j in range(block)):
                yield src, dst, False
        elif first == ZERO and block > 1:
            second = slots[dst + 1]
            src = second.lo
            if second.hi == src + 1 and src + block <= size and all(
                    slots[dst + j] == Run(src, src + j) for j in range(1, block)):
                yield src, dst, True


def _offset(value: int, block: int) -> tuple[int, int]:
    """`value` as (a, c) with value = a * blockDim.x + c and c < blockDim.x: the same (a, c) across block
    sizes means one expression (0 -> (0, 0); blockDim.x -> (1, 0))."""
    return divmod(value, block)


def _offset_expr(a: int, c: int) -> I.Expr:
    dim = I.BlockDim("x")
    scaled = I.i32(0) if a == 0 else dim if a == 1 else I.Binary("mul", I.i32(a), dim, "int32")
    if c == 0:
        return scaled
    return I.i32(c) if a == 0 else I.Binary("add", scaled, I.i32(c), "int32")


def _plan(block: int, stretch, after, decl: I.DeclShared, entry: dict[str, int], live: set[str]):
    """The raised form's key for one block size (src and dst offsets, exclusive, final values of the
    live scalars), or None when the stretch is no prefix sum there."""
    machine = ScanMachine(decl.name, decl.size, decl.dtype, block, entry)
    try:
        machine.run_block(stretch)
        finals = tuple(sorted((name, machine.uniform[name]) for name in live))
        read = slots_read(after, decl.name, decl.size, decl.dtype, block, machine.uniform)
    except (NotAScan, KeyError, RecursionError):  # e.g. 10,000 nested parentheses: not a scan we prove
        return None
    changed = {k for k, run in enumerate(machine.slots) if run != Run(k, k + 1)}
    if read is None:
        return None
    for src, dst, exclusive in _results(machine.slots, block):
        if not (changed - set(range(dst, dst + block))) & read:
            return _offset(src, block), _offset(dst, block), exclusive, finals
    return None


def _raise_stretch(kernel: I.Kernel, start: int, end: int, decl: I.DeclShared, taken: set[str]):
    body = kernel.body
    stretch, after = body[start:end], body[end:]
    assigned, bound = _block_level_names(stretch)
    read_after = {x.name for x in nodes(after) if isinstance(x, (I.Var, I.PrivateLoad))}
    privates = {x.name for x in nodes(stretch) if isinstance(x, I.PrivateStore)}
    if read_after & (bound | privates):
        return None  # a value the stretch leaves behind that the raised form would not set
    live = assigned & read_after
    params = {p.name for p in kernel.params}
    entry = _entry_uniforms(body[:start], params)
    groups: dict[tuple, list[int]] = {}
    for block in SCAN_BLOCKS:
        if block > decl.size:
            break
        key = _plan(block, stretch, after, decl, entry, live)
        if key is not None:
            groups.setdefault(key, []).append(block)
        elif block == 64 and not groups:
            break  # not a scan at 32 or 64 threads: not worth trying larger blocks
    if not groups:
        return None
    staged, step = fresh(f"{decl.name}_scan", taken), fresh(f"{decl.name}_scan_step", taken)
    line = stretch[0].line
    form: tuple[I.Stmt, ...] = stretch
    for (src, dst, exclusive, finals), blocks in sorted(groups.items(), key=lambda g: -g[1][0]):
        scan = I.BlockScan(decl.name, I.BlockDim("x"), _offset_expr(*src), _offset_expr(*dst), exclusive,
                           decl.dtype, staged, step, line)
        sets = tuple(I.AssignVar(name, I.i32(value), line) for name, value in finals)
        form = (I.Raised(IDIOM, _TARGETS, _block_in(blocks), (scan,) + sets, form, line),)
    return form


# ---------------------------------------------------------------- warp scans
# After lower_warp_ops, `for (off = 1; off < 32; off <<= 1) { up = __shfl_up_sync(m, v, off); if (lane >= off)
# v += up; }` is a block-level loop of exchange phases through shared scratch. The same machine runs it with
# the per-thread value `v` as the entry values (thread t holds [t, t+1)) and the scratch arrays unset; the
# loop is a warp scan when afterwards every thread t holds [32 * (t // 32), t + 1).

_WARP_FORBIDDEN = tuple(k for k in _FORBIDDEN if k not in (I.DeclShared,))


def _warp_candidates(init, loop) -> bool:
    return (isinstance(init, I.AssignVar) and isinstance(loop, (I.While, I.For))
            and not any(isinstance(x, _WARP_FORBIDDEN) for x in nodes((init, loop))))


def _loop_guard(loop) -> tuple[bool, object]:
    """(whether the loop's phases agree on one guard, that guard or None): a guard that selects whole warps
    (`if (warp == 0)`) around every phase's statements, or no guard at all."""
    guards = {phase_guard(x)[1] for x in nodes(loop.body) if isinstance(x, I.Parallel)}
    return len(guards) == 1, next(iter(guards), None)


def _warp_plan(block: int, stretch, value: I.DeclPrivate, arrays: dict[str, I.DeclShared],
               entry: dict[str, int], guard) -> bool:
    """Whether the stretch leaves every thread t of a `block`-thread block under `guard` (None: every
    thread) holding the sum of `value` over lanes 0..t % 32 of its warp, and the others their own."""
    scratch = {name: [UNSET] * (block if d.size == "threads" else d.size) for name, d in arrays.items()}
    machine = ScanMachine("", 0, value.dtype, block, entry, arrays=scratch)
    value = value.name
    for t in range(block):
        machine.privates[(value, t)] = Run(t, t + 1)
    try:
        machine.run_block(stretch)
        inside = [guard is None or machine.truth(guard, {"": t}) for t in range(block)]
    except (NotAScan, KeyError, RecursionError):
        return False
    return all(machine.privates.get((value, t)) == (Run(t - t % 32, t + 1) if inside[t] else Run(t, t + 1))
               for t in range(block))


def _raise_warp_scans(kernel: I.Kernel, body: tuple, taken: set[str]) -> tuple:
    privates = {s.name: s for s in kernel.body if isinstance(s, I.DeclPrivate) and s.size is None
                and s.dtype in SCAN_DTYPES}
    shared = {s.name: s for s in kernel.body if isinstance(s, I.DeclShared) and (
        isinstance(s.size, int) or s.size == "threads")}
    params = {p.name for p in kernel.params}
    out = list(body)
    k = 0
    while k < len(out) - 1:
        init, loop = out[k], out[k + 1]
        if not _warp_candidates(init, loop):
            k += 1
            continue
        stretch, after = (init, loop), tuple(out[k + 2:])
        written = {x.name for x in nodes(loop) if isinstance(x, I.PrivateStore)}
        read = {x.name for x in nodes(loop) if isinstance(x, I.PrivateLoad)}
        arrays = {x.buffer for x in nodes(loop) if isinstance(x, (I.Load, I.Store))}
        assigned, bound = _block_level_names(stretch)
        later = {x.name for x in nodes(after) if isinstance(x, (I.Var, I.PrivateLoad))}
        later_arrays = all_names(after)
        form = None
        if arrays <= set(shared) and not (arrays & later_arrays) and not ((assigned | bound) & later):
            entry = _entry_uniforms(out[:k], params)
            agreed, guard = _loop_guard(loop)
            for value in sorted(written & read & set(privates)) if agreed else ():
                if (written - {value}) & later or any(shared[a].dtype != privates[value].dtype for a in arrays):
                    continue
                # under a guard, the tile form scans every warp: threads outside it must not look afterwards
                if guard is not None and not reads_after_are_safe(after, value, False, guard):
                    continue
                blocks = []
                for b in SCAN_BLOCKS:
                    if _warp_plan(b, stretch, privates[value], {a: shared[a] for a in arrays}, entry, guard):
                        blocks.append(b)
                    elif b == 64 and not blocks:
                        break  # not a scan at 32 or 64 threads: not worth trying larger blocks
                if blocks:
                    names = [fresh(f"{value}_{part}", taken) for part in ("scan_staged", "scan_warp", "scan_step")]
                    scan = I.WarpScan(value, privates[value].dtype, *names, line=init.line)
                    form = I.Raised(IDIOM, _TARGETS, _block_in(blocks), (scan,), stretch, init.line)
                    break
        if form is not None:
            out[k:k + 2] = [form]
        k += 1
    return tuple(out)


def raise_scan(kernel: I.Kernel) -> I.Kernel:
    if kernel.block_rank != 1:
        return kernel
    shared = {s.name: s for s in kernel.body if isinstance(s, I.DeclShared)
              and isinstance(s.size, int) and s.dtype in SCAN_DTYPES}
    found = list(_stretches(kernel.body, shared)) if shared else []
    warp_loops = any(isinstance(x, I.PrivateStore) for x in nodes(kernel.body)) and any(
        isinstance(x, I.Barrier) and x.kind == "warp" for x in nodes(kernel.body))
    if not found and not warp_loops:
        return kernel
    taken = all_names(kernel)
    body = kernel.body
    for start, end, name in reversed(found):  # from the end, so earlier indices stay valid
        form = _raise_stretch(replace(kernel, body=body), start, end, shared[name], taken)
        if form is not None:
            body = body[:start] + form + body[end:]
    if warp_loops:
        body = _raise_warp_scans(kernel, body, taken)
    return kernel if body == kernel.body else replace(kernel, body=body)
