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
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields, replace

from cuda2tile.diagnostics import Location
from cuda2tile.lift import tile_ir as I
from cuda2tile.lift.ir_names import IMPURE, contains
from cuda2tile.lift.errors import LiftError
from cuda2tile.lift.uniformity import barrier_lines, contains_barrier, expr_uniform, uniform_variables



def _exits_loop(node) -> bool:
    """A break/continue that leaves the enclosing loop (not one nested inside `node`)."""
    if isinstance(node, (I.Break, I.Continue)):
        return True
    if isinstance(node, I.If):
        return any(_exits_loop(s) for s in node.then + node.other)
    return False


def _assigned(node) -> set[str]:
    out: set[str] = set()
    if isinstance(node, (I.Let, I.AssignVar)):
        out.add(node.name)
    if isinstance(node, tuple):
        for x in node:
            out |= _assigned(x)
    elif isinstance(node, (I.If, I.For, I.While, I.Parallel)):
        for f in fields(node):
            out |= _assigned(getattr(node, f.name))
    return out


def _vars(node) -> set[str]:
    if isinstance(node, I.Var):
        return {node.name}
    if isinstance(node, tuple):
        return set().union(*(_vars(x) for x in node)) if node else set()
    if hasattr(node, "__dataclass_fields__"):
        return set().union(*(_vars(getattr(node, f.name)) for f in fields(node)))
    return set()


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
    if isinstance(node, (I.Let, I.AssignVar)):
        counts[node.name] += 1
    if isinstance(node, I.For):
        counts[node.var] += 1
    if isinstance(node, tuple):
        for x in node:
            _definition_counts(x, counts)
    elif isinstance(node, (I.If, I.For, I.While, I.Parallel)):
        for f in fields(node):
            _definition_counts(getattr(node, f.name), counts)
    return counts


class _Splitter:
    def __init__(self, uniform: set[str], source: str, definitions: Counter):
        self.uniform = uniform
        self.source = source
        self.definitions = definitions

    def fail(self, node, why: str):
        lines = [ln for kind, ln in barrier_lines(node)] or [getattr(node, "line", 0)]
        block = [ln for kind, ln in barrier_lines(node) if kind == "block"]
        line = (block or lines)[0]
        code = "C2T1214" if block else "C2T1216"
        raise LiftError(code, f"barrier under thread-dependent control: {why}", Location(self.source, line, 1))

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
                    if not expr_uniform(s.cond, self.uniform):
                        self.fail(s, "a thread-dependent break/continue in a loop with barriers")
                    out.append(replace(s, then=self.split(s.then), other=self.split(s.other)))
                else:
                    out.append(s)
            elif not contains_barrier(s):
                if isinstance(s, (I.Let, I.AssignVar)) and s.name in self.uniform and not contains(s.value, IMPURE):
                    flush()  # block-uniform bookkeeping (loop cursors, strides) runs at the block level
                    out.append(s)
                else:
                    run.append(s)
            elif isinstance(s, I.If):
                flush()
                out += self.split_if(s)
            elif isinstance(s, I.For):
                if not expr_uniform((s.start, s.stop, s.step), self.uniform):
                    self.fail(s, "the loop's bounds differ between threads")
                flush()
                out.append(replace(s, body=self.split(s.body)))
            elif isinstance(s, I.While):
                if not expr_uniform(s.cond, self.uniform):
                    self.fail(s, "the loop's condition differs between threads")
                flush()
                out.append(replace(s, body=self.split(s.body)))
            else:
                self.fail(s, f"unexpected {type(s).__name__}")
        flush()
        return tuple(out)

    def split_if(self, s: I.If) -> list[I.Stmt]:
        if expr_uniform(s.cond, self.uniform):
            return [replace(s, then=self.split(s.then), other=self.split(s.other))]
        kinds = {kind for kind, _ in barrier_lines(s)}
        if "block" in kinds:
            self.fail(s, "__syncthreads() in a branch taken by only some threads of the block")
        # Warp-level barriers under a stable thread-dependent guard (`if (tid < 32) { warp reduction }`):
        # the guard is re-evaluated in each phase, valid when the branch changes nothing it reads.
        if (_vars(s.cond) & _assigned(s.then + s.other)) or contains(s.cond, IMPURE):
            self.fail(s, "the branch condition may change inside the branch")
        # Inside the guard, values defined only there and equal across the threads that take it (the
        # cursor of `for (int d = 1; d < 32; d <<= 1)` in `if (tid < 32)`) may steer block-level loops:
        # every thread runs that bookkeeping, and only the guarded ones do the phases' work.
        local = {n for n, k in _definition_counts(s.then + s.other, Counter()).items() if k == self.definitions[n]}
        inner = self.uniform | (uniform_variables(s.then + s.other, self.uniform) & local)
        splitter = _Splitter(inner, self.source, self.definitions)
        negated = I.Unary("not", s.cond, "bool")
        return list(guard_phases(splitter.split(s.then), s.cond) + guard_phases(splitter.split(s.other), negated))


def split_phases(kernel: I.Kernel) -> I.Kernel:
    """Kernels without barriers keep their single Parallel region unchanged."""
    parallel = next((s for s in kernel.body if isinstance(s, I.Parallel)), None)
    if parallel is None or not contains_barrier(parallel.body):
        return kernel
    params = {p.name for p in kernel.params if isinstance(p, I.ScalarParam)}
    declared = tuple(s for s in parallel.body if isinstance(s, I.DeclVar))
    program = tuple(s for s in parallel.body if not isinstance(s, I.DeclVar))
    uniform = uniform_variables(program, params)
    source = kernel.source_name
    phases = _Splitter(uniform, source, _definition_counts(program, Counter())).split(program)
    prefix = tuple(s for s in kernel.body if not isinstance(s, I.Parallel))
    return replace(kernel, body=prefix + declared + phases)
