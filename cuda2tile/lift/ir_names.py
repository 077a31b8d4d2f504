"""Queries over IR trees shared by the passes: the names a piece of IR uses (so that passes can
introduce fresh ones without clashes), and whether it contains a kind of node."""

from __future__ import annotations

from dataclasses import fields, replace

from cuda2tile.lift import tile_ir as I

_NAMED = (I.Var, I.Let, I.AssignVar, I.DeclVar, I.DeclLocal, I.DeclShared, I.DeclPrivate, I.PrivateStore,
          I.PrivateLoad, I.ScalarParam, I.BufferParam, I.Macro, I.MacroParam)


def all_names(node, out: set[str] | None = None) -> set[str]:
    out = set() if out is None else out
    if isinstance(node, _NAMED):
        out.add(node.name)
    if isinstance(node, (I.Load, I.Store, I.AtomicRMW, I.BufferArg)):
        out.add(node.buffer)
    if isinstance(node, I.TileCopy):
        out.update((node.buffer, node.shared))
    if isinstance(node, I.For):
        out.add(node.var)
    if isinstance(node, I.BufferParam):
        out.add(node.length)
    if isinstance(node, tuple):
        for x in node:
            all_names(x, out)
    elif hasattr(node, "__dataclass_fields__"):
        for f in fields(node):
            all_names(getattr(node, f.name), out)
    return out


def fresh(stem: str, taken: set[str]) -> str:
    name, n = stem, 1
    while name in taken:
        name, n = f"{stem}_{n}", n + 1
    taken.add(name)
    return name


# expressions that read memory or have effects: never recomputed or hoisted by the passes
IMPURE = (I.Load, I.AtomicRMW, I.MacroCall, I.WarpShuffle, I.WarpVote, I.PrivateLoad)


def nodes(node):
    """Every IR node in `node` (a node or a tuple of them), itself first, depth first."""
    if isinstance(node, tuple):
        for x in node:
            yield from nodes(x)
    elif hasattr(node, "__dataclass_fields__"):
        yield node
        for f in fields(node):
            yield from nodes(getattr(node, f.name))


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


def raised_idioms(kernel: I.Kernel) -> list[str]:
    """The idioms raised in `kernel` (names of op_coverage.IDIOMS), sorted, each once."""
    return sorted({x.idiom for x in nodes(kernel.body) if isinstance(x, I.Raised)})
