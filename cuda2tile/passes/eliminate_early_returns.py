"""Pass: remove a kernel's early returns by guarding the statements that follow them.

    if (i >= n) return;  rest            ->  if not (i >= n): rest       (early_returns.py)

Before a barrier every thread must still arrive, so there a returning thread clears an `active`
flag instead and the statements after the return run under `if active:`, barriers outside it:

    if (i >= n) return;                      active = True
    sh[t] = x[i];                        ->  if i >= n: active = False
    __syncthreads();                         if active: sh[t] = x[i]
                                             T.sync_threads()

After the pass a kernel has no `Return` (the lift has already removed those of the functions it
calls).
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.passes.early_returns import guard_early_returns, negate_empty_then, structure_returns
from cuda2tile.ir.ir_names import all_names, fresh
from cuda2tile.ir.uniformity import expr_uniform, uniform_variables

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
            # `structure_returns` makes each return the last statement of its path; it then clears the flag
            head = _replace_returns_with_clear(structure_returns((s,)), flag)
            rest = body[k + 1:]
            if _contains(rest, I.Return):
                rest = _with_active_flag(rest, flag, uniform)
            return body[:k] + negate_empty_then(head) + _guard(rest, active)
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


def eliminate_early_returns(kernel: I.Kernel) -> I.Kernel:
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
                s = replace(s, body=guard_early_returns(s.body, "void"))
        body.append(s)
    return replace(kernel, body=tuple(body))
