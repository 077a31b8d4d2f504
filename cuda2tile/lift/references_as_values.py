"""Reference parameters a function never writes, read as the values they refer to.

`__device__ float tap(const float*& row, const float& w, int k) { return row[k] * w; }` binds `row`
and `w` to its caller's objects, but reads them only: by reference or by value, it computes the same.
So before the lift, such a parameter takes the type it refers to, and the call passes the value:

    const float*& row   ->   const float* row        (a pointer copy: `row[k]` reads the same element)
    const float& w      ->   const float w

A reference the function writes (`acc += v` of `float& acc`, `p = p + 1` of `float*& p`), or whose
address it takes (`&acc`), stays a reference: the caller's object must change too, and the lift
refuses it naming the parameter. The rewrite is pure: `references_as_values(fn)` returns a new
function (the same object when no parameter changes).
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.parse import cuda_ast as A


def references_as_values(fn: A.Function) -> A.Function:
    if not any(isinstance(p.type, A.Reference) for p in fn.params):
        return fn
    written = written_or_addressed(fn.body)
    params = tuple(replace(p, type=p.type.referred)
                   if isinstance(p.type, A.Reference) and p.type.referred is not None
                   and not isinstance(p.type.referred, A.Reference) and p.decl not in written else p
                   for p in fn.params)
    return replace(fn, params=params) if params != fn.params else fn


def written_or_addressed(body) -> set[str]:
    """Variables an assignment rebinds (`x = ...`, `x += ...`, `x++`, `s.f = ...`) or whose address is
    taken (`&x`, `&s.f`): through a reference, each would reach the caller's object."""
    found: set[str] = set()
    for n in A.walk(body):
        target = n.target if isinstance(n, A.Assign) else n.operand if isinstance(n, A.UnOp) and n.op == "&" \
            else None
        while isinstance(target, A.Member):
            target = target.base
        if isinstance(target, A.Index) and isinstance(n, A.UnOp):
            target = None  # `&row[k]` takes the address of an element, not of `row`
        if isinstance(target, A.VarRef):
            found.add(target.decl)
    return found
