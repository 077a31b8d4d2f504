"""Reference parameters a function never writes, read as the values they refer to.

`__device__ float tap(const float*& row, const float& w, int k) { return row[k] * w; }` binds `row`
and `w` to its caller's objects, but reads them only: by reference or by value, it computes the same.
So before the lift, such a parameter takes the type it refers to, and the call passes the value:

    const float*& row   ->   const float* row        (a pointer copy: `row[k]` reads the same element)
    const float& w      ->   const float w

A reference the function writes (`acc += v` of `float& acc`, `p = p + 1` of `float*& p`), or whose
address it takes (`&acc`), or that it passes on to a reference parameter another `__device__` function
writes, stays a reference: the caller's object must change too, and the lift writes through it or
refuses it naming the parameter. The last case is mmcv's `check_pt_in_box3d(pt, box, T& local_x,
T& local_y)`, which writes `local_x` only through `lidar_to_local_coords(..., local_x, local_y)`: read
as a value, the caller's `local_x` stayed 0 and the kernel converted with wrong voxel indices. The
rewrite is pure: `references_as_values(fn, functions)` returns a new function (the same object when no
parameter changes).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from cuda2tile.parse import cuda_ast as A


def references_as_values(fn: A.Function, functions: Mapping[str, A.Function] | None = None) -> A.Function:
    """`functions`: the `__device__` functions by name (as written, before this rewrite), to tell which of
    them write the references they are passed."""
    if not any(isinstance(p.type, A.Reference) for p in fn.params):
        return fn
    written = written_or_addressed(fn.body) | passed_to_written_references(fn.body, functions or {}, {fn.name: set()})
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


def passed_to_written_references(body, functions: Mapping[str, A.Function], writes: dict[str, set[str]]) -> set[str]:
    """Variables `body` passes, as themselves, to a reference parameter that the called `__device__`
    function writes: directly, or by passing it on in turn. `writes`: what each function asked about so
    far writes (its own name maps to nothing while it is being asked, so that recursion ends; recursive
    device functions are refused anyway, C2T1209), so each callee's body is read once however often it is
    called. A call of a function not in `functions` writes nothing through references (library functions
    take pointers: `sincosf(x, &s, &c)`, whose `&` written_or_addressed sees)."""
    found: set[str] = set()
    for call in A.walk(body):
        if not (isinstance(call, A.Call) and call.device_function):
            continue
        callee = functions.get(call.callee)
        if callee is None or callee.body is None:
            continue
        refs = [(p, arg) for p, arg in zip(callee.params, call.args)
                if isinstance(p.type, A.Reference) and isinstance(arg, A.VarRef)]
        if not refs:
            continue
        if call.callee not in writes:
            writes[call.callee] = set()
            writes[call.callee] = written_or_addressed(callee.body) | \
                passed_to_written_references(callee.body, functions, writes)
        found |= {arg.decl for p, arg in refs if p.decl in writes[call.callee]}
    return found
