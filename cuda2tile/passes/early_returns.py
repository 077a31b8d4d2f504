"""Early returns as guards: the statements after a return run only where it was not taken.

    if (i >= n) return;  rest            ->  if not (i >= n): rest
    if (c) { a; return x; } b; return y  ->  if c: a; r = x  else: b; r = y;  return r

Returns may sit at any depth of `If` nesting (the lift rejects returns inside loops). Statements
after a branch that can fall through are copied into it, so each path keeps its own order.
Afterwards a body has no `Return`, or, for a function with a value, one, as its last statement.
The lift applies it to each `__device__` function it lifts (a macro or an inlined body); the pass
`eliminate_early_returns` to a kernel's per-thread region.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import fresh

RESULT = "result"


def _has_return(stmts: tuple[I.Stmt, ...]) -> bool:
    for s in stmts:
        if isinstance(s, I.Return):
            return True
        if isinstance(s, I.If) and (_has_return(s.then) or _has_return(s.other)):
            return True
    return False


def _always_returns(stmts: tuple[I.Stmt, ...]) -> bool:
    for s in stmts:
        if isinstance(s, I.Return):
            return True
        if isinstance(s, I.If) and _always_returns(s.then) and _always_returns(s.other):
            return True
    return False


def structure_returns(stmts: tuple[I.Stmt, ...]) -> tuple[I.Stmt, ...]:
    """Rewrite so that every Return is the last statement of its path (no statement follows it)."""
    out: list[I.Stmt] = []
    for k, s in enumerate(stmts):
        if isinstance(s, I.Return):
            out.append(s)
            return tuple(out)
        if isinstance(s, I.If) and (_has_return(s.then) or _has_return(s.other)):
            rest = stmts[k + 1:]
            then = s.then if _always_returns(s.then) else s.then + rest
            other = s.other if _always_returns(s.other) else s.other + rest
            out.append(replace(s, then=structure_returns(then), other=structure_returns(other)))
            return tuple(out)
        out.append(s)
    return tuple(out)


def _drop_returns(stmts: tuple[I.Stmt, ...], result: str | None, dtype: str) -> tuple[I.Stmt, ...]:
    out: list[I.Stmt] = []
    for s in stmts:
        if isinstance(s, I.Return):
            if result is not None and s.value is not None:
                out.append(I.AssignVar(result, s.value, s.line))
        elif isinstance(s, I.If):
            out.append(replace(s, then=_drop_returns(s.then, result, dtype), other=_drop_returns(s.other, result, dtype)))
        else:
            out.append(s)
    return tuple(out)


def negate_empty_then(stmts: tuple[I.Stmt, ...]) -> tuple[I.Stmt, ...]:
    """`if c: (nothing) else: body` reads better as `if not c: body`."""
    out = []
    for s in stmts:
        if isinstance(s, I.If):
            s = replace(s, then=negate_empty_then(s.then), other=negate_empty_then(s.other))
            if not s.then and s.other:
                s = I.If(I.Unary("not", s.cond, "bool"), s.other, (), s.line)
            if not s.then and not s.other:
                continue
        out.append(s)
    return tuple(out)


def guard_early_returns(body: tuple[I.Stmt, ...], result_dtype: str, result_name: str | None = None
                        ) -> tuple[I.Stmt, ...]:
    """`body` (a kernel's per-thread region or a function's) without early returns: the statements after
    one run under the negated condition; a function's value travels in a result variable, returned once
    at the end (`result_name`, else a fresh `result`)."""
    if not _has_return(body):
        return body
    structured = structure_returns(body)
    if result_dtype == "void":
        return negate_empty_then(_drop_returns(structured, None, result_dtype))
    last = structured[-1] if structured else None
    if isinstance(last, I.Return) and not _has_return(structured[:-1]):
        return structured  # a single exit at the end: `return value` stays as it is
    name = result_name or fresh(RESULT, _names(structured))
    body = (I.DeclVar(name, result_dtype),) + _drop_returns(structured, name, result_dtype)
    return negate_empty_then(body) + (I.Return(I.Var(name, result_dtype)),)


def _names(stmts) -> set[str]:
    names: set[str] = set()
    for s in stmts:
        if isinstance(s, (I.Let, I.DeclVar, I.DeclLocal, I.AssignVar)):
            names.add(s.name)
        if isinstance(s, I.If):
            names |= _names(s.then) | _names(s.other)
        if isinstance(s, (I.For, I.While)):
            names |= _names(s.body)
    return names
