"""Pass: give each per-thread value the storage its lifetime needs after barrier fission.

A value used by one phase stays a scalar of that phase. A value live across phases needs one slot
per thread (`T.alloc_fragment`), except when it is cheap and pure to recompute, which keeps the
promoted state minimal:

    int i = blockIdx.x * blockDim.x + tid;   # recomputed at the top of each phase that uses it
    float v = x[i];                          # read from memory: v[tx] in a per-thread slot
    __syncthreads();
    y[i] = v + sdata[0];                     # ->  y[i] = v[tx] + sdata[0]

Variables assigned only at the block level (uniform loop cursors and strides, see `split_phases`)
need nothing. Every variable assigned inside a phase is per-thread, even when its value is the same
in all threads: on the C back end the phase is a sequential loop over the threads, and a kernel-scope
variable would carry one thread's last value into the next thread's iteration,

    int i; ...; __syncthreads();           for tx in T.Parallel(B):
    for (i = 0; i < 8; i++) acc += ...;  ->     i = T.alloc_var("int32")    # this phase's own
                                                i = 0
                                                while i < 8: ...
"""

from __future__ import annotations

from dataclasses import fields, replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import IMPURE, all_names, contains, map_children, statements
from cuda2tile.ir.uniformity import uniform_variables



def _phases(stmts, found: list) -> None:
    for s in stmts:
        if isinstance(s, I.Parallel):
            found.append(s)
        elif isinstance(s, I.If):
            _phases(s.then, found)
            _phases(s.other, found)
        elif isinstance(s, (I.For, I.While)):
            _phases(s.body, found)


def _lets(node, out: dict) -> None:
    out.update((s.name, s) for s in statements(node) if isinstance(s, I.Let))


def _assigned_in_phases(node, inside: bool = False, out: set[str] | None = None) -> set[str]:
    """Names that some statement inside a `Parallel` assigns (Let, AssignVar, a loop's variable)."""
    out = set() if out is None else out
    if inside and isinstance(node, (I.Let, I.AssignVar)):
        out.add(node.name)
    if inside and isinstance(node, I.For):
        out.add(node.var)
    if isinstance(node, tuple):
        for x in node:
            _assigned_in_phases(x, inside, out)
    elif isinstance(node, (I.If, I.For, I.While, I.Parallel)):
        for f in fields(node):
            _assigned_in_phases(getattr(node, f.name), inside or isinstance(node, I.Parallel), out)
    return out


def _free_vars(e) -> set[str]:
    return all_names(e)


class _Rewriter:
    """Turn accesses to promoted names into per-thread slot accesses."""

    def __init__(self, scalars: set[str], arrays: set[str]):
        self.scalars = scalars
        self.arrays = arrays

    def expr(self, e):
        if isinstance(e, I.Var) and e.name in self.scalars:
            return I.PrivateLoad(e.name, None, e.dtype)
        if isinstance(e, I.Load) and e.buffer in self.arrays:
            return I.PrivateLoad(e.buffer, self.expr(e.index), e.dtype)
        if isinstance(e, tuple):
            return tuple(self.expr(x) for x in e)
        return map_children(e, self.expr)

    def stmts(self, stmts):
        out = []
        for s in stmts:
            if isinstance(s, (I.Let, I.AssignVar)) and s.name in self.scalars:
                out.append(I.PrivateStore(s.name, None, self.expr(s.value), s.line))
            elif isinstance(s, I.Store) and s.buffer in self.arrays:
                out.append(I.PrivateStore(s.buffer, self.expr(s.index), self.expr(s.value), s.line))
            elif isinstance(s, (I.DeclVar, I.DeclLocal)) and s.name in self.scalars | self.arrays:
                continue
            elif isinstance(s, I.If):
                out.append(replace(s, cond=self.expr(s.cond), then=self.stmts(s.then), other=self.stmts(s.other)))
            elif isinstance(s, I.For):
                out.append(replace(s, start=self.expr(s.start), stop=self.expr(s.stop), step=self.expr(s.step),
                                   body=self.stmts(s.body)))
            elif isinstance(s, I.While):
                out.append(replace(s, cond=self.expr(s.cond), body=self.stmts(s.body)))
            elif isinstance(s, I.Parallel):
                out.append(replace(s, body=self.stmts(s.body)))
            else:
                out.append(self.expr(s))
        return tuple(out)


def privatize(kernel: I.Kernel) -> I.Kernel:
    phases: list[I.Parallel] = []
    _phases(kernel.body, phases)
    if len(phases) <= 1 and not any(isinstance(s, I.DeclVar) for s in kernel.body):
        return kernel  # no fission happened (a kernel ending in a barrier still moves its variables in)
    params = {p.name for p in kernel.params if isinstance(p, I.ScalarParam)}
    # block-level: uniform and never assigned inside a phase (split_phases keeps every assignment of
    # such a variable between the phases); all others get per-thread storage below
    uniform = uniform_variables(kernel.body, params) - _assigned_in_phases(kernel.body)
    declared = {s.name: s for s in kernel.body if isinstance(s, I.DeclVar)}
    local_arrays = {s.name: s for s in kernel.body if isinstance(s, I.DeclLocal)}
    lets: dict[str, I.Let] = {}
    _lets(kernel.body, lets)
    users: dict[str, list[int]] = {}
    for k, phase in enumerate(phases):
        for name in all_names(phase.body):
            users.setdefault(name, []).append(k)

    def recomputable(name: str, seen=()) -> bool:
        let = lets.get(name)
        if let is None or name in uniform or contains(let.value, IMPURE) or name in seen:
            return False
        for var in _free_vars(let.value):
            if var in params or (var in uniform and var not in declared):
                continue  # parameters and block-level loop variables are visible in every phase
            if not recomputable(var, seen + (name,)):
                return False
        return True

    crossing = {n for n, ks in users.items() if len(ks) > 1}
    thread_lets = {n for n in crossing if n in lets and n not in uniform}
    recompute = {n for n in thread_lets if recomputable(n)}
    scalars = (thread_lets - recompute) | {n for n in crossing if n in declared and n not in uniform}
    arrays = {n for n in crossing if n in local_arrays}
    rewriter = _Rewriter(scalars, arrays)
    body = rewriter.stmts(kernel.body)

    # put back: recomputed lets at the top of each phase that needs them, phase-local declarations inside
    order = list(lets)
    single_phase_vars = {n: users[n][0] for n in declared if n not in uniform and n not in scalars and n in users}

    def fill(stmts):
        out = []
        for s in stmts:
            if isinstance(s, I.Parallel):
                k = _index_of(s)
                names = all_names(s.body)
                needed = _closure({n for n in names if n in recompute}, lets, set(lets) - uniform)
                defined_here = {st.name for st in s.body if isinstance(st, I.Let)}
                prologue = [I.DeclVar(n, declared[n].dtype, declared[n].line)
                            for n in sorted(single_phase_vars, key=list(declared).index) if single_phase_vars[n] == k]
                prologue += [replace(lets[n], line=0) for n in order if n in needed and n not in defined_here]
                out.append(replace(s, body=tuple(prologue) + s.body))
            elif isinstance(s, I.If):
                out.append(replace(s, then=fill(s.then), other=fill(s.other)))
            elif isinstance(s, (I.For, I.While)):
                out.append(replace(s, body=fill(s.body)))
            elif isinstance(s, I.DeclVar) and (s.name in single_phase_vars or
                                               (s.name not in uniform and s.name not in users)):
                continue  # moved into its phase, or never used by any phase
            else:
                out.append(s)
        return tuple(out)

    new_phases: list[I.Parallel] = []
    _phases(body, new_phases)
    positions = {id(p): k for k, p in enumerate(new_phases)}

    def _index_of(phase):
        return positions[id(phase)]

    body = fill(body)
    def slot(n: str) -> I.DeclPrivate:
        if n in arrays:
            return I.DeclPrivate(n, local_arrays[n].dtype, local_arrays[n].size, local_arrays[n].line)
        if n in declared:
            return I.DeclPrivate(n, declared[n].dtype, None, declared[n].line)
        return I.DeclPrivate(n, lets[n].value.dtype, None, lets[n].line)

    ranking = list(declared) + list(local_arrays) + order
    private = tuple(slot(n) for n in sorted(scalars | arrays, key=ranking.index))
    body = tuple(s for s in body if not (isinstance(s, I.DeclLocal) and s.name in arrays))
    return replace(kernel, body=private + body)


def _closure(names: set[str], lets: dict, recompute: set[str]) -> set[str]:
    todo, done = list(names), set()
    while todo:
        n = todo.pop()
        if n in done:
            continue
        done.add(n)
        for var in _free_vars(lets[n].value):
            if var in recompute and var not in done:
                todo.append(var)
    return done
