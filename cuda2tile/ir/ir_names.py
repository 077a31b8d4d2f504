"""The one walker and rewriter of IR trees, and queries built on them: the names a piece of IR uses
(so that passes can introduce fresh ones without clashes), and whether it contains a kind of node.

    nodes(e)            every node, itself first, depth first (expressions and statements)
    statements(body)    every statement, entering only the bodies of If, For, While and Parallel
    map_children(e, f)  `e` rebuilt with `f` applied to each child
    map_parallel_bodies(body, f)  `body` with each Parallel region's statements rebuilt by `f`
    is_body(c)          whether a child is a list of statements (a branch, a loop's body), not an expression
"""

from __future__ import annotations

from dataclasses import fields, replace

from cuda2tile.ir import tile_ir as I

_NAMED = (I.Var, I.Let, I.AssignVar, I.DeclVar, I.DeclLocal, I.DeclShared, I.DeclPrivate, I.PrivateStore,
          I.PrivateLoad, I.ScalarParam, I.BufferParam, I.Macro, I.MacroParam)


def all_names(node, out: set[str] | None = None) -> set[str]:
    out = set() if out is None else out
    for x in nodes(node):
        if isinstance(x, _NAMED):
            out.add(x.name)
        if isinstance(x, (I.Load, I.Store, I.AtomicRMW, I.BufferArg, I.ElementAddress)):
            out.add(x.buffer)
        if isinstance(x, I.TileCopy):
            out.update((x.buffer, x.shared))
        if isinstance(x, I.For):
            out.add(x.var)
        if isinstance(x, I.BufferParam):
            out.add(x.length)
    return out


def fresh(stem: str, taken: set[str]) -> str:
    name, n = stem, 1
    while name in taken:
        name, n = f"{stem}_{n}", n + 1
    taken.add(name)
    return name


# expressions with effects beyond reading memory: never evaluated twice, nor where C might not evaluate them
EFFECTS = (I.AtomicRMW, I.MacroCall, I.WarpShuffle, I.WarpVote)
# expressions that read memory or have effects: never recomputed or hoisted by the passes
IMPURE = (I.Load, I.PrivateLoad) + EFFECTS
# expressions TileLang prints with the T.Parallel variable in them (`tx`, `v[tx]` of a privatised value, a
# warp exchange's lane): the passes that work around TileLang's checks on that variable look for these
NAMES_THE_THREAD = (I.ThreadIdx, I.LinearThreadIdx, I.PrivateLoad, I.WarpShuffle, I.WarpVote)


def nodes(node):
    """Every IR node in `node` (a node or a tuple of them), itself first, depth first. Walked with a
    stack, not recursively: expressions nest as deep as the front end allows (a sum of 250 terms under
    60 `if`s), and each level of a recursive generator costs a Python frame on every item."""
    stack = [node]
    while stack:
        x = stack.pop()
        if isinstance(x, tuple):
            stack.extend(reversed(x))
        elif hasattr(x, "__dataclass_fields__"):
            yield x
            stack.extend(reversed([getattr(x, f.name) for f in fields(x)]))


_CONTROL = (I.If, I.For, I.While, I.Parallel)


def statements(node):
    """Every statement in `node` (a statement or a tuple of them) and in the bodies of its If, For,
    While and Parallel, itself first, depth first. Expressions are not entered (an If's condition is
    yielded as it stands, never its parts), nor are other statements' (a Raised's forms)."""
    if isinstance(node, tuple):
        for x in node:
            yield from statements(x)
    elif hasattr(node, "__dataclass_fields__"):
        yield node
        if isinstance(node, _CONTROL):
            for f in fields(node):
                yield from statements(getattr(node, f.name))


def contains(node, kinds) -> bool:
    """Whether `node` (an IR node or a tuple of them) holds a node of one of `kinds`, at any depth."""
    return any(isinstance(x, kinds) for x in nodes(node))


def map_children(node, fn):
    """`node` rebuilt with `fn` applied to each IR child (a node or a tuple); a None from `fn` fails the
    whole rebuild (None). Names, numbers and constants are kept: map_children(x + 1, f) = f(x) + f(1)."""
    if isinstance(node, tuple):
        out = tuple(fn(x) for x in node)
        return None if any(x is None for x in out) else out
    if not hasattr(node, "__dataclass_fields__") or isinstance(node, I.Const):
        return node
    changes = {}
    for f in fields(node):
        value = getattr(node, f.name)
        if isinstance(value, tuple) or hasattr(value, "__dataclass_fields__"):
            new = fn(value)
            if new is None:
                return None
            changes[f.name] = new
    return replace(node, **changes)


_STATEMENTS = tuple(I.Stmt.__args__)


def is_body(c) -> bool:
    """Whether a child of a statement is a list of statements (an If's branches, a loop's body), not an
    expression: a pass rewriting `map_children(s, ...)` treats the two apart."""
    return isinstance(c, tuple) and any(isinstance(x, _STATEMENTS) for x in c)


def map_parallel_bodies(stmts: tuple, fn) -> tuple:
    """`stmts` with each Parallel region's body replaced by `fn(body)`, also the regions inside the uniform
    loops and branches that enclose phases (fps_kernel's `for (m = ...)` around its barriers)."""
    out = []
    for s in stmts:
        if isinstance(s, I.Parallel):
            s = replace(s, body=fn(s.body))
        elif isinstance(s, I.If):
            s = replace(s, then=map_parallel_bodies(s.then, fn), other=map_parallel_bodies(s.other, fn))
        elif isinstance(s, (I.For, I.While)):
            s = replace(s, body=map_parallel_bodies(s.body, fn))
        out.append(s)
    return tuple(out)


def raised_idioms(kernel: I.Kernel) -> list[str]:
    """The idioms raised in `kernel` (names of op_coverage.IDIOMS), sorted, each once."""
    return sorted({x.idiom for x in nodes(kernel.body) if isinstance(x, I.Raised)})
