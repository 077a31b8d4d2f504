"""Pass: an element of a per-thread array picked by an index that names the thread is selected, not indexed.

In CUDA `la[threadIdx.x % 4]` is an element of the thread's own array. TileLang 0.1.15 refuses a
`T.alloc_local` buffer whose index mentions the `T.Parallel` loop variable (its semantic check,
tilelang/analysis/parallel_local_index_checker.py: "Local buffer `la` is indexed by T.Parallel loop
variable `t`"), so such a conversion did not build (difftest finding 3). The check reads the index as
TileLang sees it: a let of a computed value is a TVM `LetStmt` and hides what it was computed from
(`int k = xu[i] % 4; la[k]` builds), but `threadIdx.x` in the index itself, a let that only renames
it (`int t = threadIdx.x;`), or a `__device__` parameter that receives it does not. Those accesses,
and only those, are rewritten: a read becomes a choice among the elements, a write a loop over the
elements that stores into the one chosen (the value is computed in that one iteration):

    out[i] = la[t % 4u];   ->  out[i] = T.if_then_else(t % 4 == 0, la[0], T.if_then_else(t % 4 == 1, la[1], ...))
    la[t % 4u] += 7;       ->  for la_slot in T.serial(4):
                                   if la_slot == t % 4: la[la_slot] = la[la_slot] + 7

An array passed to a `__device__` function is a buffer parameter there; the function's accesses are
rewritten when every call passes it an array of the same length (the index counts from the array's
start, the offset included). Refused with C2T1202, at the access: a read from an array of more than
`MAX_SELECTED` elements (the choice grows with the length), an index that calls a function, an atomic
or a warp exchange (the choice evaluates it once per element), and a function that receives arrays
of different lengths, or an array here and device memory elsewhere, at that parameter.
"""

from __future__ import annotations

from dataclasses import replace
from typing import get_args

from cuda2tile.diagnostics import Location
from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.errors import LiftError
from cuda2tile.ir.ir_names import EFFECTS, NAMES_THE_THREAD, all_names, contains, fresh, map_children, nodes, statements

# the longest array a read selects from: 32 nested choices, as long as a warp's worth of elements
MAX_SELECTED = 32
_EXPRS = get_args(I.Expr)
_OTHER = "device memory"  # a macro's buffer parameter that some call passes anything but a local array


def select_local_elements(kernel: I.Kernel) -> I.Kernel:
    macros = {m.name: m for m in kernel.macros}
    kernel_arrays = _local_arrays(kernel.body)
    thread_params, array_params = _macro_facts(kernel, macros, kernel_arrays)
    if not kernel_arrays and not any(array_params.values()):
        return kernel
    taken = all_names(kernel)
    body = _Rewrite(kernel, kernel_arrays, frozenset(), taken).block(kernel.body)
    needed = _chosen_through_calls(kernel, macros, kernel_arrays, thread_params, array_params)
    # the buffer parameters some call gives an array and indexes by the thread: the lengths (or _OTHER)
    # are checked where an access needs one
    macros_out = tuple(replace(m, body=_Rewrite(
        kernel, {**_local_arrays(m.body), **{p: array_params[m.name][p] for p in needed[m.name]}},
        thread_params[m.name], taken).block(m.body)) for m in kernel.macros)
    return replace(kernel, body=body, macros=macros_out)


def _local_arrays(body) -> dict[str, set]:
    """Each per-thread array `body` declares, with the set of its one length (a macro's buffer parameter
    may be given arrays of several: the same form). No Raised yet: this pass runs before the idiom passes."""
    return {s.name: {s.size} for s in statements(body) if isinstance(s, I.DeclLocal)}


def _renames(body) -> dict[str, I.Expr]:
    """Lets that only rename a value (`t = tx`): TileLang binds the name to the value itself, no LetStmt."""
    out = {}
    for s in statements(body):
        if isinstance(s, I.Let):
            value = s.value
            while isinstance(value, I.Cast):  # a cast to the same type prints as the value itself
                value = value.operand
            if isinstance(value, (I.Var, *NAMES_THE_THREAD)):
                out[s.name] = s.value
    return out


def _names_thread(e, renames: dict, thread_vars: frozenset) -> bool:
    """Whether TileLang would see the T.Parallel variable in `e` (see the module's docstring)."""
    for x in nodes(e):
        if isinstance(x, NAMES_THE_THREAD):
            return True
        if isinstance(x, I.Var):
            if x.name in thread_vars:
                return True
            if x.name in renames and _names_thread(renames.pop(x.name), renames, thread_vars):
                return True  # (popped: a rename chain is followed once)
    return False


def _macro_facts(kernel: I.Kernel, macros: dict, kernel_arrays: dict):
    """Per macro: the scalar parameters some call passes a value naming the thread, and per buffer
    parameter the lengths of the local arrays the calls pass (or _OTHER). To a fixed point, since a
    macro passes its own parameters on."""
    thread_params = {name: set() for name in macros}
    array_params = {name: {} for name in macros}
    changed = True
    while changed:
        changed = False
        for body, arrays, thread_vars in _scopes(kernel, macros, kernel_arrays, thread_params, array_params):
            renames = _renames(body)
            for call in (x for x in nodes(body) if isinstance(x, I.MacroCall)):
                callee = macros.get(call.name)
                if callee is None:
                    continue
                for param, arg in zip(callee.params, call.args):
                    if isinstance(arg, I.BufferArg):
                        given = arrays.get(arg.buffer, {_OTHER})
                        known = array_params[callee.name].setdefault(param.name, set())
                        if not given <= known:
                            known |= given
                            changed = True
                    elif param.name not in thread_params[callee.name] \
                            and _names_thread(arg, dict(renames), thread_vars):
                        thread_params[callee.name].add(param.name)
                        changed = True
    # a buffer parameter no call passes a local array to is not one
    array_params = {name: {p: lengths for p, lengths in params.items() if lengths != {_OTHER}}
                    for name, params in array_params.items()}
    return thread_params, array_params


def _chosen_through_calls(kernel: I.Kernel, macros: dict, kernel_arrays: dict, thread_params: dict,
                          array_params: dict) -> dict[str, set[str]]:
    """Per macro, its buffer parameters that one call both gives a per-thread array and indexes at a
    value naming the thread. Call by call, not merged over the calls: apex's `load_store(dst, src,
    dst_offset, src_offset)` is called `load_store(r_x, X, 0, tid)` and `load_store(Y, r_y, tid, 0)`,
    so `dst` receives an array and `dst_offset` the thread, but never at the same call, and TileLang,
    which traces each call on its own, builds both."""
    needed: dict[str, set[str]] = {name: set() for name in macros}
    renames_of = {name: _renames(m.body) for name, m in macros.items()}
    for body, arrays, thread_vars in _scopes(kernel, macros, kernel_arrays, thread_params, array_params):
        renames = _renames(body)
        for call in (x for x in nodes(body) if isinstance(x, I.MacroCall) and x.name in macros):
            callee = macros[call.name]
            pairs = list(zip(callee.params, call.args))
            given = {p.name for p, a in pairs if isinstance(a, I.BufferArg) and arrays.get(a.buffer, {_OTHER}) != {_OTHER}}
            named = frozenset(p.name for p, a in pairs if not isinstance(a, I.BufferArg)
                              and _names_thread(a, dict(renames), thread_vars))
            if not given or not named:
                continue
            needed[callee.name] |= {x.buffer for x in nodes(callee.body) if isinstance(x, (I.Load, I.Store))
                                    and x.buffer in given and not isinstance(x.index, I.Const)
                                    and _names_thread(x.index, dict(renames_of[callee.name]), named)}
    return needed


def _scopes(kernel: I.Kernel, macros: dict, kernel_arrays: dict, thread_params: dict, array_params: dict):
    """Each body that may call macros, the kernel's first, with the per-thread arrays it holds (a macro's
    own and those its buffer parameters are given) and the scalar parameters that carry the thread."""
    return [(kernel.body, kernel_arrays, frozenset())] + [
        (m.body, {**_local_arrays(m.body), **array_params[m.name]}, frozenset(thread_params[m.name]))
        for m in macros.values()]


class _Rewrite:
    def __init__(self, kernel: I.Kernel, arrays: dict, thread_vars: frozenset, taken: set[str]):
        self.kernel, self.arrays, self.thread_vars, self.taken = kernel, arrays, thread_vars, taken
        self.renames: dict = {}

    def block(self, stmts: tuple) -> tuple:
        self.renames.update(_renames(stmts))
        return tuple(self.stmt(s) for s in stmts)

    def stmt(self, s):
        if isinstance(s, I.Store) and self.selected(s.buffer, s.index, s.line, read=False):
            return self.store_by_loop(s)
        def child(x):  # a body, or an expression or a call's arguments
            if isinstance(x, tuple) and x and not isinstance(x[0], _EXPRS):
                return self.block(x)
            return _each(lambda y: self.expr(y, s.line))(x)
        return map_children(s, child)

    def expr(self, e, line: int):
        if not isinstance(e, _EXPRS) or isinstance(e, I.Const):
            return e
        e = map_children(e, _each(lambda x: self.expr(x, line)))
        if isinstance(e, I.Load) and self.selected(e.buffer, e.index, line, read=True):
            return self.choice(e)
        return e

    def selected(self, buffer: str, index: I.Expr, line: int, read: bool) -> bool:
        """Whether this access of `buffer` needs the rewrite (refusing the ones that cannot have it)."""
        if buffer not in self.arrays or isinstance(index, I.Const) \
                or not _names_thread(index, dict(self.renames), self.thread_vars):
            return False
        length = self.length(buffer, line)
        if contains(index, EFFECTS):  # the choice or the loop would evaluate it more than once
            self.refuse(line, f"the per-thread array `{buffer}` is indexed by a value that names the thread and "
                              "calls a function, an atomic or a warp exchange; bind the index to a variable first "
                              "(`int k = ...; a[k]`)")
        if read and length > MAX_SELECTED:
            self.refuse(line, f"the per-thread array `{buffer}` ({length} elements) is read at an index that "
                              f"names the thread (`threadIdx`, or a variable that renames it), which TileLang's "
                              f"local buffers do not take; arrays up to {MAX_SELECTED} elements are read by "
                              "choosing among the elements. Compute the index into a variable first "
                              "(`int k = threadIdx.x % 64; a[k]`)")
        return True

    def length(self, buffer: str, line: int) -> int:
        length = self.arrays[buffer]
        if len(length) != 1 or _OTHER in length:
            what = " and ".join(sorted(f"arrays of {n}" if n != _OTHER else n for n in length))
            self.refuse(line, f"`{buffer}` is indexed by a value that names the thread, and the calls of this "
                              f"function pass it {what}: a per-thread array indexed so is read by choosing among "
                              "its elements, which needs one length")
        return next(iter(length))

    def refuse(self, line: int, message: str):
        raise LiftError("C2T1202", message, Location(self.kernel.source_name, line, 0))

    def choice(self, load: I.Load) -> I.Expr:
        """la[k] -> k == 0 ? la[0] : (k == 1 ? la[1] : ... la[n - 1]) (an index out of range is UB in CUDA)."""
        n = self.length(load.buffer, 0)
        out: I.Expr = I.Load(load.buffer, I.Const(n - 1, load.index.dtype), load.dtype)
        for k in range(n - 2, -1, -1):
            hit = I.Binary("eq", load.index, I.Const(k, load.index.dtype), "bool")
            out = I.Select(hit, I.Load(load.buffer, I.Const(k, load.index.dtype), load.dtype), out, load.dtype)
        return out

    def store_by_loop(self, s: I.Store) -> I.For:
        """la[k] = v -> for slot in [0, n): if slot == k: la[slot] = v, with la[k] in v read as la[slot]."""
        n = self.length(s.buffer, s.line)
        slot = I.Var(fresh(f"{s.buffer}_slot", self.taken), "int32")
        at = slot if s.index.dtype == "int32" else I.Cast(slot, s.index.dtype)
        value = self.expr(_replace_loads(s.value, s.buffer, s.index, at), s.line)
        store = I.Store(s.buffer, at, value, s.line)
        return I.For(slot.name, I.i32(0), I.i32(n), I.i32(1),
                     (I.If(I.Binary("eq", at, self.expr(s.index, s.line), "bool"), (store,), (), s.line),), s.line)


def _replace_loads(e, buffer: str, index: I.Expr, at: I.Expr):
    """`e` with each read of buffer[index] made buffer[at]."""
    if isinstance(e, I.Load) and e.buffer == buffer and e.index == index:
        return I.Load(buffer, at, e.dtype)
    if not isinstance(e, _EXPRS) or isinstance(e, I.Const):
        return e
    return map_children(e, _each(lambda x: _replace_loads(x, buffer, index, at)))


def _each(fn):
    """`fn` for map_children: applied to a child, or to each element of a tuple of them (a call's arguments)."""
    return lambda x: tuple(fn(y) for y in x) if isinstance(x, tuple) else fn(x)
