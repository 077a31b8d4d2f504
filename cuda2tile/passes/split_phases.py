"""Pass: barrier fission. Split the per-thread program at each barrier into successive phases.

    sdata[tid] = x[i];              for tx in T.Parallel(B): sdata[tx] = x[i]
    __syncthreads();           ->   T.sync_threads()
    y[i] = sdata[B - 1 - tid];      for tx in T.Parallel(B): y[i] = sdata[B - 1 - tx]

A barrier inside a loop or `if` stays inside it when the control is block-uniform (see
`uniformity.py`): the loop moves out to the block level and its body is split in turn. A
`__syncthreads()` under thread-dependent control is undefined behaviour in CUDA and is refused
(C2T1214). A warp-level barrier (from `__syncwarp` or a warp exchange) may sit under
thread-dependent control that is stable (e.g. `if (tid < 32)` around a warp reduction): each
phase then repeats the guard. Per-thread values that cross phases are handled by `privatize`.

Block-level variables. A uniform variable lives at the block level (one `T.alloc_var` of the kernel,
its assignments between the phases) only when *every* assignment to it can run there. One written
inside a phase must be per-thread: on the C back end a `T.Parallel` is a sequential loop over the
threads, so a kernel-scope variable that one iteration leaves behind is what the next one starts
from. With the counter declared before its loop,

    int i; float acc = 0.0f;                       i = 0                       # block level
    for (i = 0; i < 8; i++) acc += s[tx + i];  ->  for tx in T.Parallel(B):
                                                       while i < 8: acc = ...; i = i + 1

thread 0 leaves i == 8 and threads 1..31 skip the loop (CUDA, one register per thread, is right).
So `i = 0` stays in the phase with the loop, and `i` becomes that phase's own variable. Which
variables are block-level is a fixed point (`_place`): demoting one may keep the assignment of
another from the block level (`total = block_sum_result` after `block_sum_result = sh[0]`).
A uniform load (`int n = cnt[0];`) is assigned at the block level only when block-level code reads
it (`for (k = 0; k < n; k++) { ...; __syncthreads(); }`); otherwise it stays in its phase.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from cuda2tile.diagnostics import Location
from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import IMPURE, all_names, contains, nodes, statements
from cuda2tile.ir.errors import LiftError
from cuda2tile.ir.uniformity import barrier_lines, contains_barrier, expr_uniform, uniform_variables



def _exits_loop(node) -> bool:
    """A break/continue that leaves the enclosing loop (not one nested inside `node`)."""
    if isinstance(node, (I.Break, I.Continue)):
        return True
    if isinstance(node, I.If):
        return any(_exits_loop(s) for s in node.then + node.other)
    return False


def _assigned(node) -> set[str]:
    return {s.name for s in statements(node) if isinstance(s, (I.Let, I.AssignVar))}


def _vars(node) -> set[str]:
    return {x.name for x in nodes(node) if isinstance(x, I.Var)}


def guard_phases(stmts: tuple[I.Stmt, ...], cond: I.Expr) -> tuple[I.Stmt, ...]:
    """Repeat a thread-dependent guard inside every phase of an already split region."""
    out = []
    for s in stmts:
        if isinstance(s, I.Parallel):
            out.append(replace(s, body=(I.If(cond, s.body, (), s.line),)))
        elif isinstance(s, (I.For, I.While)):
            out.append(replace(s, body=guard_phases(s.body, cond)))
        elif isinstance(s, I.If):
            out.append(replace(s, then=guard_phases(s.then, cond), other=guard_phases(s.other, cond)))
        else:
            out.append(s)
    return tuple(out)


def _definition_counts(node, counts: Counter) -> Counter:
    for s in statements(node):
        if isinstance(s, (I.Let, I.AssignVar)):
            counts[s.name] += 1
        if isinstance(s, I.For):
            counts[s.var] += 1
    return counts


# impure values that may still be assigned at the block level: a load reads the same element in every
# thread (and once on C); calls, atomics and warp exchanges never leave their phase
_NOT_HOISTED = tuple(k for k in IMPURE if k is not I.Load)


@dataclass
class _Placement:
    """Where one splitting put the definitions of variables (filled in by `_Splitter`)."""
    in_phase: set[str] = field(default_factory=set)  # defined inside a phase, for good
    deferred: set[str] = field(default_factory=set)  # a uniform load kept in a phase: block level if needed
    read_at_block: set[str] = field(default_factory=set)  # read by block-level code


class _Splitter:
    def __init__(self, uniform: set[str], source: str, definitions: Counter, demoted: frozenset[str] = frozenset(),
                 needed: frozenset[str] = frozenset(), placement: _Placement | None = None, guarded: bool = False):
        self.uniform = uniform  # the same for every thread (uniformity.py)
        self.block = uniform - demoted  # and allowed to live at the block level
        # inside a thread-dependent guard (`if (tid < n) { warp reduction }`) block-level statements run
        # in threads the guard excludes too: no load moves there (`p[0]` may not exist when n == 0)
        self.guarded = guarded
        self.demoted = demoted
        self.needed = needed
        self.placement = placement if placement is not None else _Placement()
        self.source = source
        self.definitions = definitions

    def fail(self, node, why: str):
        lines = [ln for kind, ln in barrier_lines(node)] or [getattr(node, "line", 0)]
        block = [ln for kind, ln in barrier_lines(node) if kind == "block"]
        line = (block or lines)[0]
        code = "C2T1214" if block else "C2T1216"
        raise LiftError(code, f"barrier under thread-dependent control: {why}", Location(self.source, line, 1))

    def at_block(self, node, e, what: str, why: str) -> None:
        """Block-level control `e` must read only block-level values, else the barrier it steers is
        refused (`why`; `what` names `e` in the message when the value is uniform but each thread
        computes it inside a phase, as `rounds` in `for (j = 0; j < n; ++j) if (f[j]) rounds++;`)."""
        if expr_uniform(e, self.block):
            self.placement.read_at_block |= all_names(e)
            return
        if expr_uniform(e, self.uniform):
            inside = ", ".join(sorted(n for n in all_names(e) if n in self.uniform and n not in self.block))
            why = (f"{what} {inside}, which each thread computes inside a phase (in a loop or branch "
                   "without barriers) rather than at the block level")
        self.fail(node, why)

    def placed(self, s) -> str:
        """Where the statement `s` (barrier-free, between barriers) runs: "block" for an assignment of
        a block-level variable from block-level values, "deferred" for such an assignment from a load
        that no block-level code reads yet (it stays in its phase), else "phase"."""
        if not isinstance(s, (I.Let, I.AssignVar)) or s.name not in self.block or not expr_uniform(s.value, self.block):
            return "phase"
        if not contains(s.value, IMPURE):
            return "block"
        if self.guarded or contains(s.value, _NOT_HOISTED):
            return "phase"
        return "block" if s.name in self.needed else "deferred"

    def split(self, stmts: tuple[I.Stmt, ...]) -> tuple[I.Stmt, ...]:
        out: list[I.Stmt] = []
        run: list[I.Stmt] = []

        def flush():
            if run:
                out.append(I.Parallel(tuple(run), run[0].line))
                run.clear()

        for s in stmts:
            if isinstance(s, I.Barrier):
                flush()
                out.append(s)
            elif _exits_loop(s):
                # `break`/`continue` of a loop that holds barriers must act on the block-level loop
                flush()
                if isinstance(s, I.If):
                    self.at_block(s, s.cond, "the break/continue condition reads",
                                  "a thread-dependent break/continue in a loop with barriers")
                    out.append(replace(s, then=self.split(s.then), other=self.split(s.other)))
                else:
                    out.append(s)
            elif not contains_barrier(s):
                where = self.placed(s)
                if where == "block":
                    flush()  # block-uniform bookkeeping (loop cursors, strides) runs at the block level
                    out.append(s)
                    self.placement.read_at_block |= all_names(s.value)
                else:
                    run.append(s)
                    if where == "deferred":
                        self.placement.deferred.add(s.name)
                    else:
                        self.placement.in_phase |= set(_definition_counts(s, Counter()))
            elif isinstance(s, I.If):
                flush()
                out += self.split_if(s)
            elif isinstance(s, I.For):
                self.at_block(s, (s.start, s.stop, s.step), "the loop's bounds read",
                              "the loop's bounds differ between threads")
                flush()
                out.append(replace(s, body=self.split(s.body)))
            elif isinstance(s, I.While):
                self.at_block(s, s.cond, "the loop's condition reads", "the loop's condition differs between threads")
                flush()
                out.append(replace(s, body=self.split(s.body)))
            else:
                self.fail(s, f"unexpected {type(s).__name__}")
        flush()
        return tuple(out)

    def split_if(self, s: I.If) -> list[I.Stmt]:
        if expr_uniform(s.cond, self.block):
            self.placement.read_at_block |= all_names(s.cond)
            return [replace(s, then=self.split(s.then), other=self.split(s.other))]
        kinds = {kind for kind, _ in barrier_lines(s)}
        # the guard of a stride loop's trip (grid_stride_barriers): threads it excludes have finished the
        # loop in CUDA and still arrive at its barriers here, idle
        if "block" in kinds and not s.barrier_guard:
            self.at_block(s, s.cond, "the branch condition reads",
                          "__syncthreads() in a branch taken by only some threads of the block")
        # Warp-level barriers under a stable thread-dependent guard (`if (tid < 32) { warp reduction }`):
        # the guard is re-evaluated in each phase, valid when the branch changes nothing it reads.
        if (_vars(s.cond) & _assigned(s.then + s.other)) or contains(s.cond, IMPURE):
            self.fail(s, "the branch condition may change inside the branch")
        # Inside the guard, values defined only there and equal across the threads that take it (the
        # cursor of `for (int d = 1; d < 32; d <<= 1)` in `if (tid < 32)`) may steer block-level loops:
        # every thread runs that bookkeeping, and only the guarded ones do the phases' work.
        local = {n for n, k in _definition_counts(s.then + s.other, Counter()).items() if k == self.definitions[n]}
        inner = self.block | (uniform_variables(s.then + s.other, self.block) & local)
        splitter = _Splitter(inner, self.source, self.definitions, self.demoted, self.needed, self.placement,
                             guarded=True)
        negated = I.Unary("not", s.cond, "bool")
        return list(guard_phases(splitter.split(s.then), s.cond) + guard_phases(splitter.split(s.other), negated))


def _place(program: tuple[I.Stmt, ...], uniform: set[str], source: str) -> tuple[I.Stmt, ...]:
    """Split with the largest set of block-level variables whose every assignment runs at the block level.

    Start from all uniform variables; each round demotes those that got a definition inside a phase
    and marks uniform loads that block-level code reads, to be assigned there in the next round.
    Demotion only shrinks and marking only grows, so the rounds end; a refusal in one round stands
    in every later one (a smaller block-level set steers fewer barriers)."""
    definitions = _definition_counts(program, Counter())
    demoted: frozenset[str] = frozenset()
    needed: frozenset[str] = frozenset()
    while True:
        placement = _Placement()
        phases = _Splitter(uniform, source, definitions, demoted, needed, placement).split(program)
        now_needed = needed | placement.read_at_block
        now_demoted = demoted | placement.in_phase | (placement.deferred - now_needed)
        if (now_demoted, now_needed) == (demoted, needed):
            return phases
        demoted, needed = frozenset(now_demoted), frozenset(now_needed)


def split_phases(kernel: I.Kernel) -> I.Kernel:
    """Kernels without barriers keep their single Parallel region unchanged."""
    parallel = next((s for s in kernel.body if isinstance(s, I.Parallel)), None)
    if parallel is None or not contains_barrier(parallel.body):
        return kernel
    params = {p.name for p in kernel.params if isinstance(p, I.ScalarParam)}
    declared = tuple(s for s in parallel.body if isinstance(s, I.DeclVar))
    program = tuple(s for s in parallel.body if not isinstance(s, I.DeclVar))
    uniform = uniform_variables(program, params)
    phases = _place(program, uniform, kernel.source_name)
    prefix = tuple(s for s in kernel.body if not isinstance(s, I.Parallel))
    return replace(kernel, body=prefix + declared + phases)
