"""Pass: a per-thread array kept across barriers goes to shared memory where a phase indexes it two ways.

`privatize` keeps a per-thread array that lives across a barrier in a fragment of one row per thread,
`v[tx, j]`. TileLang 0.1.15 lays a fragment out from the indices of its accesses in one `T.Parallel`,
and they must all be the same expression: the same loop's variable, or one constant. Otherwise the
build stops with "Check failed: (StructuralEqual()(it->second.indices, indices)) is false: v: (t, 0)
and (t, j)", as it did for

    float v[3];
    for (int j = 0; j < 3; ++j) v[j] = x[i] * (j + 1);   // v[tx, j]
    tile[t] = v[0] + v[2];                               // v[tx, 0], v[tx, 2]: a second and third index
    __syncthreads();

Such an array is allocated in shared memory instead, with the same shape and indices (`T.alloc_shared
((block_x, 3,), ...)`): each thread still reads and writes only its own row, so no barrier is needed
for it, and shared memory takes any index. On a GPU it costs `threads * length` elements of the
block's shared memory, where a fragment would use registers. A fragment whose phases each index it
one way stays a fragment.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import nodes, statements


def private_arrays_in_shared(kernel: I.Kernel) -> I.Kernel:
    arrays = {s.name for s in kernel.body if isinstance(s, I.DeclPrivate) and s.size is not None}
    if not arrays:
        return kernel
    mixed: set[str] = set()
    for phase in (s for s in statements(kernel.body) if isinstance(s, I.Parallel)):
        seen: dict[str, set] = {}
        _accesses(phase.body, (), arrays, seen)
        mixed |= {name for name, ways in seen.items() if len(ways) > 1}
    if not mixed:
        return kernel
    return replace(kernel, body=tuple(replace(s, shared=True) if isinstance(s, I.DeclPrivate) and s.name in mixed
                                      else s for s in kernel.body))


def _accesses(stmts, loops: tuple, arrays: set[str], seen: dict) -> None:
    """Record, per array, each way a phase indexes it: the index, and which loop statement each of its
    loop variables belongs to (two loops both named `j` are two TileLang variables)."""
    for s in stmts:
        inner = loops + ((s.var, id(s)),) if isinstance(s, I.For) else loops
        for x in nodes(_own_parts(s)):
            if isinstance(x, (I.PrivateLoad, I.PrivateStore)) and x.name in arrays:
                used = {v.name for v in nodes(x.index) if isinstance(v, I.Var)}
                owners = tuple(owner for var, owner in inner if var in used)
                seen.setdefault(x.name, set()).add((x.index, owners))
        for body in _bodies(s):
            _accesses(body, inner, arrays, seen)


def _own_parts(s):
    """`s` without the statements nested in it (a PrivateStore is itself one of its own parts)."""
    if isinstance(s, I.If):
        return s.cond
    if isinstance(s, I.For):
        return (s.start, s.stop, s.step)
    if isinstance(s, I.While):
        return s.cond
    return s


def _bodies(s):
    if isinstance(s, I.If):
        return (s.then, s.other)
    if isinstance(s, (I.For, I.While)):
        return (s.body,)
    return ()
