"""Pass: a long `if / else if / ... / else` chain becomes one choice and a flat run of `if`s.

TileLang's eager front end turns each `if` into two nested Python `for` blocks (`ctx_if`, then
`ctx_then` or `ctx_else`), and CPython compiles at most 20 statically nested blocks in one function.
So an else-if chain of about nine arms, as darknet's `activate_kernel` (a `switch` over 14
activations, lifted as an if chain) or any long `else if` ladder writes, converted but did not build:
"SyntaxError: too many statically nested blocks". A chain of `MIN_ARMS` arms or more is rewritten as

    if (a == LINEAR) r = x;            branch = T.alloc_var("int32")
    else if (a == LOGISTIC) r = f(x);  branch = T.if_then_else(a == 3, 0, T.if_then_else(a == 0, 1, 2))
                                       if branch == 0: r = x
    else r = 0;                     -> if branch == 1: r = f(x)
                                       if branch == 2: r = 0

The conditions are evaluated as C evaluates them, in order and each only where the ones before it
were false (`T.if_then_else` is lazy on every back end), and before any arm runs, as in C. `branch`
is a fresh name no arm assigns, so exactly one arm runs. A chain whose conditions call a `__device__` function, an
atomic or a warp exchange stays nested: TileLang traces a macro's statements whatever the condition
around it (docs/difftest.md, finding 4), and the others must not be moved into a choice.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import EFFECTS, all_names, contains, fresh

MIN_ARMS = 4  # arms of a chain, its final `else` included, from which it is flattened


def flatten_else_if_chains(kernel: I.Kernel) -> I.Kernel:
    taken = all_names(kernel)
    body = _block(kernel.body, taken)
    macros = tuple(replace(m, body=_block(m.body, taken)) for m in kernel.macros)
    if body == kernel.body and macros == kernel.macros:
        return kernel
    return replace(kernel, body=body, macros=macros)


def _block(stmts: tuple, taken: set[str]) -> tuple:
    out = []
    for s in stmts:
        out.extend(_stmt(s, taken))
    return tuple(out)


def _stmt(s, taken: set[str]) -> tuple:
    if isinstance(s, I.If):
        arms, last = _chain(s)
        if len(arms) + (1 if last else 0) >= MIN_ARMS and not any(contains(c, EFFECTS) for c, _, _ in arms):
            return _flat(arms, last, taken)
        return (replace(s, then=_block(s.then, taken), other=_block(s.other, taken)),)
    if isinstance(s, (I.For, I.While, I.Parallel)):
        return (replace(s, body=_block(s.body, taken)),)
    return (s,)  # (a Raised comes later: this pass runs before the idiom passes)


def _chain(s: I.If):
    """([(condition, then, line), ...], the final else's statements)."""
    arms = []
    while True:
        arms.append((s.cond, s.then, s.line))
        if len(s.other) == 1 and isinstance(s.other[0], I.If):
            s = s.other[0]
        else:
            return arms, s.other


def _flat(arms: list, last: tuple, taken: set[str]) -> tuple:
    branch = I.Var(fresh("branch", taken), "int32")
    choice: I.Expr = I.i32(len(arms))
    for k in range(len(arms) - 1, -1, -1):
        choice = I.Select(arms[k][0], I.i32(k), choice, "int32")
    # a variable, not a let: TVM's Simplify substitutes a let into each of its uses, and this choice is read
    # by every arm (a 13-case switch in a `__device__` function, where materialize_repeated_values leaves
    # lets alone, took 888 s to build as a let and 4.6 s as a variable)
    out = [I.DeclVar(branch.name, "int32", arms[0][2]), I.AssignVar(branch.name, choice, arms[0][2])]
    for k, (_, then, line) in enumerate(arms):
        out.append(I.If(I.Binary("eq", branch, I.i32(k), "bool"), _block(then, taken), (), line))
    if last:
        out.append(I.If(I.Binary("eq", branch, I.i32(len(arms)), "bool"), _block(last, taken), (), 0))
    return tuple(out)
