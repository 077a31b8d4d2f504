"""Pass: a value read from memory the kernel writes is read into a let before TileLang's code generator
would copy it, so that no copy of it outlives a store.

TileLang's C and CUDA code generators (TVM's `CodeGenC`) print the operand of `T.reinterpret`, and on the
C back end each operand of `T.max`/`T.min`, into a fresh C variable (`uint32_t v_ = h[0];`), and print
that variable again wherever the same text comes back while the C scope it was made in is open
(`CodeGenSourceBase::SSAGetID`); a store in between does not end it. So

    unsigned a = max(h, 100u);  h = h * 7u + 1u;  unsigned b = max(h, 100u);

became `uint32_t v_ = h[0]; a = max(v_, 100); h[0] = ...; b = max(v_, 100);`: `b` read the old `h`
(difftest finding 13, 38 of 164 elements wrong; tests/regressions/cases/stale_copies.cu). The same
happens to `(unsigned)s[k]` of a local array (printed `T.reinterpret(s[k], "uint32")`: TVM bounds a
cast by the signed range), `__float_as_uint(f)`, `__saturatef(f)`, and a store of an unsigned variable
into an `unsigned*` (whose int32 carrier is written through `T.reinterpret(h, "int32")`).

So each such operand that reads written memory (a `T.alloc_var`; a local, shared or per-thread array) is
read into a let just before its statement: `h_now = h`, then `T.max(h_now, 100)`. A let's text is its
name, which the generator never copies, and TVM keeps a let that reads memory (it substitutes only pure
ones). The let reads the memory where the generator's copy read it: before the statement, also for an
operand right of `&&`/`||` (the generator prints its copy before the statement too). Two places cannot
take a let before the statement:
  - a branch of `?:` (`T.if_then_else`), evaluated only when chosen: `max`/`min` become a choice,
    `T.if_then_else(a > b, a, b)`, which copies nothing; `(unsigned)s[k]` is computed through int64 and a
    mask, `T.cast(T.cast(s[k], "int64") & 4294967295, "uint32")`, which TVM bounds by [0, 2^32 - 1];
    a bit cast or `__saturatef` of variables only is read into a let anyway (reading a variable early
    changes nothing); of an array element it stays (the generator prints a branch of `T.if_then_else`
    in a C scope of its own, which ends the copy there);
  - a `while` condition, evaluated again each iteration: `max`/`min` and the casts as in a branch; a bit
    cast or `__saturatef` of written memory there is refused (C2T1218), since no let can follow it.
Left alone: kernel parameters (their values never change, and TileLang guards every read of a global
buffer with a freshly named `condval`, so no copy of one is ever reused), lets and loop variables (never
written), and arguments of `__device__` functions (TileLang binds an argument that reads memory to a
let of the parameter's name). Inside a `__device__` function every array is taken as written (its
buffers are the caller's). Runs last, after the idiom passes, whose patterns read shared memory directly.
"""

from __future__ import annotations

from dataclasses import replace

from cuda2tile.diagnostics import Location
from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.errors import LiftError
from cuda2tile.ir.ir_names import EFFECTS, all_names, fresh, is_body, nodes
from op_coverage.tile_forms import BUFFER_CARRIERS

# C's `(unsigned)x` of a signed x read from memory, printed as `T.reinterpret` (emit/printer.py)
_UNSIGNED = {"int8": "uint8", "int16": "uint16", "int32": "uint32"}
_INT_DIVISIONS = ("div", "truncdiv", "truncmod", "floordiv", "floormod")
EAGER, BRANCH, REPEATED = "eager", "branch", "repeated"  # where an expression is evaluated


def pin_copied_reads(kernel: I.Kernel) -> I.Kernel:
    taken = all_names(kernel)
    carriers = {p.name: BUFFER_CARRIERS[p.dtype] for p in kernel.params
                if isinstance(p, I.BufferParam) and p.dtype in BUFFER_CARRIERS}
    body = _Pins(_written_vars(kernel.body), _arrays(kernel.body), carriers, taken, kernel.source_name).block(kernel.body)
    macros = tuple(replace(m, body=_Pins(_written_vars(m.body), None, {}, taken, kernel.source_name).block(m.body))
                   for m in kernel.macros)
    if body == kernel.body and macros == kernel.macros:
        return kernel
    return replace(kernel, body=body, macros=macros)


def _written_vars(body: tuple) -> frozenset[str]:
    return frozenset(x.name for x in nodes(body) if isinstance(x, I.DeclVar))


def _arrays(body: tuple) -> frozenset[str]:
    """The kernel's own arrays (local and shared): written by it, and read without a guard."""
    return frozenset(x.name for x in nodes(body) if isinstance(x, (I.DeclLocal, I.DeclShared)))


class _Pins:
    def __init__(self, variables: frozenset[str], arrays: frozenset[str] | None, carriers: dict[str, str],
                 taken: set[str], source: str):
        self.variables = variables  # T.alloc_var names
        self.arrays = arrays  # None: every array (a __device__ function's buffers are its caller's)
        self.carriers = carriers  # buffer parameter -> the dtype it travels as, where it differs
        self.taken = taken
        self.source = source
        self.line = 0

    def reads_written(self, e) -> bool:
        return any(self._written_read(x) for x in nodes(e))

    def _written_read(self, x) -> bool:
        if isinstance(x, I.Var):
            return x.name in self.variables
        if isinstance(x, I.Load):
            return self.arrays is None or x.buffer in self.arrays
        return isinstance(x, I.PrivateLoad)

    def block(self, stmts: tuple) -> tuple:
        out: list = []
        for s in stmts:
            out.extend(self.stmt(s))
        return tuple(out)

    def stmt(self, s) -> list:
        self.line = getattr(s, "line", self.line) or self.line
        if isinstance(s, I.While):  # its condition runs again each iteration: nothing moves out of it
            return [replace(s, cond=self.expr(s.cond, [], REPEATED), body=self.block(s.body))]
        before: list = []
        # rebuilt inline, not through map_children: few Python frames per IR level, so statements and
        # expressions nested as deep as build_ast allows still fit in the interpreter's recursion limit
        s = replace(s, **{f: self.block(c) if is_body(c) else self.expr(c, before, EAGER)
                          for f, c in ((f, getattr(s, f)) for f in s.__dataclass_fields__)})
        if isinstance(s, I.Store) and s.buffer in self.carriers and self.carriers[s.buffer] != s.value.dtype \
                and s.value.dtype != "bool" and self.reads_written(s.value):
            # `out[i] = h` of an unsigned h into an int32 carrier: `T.reinterpret(h, "int32")`
            s = replace(s, value=self.pin(s.value, before))
        return before + [s]

    def expr(self, e, before: list, where: str):
        """`e` with every copied operand that reads written memory read into a let (added to `before`),
        or written without a copy where no let can go."""
        if isinstance(e, tuple):
            return tuple(self.expr(x, before, where) for x in e)
        if not hasattr(e, "__dataclass_fields__") or isinstance(e, I.Const) or not self.reads_written(e):
            return e  # nothing below reads written memory (most expressions: one walk, no rebuild)
        if isinstance(e, I.Select):
            inner = BRANCH if where == EAGER else where
            return replace(e, cond=self.expr(e.cond, before, where), then=self.expr(e.then, before, inner),
                           other=self.expr(e.other, before, inner))
        e = replace(e, **{f: self.expr(getattr(e, f), before, where) for f in e.__dataclass_fields__})
        if isinstance(e, I.Intrinsic) and e.op in ("max", "min") and self.reads_written(e.args):
            if where == EAGER:
                return replace(e, args=tuple(self.pin(a, before) for a in e.args))
            a, b = e.args
            return I.Select(I.Binary("gt" if e.op == "max" else "lt", a, b, "bool"), a, b, e.dtype)
        if isinstance(e, I.Cast) and isinstance(e.operand, I.Load) and _UNSIGNED.get(e.operand.dtype) == e.dtype \
                and self.reads_written(e.operand):
            if where == EAGER:  # the same bits: a bit cast of the let, printed `T.reinterpret(s_now, "uint32")`
                return I.Bitcast(self.pin(e.operand, before), e.dtype)
            bits = int(e.dtype[4:])
            wide = I.Binary("bitand", I.Cast(e.operand, "int64"), I.Const((1 << bits) - 1, "int64"), "int64")
            return I.Cast(wide, e.dtype)
        if (isinstance(e, I.Bitcast) and self.reads_written(e.operand)
                or isinstance(e, I.Intrinsic) and e.op == "saturate" and self.reads_written(e.args)):
            if where == EAGER or where == BRANCH and self._speculable(e):
                if isinstance(e, I.Bitcast):
                    return replace(e, operand=self.pin(e.operand, before))
                return replace(e, args=tuple(self.pin(a, before) for a in e.args))
            if where == REPEATED:
                what = "bit cast" if isinstance(e, I.Bitcast) else "`__saturatef`"
                raise LiftError("C2T1218", f"a {what} of a variable or array element the loop writes, in a `while` "
                                f"condition: TileLang's code generator would reuse its first copy after the body "
                                f"changes it. Compute the value into a variable before the loop and at the end of "
                                f"its body, and test that variable", Location(self.source, self.line, 1))
        return e

    def _speculable(self, e) -> bool:
        """Whether reading `e` before its `?:` chooses it is harmless: variables only, no array element
        (its index may be out of range where C would not read it), no effect, no integer division."""
        return not any(isinstance(x, (I.Load, I.PrivateLoad) + EFFECTS)
                       or isinstance(x, I.Binary) and x.op in _INT_DIVISIONS and not x.dtype.startswith("float")
                       for x in nodes(e))

    def pin(self, value, before: list):
        """`value` read into a fresh let added to `before`; the let's name after what it reads (`h_now`)."""
        if not self.reads_written(value):
            return value
        for earlier in before:  # read once per statement: `c ? f_bits(h) : g_bits(h)` shares one `h_now`
            if earlier.value == value:
                return I.Var(earlier.name, value.dtype)
        stem = next(x.name if isinstance(x, (I.Var, I.PrivateLoad)) else x.buffer
                    for x in nodes(value) if self._written_read(x))
        name = fresh(f"{stem}_now", self.taken)
        before.append(I.Let(name, value, self.line))
        return I.Var(name, value.dtype)
