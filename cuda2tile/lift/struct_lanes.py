"""Structs whose fields are all of one scalar type, read and written as the vectors they are laid out as.

A struct of N fields of one scalar type has no padding: its bytes are those of N scalars in field
order, exactly as a CUDA vector of N lanes (`struct Point { float x, y, z; }` is a float3 whose lanes
are named x, y, z; `union benchtype { uint64_t data; }` is one uint64 lane). The lift already reads
and writes vectors everywhere (buffers of them, locals, elements, copies), so such structs are given
the vector type with their own lane names wherever they are values or what a pointer points to:

    struct Point { float x, y, z; };             Point* pts        ->  a float32 buffer, 3 per point
    pts[i].y = pts[i].x * 2;                     ->  pts[3 * i + 1] = pts[3 * i] * 2
    Point p = pts[i]; p.z = 0; pts[j] = p;       ->  three locals, three loads, three stores

A struct of mixed types, with arrays, pointers or nested structs inside, or whose `sizeof` is not N
times its field's (an `alignas`), keeps its struct type (by-value parameters are flattened field by
field elsewhere; the rest is refused where it is used). A kernel's struct parameters keep their
struct type (flattened into one argument per field), and so do the names that refer to them. The rewrite
is pure: `struct_lanes(fn)` returns a new function (the same object when nothing changes).
"""

from __future__ import annotations

from dataclasses import fields, replace

from cuda2tile.ir.types import DTYPE_BYTES
from cuda2tile.parse import cuda_ast as A

MAX_LANES = 16  # a wider struct would be as many locals per value: left a struct (refused where used)


def lanes_view(t: A.CType) -> A.Vector | None:
    """The vector a struct of one scalar type is laid out as (`Point` -> float32 x 3 named x, y, z)."""
    if not isinstance(t, A.Struct) or not 0 < len(t.fields) <= MAX_LANES:
        return None
    first = t.fields[0].type
    if not isinstance(first, A.Scalar) or first.dtype not in DTYPE_BYTES:
        return None
    size = DTYPE_BYTES[first.dtype]
    if any(f.type != first or f.offset != k * size for k, f in enumerate(t.fields)) or \
            t.size != size * len(t.fields):
        return None
    return A.Vector(first.dtype, len(t.fields), tuple(f.name for f in t.fields))


def _viewed(t):
    """`t` with every homogeneous struct in it (as a value, a pointee, an array element) its vector."""
    if isinstance(t, A.Struct):
        return lanes_view(t) or t
    if isinstance(t, A.Pointer):
        inner = _viewed(t.pointee)
        return t if inner is t.pointee else replace(t, pointee=inner)
    if isinstance(t, A.Array):
        inner = _viewed(t.elem)
        return t if inner is t.elem else replace(t, elem=inner)
    if isinstance(t, A.Reference) and t.referred is not None:  # `Point3& p` of a __device__ function
        inner = _viewed(t.referred)
        return t if inner is t.referred else replace(t, referred=inner)
    return t


def struct_lanes(fn: A.Function) -> A.Function:
    if fn.body is None:
        return fn
    # a kernel's struct parameters (by value): flattened field by field into kernel arguments, never
    # viewed; a __device__ function's are viewed (a value or element passed to it is a vector)
    kept = {p.decl for p in fn.params if isinstance(p.type, A.Struct)} if fn.is_kernel else set()
    params = tuple(p if p.decl in kept else replace(p, type=_viewed(p.type)) for p in fn.params)
    body = _rebuild(fn.body, kept)
    returns = _viewed(fn.return_type)  # `__device__ Point3 sub(Point3 a, Point3 b)`
    if body is fn.body and params == fn.params and returns is fn.return_type:
        return fn
    return replace(fn, params=params, body=body, return_type=returns)


def _rebuild(node, kept: set[str]):
    if isinstance(node, tuple):
        items = tuple(_rebuild(x, kept) for x in node)
        return node if all(a is b for a, b in zip(items, node)) else items
    if not hasattr(node, "__dataclass_fields__") or isinstance(node, A.Loc):
        return node
    if isinstance(node, A.VarRef) and node.decl in kept:
        return node
    if isinstance(node, A.Cast) and isinstance(node.operand, A.VarRef) and node.operand.decl in kept:
        return node  # `Params q = p;` of a kept parameter: a copy of the struct, kept a struct
    changes = {}
    for f in fields(node):
        value = getattr(node, f.name)
        if f.name == "loc":
            continue
        new = _viewed(value) if f.name == "type" else _rebuild(value, kept)
        if new is not value:
            changes[f.name] = new
    return replace(node, **changes) if changes else node
