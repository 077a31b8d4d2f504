"""Pass: a counted loop whose bounds depend on the thread, and which holds another counted loop, counts
with a cursor.

TileLang 0.1.15 refuses a `T.serial` loop inside `T.Parallel` whose start or stop names the parallel
variable when its body holds another `T.serial` loop: one of its passes rebuilds the parallel loop
with a fresh variable (`i` for `tx`) and binds the inner loop's range again through the same
analyzer, which stops with "Trying to update var 'n' with a different minimum value: original=s0 +
tx, new=s0 + i" (or "maximum value" for `_tmp`, the variable of a stepped loop). pytorch_cluster's
`fps_kernel` and `nearest_kernel` (`for (n = start_idx + thread_idx; n < end_idx; n += THREADS)`
around `for (d = 0; d < dim; d++)`) converted but did not build so. A loop without an inner loop, or
with a `while` inside, builds; lets are no shield (TileLang substitutes `m = tx * 2 + 1` into the bound).

Such a loop becomes the cursor form the lift gives grid-stride loops (lift_function.cursor_for):

    for n in T.serial(s0 + t, s1, 64):       n_cursor = s0 + t
        for d in T.serial(dim):          ->  while n_cursor < s1:
            ...                                  n = n_cursor
                                                 n_cursor = n_cursor + 64   (first: `continue` cannot skip it)
                                                 for d in T.serial(dim): ...

The iterations are the same: `For` counts up by a positive step to an exclusive stop, evaluated once
(the lift made it a `For` only when the bound is loop-invariant), and the body never assigns `n`.
The cursor is declared at the top of its region (the `Parallel` or the macro), as the lift declares
its own. In a macro, a scalar parameter depends on the thread where some call passes it such a value.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import NAMES_THE_THREAD, all_names, contains, fresh, map_parallel_bodies, nodes, statements


def thread_dependent_loops(kernel: I.Kernel) -> I.Kernel:
    if not contains(kernel, I.For):
        return kernel
    taken = all_names(kernel)
    varying_params = _varying_params(kernel)
    body = map_parallel_bodies(kernel.body, lambda region: _region_body(region, frozenset(), taken))
    macros = tuple(_macro(m, frozenset(varying_params[m.name]), taken) for m in kernel.macros)
    if body == kernel.body and macros == kernel.macros:
        return kernel
    return replace(kernel, body=body, macros=macros)


def _varying_params(kernel: I.Kernel) -> dict[str, set[str]]:
    """Per macro, its scalar parameters that some call passes a value naming the thread (TileLang
    substitutes the argument into the macro's body), to a fixed point: a macro passes its own on."""
    macros = {m.name: m for m in kernel.macros}
    varying = {name: set() for name in macros}
    changed = True
    while changed:
        changed = False
        for body, params in [(kernel.body, set())] + [(m.body, varying[m.name]) for m in kernel.macros]:
            names = _varying_names(body, frozenset(params))
            for call in (x for x in nodes(body) if isinstance(x, I.MacroCall) and x.name in macros):
                for p, a in zip(macros[call.name].params, call.args):
                    if p.kind == "scalar" and p.name not in varying[call.name] and _names_thread(a, names):
                        varying[call.name].add(p.name)
                        changed = True
    return varying


def _macro(m: I.Macro, varying_params: frozenset, taken: set[str]) -> I.Macro:
    body = _region_body(m.body, varying_params, taken)
    return m if body is m.body else replace(m, body=body)


def _region_body(body: tuple, varying_params: frozenset, taken: set[str]) -> tuple:
    """A region's statements (a Parallel's or a macro's) with its thread-dependent loops rewritten, their
    cursors declared at its top; `body` itself where nothing changes."""
    rewrite = _Rewrite(_varying_names(body, varying_params), taken)
    rewritten = rewrite.block(body)
    return tuple(rewrite.decls) + rewritten if rewrite.decls else body


def _varying_names(body, varying_params: frozenset) -> set[str]:
    """The names whose value TileLang sees with the parallel variable in it: lets of such values and
    loop variables of loops bounded by them, to a fixed point (a let may come after its use in a loop
    nest's walk)."""
    varying = set(varying_params)
    bindings = [(s.name, (s.value,)) for s in statements(body) if isinstance(s, I.Let)]
    bindings += [(s.var, (s.start, s.stop)) for s in statements(body) if isinstance(s, I.For)]
    changed = True
    while changed:
        changed = False
        for name, values in bindings:
            if name not in varying and any(_names_thread(v, varying) for v in values):
                varying.add(name)
                changed = True
    return varying


def _names_thread(e, varying: set[str]) -> bool:
    return any(isinstance(x, NAMES_THE_THREAD) or isinstance(x, I.Var) and x.name in varying for x in nodes(e))


class _Rewrite:
    def __init__(self, varying: set[str], taken: set[str]):
        self.varying, self.taken = varying, taken
        self.decls: list[I.Stmt] = []

    def block(self, stmts: tuple) -> tuple:
        out: list = []
        for s in stmts:
            out.extend(self.stmt(s))
        return tuple(out)

    def stmt(self, s) -> tuple:
        if isinstance(s, I.If):
            return (replace(s, then=self.block(s.then), other=self.block(s.other)),)
        if isinstance(s, I.While):
            return (replace(s, body=self.block(s.body)),)
        if not isinstance(s, I.For):
            return (s,)  # (no Raised yet: this pass runs before the idiom passes)
        body = self.block(s.body)
        if not (_names_thread((s.start, s.stop), self.varying) and contains(body, I.For)):
            return (replace(s, body=body),)
        dtype = s.start.dtype
        cursor = fresh(f"{s.var}_cursor", self.taken)
        self.decls.append(I.DeclVar(cursor, dtype, s.line))
        at = I.Var(cursor, dtype)
        advance = I.AssignVar(cursor, I.Binary("add", at, s.step, dtype), s.line)
        return (I.AssignVar(cursor, s.start, s.line),
                I.While(I.Binary("lt", at, s.stop, "bool"), (I.Let(s.var, at, s.line), advance) + body, s.line))
