"""An assignment to a conditional lvalue, rewritten into an `if` before the function is lifted.

C++ lets `?:` pick which variable an assignment writes; mmcv's bias_act writes

    ((G == 0) ? x : xref) += b;           ->      if (G == 0) x += b; else xref += b;

A statement of that form becomes the `if` a programmer would write, so every later analysis (which
variables are written, which references write back) sees two ordinary assignments. Only when the
condition and the value have no effect (no assignment, no call): C++17 evaluates the value first,
then the condition, and once each; with neither doing anything, the `if` evaluates them the same.
Any other form stays as written and is refused where it is lifted. The rewrite is pure:
`conditional_lvalues(fn)` returns a new function (the same object when nothing changes).
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.parse import cuda_ast as A


def conditional_lvalues(fn: A.Function) -> A.Function:
    if fn.body is None or not any(isinstance(n, A.Assign) and isinstance(n.target, A.Conditional)
                                  for n in A.walk(fn.body)):
        return fn
    return replace(fn, body=_stmt(fn.body))


def _quiet(e: A.Expr) -> bool:
    return not any(isinstance(n, (A.Assign, A.Call)) for n in A.walk(e))


def _split(e: A.Assign, loc: A.Loc) -> A.Stmt | None:
    target = e.target
    if not isinstance(target, A.Conditional) or not (_quiet(target.cond) and _quiet(e.value)):
        return None
    then, other = replace(e, target=target.then), replace(e, target=target.other)
    return A.If(target.cond, _split(then, loc) or A.ExprStmt(then, loc), _split(other, loc) or A.ExprStmt(other, loc),
                loc)


def _stmt(s):
    if s is None:
        return None
    if isinstance(s, A.ExprStmt) and isinstance(s.expr, A.Assign):
        return _split(s.expr, s.loc) or s
    if isinstance(s, A.Block):
        return replace(s, body=tuple(_stmt(x) for x in s.body))
    if isinstance(s, A.If):
        return replace(s, then=_stmt(s.then), other=_stmt(s.other))
    if isinstance(s, A.For):
        return replace(s, init=_stmt(s.init), body=_stmt(s.body))
    if isinstance(s, A.While):
        return replace(s, body=_stmt(s.body))
    return s
