"""Abstract execution of a block's phases on one shared array, for one concrete block size.

`raise_scan` asks: after these statements, which slot of the shared array holds which sum of the
array's values before them? Every slot k starts as its own value, the run [k, k+1). Adding the
runs of two adjacent stretches gives the run of both ([0, 2) + [2, 4) = [0, 4)); a constant 0 is the
empty run. Anything the machine cannot follow exactly stops it with `NotAScan`: a product, another
constant, a sum of runs that are not adjacent, a scalar parameter or a global load, or a race (a
phase in which one thread reads or writes a slot another thread writes). The pass then keeps the
faithful loop, so every stop is safe.

Integer scalars (the loop cursors, `pout`/`pin` of a double buffer, thread indices) are evaluated
with CUDA's wrapping arithmetic; control flow therefore runs concretely, one thread after another
inside a phase (phases are separated by barriers, and a race-free phase gives the same slots in
any thread order).
"""

from __future__ import annotations

from dataclasses import dataclass

from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.ir_names import all_names, nodes


class NotAScan(Exception):
    """The statements do something the machine does not model; the pass keeps the faithful form."""


@dataclass(frozen=True, slots=True)
class Run:
    """The sum of the entry values of slots lo, ..., hi - 1 (lo == hi: zero)."""
    lo: int
    hi: int


ZERO = Run(0, 0)
UNSET = None  # a scratch slot not yet written by the statements
_INT_BITS = {"int8": (8, True), "int16": (16, True), "int32": (32, True), "int64": (64, True),
             "uint8": (8, False), "uint16": (16, False), "uint32": (32, False), "uint64": (64, False)}
STEP_LIMIT = 400_000  # statements and expressions per execution: a loop that does not end is not a scan


def add_runs(a: Run, b: Run) -> Run:
    if a.lo == a.hi:
        return b
    if b.lo == b.hi:
        return a
    if a.hi == b.lo:
        return Run(a.lo, b.hi)
    if b.hi == a.lo:
        return Run(b.lo, a.hi)
    raise NotAScan("a sum of runs that are not adjacent")


def wrap(value: int, dtype: str) -> int:
    """`value` as CUDA holds it in `dtype` (two's complement wrap-around), e.g. wrap(2**31, "int32") = -2**31."""
    if dtype == "bool":
        return int(bool(value))
    if dtype not in _INT_BITS:
        raise NotAScan(f"{dtype} scalar")
    bits, signed = _INT_BITS[dtype]
    value &= (1 << bits) - 1
    return value - (1 << bits) if signed and value >= 1 << (bits - 1) else value


def _trunc_div(a: int, b: int) -> int:
    if b == 0:
        raise NotAScan("division by zero")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


_INT_OPS = {
    "add": lambda a, b: a + b, "sub": lambda a, b: a - b, "mul": lambda a, b: a * b,
    "truncdiv": _trunc_div, "truncmod": lambda a, b: a - _trunc_div(a, b) * b,
    "shl": lambda a, b: a << b if 0 <= b < 64 else _raise("shift out of range"),
    "shr": lambda a, b: a >> b if 0 <= b < 64 else _raise("shift out of range"),
    "bitand": lambda a, b: a & b, "bitor": lambda a, b: a | b, "bitxor": lambda a, b: a ^ b,
    "lt": lambda a, b: a < b, "le": lambda a, b: a <= b, "gt": lambda a, b: a > b, "ge": lambda a, b: a >= b,
    "eq": lambda a, b: a == b, "ne": lambda a, b: a != b,
}


def _as_run(v) -> Run:
    """A sum, or the integer constant 0 as the empty sum (`int` arrays add `0` like any int)."""
    if isinstance(v, Run):
        return v
    if v == 0:
        return ZERO
    raise NotAScan("a number other than 0 in a sum")


def _raise(why: str):
    raise NotAScan(why)


class ScanMachine:
    """The shared array `buffer` (`size` slots of `dtype`) and the block-level integer scalars, for a
    block of `block` threads (1-D)."""

    def __init__(self, buffer: str, size: int, dtype: str, block: int, uniform: dict[str, int],
                 arrays: dict[str, list] | None = None):
        self.buffer, self.size, self.dtype, self.block = buffer, size, dtype, block
        # the shared arrays the statements may touch, slot by slot: by default the one array, each slot
        # its own entry value; a warp scan passes its scratch arrays, every slot UNSET
        self.arrays = arrays if arrays is not None else {buffer: [Run(k, k + 1) for k in range(size)]}
        self.slots = self.arrays.get(buffer)
        self.uniform = dict(uniform)
        self.privates: dict[tuple[str, int], object] = {}
        self.steps = 0
        self._phase: dict | None = None  # within a phase: {"writes": {slot: (tid, value)}, "reads": {slot: {tid}}}

    def tick(self) -> None:
        self.steps += 1
        if self.steps > STEP_LIMIT:
            raise NotAScan("too many steps")

    # ------------------------------------------------------------ block level

    def run_block(self, stmts) -> None:
        for s in stmts:
            self.block_stmt(s)

    def block_stmt(self, s) -> None:
        self.tick()
        if isinstance(s, (I.AssignVar, I.Let)):
            self.uniform[s.name] = self.integer(s.value, None)
        elif isinstance(s, I.Barrier):
            return
        elif isinstance(s, I.If):
            self.run_block(s.then if self.truth(s.cond, None) else s.other)
        elif isinstance(s, I.While):
            while self.truth(s.cond, None):
                self.run_block(s.body)
        elif isinstance(s, I.For):
            value, stop, step = (self.integer(x, None) for x in (s.start, s.stop, s.step))
            if step <= 0:
                raise NotAScan("a loop that does not count up")
            while value < stop:
                self.uniform[s.var] = value
                self.run_block(s.body)
                value += step
        elif isinstance(s, I.Parallel):
            self.phase(s.body)
        else:
            raise NotAScan(type(s).__name__)

    def phase(self, body) -> None:
        self._phase = {"writes": {}, "reads": {}}
        try:
            for tid in range(self.block):
                self.thread_block(body, {"": tid})
            for (array, slot), (tid, value) in self._phase["writes"].items():
                if self._phase["reads"].get((array, slot), set()) - {tid}:
                    raise NotAScan("a slot read by one thread and written by another in the same phase")
                self.arrays[array][slot] = value
        finally:
            self._phase = None

    # ------------------------------------------------------------ one thread of a phase

    def thread_block(self, stmts, env: dict) -> None:
        for s in stmts:
            self.tick()
            if isinstance(s, (I.Let, I.AssignVar)):
                if isinstance(s, I.AssignVar) and s.name not in env:
                    raise NotAScan("a thread assigns a block-level scalar")
                env[s.name] = self.value(s.value, env)
            elif isinstance(s, I.DeclVar):
                env[s.name] = None
            elif isinstance(s, I.Store):
                self.store(s, env)
            elif isinstance(s, I.PrivateStore):
                if s.index is not None:
                    raise NotAScan("per-thread array")
                self.privates[(s.name, env[""])] = self.value(s.value, env)
            elif isinstance(s, I.If):
                self.thread_block(s.then if self.truth(s.cond, env) else s.other, env)
            else:
                raise NotAScan(type(s).__name__)

    def store(self, s: I.Store, env: dict) -> None:
        if s.buffer not in self.arrays:
            raise NotAScan(f"store to '{s.buffer}'")
        slot = (s.buffer, self.slot(s.buffer, s.index, env))
        value = _as_run(self.value(s.value, env))
        writes, tid = self._phase["writes"], env[""]
        if slot in writes and writes[slot][0] != tid:
            raise NotAScan("two threads write one slot in the same phase")
        writes[slot] = (tid, value)

    def slot(self, buffer: str, index, env) -> int:
        k = self.integer(index, env)
        if not 0 <= k < len(self.arrays[buffer]):
            raise NotAScan("slot out of range")
        return k

    # ------------------------------------------------------------ expressions

    def truth(self, e, env) -> bool:
        return bool(self.integer(e, env))

    def integer(self, e, env) -> int:
        v = self.value(e, env)
        if isinstance(v, Run) or v is None:
            raise NotAScan("a condition or index that depends on the array's values")
        return v

    def value(self, e, env):
        """An int (integers and conditions) or a Run (a sum of the array's entry values)."""
        self.tick()
        if isinstance(e, I.Const):
            if isinstance(e.value, float) or e.dtype.startswith(("float", "bfloat")):
                if e.value == 0:
                    return ZERO
                raise NotAScan("a constant other than 0 in a sum")
            return int(e.value)
        if isinstance(e, I.Var):
            if env is not None and e.name in env:
                if env[e.name] is None:
                    raise NotAScan("a variable read before it is set")
                return env[e.name]
            if e.name in self.uniform:
                return self.uniform[e.name]
            raise NotAScan(f"'{e.name}' is not known here")
        if isinstance(e, (I.ThreadIdx, I.LinearThreadIdx)):
            if env is None:
                raise NotAScan("thread index outside a phase")
            return env[""] if getattr(e, "axis", "x") == "x" else 0
        if isinstance(e, (I.BlockDim, I.BlockThreads)):
            return self.block if getattr(e, "axis", "x") == "x" else 1
        if isinstance(e, I.Load):
            return self.load(e, env)
        if isinstance(e, I.PrivateLoad):
            if e.index is not None or env is None or (e.name, env[""]) not in self.privates:
                raise NotAScan("a per-thread value not set in the stretch")
            return self.privates[(e.name, env[""])]
        if isinstance(e, I.Binary):
            return self.binary(e, env)
        if isinstance(e, I.Unary):
            v = self.integer(e.operand, env)
            return wrap({"neg": -v, "not": int(not v), "bitnot": ~v}[e.op], e.dtype)
        if isinstance(e, I.Cast):
            v = self.value(e.operand, env)
            if isinstance(v, Run):
                if e.dtype != self.dtype:
                    raise NotAScan("a sum converted to another type")
                return v
            return wrap(v, e.dtype)
        if isinstance(e, I.Select):
            return self.value(e.then if self.truth(e.cond, env) else e.other, env)
        raise NotAScan(type(e).__name__)

    def load(self, e: I.Load, env) -> Run:
        if e.buffer not in self.arrays or env is None or self._phase is None:
            raise NotAScan(f"load from '{e.buffer}'")
        slot, tid = (e.buffer, self.slot(e.buffer, e.index, env)), env[""]
        writes = self._phase["writes"]
        if slot in writes:
            if writes[slot][0] != tid:
                raise NotAScan("a slot read by one thread and written by another in the same phase")
            return writes[slot][1]
        self._phase["reads"].setdefault(slot, set()).add(tid)
        value = self.arrays[e.buffer][slot[1]]
        if value is UNSET:
            raise NotAScan("a slot read before the statements set it")
        return value

    def binary(self, e: I.Binary, env):
        if e.op in ("and", "or"):  # C's && and || evaluate their right side only when needed
            left = self.truth(e.lhs, env)
            if left == (e.op == "or"):
                return int(left)
            return int(self.truth(e.rhs, env))
        a, b = self.value(e.lhs, env), self.value(e.rhs, env)
        if isinstance(a, Run) or isinstance(b, Run):
            if e.op != "add":
                raise NotAScan(f"'{e.op}' of a sum")
            return add_runs(_as_run(a), _as_run(b))
        if e.op not in _INT_OPS:
            raise NotAScan(e.op)
        return wrap(int(_INT_OPS[e.op](a, b)), e.dtype)


# ---------------------------------------------------------------- slots read by later statements


class _AnySlot(Exception):
    """A read of the array at an index the machine cannot evaluate: it may read any slot."""


def slots_read(stmts, buffer: str, size: int, dtype: str, block: int, uniform: dict[str, int]) -> set[int] | None:
    """The slots of `buffer` that `stmts` (block-level statements) may read, for a block of `block`
    threads whose block-level integers start as `uniform`; None when that cannot be bounded (an index
    that depends on a global load, a loop variable, or an atomic on the array). Both sides of every
    branch count, and whatever a loop assigns counts as unknown."""
    machine = ScanMachine(buffer, size, dtype, block, uniform)
    out: set[int] = set()
    try:
        _collect_block(stmts, machine, out)
    except _AnySlot:
        return None
    return out


def _assigned(node) -> set[str]:
    return {x.name for x in nodes(node) if isinstance(x, (I.AssignVar, I.Let))} | {
        x.var for x in nodes(node) if isinstance(x, I.For)}


def _collect_expr(e, m: ScanMachine, env, out: set[int]) -> None:
    for x in nodes(e):
        if isinstance(x, I.Load) and x.buffer == m.buffer:
            try:
                out.add(m.integer(x.index, env))
            except NotAScan as err:
                raise _AnySlot() from err
        elif isinstance(x, (I.AtomicRMW, I.BufferArg)) and x.buffer == m.buffer:
            raise _AnySlot()


def _try_value(e, m: ScanMachine, env):
    try:
        v = m.value(e, env)
    except NotAScan:
        return None
    return v if not isinstance(v, Run) else None


def _collect_block(stmts, m: ScanMachine, out: set[int]) -> None:
    for s in stmts:
        if isinstance(s, (I.AssignVar, I.Let)):
            _collect_expr(s.value, m, None, out)
            v = _try_value(s.value, m, None)
            if v is None:
                m.uniform.pop(s.name, None)
            else:
                m.uniform[s.name] = v
        elif isinstance(s, I.Parallel):
            for tid in range(m.block):
                _collect_thread(s.body, m, {"": tid}, out)
        elif isinstance(s, (I.If, I.While, I.For)):
            changing = _assigned(s)
            for name in changing:
                m.uniform.pop(name, None)
            for part in (s.cond,) if not isinstance(s, I.For) else (s.start, s.stop, s.step):
                _collect_expr(part, m, None, out)
            for body in (s.then, s.other) if isinstance(s, I.If) else (s.body,):
                _collect_block(body, m, out)
            for name in changing:
                m.uniform.pop(name, None)
        elif isinstance(s, I.Barrier):
            continue
        elif not isinstance(s, I.DeclShared) and m.buffer in all_names(s):
            raise _AnySlot()  # a tile operation or raised form on the array: it may read any slot


def _collect_thread(stmts, m: ScanMachine, env: dict, out: set[int]) -> None:
    for s in stmts:
        if isinstance(s, (I.Let, I.AssignVar)):
            _collect_expr(s.value, m, env, out)
            env[s.name] = _try_value(s.value, m, env)
        elif isinstance(s, (I.If, I.While, I.For)):
            changing = _assigned(s)
            for part in (s.cond,) if not isinstance(s, I.For) else (s.start, s.stop, s.step):
                _collect_expr(part, m, env, out)
            inner = {**env, **{name: None for name in changing}} if not isinstance(s, I.If) else dict(env)
            for body in (s.then, s.other) if isinstance(s, I.If) else (s.body,):
                _collect_thread(body, m, dict(inner), out)
            for name in changing:
                env[name] = None
        else:
            _collect_expr(s, m, env, out)
