"""Assignments (and comma operators) used as values, rewritten into statements of their own before the lift.

C lets an assignment be a value: `a = b = 0;`, `if ((n = count[i]) > 0)`, `int k = (j += 2) * 3;`,
`while ((v = next[v]) != -1)`. TileLang statements cannot; the value of `x = e` is `x` once assigned,
so the assignment moves in front of the statement that held it and the read of `x` stays:

    if ((n = count[i]) > 0) { ... }        n = count[i];
                                     ->    if (n > 0) { ... }

    a = b = 0;                      ->    b = 0; a = b;

    while ((v = next[v]) != -1) body;  ->  while (true) { v = next[v]; if (!(v != -1)) break; body; }

An assignment moves only when C evaluates it unconditionally and before the rest of the expression
would read its target: not inside the right of `&&`, `||` or `,`, nor in a branch of `?:` (there it may
not run at all: `c && (x = f())`); not a postfix `x++` (its value is the old `x`); and its target must
read back the same object (a variable, or an element whose index has no effects). Anything else is
left where it is, and the lift refuses it with its own diagnostic (C2T1202) rather than guess.
The rewrite is pure: `hoist_assignments(fn)` returns a new function and never changes its input.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.parse import cuda_ast as A


def hoist_assignments(fn: A.Function) -> A.Function:
    """`fn` with every assignment used as a value moved into a statement of its own, where that can be
    done exactly (the same object when there is none)."""
    if fn.body is None or not _has_embedded_assignment(fn.body):
        return fn
    return replace(fn, body=A.Block(_stmt(fn.body), fn.body.loc))


def _has_embedded_assignment(body) -> bool:
    """Whether an assignment sits below another expression node (`a = b = c`, `if ((x = f()) > 0)`)."""
    for n in A.walk(body):
        if isinstance(n, A.ExprStmt):
            if _embedded(_statement_operands(n.expr)):
                return True
        elif isinstance(n, (A.VarDecl, A.Return, A.If, A.While)):
            e = {A.VarDecl: "init", A.Return: "value", A.If: "cond", A.While: "cond"}[type(n)]
            if _embedded([getattr(n, e)]):
                return True
    return False


def _stmt(s: A.Stmt) -> tuple[A.Stmt, ...]:
    if isinstance(s, A.Block):
        return tuple(x for child in s.body for x in _stmt(child))
    if isinstance(s, A.If):
        s = replace(s, then=_block(s.then), other=_block(s.other) if s.other is not None else None)
    elif isinstance(s, (A.For, A.While)):
        s = replace(s, body=_block(s.body))
    return _hoist_statement(s)


def _block(s: A.Stmt) -> A.Stmt:
    out = _stmt(s)
    return out[0] if len(out) == 1 and not isinstance(s, A.Block) else A.Block(out, s.loc)


def _hoist_statement(s: A.Stmt) -> tuple[A.Stmt, ...]:
    if isinstance(s, A.ExprStmt):
        if isinstance(s.expr, A.Assign) and not s.expr.postfix:  # `a = b = c;`: the outer one is the statement
            moved, value = _hoist(s.expr.value)
            target = s.expr.target
            if isinstance(target, A.Index) and _embedded([target.index]) and not moved and _effect_free(value) \
                    and not _reads_written(value, target.index):
                # `out[n++] = v;`: C++17 evaluates `v` first, which neither changes nor reads what the
                # index writes, so the index's assignments may run before the statement
                index_moved, index = _hoist(target.index)
                if index_moved:
                    return index_moved + (A.ExprStmt(replace(s.expr, target=replace(target, index=index)), s.loc),)
            if moved:
                return moved + (A.ExprStmt(replace(s.expr, value=value), s.loc),)
            return (s,)
        if isinstance(s.expr, A.Call):  # `atomicAdd(&count[k++], 1);`
            return _with_moved(s, s.expr, lambda e: A.ExprStmt(e, s.loc))
        return (s,)  # `i++, j++`, `c && (x = 1)`, `(void)(x = 3)`: the lift's expr_stmt writes these out
    if isinstance(s, A.VarDecl) and s.init is not None:
        return _with_moved(s, s.init, lambda e: replace(s, init=e))
    if isinstance(s, A.Return) and s.value is not None:
        return _with_moved(s, s.value, lambda e: replace(s, value=e))
    if isinstance(s, A.If):
        terms = _conjuncts(s.cond)
        if s.other is None and len(terms) > 1 and _embedded(terms[1:]):
            # `if (a && (x = f()) > 0) S` is `if (a) { x = f(); if (x > 0) S }`: the right of && runs only
            # when the left holds (with an `else`, it would have to be written twice: left to the lift)
            inner = _hoist_statement(A.If(_and(terms[1:], s.cond), s.then, None, s.loc))
            return _with_moved(s, terms[0], lambda e: A.If(e, A.Block(inner, s.loc), None, s.loc)) \
                if _embedded(terms[:1]) else (A.If(terms[0], A.Block(inner, s.loc), None, s.loc),)
        return _with_moved(s, s.cond, lambda e: replace(s, cond=e))
    if isinstance(s, A.While) and not s.do_while:
        if not _embedded([s.cond]):
            return (s,)
        # evaluated before every iteration, one && term at a time (each only when the ones before it
        # held); `continue` in the body comes back to the top, as in C:
        # `while ((v = next[v]) != 0 && ++steps < 16) S` ->
        # `while (true) { v = next[v]; if (!(v != 0)) break; ++steps; if (!(steps < 16)) break; S }`
        checks: list[A.Stmt] = []
        for term in _conjuncts(s.cond):
            moved, cond = _hoist(term)
            checks += [*moved, A.If(A.UnOp("!", cond, A.Scalar("bool"), term.loc), A.Break(s.loc), None, s.loc)]
        body = A.Block(tuple(checks) + (s.body,), s.loc)
        return (A.While(A.BoolLit(True, A.Scalar("bool"), s.cond.loc), body, s.loc),)
    return (s,)


def _statement_operands(e: A.Expr) -> list[A.Expr]:
    """The parts of an expression statement whose assignments are values: an assignment's value and
    its target's index (`a[k++] = b = c;`), a call's arguments. The rest, `i++, j++;` or
    `c && (x = 1);`, the lift writes out itself."""
    if isinstance(e, A.Assign):
        return [e.value] + ([e.target.index] if isinstance(e.target, A.Index) else [])
    if isinstance(e, A.Call):
        return list(e.args)
    return []


def _conjuncts(e: A.Expr) -> list[A.Expr]:
    """`a && b && c` as [a, b, c], in evaluation order."""
    if isinstance(e, A.BinOp) and e.op == "&&":
        return _conjuncts(e.lhs) + _conjuncts(e.rhs)
    return [e]


def _and(terms: list[A.Expr], like: A.Expr) -> A.Expr:
    out = terms[0]
    for t in terms[1:]:
        out = A.BinOp("&&", out, t, like.type, t.loc)
    return out


def _embedded(exprs) -> bool:
    """Whether an assignment or a comma operator is used as a value in `exprs`."""
    return any(isinstance(n, A.Assign) or isinstance(n, A.BinOp) and n.op == "," for e in exprs for n in A.walk(e))


def _with_moved(s: A.Stmt, e: A.Expr, rebuild) -> tuple[A.Stmt, ...]:
    moved, value = _hoist(e)
    return moved + (rebuild(value),) if moved else (s,)


def _hoist(e: A.Expr) -> tuple[tuple[A.Stmt, ...], A.Expr]:
    """(assignments to run first, in C's order; `e` reading their targets instead)."""
    moved: list[A.Stmt] = []
    rewritten = _visit(e, moved)
    return tuple(moved), rewritten


def _visit(e, moved: list[A.Stmt]):
    if isinstance(e, A.Assign) and e.postfix:
        # `x++` as a value is the old `x`: kept in a variable of its own before the increment runs
        # (`int k = j++;` -> `int j_before = j; j++; int k = j_before;`). Only scalars: a copy of a
        # pointer would follow its offset variable, not keep the old position.
        if not (_rereadable(e.target) and isinstance(e.target.type, A.Scalar)):
            return e
        before = A.VarRef(f"{_stem(e.target)}_before", f"__c2t_before@{e.loc.line}:{e.loc.col}", e.target.type,
                          e.loc)
        moved += [A.VarDecl(before.name, before.decl, e.target.type, e.target, e.loc), A.ExprStmt(e, e.loc)]
        return before
    if isinstance(e, A.Assign):
        if not _rereadable(e.target):
            return e  # left for the lift to refuse: its value is not a plain re-read of the target
        inner = _visit(e.value, moved)  # `a = (b = c)`: b's assignment runs first
        moved.append(A.ExprStmt(replace(e, value=inner), e.loc))
        return e.target
    if isinstance(e, A.BinOp) and e.op == ",":
        # `(j = i + 1, x[j])` as a value: the left runs first, as a statement; the value is the right's
        moved.append(A.ExprStmt(e.lhs, e.lhs.loc))
        return _visit(e.rhs, moved)
    if isinstance(e, A.BinOp) and e.op in ("&&", "||"):
        return replace(e, lhs=_visit(e.lhs, moved))  # the right side may not run
    if isinstance(e, A.Conditional):
        return replace(e, cond=_visit(e.cond, moved))
    if isinstance(e, (A.BinOp, A.UnOp, A.Cast, A.Index, A.Member, A.Call)):
        fields = {f: getattr(e, f) for f in e.__dataclass_fields__ if f not in ("type", "loc")}
        changed = {}
        for name, value in fields.items():
            if isinstance(value, tuple):
                new = tuple(_visit(x, moved) if _is_expr(x) else x for x in value)
            elif _is_expr(value):
                new = _visit(value, moved)
            else:
                continue
            if new is not value:
                changed[name] = new
        return replace(e, **changed) if changed else e
    return e


def _stem(target: A.Expr) -> str:
    while not isinstance(target, A.VarRef):
        target = target.operand if isinstance(target, A.UnOp) else target.base
    return target.name


def _is_expr(x) -> bool:
    return hasattr(x, "__dataclass_fields__") and hasattr(x, "type") and hasattr(x, "loc")


def _rereadable(target: A.Expr) -> bool:
    """Reading `target` again gives the object just assigned: a variable, or an element or field whose
    index has no effects (`a[i] = v` yes, `a[i++] = v` or `a[f()] = v` no)."""
    if isinstance(target, A.VarRef):
        return True
    if isinstance(target, A.Index):
        return _rereadable(target.base) and _effect_free(target.index)
    if isinstance(target, A.Member):
        return _rereadable(target.base)
    if isinstance(target, A.UnOp) and target.op == "*":
        return _effect_free(target.operand)
    return False


def _reads_written(e: A.Expr, writer: A.Expr) -> bool:
    """Whether `e` reads a variable an assignment inside `writer` writes."""
    written = {n.target.decl for n in A.walk(writer) if isinstance(n, A.Assign) and isinstance(n.target, A.VarRef)}
    return any(isinstance(n, A.VarRef) and n.decl in written for n in A.walk(e))


def _effect_free(e) -> bool:
    return not any(isinstance(n, (A.Assign, A.Call)) for n in A.walk(e))
