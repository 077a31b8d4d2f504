"""Pass: lower warp shuffles and votes to an exchange through shared memory across a barrier.

TileLang's warp intrinsics have no C lowering and T.Parallel does not pin iteration t to thread t,
so a shuffle becomes: every thread stages its value in a block-wide scratch array, a barrier, then
each thread reads its partner's slot (bit-exact with CUDA for full warps):

    v += __shfl_down_sync(0xffffffff, v, off);
->  warp_exchange_0[lin] = v
    <warp barrier>
    v = v + T.if_then_else(lane % 32 + off < 32, warp_exchange_0[lin + off], warp_exchange_0[lin])

Votes stage their predicate and each thread ORs the bits of its own warp's 32 slots. Consecutive
exchanges alternate between two scratch arrays, and an exchange inside a loop ends with one more
barrier, so the next staging never overwrites a slot another thread has yet to read.
"""

from __future__ import annotations

from dataclasses import fields, replace

from cuda2tile.diagnostics import Location
from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.errors import LiftError
from cuda2tile.ir.ir_names import all_names, fresh, map_children

_CARRIER = {"float16": "float16", "float32": "float32", "float64": "float64", "int32": "int32", "uint32": "uint32",
            "int64": "int64", "uint64": "uint64", "bool": "int32"}


def _bin(op, a, b, dtype="int32"):
    return I.Binary(op, a, b, dtype)


def _find(e, out: list) -> None:
    if isinstance(e, (I.WarpShuffle, I.WarpVote)):
        _find(e.value if isinstance(e, I.WarpShuffle) else e.predicate, out)
        out.append(e)
        return
    if isinstance(e, tuple):
        for x in e:
            _find(x, out)
    elif hasattr(e, "__dataclass_fields__"):
        for f in fields(e):
            _find(getattr(e, f.name), out)


def _substitute(e, mapping: dict):
    if isinstance(e, (I.WarpShuffle, I.WarpVote)) and id(e) in mapping:
        return mapping[id(e)]
    if isinstance(e, tuple):
        return tuple(_substitute(x, mapping) for x in e)
    return map_children(e, lambda x: _substitute(x, mapping))


class _Lowering:
    def __init__(self, kernel: I.Kernel):
        self.kernel = kernel
        self.threads = I.BlockThreads()
        self.buffers: dict[str, str] = {}  # name -> dtype
        self.decls: list[I.Stmt] = []
        self.counter = 0
        self.taken = all_names(kernel)
        self.scratch_names: dict[tuple[str, int], str] = {}

    def scratch(self, dtype: str) -> str:
        # two alternating arrays per dtype: consecutive exchanges never share one
        key = (dtype, self.counter % 2)
        self.counter += 1
        if key not in self.scratch_names:
            self.scratch_names[key] = fresh(f"warp_exchange_{dtype}_{key[1]}", self.taken)
        name = self.scratch_names[key]
        self.buffers.setdefault(name, dtype)
        return name

    def fail(self, line: int, why: str):
        raise LiftError("C2T1216", why, Location(self.kernel.source_name, line, 1))

    def stmts(self, stmts, in_loop: bool) -> tuple[I.Stmt, ...]:
        out: list[I.Stmt] = []
        for s in stmts:
            if isinstance(s, I.If):
                pre, cond = self.lower_exprs(s, (s.cond,), in_loop)
                new = replace(s, cond=cond[0], then=self.stmts(s.then, in_loop), other=self.stmts(s.other, in_loop))
                out += pre + [new] + self.trailer(pre, in_loop, s.line)
            elif isinstance(s, (I.For, I.While)):
                heads = (s.start, s.stop, s.step) if isinstance(s, I.For) else (s.cond,)
                found: list = []
                _find(heads, found)
                if found:
                    self.fail(s.line, "a warp shuffle or vote in a loop's bounds or condition")
                out.append(replace(s, body=self.stmts(s.body, True)))
            elif isinstance(s, (I.Let, I.AssignVar, I.Store, I.Evaluate, I.PrivateStore)):
                parts = tuple(getattr(s, f.name) for f in fields(s) if f.name in ("value", "index", "expr"))
                pre, new_parts = self.lower_exprs(s, parts, in_loop)
                if not pre:
                    out.append(s)
                    continue
                mapping = dict(zip([f.name for f in fields(s) if f.name in ("value", "index", "expr")], new_parts))
                out += pre + [replace(s, **mapping)] + self.trailer(pre, in_loop, s.line)
            else:
                out.append(s)
        return tuple(out)

    def trailer(self, pre, in_loop: bool, line: int) -> list[I.Stmt]:
        return [I.Barrier("warp", line)] if pre and in_loop else []

    def lower_exprs(self, s, exprs, in_loop):
        found: list = []
        _find(exprs, found)
        if not found:
            return [], exprs
        line = s.line
        lin = I.LinearThreadIdx()
        staging: list[I.Stmt] = []
        reading: list[I.Stmt] = []
        mapping: dict = {}
        for op in found:
            inner: list = []
            _find(op.value if isinstance(op, I.WarpShuffle) else op.predicate, inner)
            if inner:
                self.fail(line, "a warp shuffle or vote nested inside another one")
            op_sub = op
            if isinstance(op_sub, I.WarpShuffle):
                dtype = op.dtype
                buf = self.scratch(_CARRIER.get(dtype, dtype))
                staging.append(I.Store(buf, lin, op_sub.value, line))
                mapping[id(op)] = self.shuffle_read(op_sub, buf, lin)
            else:
                buf = self.scratch("int32")
                staging.append(I.Store(buf, lin, I.Cast(op_sub.predicate, "int32"), line))
                value, stmts = self.vote_read(op_sub, buf, lin, line)
                reading += stmts
                mapping[id(op)] = value
        return staging + [I.Barrier("warp", line)] + reading, _substitute(exprs, mapping)

    def shuffle_read(self, op: I.WarpShuffle, buf: str, lin: I.Expr) -> I.Expr:
        width = op.width
        lane = I.Binary("truncmod", lin, width, "int32")
        base = _bin("sub", lin, lane)
        if op.kind == "idx":
            src = _bin("add", base, I.Binary("truncmod", op.arg, width, "int32"))
            valid = None
        elif op.kind == "up":
            src = _bin("sub", lin, op.arg)
            valid = I.Binary("ge", lane, op.arg, "bool")
        elif op.kind == "down":
            src = _bin("add", lin, op.arg)
            valid = I.Binary("lt", _bin("add", lane, op.arg), width, "bool")
        else:  # xor: lanes of earlier groups may be read, later groups give the caller's own value
            src = _bin("bitxor", lin, op.arg)
            valid = I.Binary("lt", src, _bin("add", base, width), "bool")
        in_block = I.Binary("lt", src, self.threads, "bool")  # a partial last warp has no such lane
        valid = in_block if valid is None else I.Binary("and", valid, in_block, "bool")
        own = I.Load(buf, lin, op.dtype)
        return I.Select(valid, I.Load(buf, src, op.dtype), own, op.dtype)

    def vote_read(self, op: I.WarpVote, buf: str, lin: I.Expr, line: int):
        bits, lanes, k = (fresh(stem, self.taken) for stem in ("vote_bits", "vote_lanes", "vote_lane"))
        self.decls += [I.DeclVar(bits, "uint32", line), I.DeclVar(lanes, "uint32", line)]
        base = _bin("sub", lin, I.Binary("truncmod", lin, I.i32(32), "int32"))
        slot = _bin("add", base, I.Var(k, "int32"))
        bit = I.Binary("shl", I.Const(1, "uint32"), I.Cast(I.Var(k, "int32"), "uint32"), "uint32")
        exists = I.Binary("lt", slot, self.threads, "bool")
        body = (I.If(exists, (
            I.AssignVar(lanes, I.Binary("bitor", I.Var(lanes, "uint32"), bit, "uint32"), line),
            I.If(I.Binary("ne", I.Load(buf, slot, "int32"), I.i32(0), "bool"),
                 (I.AssignVar(bits, I.Binary("bitor", I.Var(bits, "uint32"), bit, "uint32"), line),), (), line),
        ), (), line),)
        stmts = [I.AssignVar(bits, I.Const(0, "uint32"), line), I.AssignVar(lanes, I.Const(0, "uint32"), line),
                 I.For(k, I.i32(0), I.i32(32), I.i32(1), body, line)]
        ballot = I.Var(bits, "uint32")
        if op.kind == "ballot":
            value = ballot
        elif op.kind == "any":
            value = I.Cast(I.Binary("ne", ballot, I.Const(0, "uint32"), "bool"), "int32")
        else:
            value = I.Cast(I.Binary("eq", ballot, I.Var(lanes, "uint32"), "bool"), "int32")
        return value, stmts


def lower_warp_ops(kernel: I.Kernel) -> I.Kernel:
    found: list = []
    _find(kernel.body, found)
    if not found:
        return kernel
    lowering = _Lowering(kernel)
    body = []
    for s in kernel.body:
        if isinstance(s, I.Parallel):
            new_body = lowering.stmts(s.body, False)
            s = replace(s, body=tuple(lowering.decls) + new_body)
        body.append(s)
    shared = tuple(I.DeclShared(name, dtype, "threads") for name, dtype in sorted(lowering.buffers.items()))
    return replace(kernel, body=shared + tuple(body))
