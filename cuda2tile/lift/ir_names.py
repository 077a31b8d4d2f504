"""Queries over IR trees shared by the passes: the names a piece of IR uses (so that passes can
introduce fresh ones without clashes), and whether it contains a kind of node."""

from __future__ import annotations

from dataclasses import fields

from cuda2tile.lift import tile_ir as I

_NAMED = (I.Var, I.Let, I.AssignVar, I.DeclVar, I.DeclLocal, I.DeclShared, I.DeclPrivate, I.PrivateStore,
          I.PrivateLoad, I.ScalarParam, I.BufferParam, I.Macro, I.MacroParam)


def all_names(node, out: set[str] | None = None) -> set[str]:
    out = set() if out is None else out
    if isinstance(node, _NAMED):
        out.add(node.name)
    if isinstance(node, (I.Load, I.Store, I.AtomicRMW, I.BufferArg)):
        out.add(node.buffer)
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


def contains(node, kinds) -> bool:
    """Whether `node` (an IR node or a tuple of them) holds a node of one of `kinds`, at any depth."""
    if isinstance(node, kinds):
        return True
    if isinstance(node, tuple):
        return any(contains(x, kinds) for x in node)
    if hasattr(node, "__dataclass_fields__"):
        return any(contains(getattr(node, f.name), kinds) for f in fields(node))
    return False


def raised_idioms(kernel: I.Kernel) -> list[str]:
    """The idioms raised in `kernel` (names of op_coverage.IDIOMS), sorted, each once."""
    found: set[str] = set()

    def visit(node) -> None:
        if isinstance(node, I.Raised):
            found.add(node.idiom)
        if isinstance(node, tuple):
            for x in node:
                visit(x)
        elif isinstance(node, (I.If, I.For, I.While, I.Parallel, I.Raised)):
            for f in fields(node):
                visit(getattr(node, f.name))

    visit(kernel.body)
    return sorted(found)
