"""Pass: remove early returns by guarding the statements that follow them.

    if (i >= n) return;  rest            ->  if not (i >= n): rest
    if (c) { a; return x; } b; return y  ->  if c: a; r = x  else: b; r = y;  return r

Returns may sit at any depth of `If` nesting (the lift rejects returns inside loops). Statements
after a branch that can fall through are copied into it, so each path keeps its own order.
After the pass a kernel has no `Return`, and a macro has at most one, as its last statement.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.lift import tile_ir as I
from cuda2tile.lift.ir_names import all_names, fresh
from cuda2tile.lift.uniformity import expr_uniform, uniform_variables

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


def _structure(stmts: tuple[I.Stmt, ...]) -> tuple[I.Stmt, ...]:
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
            out.append(replace(s, then=_structure(then), other=_structure(other)))
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


def _negate_empty_then(stmts: tuple[I.Stmt, ...]) -> tuple[I.Stmt, ...]:
    """`if c: (nothing) else: body` reads better as `if not c: body`."""
    out = []
    for s in stmts:
        if isinstance(s, I.If):
            s = replace(s, then=_negate_empty_then(s.then), other=_negate_empty_then(s.other))
            if not s.then and s.other:
                s = I.If(I.Unary("not", s.cond, "bool"), s.other, (), s.line)
            if not s.then and not s.other:
                continue
        out.append(s)
    return tuple(out)


def eliminate_early_returns(body: tuple[I.Stmt, ...], result_dtype: str, result_name: str | None = None
                            ) -> tuple[I.Stmt, ...]:
    if not _has_return(body):
        return body
    structured = _structure(body)
    if result_dtype == "void":
        return _negate_empty_then(_drop_returns(structured, None, result_dtype))
    last = structured[-1] if structured else None
    if isinstance(last, I.Return) and not _has_return(structured[:-1]):
        return structured  # a single exit at the end: `return value` stays as it is
    name = result_name or fresh(RESULT, _names(structured))
    body = (I.DeclVar(name, result_dtype),) + _drop_returns(structured, name, result_dtype)
    return _negate_empty_then(body) + (I.Return(I.Var(name, result_dtype)),)


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


ACTIVE = "active"


def _contains(node, kind) -> bool:
    if isinstance(node, kind):
        return True
    if isinstance(node, tuple):
        return any(_contains(x, kind) for x in node)
    if isinstance(node, (I.If, I.For, I.While)):
        return any(_contains(getattr(node, f), kind) for f in node.__dataclass_fields__)
    return False


def _guard(stmts: tuple[I.Stmt, ...], active: I.Expr) -> tuple[I.Stmt, ...]:
    """Run `stmts` only in threads that have not returned, keeping barriers (and the block-level
    control around them) outside the guard so that every thread still reaches them."""
    out: list[I.Stmt] = []
    run: list[I.Stmt] = []

    def flush():
        if run:
            out.append(I.If(active, tuple(run), (), run[0].line))
            run.clear()

    for s in stmts:
        if not _contains(s, I.Barrier):
            run.append(s)
            continue
        flush()
        if isinstance(s, I.If):
            out.append(replace(s, then=_guard(s.then, active), other=_guard(s.other, active)))
        elif isinstance(s, (I.For, I.While)):
            out.append(replace(s, body=_guard(s.body, active)))
        else:
            out.append(s)
    flush()
    return tuple(out)


def _with_active_flag(body: tuple[I.Stmt, ...], flag: str, uniform: set[str]) -> tuple[I.Stmt, ...]:
    """Early returns before barriers: a returned thread clears its `active` flag, and everything
    after the return runs under `if active:`; the thread still takes part in the barriers, as an
    exited CUDA thread does not hold the others back. A block-uniform `if (c) return;` (the whole
    block leaves) simply guards the rest: `if not c: rest`."""
    active = I.Var(flag, "bool")
    for k, s in enumerate(body):
        if (isinstance(s, I.If) and s.then and isinstance(s.then[-1], I.Return) and not s.other
                and not _contains(s.then[:-1], I.Return) and expr_uniform(s.cond, uniform)):
            rest = _with_active_flag(body[k + 1:], flag, uniform)
            keep = (I.If(s.cond, s.then[:-1], (), s.line),) if s.then[:-1] else ()
            return body[:k] + keep + (I.If(I.Unary("not", s.cond, "bool"), rest, (), s.line),)
        if _contains(s, I.Return):
            # `_structure` makes each return the last statement of its path; it then clears the flag
            head = _replace_returns_with_clear(_structure((s,)), flag)
            rest = body[k + 1:]
            if _contains(rest, I.Return):
                rest = _with_active_flag(rest, flag, uniform)
            return body[:k] + _negate_empty_then(head) + _guard(rest, active)
    return body


def _uses(node, name: str) -> bool:
    return name in all_names(node)


def _replace_returns_with_clear(stmts, flag: str):
    out = []
    for s in stmts:
        if isinstance(s, I.Return):
            out.append(I.AssignVar(flag, I.Const(False, "bool"), s.line))
        elif isinstance(s, I.If):
            out.append(replace(s, then=_replace_returns_with_clear(s.then, flag),
                               other=_replace_returns_with_clear(s.other, flag)))
        else:
            out.append(s)
    return tuple(out)


def eliminate_kernel_returns(kernel: I.Kernel) -> I.Kernel:
    """The pass over a kernel: early returns of its per-thread region become guards (or, before
    barriers, an `active` flag)."""
    body = []
    for s in kernel.body:
        if isinstance(s, I.Parallel) and _contains(s.body, I.Return):
            if _contains(s.body, I.Barrier):
                flag = fresh(ACTIVE, all_names(kernel))
                decls = tuple(x for x in s.body if isinstance(x, I.DeclVar))
                rest = tuple(x for x in s.body if not isinstance(x, I.DeclVar))
                params = {p.name for p in kernel.params if isinstance(p, I.ScalarParam)}
                body_out = _with_active_flag(rest, flag, uniform_variables(rest, params))
                if _uses(body_out, flag):
                    decls += (I.DeclVar(flag, "bool"), I.AssignVar(flag, I.Const(True, "bool")))
                s = replace(s, body=decls + body_out)
            else:
                s = replace(s, body=eliminate_early_returns(s.body, "void"))
        body.append(s)
    return replace(kernel, body=tuple(body))
