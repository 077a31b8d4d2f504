"""Thread-variance analysis: which values are the same for every thread of a block.

Uniform: constants, blockIdx, blockDim, gridDim, kernel parameters, loads at uniform addresses
(e.g. `s_total[0]` after a barrier: every thread reads the same element), and variables whose
every assignment stores a uniform value under uniform control. Everything derived from threadIdx
(or from atomics, whose result differs per thread) is thread-dependent. Variables are resolved by
a fixed point: start by assuming every variable uniform, and demote until nothing changes.

Example: in `for (int s = blockDim.x / 2; s > 0; s >>= 1) { if (tid < s) ...; __syncthreads(); }`
the loop's cursor `s` is uniform, so the barrier in its body may stay in a block-level loop.
"""

from __future__ import annotations

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import nodes, statements

_THREAD_DEPENDENT = (I.ThreadIdx, I.LinearThreadIdx, I.AtomicRMW, I.WarpShuffle, I.WarpVote, I.PrivateLoad)


def expr_uniform(e, uniform_vars: set[str]) -> bool:
    return not any(isinstance(x, _THREAD_DEPENDENT) or isinstance(x, I.Var) and x.name not in uniform_vars
                   for x in nodes(e))


def _assignments(stmts, control_uniform, out: list) -> None:
    """(name, value or None, enclosing control conditions) for every definition of a variable."""
    for s in stmts:
        if isinstance(s, (I.Let, I.AssignVar)):
            out.append((s.name, s.value, control_uniform))
        elif isinstance(s, I.If):
            _assignments(s.then, control_uniform + (s.cond,), out)
            _assignments(s.other, control_uniform + (s.cond,), out)
        elif isinstance(s, I.For):
            out.append((s.var, (s.start, s.stop, s.step), control_uniform))
            _assignments(s.body, control_uniform + ((s.start, s.stop, s.step),), out)
        elif isinstance(s, I.While):
            _assignments(s.body, control_uniform + (s.cond,), out)
        elif isinstance(s, I.Parallel):
            _assignments(s.body, control_uniform, out)


def uniform_variables(body: tuple[I.Stmt, ...], params: set[str]) -> set[str]:
    """Names of the variables (including loop variables) whose value every thread of a block shares."""
    definitions: list = []
    _assignments(body, (), definitions)
    uniform = set(params) | {name for name, _, _ in definitions}
    changed = True
    while changed:
        changed = False
        for name, value, conditions in definitions:
            if name in uniform and not (expr_uniform(value, uniform) and expr_uniform(conditions, uniform)):
                uniform.discard(name)
                changed = True
    return uniform


def contains_barrier(node) -> bool:
    return any(isinstance(s, I.Barrier) for s in statements(node))


def barrier_lines(node) -> list[tuple[str, int]]:
    return [(s.kind, s.line) for s in statements(node) if isinstance(s, I.Barrier)]
