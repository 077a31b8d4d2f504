"""Lift a barrier-free CUDA kernel (and the `__device__` functions it calls) to the tile IR.

The per-thread program becomes the body of one `Parallel` region inside the kernel's grid:
    int i = blockIdx.x * blockDim.x + threadIdx.x;   ->  Let(i, bx * block_x + tx)
    if (i >= n) return;                              ->  If(i >= n, [Return])   (removed by a pass)
Mutable locals become `DeclVar`s declared at the top of their region and assigned where CUDA
declares them; immutable ones become `Let`s. Canonical `for` loops become `For` (T.serial), the
rest `While`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, is_dataclass, replace

import op_coverage
from cuda2tile.ir import tile_ir as I
from cuda2tile.passes.early_returns import guard_early_returns
from cuda2tile.ir.errors import LiftError
from cuda2tile.ir.ir_names import contains as ir_contains, nodes
from cuda2tile.lift.lift_expr import (ArrayBinding, Binding, ElementBinding, ExprLifter, NullPointerBinding,
                                      PointerBinding,
                                      ScalarBinding, ScalarPointerBinding, SharedScalarBinding, VectorBinding, arith,
                                      builtin_node, cast, const, elem_dtype, group_of_type, innermost_dtype, lanes_of,
                                      constant_int, offset_add, offset_scale, struct_binding, struct_leaf_fields,
                                      is_bits_member, lane_name, pointee_of, view_as)
from cuda2tile.ir.types import DTYPE_BYTES, common_dtype, dtype_bits, is_float, is_unsigned, type_name
from cuda2tile.lift.conditional_lvalues import conditional_lvalues
from cuda2tile.lift.struct_lanes import struct_lanes
from cuda2tile.lift.hoist_assignments import hoist_assignments
from cuda2tile.lift.references_as_values import references_as_values
from cuda2tile.lift.returns_in_loops import rewrite_returns_in_loops
from cuda2tile.parse import cuda_ast as A
from op_coverage import lifting
from op_coverage.intrinsics import CACHE_STORES

_LANES = lifting.VECTOR_LANES


def sanitize(name: str) -> str:
    """A C identifier as a Python-safe identifier stem (`$` and non-ASCII become `_`)."""
    clean = re.sub(r"[^0-9A-Za-z_]", "_", name)
    return clean if clean and not clean[0].isdigit() else "_" + clean


class Names:
    """Unique names within one function: CUDA allows shadowing in nested blocks, Python does not."""

    def __init__(self, taken: set[str] | None = None):
        self.taken = set(taken or ())

    def fresh(self, stem: str) -> str:
        stem = sanitize(stem)
        name, n = stem, 1
        while name in self.taken:
            name = f"{stem}_{n}"
            n += 1
        self.taken.add(name)
        return name


def _assigned_decl(target) -> str | None:
    """The declaration an assignment target rebinds: `p.gain = ...` rebinds `p`; `x[i] = ...` rebinds nothing."""
    while isinstance(target, (A.Member, A.Index)):
        if isinstance(target, A.Index):
            return None  # storing through a pointer or into a local array does not rebind it
        target = target.base
    return target.decl if isinstance(target, A.VarRef) else None


def assigned_decls(node) -> set[str]:
    """Declarations written after their definition (targets of =, +=, ++, member and pointer updates)."""
    return {decl for n in A.walk(node) if isinstance(n, A.Assign) and (decl := _assigned_decl(n.target))}


def null_tested(node) -> set[str]:
    """Pointer variables tested against NULL: `p != NULL`, `nullptr == p`, `if (p)`, `!p`."""
    tested = set()
    for n in A.walk(node):
        if isinstance(n, A.BinOp) and n.op in ("==", "!=") and (A.is_null_constant(n.lhs) or A.is_null_constant(n.rhs)):
            n = n.rhs if A.is_null_constant(n.lhs) else n.lhs
        elif not (isinstance(n, A.Cast) and isinstance(n.type, A.Scalar) and n.type.dtype == "bool"):
            continue
        while isinstance(n, A.Cast):
            n = n.operand
        if isinstance(n, A.VarRef) and isinstance(n.type, A.Pointer):
            tested.add(n.decl)
    return tested


def lent_decls(node, functions) -> set[str]:
    """Variables a called __device__ function may write: their address is taken (`update(&acc, v)`), or
    they are passed to a reference parameter it writes (`accumulate(total, v)` of `float& total`).
    Such a variable is declared mutable, never a `Let`."""
    found = {n.operand.decl for n in A.walk(node)
             if isinstance(n, A.UnOp) and n.op == "&" and isinstance(n.operand, A.VarRef)}
    for call in A.walk(node):
        if isinstance(call, A.Call) and call.device_function:
            fn = functions.get(call.callee)
            for p, arg in zip(fn.params if fn is not None else (), call.args):
                if isinstance(p.type, A.Reference) and isinstance(arg, A.VarRef):
                    found.add(arg.decl)
    return found




def _view_bytes(t: A.CType) -> int | None:
    """sizeof of a scalar, CUDA vector or plain struct type (`float2` 8, `int4` 16, `half2` 4); None for
    others."""
    if isinstance(t, A.Struct):
        return t.size or None
    dtype = elem_dtype(t)
    return None if dtype is None or dtype not in DTYPE_BYTES else DTYPE_BYTES[dtype] * lanes_of(t)


def _all_zero_bits(e: A.Expr) -> bool:
    """A value whose bits are all zero: `0`, `0.0f` (not `-0.0f`), `make_float2(0.0f, 0.0f)`."""
    while isinstance(e, A.Cast):
        e = e.operand
    if isinstance(e, A.IntLit):
        return e.value == 0
    if isinstance(e, A.FloatLit):
        return e.value == 0 and math.copysign(1.0, e.value) > 0
    if isinstance(e, A.Call) and e.callee.startswith(lifting.VECTOR_MAKER_PREFIX) and not e.device_function:
        return bool(e.args) and all(_all_zero_bits(a) for a in e.args)
    return False


def _reinterpreted_access(e: A.Expr) -> tuple[A.Expr, A.CType, A.Expr | None] | None:
    """(the pointer, the type it is read as, the index or None) of `*((float2*)p)` or `((int4*)p)[i]`:
    an element access through a pointer cast to another element type; None for any other expression."""
    while isinstance(e, A.Cast) and e.implicit and not isinstance(e.type, A.Pointer):
        e = e.operand  # the lvalue-to-rvalue conversion around a read
    if isinstance(e, A.UnOp) and e.op == "*":
        pointer, index = e.operand, None
    elif isinstance(e, A.Index):
        pointer, index = e.base, e.index
    else:
        return None
    if not (isinstance(pointer, A.Cast) and isinstance(pointer.type, A.Pointer) and not pointer.implicit):
        return None
    inner = pointer.operand
    while isinstance(inner, A.Cast) and isinstance(inner.type, A.Pointer) and inner.implicit:
        inner = inner.operand  # `const Half*` to `const void*` on the way
    if not isinstance(inner.type, (A.Pointer, A.Array)):
        return None
    inner_elem = inner.type.pointee if isinstance(inner.type, A.Pointer) else inner.type.elem
    view = pointer.type.pointee
    if _view_bytes(view) is None or elem_dtype(inner_elem) == elem_dtype(view):
        return None
    return inner, view, index


def first_assignment(node, decl: str):
    """The first assignment (in source order) that rebinds `decl`, for a diagnostic at its line."""
    return next((n for n in A.walk(node) if isinstance(n, A.Assign) and _assigned_decl(n.target) == decl), None)


def place_initialiser(init: A.InitList, t: A.Array) -> list:
    """The items of a braced array initialiser at their flat (row-major) positions, None where C++
    value-initialises (zero). Inner braces may be left out, as C allows: `int m[2][2] = {1, 2, 3}` is
    `{{1, 2}, {3, 0}}`; `int m[2][3] = {{1}, {4, 5}}` is `{{1, 0, 0}, {4, 5, 0}}`."""
    out: list = [None] * lanes_of(t)

    def braced(lst: A.InitList, t: A.CType, at: int) -> None:
        items = list(lst.items)
        if not isinstance(t, A.Array):
            if len(items) > 1:
                raise LiftError("C2T1202", "more than one initialiser for one element", lst.loc)
            if items:
                one(items, 0, t, at)
            return
        i = elided(items, 0, t, at)
        if i < len(items):
            raise LiftError("C2T1202", "more initialisers than array elements", lst.loc)

    def elided(items: list, i: int, t: A.Array, at: int) -> int:
        step = lanes_of(t.elem)
        k = 0
        while i < len(items) and k < t.size:
            i = one(items, i, t.elem, at + k * step)
            k += 1
        return i

    def one(items: list, i: int, t: A.CType, at: int) -> int:
        item = items[i]
        if isinstance(item, A.InitList):
            braced(item, t, at)
            return i + 1
        if isinstance(t, A.Array):  # inner braces left out: the sub-array takes the next items
            return elided(items, i, t, at)
        if not isinstance(t, A.Scalar):
            raise LiftError("C2T1207", f"initialised local array of '{type_name(t)}' elements", item.loc)
        out[at] = item
        return i + 1

    braced(init, t, 0)
    return out


def contains(node, kinds) -> bool:
    return any(isinstance(n, kinds) for n in A.walk(node))


def _loop_continues(body) -> bool:
    """Whether a `continue` in `body` targets the enclosing loop (not a nested one)."""
    if isinstance(body, A.Continue):
        return True
    if isinstance(body, (A.For, A.While)):
        return False
    if isinstance(body, A.Block):
        return any(_loop_continues(s) for s in body.body)
    if isinstance(body, A.If):
        return _loop_continues(body.then) or (body.other is not None and _loop_continues(body.other))
    return False


def prepare_function(fn: A.Function, functions: Mapping[str, A.Function] | None = None) -> A.Function:
    """`fn` in the form the lift reads: reference parameters it never writes as values
    (references_as_values.py; `functions`, the unprepared `__device__` functions, tell which callees write
    the references `fn` passes on), assignments used as values moved into statements of their own
    (hoist_assignments.py), `return` inside loops turned into a flag and breaks (returns_in_loops.py)."""
    return rewrite_returns_in_loops(hoist_assignments(references_as_values(conditional_lvalues(struct_lanes(fn)),
                                                                           functions)))


class PreparedFunctions(Mapping):
    """The `__device__` functions by name, each prepared (`prepare_function`) the first time it is used."""

    def __init__(self, functions: Mapping[str, A.Function]):
        self._raw = functions
        self._prepared: dict[str, A.Function] = {}

    def __getitem__(self, name: str) -> A.Function:
        if name not in self._prepared:
            self._prepared[name] = prepare_function(self._raw[name], self._raw)
        return self._prepared[name]

    def __iter__(self):
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)


@dataclass
class LiftContext:
    """Shared by the kernel and the macros lifted for it."""
    functions: Mapping[str, A.Function]
    macros: dict[str, I.Macro] = field(default_factory=dict)
    macro_builtins: dict[str, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    active: list[str] = field(default_factory=list)
    sync_memo: dict[str, bool] = field(default_factory=dict)
    # the file of the kernel being lifted: code read from another file (a `__device__` function in a
    # header) keeps no line, since the comment above emitted code quotes the kernel's file by line
    source_file: str = ""
    # debugging statements left out (assertions, printf), reported as notes (C2T1217)
    left_out: list[I.LeftOut] = field(default_factory=list)
    # the kernel's buffer parameters, and the NULL flag made for each one the code tests (`w != NULL`)
    kernel_buffers: frozenset[str] = frozenset()
    null_flags: dict[str, str] = field(default_factory=dict)
    # `extern __shared__` arrays met so far, by declaration: the SharedMemory<T> idiom declares its pool
    # inside a member function called once per use (`SharedMemory<T> smem; T* a = smem.getPointer();`
    # in a kernel and in its helper), and every call names the one dynamic pool of the block
    extern_shared: dict[str, object] = field(default_factory=dict)
    # the Python name of each function's macro (CUDA name -> name), given before its body is lifted
    macro_names: dict[str, str] = field(default_factory=dict)

    def line(self, loc: A.Loc) -> int:
        return loc.line if not self.source_file or loc.file == self.source_file else 0


def needs_inlining(name: str, functions: dict[str, A.Function], memo: dict[str, bool]) -> bool:
    """Whether a __device__ function (transitively) synchronises, declares shared memory or goes through
    a volatile pointer. Legacy warp-synchronous helpers (`__device__ void warpReduce(volatile float* s,
    int t) { s[t] += s[t + 32]; ... }`) rely on the warp's lanes reading before any writes; inlined, they
    get the read / warp barrier / write / warp barrier of the same code written in the kernel."""
    if name in memo:
        return memo[name]
    memo[name] = False  # recursion is reported elsewhere
    fn = functions.get(name)
    found = False

    def visit(n):
        nonlocal found
        if found:
            return
        if isinstance(n, A.Call):
            if n.callee in lifting.SYNCHRONISING or n.callee.startswith(lifting.GROUP_NAMESPACE) or (
                    n.device_function and needs_inlining(n.callee, functions, memo)):
                found = True
        if isinstance(n, A.VarDecl) and n.shared or isinstance(n, A.Pointer) and n.volatile:
            found = True
        if isinstance(n, tuple):
            for x in n:
                visit(x)
        elif hasattr(n, "__dataclass_fields__") and not isinstance(n, A.Loc):
            for f in n.__dataclass_fields__:
                visit(getattr(n, f))

    if fn is not None and fn.body is not None:
        visit(fn.params)  # the types of `volatile float* sdata` and of every node below
        visit(fn.body)
    memo[name] = found
    return found


@dataclass(frozen=True)
class _Lifted:
    """An already lifted value standing in a CUDA expression slot (the result of an inlined call)."""
    ir: I.Expr
    type: A.CType
    loc: A.Loc


GROUP_REDUCE = next(c.cuda for c in lifting.GROUP_CALL_RECORDS if c.role == "reduction")
_GROUP_BARRIER = next(c.cuda for c in lifting.GROUP_CALL_RECORDS if c.role == "barrier")
# `cooperative_groups::plus<float>`, the type of cg::reduce's operator argument: the functor's name
_GROUP_FUNCTOR = re.compile(re.escape(lifting.GROUP_NAMESPACE) + r"::(\w+)\s*<")
# cg::reduce's operator functors (cuda2tile/parse/include/cooperative_groups/reduce.h), called as op(mine, other):
# the Binary of their IR op (op_coverage/lifting.py), but for less and greater, which select
_SELECTS = {
    "select_less": lambda a, b, t: I.Select(I.Binary("lt", b, a, "bool"), b, a, t),
    "select_greater": lambda a, b, t: I.Select(I.Binary("lt", a, b, "bool"), b, a, t),
}


def _combine(functor: lifting.GroupOperator, a: I.Expr, b: I.Expr, dtype: str) -> I.Expr:
    if functor.ir_op in _SELECTS:
        return _SELECTS[functor.ir_op](a, b, dtype)
    return I.Binary(functor.ir_op, a, b, dtype)


class FunctionLifter(ExprLifter):
    def __init__(self, fn: A.Function, ctx: LiftContext, names: Names):
        self.fn = fn
        self.ctx = ctx
        self.names = names
        self.bindings: dict[str, Binding] = {}
        self.mutable = assigned_decls(fn.body) | lent_decls(fn.body, ctx.functions)
        self.decls: list[I.Stmt] = []  # DeclVar / DeclLocal hoisted to the region top
        self.builtins: set[tuple[str, str]] = set()
        self.loop_depth = 0
        self.prologue: list[I.Stmt] = []  # copies of parameters the function modifies
        self.inlined = False  # a synchronising __device__ function lifted into its caller's body
        self.vector_result: tuple[str, ...] = ()  # inlined and returning a vector: the caller's result lanes
        self.kernel_scope = fn.is_kernel  # names buffers as the kernel does (the kernel, what it inlines)
        # an inlined function's scalar parameters bound to constants: `WARP_SHFL_XOR(v, m, 32, 0xffffffff)`
        # makes its `__shfl_xor_sync(mask, ...)` a full-warp exchange
        self.param_constants: dict[str, I.Const] = {}

    def note_builtin(self, var: str, axis: str) -> None:
        self.builtins.add((var, axis))

    # --------------------------------------------------------- statements
    def block(self, s: A.Stmt | None) -> tuple[I.Stmt, ...]:
        if s is None:
            return ()
        if isinstance(s, A.Block):
            return tuple(x for st in _pointers_declared_where_assigned(s.body) for x in self.stmt(st))
        return tuple(self.stmt(s))

    def stmt(self, s: A.Stmt) -> list[I.Stmt]:
        line = self.ctx.line(s.loc)
        if isinstance(s, A.Block):
            return list(self.block(s))
        if isinstance(s, A.VarDecl):
            return self.var_decl(s)
        if isinstance(s, A.ExprStmt):
            return self.expr_stmt(s.expr, line)
        if isinstance(s, A.If) and self.has_inlined_call(s.cond):  # `if (warp_sum(v) > 0)`
            hoisted, cond = self.hoist_inlined_calls(s.cond, line)
            return hoisted + self.stmt(replace(s, cond=cond))
        if isinstance(s, A.If) and not self.has_effects(s.cond):
            taken = constant_int(self.condition(s.cond), self.immutable_local_value)
            if taken is not None:
                # a condition C's rules fold to a constant: `if (REDUCE == SUM || REDUCE == MEAN)` of a
                # template parameter (pytorch_scatter's reducers). Only the branch taken is lifted, as
                # compilers do: the other can never run, and a construct the lift refuses there (the
                # CAS loop of another reduction) no longer refuses the kernel.
                return list(self.block(s.then if taken else s.other))
        if isinstance(s, A.If):
            cond, then, other = self.condition(s.cond), self.block(s.then), self.block(s.other)
            if not then and not other and not self.has_effects(s.cond):
                return []  # `if (!(j < m)) { __assert_fail(...); }` once the assertion is left out
            return [I.If(cond, then, other, line)]
        if isinstance(s, A.For):
            return self.for_loop(s)
        if isinstance(s, A.While):
            return self.while_loop(s)
        if isinstance(s, A.Break):
            return [I.Break(line)]
        if isinstance(s, A.Continue):
            return [I.Continue(line)]
        if isinstance(s, A.Return):
            if self.loop_depth:
                raise LiftError("C2T1206", "return inside a loop", s.loc)
            if s.value is None:
                return [I.Return(None, line)]
            if self.fn.is_kernel:
                raise LiftError("C2T1202", "kernel returns a value", s.loc)
            hoisted, value = self.hoist_inlined_calls(s.value, line)
            if self.vector_result:  # the returned vector's lanes, into the caller's result locals
                lanes = self.vector(value)
                return hoisted + [I.AssignVar(name, cast(v, self.fn.return_type.elem), line)
                                  for name, v in zip(self.vector_result, lanes)]
            return hoisted + [I.Return(cast(self.value(value), type_name(self.fn.return_type)), line)]
        if isinstance(s, A.UnsupportedStmt):
            raise LiftError(s.code, f"unsupported statement: {s.what}", s.loc)
        raise LiftError("C2T1201", f"unsupported statement: {type(s).__name__}", s.loc)

    def var_decl(self, s: A.VarDecl) -> list[I.Stmt]:
        line = self.ctx.line(s.loc)
        t = s.type
        if s.shared:
            return self.shared_decl(s)
        group = group_of_type(t)
        if group is not None:  # `auto tile = cg::tiled_partition<32>(cg::this_thread_block());`
            self.bindings[s.decl] = group
            return []
        if s.init is not None and not isinstance(s.init, A.Call) and self.has_inlined_call(s.init):
            hoisted, init = self.hoist_inlined_calls(s.init, line)  # `float t = 2.0f * warp_sum(v);`
            return hoisted + self.var_decl(replace(s, init=init))
        if isinstance(s.init, A.Call) and (self.inlined_here(s.init) or s.init.callee == GROUP_REDUCE):
            stmts, result = self.inline_call(s.init, line) if s.init.callee != GROUP_REDUCE else \
                self.group_reduce(s.init, line)
            return stmts + self.var_decl(A.VarDecl(s.name, s.decl, s.type, _Lifted(result, s.init.type, s.loc), s.loc,
                                                   s.const, s.shared))
        mutable = s.decl in self.mutable
        if isinstance(t, A.Scalar):
            dtype = self.dtype_of(A.IntLit(0, t, s.loc))
            name = self.names.fresh(s.name)
            self.bindings[s.decl] = ScalarBinding(name, dtype, mutable or s.init is None)
            if not mutable and s.init is not None:
                return [I.Let(name, cast(self.value(s.init), dtype), line)]
            self.decls.append(I.DeclVar(name, dtype, line))
            return [I.AssignVar(name, cast(self.value(s.init), dtype), line)] if s.init is not None else []
        if isinstance(t, A.Pointer):
            return self.pointer_decl(s, t, line)
        if isinstance(t, A.Vector):
            lanes = tuple(self.names.fresh(f"{s.name}_{lane_name(t, k)}") for k in range(t.lanes))
            self.bindings[s.decl] = VectorBinding(lanes, t.elem, True)
            for lane in lanes:
                self.decls.append(I.DeclVar(lane, t.elem, line))
            if s.init is None:
                return []
            values = self.vector(s.init)
            return [I.AssignVar(lane, v, line) for lane, v in zip(lanes, values)]
        if isinstance(t, A.Array) and innermost_dtype(t) is not None and t.size > 0:
            if s.init is not None and not isinstance(s.init, A.InitList):
                raise LiftError("C2T1202", "local array initialised from something other than a braced list",
                                s.loc)
            values = place_initialiser(s.init, t) if s.init is not None else None
            name = self.names.fresh(s.name)
            dtype = innermost_dtype(t)
            self.bindings[s.decl] = ArrayBinding(name, dtype, lanes_of(t), t.elem)
            self.decls.append(I.DeclLocal(name, dtype, lanes_of(t), line))
            return self.initialise_array(name, dtype, values, line) if values is not None else []
        if isinstance(t, A.Stateless) and _builds_nothing(s.init):
            return []  # `Max<float> op;`: a functor holding nothing; its calls are the member functions alone
        raise LiftError("C2T1207", f"local variable '{s.name}' of unsupported type '{type_name(t)}'", s.loc)

    def initialise_array(self, name: str, dtype: str, values: list, line: int) -> list[I.Stmt]:
        """`float w[5] = {0.1f, 0.2f};`: a store per item given, in order (C evaluates them in order),
        and zeros for the rest, as C++ value-initialises them: one loop for a run of more than 4
        (`float acc[64] = {0};` is a store and a loop, not 64 stores)."""
        stmts: list[I.Stmt] = []
        zero = I.Const(0.0 if is_float(dtype) else 0, dtype)
        k = 0
        while k < len(values):
            if values[k] is not None:
                stmts.append(I.Store(name, I.Const(k, "int32"), cast(self.value(values[k]), dtype), line))
                k += 1
                continue
            end = k
            while end < len(values) and values[end] is None:
                end += 1
            if end - k > 4:
                var = self.names.fresh(f"{name}_k")
                stmts.append(I.For(var, I.Const(k, "int32"), I.Const(end, "int32"), I.Const(1, "int32"),
                                   (I.Store(name, I.Var(var, "int32"), zero, line),), line))
            else:
                stmts += [I.Store(name, I.Const(j, "int32"), zero, line) for j in range(k, end)]
            k = end
        return stmts

    def pointer_decl(self, s: A.VarDecl, t: A.Pointer, line: int) -> list[I.Stmt]:
        """`T* p = <pointer expression>;`: a binding to a buffer and an offset (a variable when `p` is
        reassigned later)."""
        if s.init is None:
            raise LiftError("C2T1210", f"pointer '{s.name}' declared without a target (one whose first use is "
                                       "an assignment in the same block converts)", s.loc)
        mutable = s.decl in self.mutable
        # the declared type decides how elements are read (`uint32_t* p = (uint32_t*)f;` reads bits)
        target = replace(view_as(self.pointer(s.init), t.pointee, s.loc), offset_var=None)
        if t.volatile and not target.volatile:
            target = replace(target, volatile=True)
        if target.byte_offset is not None:  # `uint32_t* word = (uint32_t*)(address - (addr & 3));`
            if mutable:
                raise LiftError("C2T1210", f"pointer '{s.name}' into another type's bytes is reassigned", s.loc)
            if isinstance(target.byte_offset, (I.Const, I.Var)):
                self.bindings[s.decl] = target
                return []
            name = self.names.fresh(f"{s.name}_byte")
            self.bindings[s.decl] = replace(target, byte_offset=I.Var(name, target.byte_offset.dtype))
            return [I.Let(name, target.byte_offset, line)]
        if not mutable:
            offset = target.offset
            if not isinstance(offset, (I.Const, I.Var)):
                name = self.names.fresh(f"{s.name}_off")
                self.bindings[s.decl] = replace(target, offset=I.Var(name, offset.dtype))
                return [I.Let(name, offset, line)]
            self.bindings[s.decl] = target
            return []
        name = self.names.fresh(f"{s.name}_off")
        self.decls.append(I.DeclVar(name, "int64", line))
        # `volatile float* v = s; v = s + 32;` stays volatile after reassignment, like `v` never reassigned
        self.bindings[s.decl] = replace(target, offset=I.Var(name, "int64"), offset_var=name)
        return [I.AssignVar(name, cast(target.offset, "int64"), line)]

    def shared_decl(self, s: A.VarDecl) -> list[I.Stmt]:
        """`__shared__ float tile[32][33];` -> one flattened block-wide buffer declared in the kernel body."""
        if not self.fn.is_kernel and not self.inlined:
            raise LiftError("C2T1204", "__shared__ memory declared in a __device__ function", s.loc)
        if s.init is not None:
            raise LiftError("C2T1202", "__shared__ variables cannot be initialised", s.loc)
        t = s.type
        name = self.names.fresh(s.name)
        if isinstance(t, A.Scalar):
            self.bindings[s.decl] = SharedScalarBinding(name, t.dtype)
            self.decls.append(I.DeclShared(name, t.dtype, 1, self.ctx.line(s.loc)))
            return []
        dtype = innermost_dtype(t) if isinstance(t, A.Array) else None
        if dtype is None or isinstance(t.elem, A.Vector):
            raise LiftError("C2T1207", f"__shared__ '{s.name}' of unsupported type '{type_name(t)}'", s.loc)
        if dtype == "bool":
            raise LiftError("C2T1207", "__shared__ bool arrays are not lifted yet", s.loc)
        size = lanes_of(t) if t.size > 0 else None  # 0: `extern __shared__ T pool[];`
        elem = t.elem
        if size is None and (view := self.pool_view_dtype(s, dtype)) != dtype:
            dtype, elem = view, A.Scalar(view)
        if size is None and s.decl in self.ctx.extern_shared:
            self.bindings[s.decl] = self.ctx.extern_shared[s.decl]
            return []
        if size is None and any(isinstance(d, I.DeclShared) and d.size is None for d in self.decls):
            raise LiftError("C2T1207", "a second extern __shared__ array: carve views from one pool instead", s.loc)
        self.bindings[s.decl] = ArrayBinding(name, dtype, size or 0, elem, s.volatile)
        if size is None:
            self.ctx.extern_shared[s.decl] = self.bindings[s.decl]
        self.decls.append(I.DeclShared(name, dtype, size, self.ctx.line(s.loc)))
        return []

    def pool_view_dtype(self, s: A.VarDecl, dtype: str) -> str:
        """The element type of an `extern __shared__` pool that the kernel reads only through views of one
        other scalar type: `extern __shared__ int _s[]; scalar_t* cache = (scalar_t*)_s;` (mmcv's
        ms_deform_attn kernels, one pool for float and double instantiations) is a pool of scalar_t, whose
        int elements nothing ever reads; its size, the launch's bytes, counts scalar_t elements. A pool
        used any other way (indexed as declared, `&_s[k]`, views of two types) keeps its type."""
        if not self.fn.is_kernel or self.inlined:
            return dtype  # declared in a helper: uses elsewhere in the kernel are not all in view here
        views = [n for n in A.walk(self.fn.body) if isinstance(n, A.Cast) and isinstance(n.operand, A.VarRef)
                 and n.operand.decl == s.decl]
        if len(views) != sum(r.decl == s.decl for r in _refs(self.fn.body)) or not all(
                isinstance(v.type, A.Pointer) and isinstance(v.type.pointee, A.Scalar)
                and v.type.pointee.dtype != "bool" for v in views):
            return dtype  # also read as declared (`_s[k]`, `&_s[k]`), or through a view of no scalar type
        dtypes = {v.type.pointee.dtype for v in views}
        return dtypes.pop() if len(dtypes) == 1 else dtype

    def expr_stmt(self, e: A.Expr, line: int) -> list[I.Stmt]:
        direct = e.value if isinstance(e, A.Assign) and e.op == "=" else e
        if not (isinstance(direct, A.Call) and self.inlined_here(direct)) and self.has_inlined_call(e):
            hoisted, e = self.hoist_inlined_calls(e, line)  # `v += shfl_helper(v, o);`
            return hoisted + self.expr_stmt(e, line)
        if isinstance(e, A.Call) and e.callee in CACHE_STORES and not e.device_function and len(e.args) == 2:
            # `__stcs(&out[i], v)`: a store with a cache hint TileLang has no use for, `out[i] = v`
            value = e.args[1]
            target = A.Index(e.args[0], A.IntLit(0, A.Scalar("int32"), e.loc), value.type, e.loc)
            return self.expr_stmt(A.Assign("=", target, value, value.type, e.loc), line)
        barrier = lifting.BARRIERS.get(e.callee) if isinstance(e, A.Call) and not e.device_function else None
        if barrier is not None and barrier.fence:
            # `__threadfence();` (the last-block-done pattern: partials written, fence, atomic ticket)
            return [I.Evaluate(I.Intrinsic(barrier.fence, (), "int32"), line)]
        if barrier is not None and barrier.scope:
            if barrier.scope == "warp" and e.args:
                self.check_full_mask(e)
            return [I.Barrier(barrier.scope, line)]
        if isinstance(e, A.Call) and e.callee == _GROUP_BARRIER and e.args:
            group = self.group(e.args[0])
            return [I.Barrier("block" if group.kind == "block" else "warp", line)]
        if isinstance(e, A.Call) and self.inlined_here(e):
            return self.inline_call(e, line)[0]
        if isinstance(e, A.Assign) and e.op == "=" and isinstance(e.value, A.Call) and (
                self.inlined_here(e.value) or e.value.callee == GROUP_REDUCE):
            stmts, result = self.inline_call(e.value, line) if e.value.callee != GROUP_REDUCE else \
                self.group_reduce(e.value, line)
            return stmts + self.assign(A.Assign("=", e.target, _Lifted(result, e.value.type, e.loc), e.type, e.loc),
                                       line)
        if isinstance(e, A.Assign):
            return self.assign(e, line)
        if isinstance(e, A.Call) and not e.device_function and e.callee in lifting.DEBUG_CALLS:
            return self.leave_out(e)
        if (isinstance(e, A.Call) and not e.device_function and e.callee in op_coverage.SINCOS_HALVES
                and len(e.args) == 3):
            return self.sincos(e, line)
        if isinstance(e, A.Call):
            value = self.call(e, want_value=False)
            return [I.Evaluate(value, line)]
        # A discarded value whose computation has effects keeps them, in C's order and under C's
        # conditions; what cannot be written so is refused rather than dropped.
        if isinstance(e, A.Cast) and (isinstance(e.type, A.Void) or self.has_effects(e.operand)):
            # `(int)atomicAdd(&c[1], 1);`: converting the discarded result does nothing, the call does
            return self.expr_stmt(e.operand, line)
        if isinstance(e, A.BinOp) and e.op == ",":  # `i++, j++` (a for loop's step): left, then right
            return self.expr_stmt(e.lhs, line) + self.expr_stmt(e.rhs, line)
        if isinstance(e, A.UnOp) and e.op in ("-", "+", "!", "~") and self.has_effects(e.operand):
            return self.expr_stmt(e.operand, line)  # `!atomicExch(&f[0], 1);`: the operator does nothing
        if isinstance(e, A.BinOp) and e.op in ("&&", "||") and self.has_effects(e):
            if not self.has_effects(e.rhs):  # `atomicAdd(&c[0], 1) || x;`: the right side changes nothing
                self.expr_stmt(e.rhs, line)  # (lifted only to refuse what cannot be)
                return self.expr_stmt(e.lhs, line)
            # `i < n && atomicAdd(&c[0], 1);` is `if (i < n) atomicAdd(&c[0], 1);` (`||`: if not)
            cond = self.condition(e.lhs)
            then = tuple(self.expr_stmt(e.rhs, line))
            return [I.If(cond if e.op == "&&" else I.Unary("not", cond, "bool"), then, (), line)]
        if isinstance(e, A.Conditional) and self.has_effects(e):
            if not (self.has_effects(e.then) or self.has_effects(e.other)):  # `atomicAdd(&c[0], 1) ? 1 : 2;`
                self.expr_stmt(e.then, line)  # (lifted only to refuse what cannot be)
                self.expr_stmt(e.other, line)
                return self.expr_stmt(e.cond, line)
            # `c ? atomicAdd(a, 1) : atomicAdd(b, 1);` is `if (c) atomicAdd(a, 1); else atomicAdd(b, 1);`
            cond = self.condition(e.cond)
            then, other = tuple(self.expr_stmt(e.then, line)), tuple(self.expr_stmt(e.other, line))
            if not then and not other:  # glibc's `assert(c)`, `c ? void(0) : __assert_fail(...)`, left out
                return self.expr_stmt(e.cond, line) if self.has_effects(e.cond) else []
            if not then:
                return [I.If(I.Unary("not", cond, "bool"), other, (), line)]
            return [I.If(cond, then, other, line)]
        self.value(e)  # lifted to refuse what cannot be, even where the value is dropped
        if self.has_effects(e):
            raise LiftError("C2T1202", "expression statement whose discarded value has side effects (e.g. "
                                       "`x + atomicAdd(p, 1);`): write the call or assignment as a statement of "
                                       "its own", e.loc)
        # a pure expression statement (`x + 1;`, `i < n;`) has no effect: nothing to emit
        return []

    def leave_out(self, call: A.Call) -> list[I.Stmt]:
        """An assertion or printf: nothing to emit, a note to report. Its arguments must not change
        anything (`printf("%d", atomicAdd(c, 1))` would lose the add): those are refused."""
        debug = lifting.DEBUG_CALLS[call.callee]
        if self.has_effects(call.args):
            raise LiftError("C2T1202", f"a {debug.what} whose arguments have effects: it cannot be left out "
                                       "without losing them; compute them in a statement of their own", call.loc)
        self.ctx.left_out.append(I.LeftOut(debug.what, self.ctx.line(call.loc), call.loc.col))
        return []

    def has_effects(self, e) -> bool:
        """Whether evaluating `e` does more than compute a value: an assignment or increment, a call
        other than pure math (a __device__ function, an atomic, a warp exchange or vote, a barrier), or
        a read through a volatile pointer (`sdata[tid];` of `volatile float* sdata` is an access in C)."""
        if hasattr(e, "ir"):  # an inlined call's result: its statements are already emitted
            return False
        if isinstance(e, A.Assign) or isinstance(e, A.Call) and not _pure_call(e):
            return True
        if isinstance(e, tuple):
            return any(self.has_effects(x) for x in e)
        if not hasattr(e, "__dataclass_fields__") or isinstance(e, A.Loc):
            return False
        if any(self.has_effects(getattr(e, f)) for f in e.__dataclass_fields__ if f not in ("type", "loc")):
            return True
        base = e.base if isinstance(e, A.Index) else e.operand if isinstance(e, A.UnOp) and e.op == "*" else None
        if base is None:
            return False
        try:
            return self.pointer(base).volatile
        except LiftError:
            return False  # not a pointer the lift knows: lifting the load refuses it

    def group_reduce(self, call: A.Call, line: int) -> tuple[list[I.Stmt], I.Expr]:
        """`cg::reduce(tile, v, op)` as the butterfly CUDA's own implementation runs, written out as the
        loop a programmer would write, which lower_warp_ops emulates and raise_warp_reduce raises:

            reduced = v; for (off = tile.size() / 2; off > 0; off >>= 1) reduced = op(reduced, tile.shfl_xor(reduced, off));

        Every lane of the tile gets the result, as from cg::reduce. `cg::less`/`cg::greater` keep their
        own definition (`(b < a) ? b : a`, not fminf), so NaNs travel as in CUDA."""
        if len(call.args) != 3:
            raise LiftError("C2T1204", "cooperative_groups::reduce takes a tile, a value and an operator", call.loc)
        group = self.group(call.args[0])
        if group.kind != "tile" or group.size <= 0 or 32 % group.size:
            raise LiftError("C2T1204", "cooperative_groups::reduce over anything but a tile of a warp is not lifted",
                            call.loc)
        functor = _GROUP_FUNCTOR.search(type_name(call.args[2].type) or "")
        operator = lifting.GROUP_OPERATORS.get(f"{lifting.GROUP_NAMESPACE}::{functor.group(1)}") if functor else None
        if operator is None:
            raise LiftError("C2T1204", f"cooperative_groups::reduce with operator '{type_name(call.args[2].type)}' "
                                       "is not lifted (plus, less, greater, bit_and, bit_or, bit_xor are)", call.loc)
        dtype = self.dtype_of(call)
        acc, cursor, off = (self.names.fresh(n) for n in ("reduced", "reduce_off_next", "reduce_off"))
        self.decls += [I.DeclVar(acc, dtype, line), I.DeclVar(cursor, "int32", line)]
        value = I.Var(acc, dtype)
        other = I.WarpShuffle("xor", value, I.Var(off, "int32"), I.Const(group.size, "int32"), dtype)
        combined = _combine(operator, value, other, dtype)
        step = I.Binary("shr", I.Var(cursor, "int32"), I.Const(1, "int32"), "int32")
        loop = I.While(I.Binary("gt", I.Var(cursor, "int32"), I.Const(0, "int32"), "bool"),
                       (I.Let(off, I.Var(cursor, "int32"), line), I.AssignVar(cursor, step, line),
                        I.AssignVar(acc, combined, line)), line)
        return [I.AssignVar(acc, cast(self.value(call.args[1]), dtype), line),
                I.AssignVar(cursor, I.Const(group.size // 2, "int32"), line), loop], value

    def assign(self, e: A.Assign, line: int) -> list[I.Stmt]:
        copy = self.reinterpreted_copy(e, line)
        if copy is not None:
            return copy
        target = e.target
        if isinstance(target, A.UnOp) and target.op == "*":
            target = A.Index(target.operand, A.IntLit(0, A.Scalar("int32"), e.loc), target.type, e.loc)
        if isinstance(target, A.Index) and (through := self.through_scalar_pointer(target)) is not None:
            return self.assign_binding(through, A.Assign(e.op, target.base, e.value, e.type, e.loc), line)
        if isinstance(target, A.VarRef):
            return self.assign_binding(self.lookup(target), e, line)
        if isinstance(target, A.Member) and isinstance(target.base.type, A.Pointer) and \
                isinstance(target.base.type.pointee, A.Vector):
            target = replace(target, base=pointee_of(target.base))  # `a->x = v;` is `(*a).x = v;`
            e = replace(e, target=target)
        if isinstance(target, A.Member) and isinstance(target.base.type, A.Vector) and \
                (isinstance(target.base, A.Index) or (isinstance(target.base, A.UnOp) and target.base.op == "*")):
            # `p[i].x = v;`, `pts[i].y += d;`: the lane's own element of the buffer
            return self.assign_lane_of_element(target, e, line)
        if isinstance(target, A.Member):
            if not isinstance(target.base, A.VarRef):
                raise LiftError("C2T1202", "assignment to a member of a temporary", e.loc)
            binding = self.lookup(target.base)
            if is_bits_member(target) and isinstance(binding, ScalarBinding):
                # `hsum.x = old >> 16;` of an at::Half: the value whose bits are the unsigned short stored
                bits = self.updated(I.Bitcast(I.Var(binding.name, binding.dtype), "uint16"), e)
                return [I.AssignVar(binding.name, I.Bitcast(bits, binding.dtype), line)]
            if not isinstance(binding, VectorBinding):
                raise LiftError("C2T1202", "assignment to a member of a non-vector", e.loc)
            lane = binding.lanes[target.base.type.lane(target.field)]
            return [I.AssignVar(lane, self.updated(I.Var(lane, binding.dtype), e), line)]
        if isinstance(target, (A.Index, A.UnOp)):
            index = target if isinstance(target, A.Index) else A.Index(
                target.operand, A.IntLit(0, A.Scalar("int32"), e.loc), target.type, e.loc)
            base, offset = self.element_offset(index, bits=True)
            if base.byte_offset is not None:
                raise LiftError("C2T1202", f"pointer cast between different element types: a store of "
                                           f"{type_name(index.type)} into {base.bits} elements' bytes", e.loc)
            if base.bits is not None:  # `*(unsigned*)f = u;`: the bits stored into the element
                if isinstance(index.type, A.Vector) or base.volatile:
                    raise LiftError("C2T1202", "pointer cast between different element types: a vector or "
                                               "volatile store through another dtype's bits", e.loc)
                dtype = self.dtype_of(index)
                value = self.updated(I.Bitcast(I.Load(base.buffer, offset, base.bits), dtype), e)
                return [I.Store(base.buffer, offset, I.Bitcast(cast(value, dtype), base.bits), line)]
            if isinstance(index.type, A.Vector):
                if e.op != "=":
                    raise LiftError("C2T1202", "compound assignment to a vector", e.loc)
                values = self.vector(e.value)
                prologue, values = self.snapshot(values, base.buffer,
                                                 lambda x: isinstance(x, I.Load) and x.buffer == base.buffer, line)
                return prologue + [I.Store(base.buffer, offset_add(offset, I.Const(k, offset.dtype)), v, line)
                                   for k, v in enumerate(values)]
            dtype = self.dtype_of(index)
            value = self.updated(I.Load(base.buffer, offset, dtype), e)
            if base.volatile and (self.fn.is_kernel or self.inlined):
                # Legacy warp-synchronous code (`volatile float* v = sdata; v[tid] += v[tid + 16];`) relies on
                # the 32 lanes reading before any writes: read, warp barrier, write, warp barrier.
                tmp = self.names.fresh(f"{base.buffer}_read")
                return [I.Let(tmp, value, line), I.Barrier("warp", line, base.buffer),
                        I.Store(base.buffer, offset, I.Var(tmp, dtype), line), I.Barrier("warp", line, base.buffer)]
            if base.volatile:  # a @T.macro is one expression: it has no place for the warp barriers
                raise LiftError("C2T1216", "store through a volatile pointer in a __device__ function that is "
                                           "not inlined", e.loc)
            return [I.Store(base.buffer, offset, value, line)]
        raise LiftError("C2T1202", "unsupported assignment target", e.loc)

    def assign_lane_of_element(self, target: A.Member, e: A.Assign, line: int) -> list[I.Stmt]:
        vector = target.base.type
        lane = vector.lane(target.field)
        if lane < 0:
            raise LiftError("C2T1202", f"unknown vector member '.{target.field}'", e.loc)
        index = target.base if isinstance(target.base, A.Index) else pointee_of(target.base.operand)
        base, offset = self.element_offset(index)
        if base.volatile:
            raise LiftError("C2T1202", "store to a lane of a volatile vector element", e.loc)
        at = offset_add(offset, I.Const(lane, offset.dtype))
        return [I.Store(base.buffer, at, self.updated(I.Load(base.buffer, at, vector.elem), e), line)]

    def assign_binding(self, binding, e: A.Assign, line: int) -> list[I.Stmt]:
        """`x op= value` where the variable `x` (e.target) is bound to `binding`."""
        target = e.target
        if isinstance(binding, ScalarBinding):
            return [I.AssignVar(binding.name, self.updated(I.Var(binding.name, binding.dtype), e), line)]
        if isinstance(binding, ElementBinding):  # a reference to a buffer element: store through it
            current = I.Load(binding.buffer, binding.offset, binding.dtype)
            return [I.Store(binding.buffer, binding.offset, self.updated(current, e), line)]
        if isinstance(binding, SharedScalarBinding):
            current = I.Load(binding.name, I.Const(0, "int32"), binding.dtype)
            return [I.Store(binding.name, I.Const(0, "int32"), self.updated(current, e), line)]
        if isinstance(binding, PointerBinding) and binding.offset_var:
            if e.op == "=":
                new = view_as(self.pointer(e.value), binding.pointee, e.loc)
                if new.buffer != binding.buffer or new.bits != binding.bits or new.byte_offset is not None:
                    raise LiftError("C2T1210", "pointer re-targeted to another buffer", e.loc)
                return [I.AssignVar(binding.offset_var, cast(new.offset, "int64"), line)]
            if e.op in ("+=", "-="):
                step = offset_scale(self.value(e.value), lanes_of(binding.pointee))
                op = "add" if e.op == "+=" else "sub"
                return [I.AssignVar(binding.offset_var, I.Binary(op, I.Var(binding.offset_var, "int64"),
                                                                 cast(step, "int64"), "int64"), line)]
        if isinstance(binding, VectorBinding) and e.op == "=":
            values = self.vector(e.value)
            prologue, values = self.snapshot(values, target.name,
                                             lambda x: isinstance(x, I.Var) and x.name in binding.lanes, line)
            return prologue + [I.AssignVar(lane, v, line) for lane, v in zip(binding.lanes, values)]
        raise LiftError("C2T1202", f"unsupported assignment to '{target.name}'", e.loc)

    def snapshot(self, values, hint: str, reads_target, line: int) -> tuple[list[I.Stmt], tuple[I.Expr, ...]]:
        """Evaluate all lanes before writing any when a lane reads what is written, e.g.
        `p[i] = make_float2(p[i].y, p[i].x)`: storing lane x first would change what lane y reads."""
        if not any(reads_target(x) for x in nodes(values)):
            return [], tuple(values)
        names = [self.names.fresh(f"{hint}_{_LANES[k] if k < len(_LANES) else k}_new") for k in range(len(values))]
        return ([I.Let(n, v, line) for n, v in zip(names, values)],
                tuple(I.Var(n, v.dtype) for n, v in zip(names, values)))

    def updated(self, current: I.Expr, e: A.Assign) -> I.Expr:
        """The new value of `target op= value` with C's conversions: computed in the common type."""
        dtype = current.dtype
        value = self.value(e.value)
        if e.op == "=":
            return cast(value, dtype)
        op = e.op[:-1]
        if op in ("<<", ">>"):
            return arith(op, current, cast(value, dtype), dtype)
        common = common_dtype(dtype, value.dtype)
        return cast(arith(op, cast(current, common), cast(value, common), common), dtype)

    # --------------------------------------------------------- loops
    def for_loop(self, s: A.For) -> list[I.Stmt]:
        for form in (self.serial_for, self.cursor_for):
            lifted = form(s)
            if lifted is not None:
                return lifted
        if s.step is not None and _loop_continues(s.body):
            raise LiftError("C2T1212", "`continue` in a for loop whose form cannot be kept as a serial loop",
                            s.loc)
        init = self.stmt(s.init) if s.init is not None else []
        cond = self.condition(s.cond) if s.cond is not None else I.Const(True, "bool")
        self.loop_depth += 1
        body = self.block(s.body)
        step = tuple(self.expr_stmt(s.step, self.ctx.line(s.loc))) if s.step is not None else ()
        self.loop_depth -= 1
        return init + self.tested_each_trip(cond, body + step, s.loc)

    def tested_each_trip(self, cond: I.Expr, body: tuple[I.Stmt, ...], loc: A.Loc) -> list[I.Stmt]:
        """`while cond: body`, where `cond` is evaluated before every trip as C evaluates it. A macro call
        in a `while` header is expanded once, before the loop: its arguments are bound to their values
        there (`while differ(i, n)` kept testing the first `i`: measured, the loop never ended, and with
        `&& steps < 50` it ran 50 trips where C ran 3), and a macro with statements places them there
        too. Such a condition is tested at the top of the body instead:

            while differ(i, n): ...     ->     forever = 1
                                               while forever != 0:
                                                   if not differ(i, n): break
                                                   ...

        (a `continue` goes back to the top and tests it again, as in C)."""
        if not ir_contains(cond, I.MacroCall):
            return self.while_form(cond, body, loc)
        line = self.ctx.line(loc)
        test = I.If(I.Unary("not", cond, "bool"), (I.Break(line),), (), line)
        return self.while_form(I.Const(True, "bool"), (test,) + tuple(body), loc)

    def serial_for(self, s: A.For) -> list[I.Stmt] | None:
        """`for (int i = a; i < b; i += 2)` with a positive constant step, i and b unchanged by the body
        -> For(i, a, b, 2), printed as `T.serial(a, b, 2)`."""
        init, cond, step = s.init, s.cond, s.step
        if not (isinstance(init, A.VarDecl) and init.init is not None and isinstance(init.type, A.Scalar)
                and not is_float(init.type.dtype)):
            return None
        decl = init.decl
        if not (isinstance(cond, A.BinOp) and cond.op in ("<", "<=") and isinstance(cond.lhs, A.VarRef)
                and cond.lhs.decl == decl):
            return None
        if not (isinstance(step, A.Assign) and isinstance(step.target, A.VarRef) and step.target.decl == decl
                and step.op == "+="):
            return None
        if decl in assigned_decls(s.body) or contains(cond.rhs, (A.Index, A.Call)):
            return None
        if not self.loop_invariant(cond.rhs, s.body):
            # T.serial reads its bound once; C re-reads it before every iteration:
            # `for (i = 0; i < *p; i++) { ...; *p = 1; }` stops after one trip in C
            return None
        dtype = init.type.dtype
        stride = cast(self.value(step.value), dtype)
        if not (isinstance(stride, I.Const) and stride.value > 0):
            return None  # a runtime stride (grid-stride loops) takes the cursor form
        stop = self.value(cond.rhs)
        if stop.dtype != dtype and common_dtype(stop.dtype, dtype) != dtype:
            return None  # e.g. int i < unsigned n compares as unsigned: keep the general form
        stop = cast(stop, dtype)
        start = cast(self.value(init.init), dtype)
        counter = dtype
        if is_unsigned(dtype):
            # TileLang's loop variable must be signed ("The dtype of the domain of an IterVar must
            # be an integer type ... uint32"): count in a signed type that holds every value C's
            # counter takes, and give the body C's unsigned value. `for (unsigned i = 0; i < 4; i++)`
            # -> `for i_signed in T.serial(4): i = T.cast(i_signed, "uint32")`.
            counter = _signed_counter(start, stop, stride.value, cond.op)
            if counter is None:
                return None  # C's counter may wrap around: the cursor form keeps its modular steps
            start, stop, stride = cast(start, counter), cast(stop, counter), const(stride.value, counter)
        if cond.op == "<=":
            stop = const(stop.value + 1, counter) if isinstance(stop, I.Const) else I.Binary(
                "add", stop, const(1, counter), counter)
        name = self.names.fresh(init.name)
        loop_var = name if counter == dtype else self.names.fresh(f"{init.name}_signed")
        self.bindings[decl] = ScalarBinding(name, dtype, False)
        self.loop_depth += 1
        body = self.block(s.body)
        self.loop_depth -= 1
        if loop_var != name:
            body = (I.Let(name, cast(I.Var(loop_var, counter), dtype), self.ctx.line(s.loc)),) + body
        return [I.For(loop_var, start, stop, stride, body, self.ctx.line(s.loc))]

    def cursor_for(self, s: A.For) -> list[I.Stmt] | None:
        """A loop whose one variable only the step changes (grid-stride loops, counting down...):

            cursor = start
            while cond(cursor):
                i = cursor              # the body sees an immutable i
                cursor = step(cursor)   # advanced first, so `continue` cannot skip it
                body

        TileLang's T.serial with a runtime step fails layout inference in 2-D T.Parallel regions,
        hence this form rather than `T.serial(start, stop, blockDim.x * gridDim.x)`."""
        init, step = s.init, s.step
        if not (isinstance(init, A.VarDecl) and init.init is not None and isinstance(init.type, A.Scalar)):
            return None
        decl = init.decl
        if not (isinstance(step, A.Assign) and isinstance(step.target, A.VarRef) and step.target.decl == decl):
            return None
        if decl in assigned_decls(s.body) or (step.value is not None and decl in assigned_decls(step.value)):
            return None
        if step.value is not None and not self.loop_invariant(step.value, s.body):
            # the step runs before the body here, after it in C: `for (i = 0; i < n; i += s) { ...; s *= 2; }`
            # would advance by the old s (and `i += a[0]` after a body storing to `a` by the old a[0])
            return None
        dtype = self.dtype_of(A.IntLit(0, init.type, init.loc))
        line = self.ctx.line(s.loc)
        cursor = self.names.fresh(f"{init.name}_next")
        self.decls.append(I.DeclVar(cursor, dtype, line))
        self.bindings[decl] = ScalarBinding(cursor, dtype, True)
        start = I.AssignVar(cursor, cast(self.value(init.init), dtype), line)
        cond = self.condition(s.cond) if s.cond is not None else I.Const(True, "bool")
        advance = tuple(self.assign(step, line))
        name = self.names.fresh(init.name)
        self.bindings[decl] = ScalarBinding(name, dtype, False)
        self.loop_depth += 1
        body = self.block(s.body)
        self.loop_depth -= 1
        return [start] + self.tested_each_trip(cond, (I.Let(name, I.Var(cursor, dtype), line),) + advance + body,
                                               s.loc)

    def loop_invariant(self, e: A.Expr, body: A.Stmt) -> bool:
        """Whether `e` has the same value wherever an iteration of `body` evaluates it, so that a loop
        form may evaluate it once (T.serial's bound) or before the body (the cursor's step). It must
        have no effects, read no variable the body assigns (`i += s` after `s *= 2`), and read no
        memory unless the body writes none (`i < *p` after `*p = 1`; `i < n_sh` of a __shared__
        `n_sh` after a barrier, where another thread may have stored to it)."""
        if self.has_effects(e) or {r.decl for r in _refs(e)} & assigned_decls(body):
            return False
        return not (self.reads_memory(e) and _writes_memory(body, self.bindings))

    def reads_memory(self, e) -> bool:
        """Whether evaluating `e` may load from memory: `a[i]`, `*p`, a member of a loaded vector
        (`p4[i].x`, through its Index), a __shared__ scalar (`__shared__ int n;` is read as `n[0]`), a
        call that is not pure math, or one given a pointer (`__ldg(p + i)`)."""
        if isinstance(e, A.Index) or isinstance(e, A.UnOp) and e.op == "*":
            return True
        if isinstance(e, A.VarRef):
            return isinstance(self.bindings.get(e.decl), SharedScalarBinding)
        if isinstance(e, A.Call) and (not _pure_call(e) or any(isinstance(a.type, (A.Pointer, A.Array))
                                                               for a in e.args)):
            return True
        if isinstance(e, tuple):
            return any(self.reads_memory(x) for x in e)
        if hasattr(e, "__dataclass_fields__") and not isinstance(e, A.Loc):
            return any(self.reads_memory(getattr(e, f)) for f in e.__dataclass_fields__ if f not in ("type", "loc"))
        return False

    def while_loop(self, s: A.While) -> list[I.Stmt]:
        self.loop_depth += 1
        body = self.block(s.body)
        self.loop_depth -= 1
        if not s.do_while:
            return self.tested_each_trip(self.condition(s.cond), body, s.loc)
        if _loop_continues(s.body):
            raise LiftError("C2T1212", "`continue` in a do/while loop", s.loc)
        flag = self.names.fresh("again")
        self.decls.append(I.DeclVar(flag, "bool", self.ctx.line(s.loc)))
        return [I.AssignVar(flag, I.Const(True, "bool"), self.ctx.line(s.loc)),
                I.While(I.Var(flag, "bool"), body + (I.AssignVar(flag, self.condition(s.cond), self.ctx.line(s.loc)),),
                        self.ctx.line(s.loc))]

    def while_form(self, cond: I.Expr, body: tuple[I.Stmt, ...], loc: A.Loc) -> list[I.Stmt]:
        """`while cond: body`. TileLang refuses a constant condition ("Infinite while loop detected"):
        `while (true)`, `for (;;)` (and what hoist_assignments makes of `while ((v = next[v]) != 0)`)
        run on a flag that only `break` leaves; `while (false)` never runs its body."""
        line = self.ctx.line(loc)
        if not isinstance(cond, I.Const):
            return [I.While(cond, body, line)]
        if not cond.value:
            return []
        # (an int32 flag: a bool variable does not lower for WebGPU, see returns_in_loops.py)
        flag = self.names.fresh("forever")
        self.decls.append(I.DeclVar(flag, "int32", line))
        return [I.AssignVar(flag, I.Const(1, "int32"), line),
                I.While(I.Binary("ne", I.Var(flag, "int32"), I.Const(0, "int32"), "bool"), body, line)]

    # --------------------------------------------------------- device functions
    def has_inlined_call(self, e) -> bool:
        return any(isinstance(n, A.Call) and self.inlined_here(n) for n in A.walk(e))

    def hoist_inlined_calls(self, e: A.Expr, line: int) -> tuple[list[I.Stmt], A.Expr]:
        """(the statements of the calls in `e` that must be lifted into this body, `e` with each call's
        result in its place): `v += shfl_helper(v, o)` becomes the helper's statements, then
        `v += result`. Only calls C evaluates whatever happens: one right of `&&`/`||` or in a branch of
        `?:` may not run, and is refused where it must be inlined."""
        hoisted: list[I.Stmt] = []

        def rewrite(n, conditional: bool):
            if isinstance(n, A.Call) and self.inlined_here(n):
                if conditional:
                    raise LiftError("C2T1216", f"'{n.callee}' is called where C may skip it (right of && or ||, a "
                                               "branch of ?:): call it in a statement of its own first", n.loc)
                n = replace(n, args=tuple(rewrite(a, False) for a in n.args))
                stmts, result = self.inline_call(n, line)
                if result is None:
                    raise LiftError("C2T1202", f"'{n.callee}' returns void", n.loc)
                hoisted.extend(stmts)
                return _Lifted(result, n.type, n.loc)
            if isinstance(n, A.BinOp) and n.op in ("&&", "||"):
                return replace(n, lhs=rewrite(n.lhs, conditional), rhs=rewrite(n.rhs, True))
            if isinstance(n, A.Conditional):
                return replace(n, cond=rewrite(n.cond, conditional), then=rewrite(n.then, True),
                               other=rewrite(n.other, True))
            if not is_dataclass(n) or isinstance(n, (A.Loc, _Lifted)):
                return n
            changes = {}
            for f in fields(n):
                value = getattr(n, f.name)
                if isinstance(value, tuple):
                    new = tuple(rewrite(x, conditional) if _is_node(x) else x for x in value)
                elif _is_node(value):
                    new = rewrite(value, conditional)
                else:
                    continue
                if new is not value:
                    changes[f.name] = new
            return replace(n, **changes) if changes else n

        return hoisted, rewrite(e, False)

    def synchronising(self, call: A.Call) -> bool:
        return call.device_function and needs_inlining(call.callee, self.ctx.functions, self.ctx.sync_memo)

    def vector(self, e: A.Expr) -> tuple[I.Expr, ...]:
        if isinstance(e, _Lifted) and isinstance(e.ir, tuple):  # the lanes an inlined call returned
            return e.ir
        return super().vector(e)

    def inlined_here(self, call: A.Call) -> bool:
        """Whether a statement-level call is lifted into this body rather than as a `@T.macro`: it
        synchronises, or it writes back to its caller's variables (a macro cannot rebind them)."""
        if isinstance(call.type, A.Pointer):
            # `T* buf = smem.getPointer();`: a call returning a pointer names a buffer, which the caller
            # binds in place (`returned_pointer`); its `extern __shared__` makes it look synchronising
            return False
        fn = self.ctx.functions.get(call.callee) if call.device_function else None
        if fn is not None and isinstance(fn.return_type, A.Vector):
            return True  # `Point3 d = sub(a, b);`: its lanes are locals of this body (a macro returns one value)
        return self.synchronising(call) or self.writes_back(call) or self.tests_null(call)

    def tests_null(self, call: A.Call) -> bool:
        """Whether a __device__ function tests one of its pointer parameters against NULL (`p != nullptr`,
        `if (p)`): inlined, the test reads the flag of the kernel's pointer it is given."""
        fn = self.ctx.functions.get(call.callee) if call.device_function else None
        if fn is None or fn.body is None or not self.kernel_scope:
            return False
        pointers = {p.decl for p in fn.params if isinstance(p.type, A.Pointer)}
        return bool(pointers & null_tested(fn.body))

    def writes_back(self, call: A.Call) -> bool:
        """Whether a __device__ call may write its caller's variables: a reference parameter the function
        writes (`float& total`: references_as_values left it), or a pointer parameter given one
        variable's address (`update(&acc, v)`) or such a pointer passed on."""
        fn = self.ctx.functions.get(call.callee) if call.device_function else None
        if fn is None:
            return False
        return any(isinstance(p.type, A.Reference) or isinstance(p.type, A.Pointer) and self.points_to_variable(arg)
                   for p, arg in zip(fn.params, call.args))

    def points_to_variable(self, arg: A.Expr) -> bool:
        while isinstance(arg, A.Cast) and arg.type == arg.operand.type:
            arg = arg.operand
        if isinstance(arg, A.UnOp) and arg.op == "&" and isinstance(arg.operand, A.VarRef):
            return isinstance(self.bindings.get(arg.operand.decl), (ScalarBinding, SharedScalarBinding,
                                                                    ElementBinding))
        return isinstance(arg, A.VarRef) and isinstance(self.bindings.get(arg.decl), ScalarPointerBinding)

    def variable_pointer(self, arg: A.Expr, param: A.Param) -> ScalarPointerBinding:
        while isinstance(arg, A.Cast) and arg.type == arg.operand.type:
            arg = arg.operand
        if isinstance(arg, A.VarRef):
            return self.bindings[arg.decl]
        target = self.bindings[arg.operand.decl]
        if isinstance(target, ScalarBinding) and not target.mutable:
            raise LiftError("C2T1202", f"'{arg.operand.name}' is passed by address but was lifted as a constant",
                            arg.loc)
        if elem_dtype(param.type.pointee) != target.dtype:
            raise LiftError("C2T1202", f"pointer parameter '{param.name}' ('{type_name(param.type)}') is given the "
                                       f"address of a {target.dtype} variable", arg.loc)
        return ScalarPointerBinding(target, param.name)

    def reference_argument(self, arg: A.Expr, param: A.Param, stmts: list, line: int):
        """What a written reference parameter (`float& total`) is bound to: the caller's variable itself
        (its binding, so writes reach it), or a buffer element (its offset fixed at the call)."""
        referred = param.type.referred
        if isinstance(arg, A.VarRef):
            binding = self.lookup(arg)
            if isinstance(binding, (ScalarBinding, SharedScalarBinding, ElementBinding)) and \
                    isinstance(referred, A.Scalar) and elem_dtype(referred) == binding.dtype:
                if isinstance(binding, ScalarBinding) and not binding.mutable:
                    raise LiftError("C2T1202", f"'{arg.name}' is passed by reference but was lifted as a constant",
                                    arg.loc)
                return binding
            if isinstance(binding, VectorBinding) and isinstance(referred, A.Vector) and \
                    referred.elem == binding.dtype and len(binding.lanes) == referred.lanes and binding.mutable:
                return binding
        if isinstance(arg, A.UnOp) and arg.op == "*":
            arg = A.Index(arg.operand, A.IntLit(0, A.Scalar("int32"), arg.loc), arg.type, arg.loc)
        if isinstance(arg, A.Index) and isinstance(referred, A.Scalar):
            target = self.through_scalar_pointer(arg)
            if target is not None:
                return target
            base, offset = self.element_offset(arg)
            dtype = self.dtype_of(arg)
            if dtype == elem_dtype(referred) and not isinstance(base.pointee, A.Vector):
                if not isinstance(offset, (I.Const, I.Var)):
                    at = self.names.fresh(f"{sanitize(param.name)}_at")
                    stmts.append(I.Let(at, offset, line))
                    offset = I.Var(at, offset.dtype)
                return ElementBinding(base.buffer, offset, dtype)
        raise LiftError("C2T1207", f"reference parameter '{param.name}' ('{param.type.spelling}') is written, and "
                                   "its argument is not a variable or buffer element of the same type the lift can "
                                   "write back to", arg.loc)

    def inline_call(self, call: A.Call, line: int) -> tuple[list[I.Stmt], I.Expr | None]:
        """Lift a synchronising `__device__` function into the caller's body: its barriers and warp
        exchanges must split the caller's phases, which a `@T.macro` (one expression) cannot do."""
        fn = self.ctx.functions.get(call.callee)
        if fn is None or fn.body is None:
            raise LiftError("C2T1203", f"no definition of device function '{call.callee}'", call.loc)
        if call.callee in self.ctx.active:
            raise LiftError("C2T1209", f"recursive call to '{call.callee}'", call.loc)
        if any(self.has_inlined_call(a) for a in call.args):  # `normalize(a + b) * 2.0f`: the inner calls first
            hoisted, args = [], []
            for a in call.args:
                stmts, a = self.hoist_inlined_calls(a, line)
                hoisted += stmts
                args.append(a)
            stmts, result = self.inline_call(replace(call, args=tuple(args)), line)
            return hoisted + stmts, result
        child = FunctionLifter(fn, self.ctx, self.names)
        child.inlined = True
        if isinstance(fn.return_type, A.Vector):
            returns = [n for n in A.walk(fn.body) if isinstance(n, A.Return)]
            if len(returns) != 1 or not fn.body.body or fn.body.body[-1] is not returns[0]:
                raise LiftError("C2T1202", f"'{fn.name}' returns a vector or struct from more than its last "
                                           "statement: write one `return` at its end", call.loc)
            stem = sanitize(fn.name.split("<")[0])
            child.vector_result = tuple(self.names.fresh(f"{stem}_result_{lane_name(fn.return_type, k)}")
                                        for k in range(fn.return_type.lanes))
            self.decls += [I.DeclVar(name, fn.return_type.elem, line) for name in child.vector_result]
        child.kernel_scope = self.kernel_scope
        child.decls = self.decls
        child.builtins = self.builtins
        stmts: list[I.Stmt] = []
        write_back: list[I.Stmt] = []
        _check_arity(fn, call)
        for k, (p, arg) in enumerate(zip(fn.params, call.args)):
            if isinstance(p.type, A.Pointer) and self.points_to_variable(arg):
                child.bindings[p.decl] = self.variable_pointer(arg, p)
            elif isinstance(p.type, A.Reference):
                others = [(q, a) for j, (q, a) in enumerate(zip(fn.params, call.args)) if j != k]
                child.bindings[p.decl] = self.copied_reference(arg, p, others, stmts, write_back, line) or \
                    self.reference_argument(arg, p, stmts, line)
            elif isinstance(p.type, A.Stateless) and _builds_nothing(arg):
                continue  # a functor holding nothing (`reduce(v, Max<float>())`): nothing to pass
            elif isinstance(p.type, A.Pointer) and A.is_null_constant(arg):
                child.bindings[p.decl] = NullPointerBinding(p.name, p.type.pointee)
            elif isinstance(p.type, A.Pointer):
                target = view_as(self.pointer(arg), p.type.pointee, arg.loc)
                # `warpReduce(volatile float* sdata, ...)` keeps the volatility of its parameter (or of the
                # argument), so its `sdata[tid] += sdata[tid + 32]` reads, syncs the warp, then writes
                child.bindings[p.decl] = replace(target, offset_var=None, volatile=p.type.volatile or target.volatile)
            elif isinstance(p.type, A.Struct):
                child.bindings[p.decl] = self.struct_argument(arg, p)
            elif isinstance(p.type, A.Scalar):
                name = self.names.fresh(p.name)
                value = cast(self.value(arg), p.type.dtype)
                if p.decl in child.mutable:
                    self.decls.append(I.DeclVar(name, p.type.dtype, line))
                    stmts.append(I.AssignVar(name, value, line))
                else:
                    stmts.append(I.Let(name, value, line))
                    if isinstance(value, I.Const):
                        child.param_constants[name] = value
                child.bindings[p.decl] = ScalarBinding(name, p.type.dtype, p.decl in child.mutable)
            elif isinstance(p.type, A.Vector):  # a float2, or a struct of one scalar type (struct_lanes.py)
                lanes = tuple(self.names.fresh(f"{p.name}_{lane_name(p.type, k)}") for k in range(p.type.lanes))
                for lane, value in zip(lanes, self.vector(arg)):
                    self.decls.append(I.DeclVar(lane, p.type.elem, line))
                    stmts.append(I.AssignVar(lane, cast(value, p.type.elem), line))
                child.bindings[p.decl] = VectorBinding(lanes, p.type.elem, p.decl in child.mutable)
            else:
                raise LiftError("C2T1207", f"parameter '{p.name}' of unsupported type for inlining", p.loc)
        self.ctx.active.append(fn.name)
        try:
            body = child.block(fn.body)
        finally:
            self.ctx.active.pop()
        if child.vector_result:
            return stmts + list(body) + write_back, tuple(I.Var(name, fn.return_type.elem)
                                                          for name in child.vector_result)
        result_dtype = fn.return_type.dtype if isinstance(fn.return_type, A.Scalar) else "void"
        result_name = self.names.fresh(f"{sanitize(fn.name.split('<')[0])}_result") if result_dtype != "void" else None
        body = guard_early_returns(body, result_dtype, result_name)
        self.decls += [s for s in body if isinstance(s, I.DeclVar)]
        body = tuple(s for s in body if not isinstance(s, I.DeclVar))
        result = None
        if result_dtype != "void":
            last = body[-1]
            body = body[:-1]
            if isinstance(last.value, I.Var) and last.value.name == result_name:
                result = last.value
            else:
                body += (I.Let(result_name, last.value, line),)
                result = I.Var(result_name, result_dtype)
        return stmts + list(body) + write_back, result

    def copied_reference(self, arg: A.Expr, param: A.Param, others, stmts: list, write_back: list,
                         line: int) -> VectorBinding | None:
        """A written reference to a struct or vector element (`corners[k].set(x, y)`, `rotate(c, pts[i])`
        of `Point&`): its lanes copied into locals before the inlined body and stored back after it.
        That is the reference exactly when the function can reach the element by no other way: no other
        argument names the element's array or buffer (`swap(a[i], a[j])` is not copied: a write to one
        could be to the other's element), and none that the function may write through (a reference, a
        pointer) names a variable of its index, since an inlined function reaches its caller's objects
        only through what it is given. `pts[i].shift(offsets[i % m])` is copied: `i` is only read. None
        otherwise, or for a variable (bound in place by reference_argument)."""
        referred = param.type.referred
        if not (isinstance(referred, A.Vector) and isinstance(arg, (A.Index, A.Member))
                and isinstance(arg.type, A.Vector) and arg.type.elem == referred.elem
                and arg.type.lanes == referred.lanes):
            return None
        if any(isinstance(n, (A.Call, A.Assign)) for n in A.walk(arg)):
            return None
        root = arg
        while isinstance(root, (A.Index, A.Member)):
            root = root.base
        if not isinstance(root, A.VarRef):
            return None
        named = {n.decl for n in A.walk(arg) if isinstance(n, A.VarRef)}
        in_memory = isinstance(root.type, A.Pointer)  # a buffer: another pointer may point into it
        for other_param, other in others:
            mentioned = [n for n in A.walk(other) if isinstance(n, A.VarRef)]
            writable = isinstance(other_param.type, (A.Reference, A.Pointer))
            if any(n.decl == root.decl for n in mentioned) or writable and (
                    {n.decl for n in mentioned} & named
                    or in_memory and any(isinstance(n.type, A.Pointer) for n in mentioned)):
                return None
        lanes = tuple(self.names.fresh(f"{param.name}_{lane_name(referred, k)}") for k in range(referred.lanes))
        for lane, value in zip(lanes, self.vector(arg)):
            self.decls.append(I.DeclVar(lane, referred.elem, line))
            stmts.append(I.AssignVar(lane, cast(value, referred.elem), line))
        stored = _Lifted(tuple(I.Var(lane, referred.elem) for lane in lanes), arg.type, arg.loc)
        write_back.extend(self.assign(A.Assign("=", arg, stored, arg.type, arg.loc), line))
        return VectorBinding(lanes, referred.elem, True)

    def sincos(self, e: A.Call, line: int) -> list[I.Stmt]:
        """`sincosf(x, &s, &c);` is `*sp = sinf(x); *cp = cosf(x);`: CUDA documents sincosf with the
        accuracy of sinf and cosf, and glibc computes them alike. `x` is read once, into a value."""
        x, sin_out, cos_out = e.args
        if self.has_effects(x):
            raise LiftError("C2T1202", f"'{e.callee}' of an argument with an effect: compute it first", e.loc)
        sin_name, cos_name = op_coverage.SINCOS_HALVES[e.callee]
        t = x.type
        value = self.names.fresh("sincos_arg")
        stmts: list[I.Stmt] = [I.Let(value, cast(self.value(x), self.dtype_of(x)), line)]
        arg = _Lifted(I.Var(value, self.dtype_of(x)), t, x.loc)
        for name, out in ((sin_name, sin_out), (cos_name, cos_out)):
            while isinstance(out, A.Cast) and out.implicit:
                out = out.operand
            # `&v` names `v` itself; any other pointer is stored through
            target = out.operand if isinstance(out, A.UnOp) and out.op == "&" else A.UnOp("*", out, t, out.loc)
            stmts += self.assign(A.Assign("=", target, A.Call(name, (arg,), t, e.loc), t, e.loc), line)
        return stmts

    def reinterpreted_copy(self, e: A.Assign, line: int) -> list[I.Stmt] | None:
        """`*((float2*)dst) = *((float2*)src);` with `dst`, `src` both `c10::Half*` (apex's
        `copy_vector<Half, 4>`, `int4` copies of byte buffers): a copy of whole elements through a
        wider type, which moves the same bits as copying those elements one by one. Lifted as
        `bytes(view) / bytes(element)` element copies (all loads first, then the stores); None for
        anything else, which the ordinary assignment lifts or refuses (a cast that reads bits as
        another type, `*(int*)f = 1`, stays refused)."""
        if e.op != "=":
            return None
        dst, src = _reinterpreted_access(e.target), _reinterpreted_access(e.value)
        zero = src is None and _all_zero_bits(e.value)  # `*((float2*)dst) = make_float2(0.0f, 0.0f);`
        if dst is None or not (zero or src is not None and dst[1] == src[1]):
            return None
        dst_ptr, view, dst_index = dst
        dst_base = self.pointer(dst_ptr)
        src_base = self.pointer(src[0]) if src is not None else None
        if dst_base.bits is not None or src_base is not None and src_base.bits is not None:
            return None
        elem = elem_dtype(dst_base.pointee)
        if elem is None or lanes_of(dst_base.pointee) != 1 or elem == "bool" or src_base is not None and (
                elem != elem_dtype(src_base.pointee) or lanes_of(src_base.pointee) != 1):
            return None
        view_bytes, elem_bytes = _view_bytes(view), DTYPE_BYTES.get(elem)
        if view_bytes is None or elem_bytes is None or view_bytes % elem_bytes or view_bytes == elem_bytes:
            return None
        count = view_bytes // elem_bytes

        def start(base: PointerBinding, index: A.Expr | None) -> I.Expr:
            step = self.value(index) if index is not None else I.Const(0, "int32")
            return offset_add(base.offset, offset_scale(step, count))

        to = start(dst_base, dst_index)
        if src_base is None:  # all bits zero: every element is 0 (+0.0 for floats)
            return [I.Store(dst_base.buffer, offset_add(to, I.Const(k, to.dtype)), const(0, elem), line)
                    for k in range(count)]
        frm = start(src_base, src[2])
        names = [self.names.fresh(f"{sanitize(src_base.buffer)}_bits") for _ in range(count)]
        loads = [I.Let(n, I.Load(src_base.buffer, offset_add(frm, I.Const(k, frm.dtype)), elem), line)
                 for k, n in enumerate(names)]
        stores = [I.Store(dst_base.buffer, offset_add(to, I.Const(k, to.dtype)), I.Var(n, elem), line)
                  for k, n in enumerate(names)]
        return loads + stores

    def returned_pointer(self, call: A.Call) -> PointerBinding:
        """The pointer a `__device__` function returns, when its body only declares and returns it: the
        SharedMemory<T> idiom (`T* buf = SharedMemory<T>().getPointer();` whose member function is
        `extern __shared__ float s_float[]; return s_float;`), or an accessor `return base + off;` over
        pointer parameters. The call computes nothing but an address, so the caller binds that address
        as if written in place; any other body (a loop, a store, a scalar parameter) is refused."""
        fn = self.ctx.functions.get(call.callee)
        if fn is None or fn.body is None:
            raise LiftError("C2T1203", f"no definition of device function '{call.callee}'", call.loc)
        if call.callee in self.ctx.active:
            raise LiftError("C2T1209", f"recursive call to '{call.callee}'", call.loc)
        *decls, last = fn.body.body or (None,)
        shape = ("only a function whose body declares and returns a pointer (`extern __shared__ float pool[]; "
                 "return pool;`) is lifted")
        if not isinstance(last, A.Return) or last.value is None or not all(isinstance(d, A.VarDecl) for d in decls):
            raise LiftError("C2T1210", f"pointer returned by '{call.callee}': {shape}", call.loc)
        _check_arity(fn, call)
        child = FunctionLifter(fn, self.ctx, self.names)
        child.inlined = True
        child.kernel_scope = self.kernel_scope
        child.decls = self.decls
        child.builtins = self.builtins
        for p, arg in zip(fn.params, call.args):
            if isinstance(p.type, A.Stateless) and _builds_nothing(arg):
                continue
            if not isinstance(p.type, A.Pointer) or self.points_to_variable(arg):
                raise LiftError("C2T1210", f"pointer returned by '{call.callee}': parameter '{p.name}' is not a "
                                           f"buffer pointer; {shape}", call.loc)
            target = view_as(self.pointer(arg), p.type.pointee, arg.loc)
            child.bindings[p.decl] = replace(target, offset_var=None, volatile=p.type.volatile or target.volatile)
        self.ctx.active.append(fn.name)
        try:
            for d in decls:
                if child.stmt(d):  # a declaration that computes something (`int k = f(i);`)
                    raise LiftError("C2T1210", f"pointer returned by '{call.callee}': {shape}", d.loc)
            return child.pointer(last.value)
        finally:
            self.ctx.active.pop()

    def struct_argument(self, arg: A.Expr, param: A.Param):
        """The flattened struct passed for a struct parameter (`IndexToOffset::get(i, info)` with `info` a
        kernel's struct parameter, or a struct field of one)."""
        bound = self.struct_of(arg)
        if bound is None:
            raise LiftError("C2T1207", f"argument for struct parameter '{param.name}' is not a struct the lift "
                                       "flattened (a kernel's struct parameter or a field of one)", arg.loc)
        return bound

    def call_device_function(self, call: A.Call, want_value: bool) -> I.Expr:
        fn = self.ctx.functions.get(call.callee)
        if fn is None or fn.body is None:
            raise LiftError("C2T1203", f"no definition of device function '{call.callee}'", call.loc)
        if call.callee in self.ctx.active:
            raise LiftError("C2T1209", f"recursive call to '{call.callee}'", call.loc)
        if self.synchronising(call):
            raise LiftError("C2T1216", f"'{call.callee}' synchronises threads or goes through a volatile pointer: "
                                       f"call it as a whole statement "
                                       f"(`x = {call.callee}(...);`), not inside a larger expression", call.loc)
        if self.writes_back(call):
            raise LiftError("C2T1202", f"'{call.callee}' writes its caller's variables (a reference parameter, or a "
                                       f"pointer to one variable): call it as a whole statement "
                                       f"(`x = {call.callee}(...);`), not inside a larger expression", call.loc)
        macro = lift_macro(fn, self.ctx, call.loc)
        args: list = []
        _check_arity(fn, call)
        for param, arg in zip(fn.params, call.args):
            if isinstance(param.type, A.Stateless):
                if not _builds_nothing(arg):
                    raise LiftError("C2T1207", f"argument for '{param.name}' (a '{type_name(param.type)}', which holds "
                                               "nothing) is computed by an expression the lift would have to drop",
                                    arg.loc)
                continue  # lift_macro gave it no parameter
            if isinstance(param.type, A.Pointer):
                target = self.pointer(arg)
                if target.bits is not None or view_as(target, param.type.pointee, arg.loc).bits is not None:
                    raise LiftError("C2T1202", f"pointer cast between different element types: '{call.callee}' "
                                               f"reads {target.bits or elem_dtype(target.pointee)} elements as another "
                                               "type, and is lifted as a macro over the buffer's own elements", arg.loc)
                args += [I.BufferArg(target.buffer), target.offset]
            elif isinstance(param.type, A.Vector):
                args += list(self.vector(arg))
            elif isinstance(param.type, A.Struct):  # its leaves, in the order lift_macro made their parameters
                for leaf in self.struct_argument(arg, param).leaves():
                    if isinstance(leaf, PointerBinding):
                        args += [I.BufferArg(leaf.buffer), leaf.offset]
                    elif isinstance(leaf, VectorBinding):
                        args += [I.Var(lane, leaf.dtype) for lane in leaf.lanes]
                    else:
                        args.append(I.Var(leaf.name, leaf.dtype))
            else:
                args.append(cast(self.value(arg), param.type.dtype))
        for var, axis in self.ctx.macro_builtins.get(macro.name, ()):
            self.note_builtin(var, axis)
            args.append(builtin_node(var, axis))
        if want_value and macro.result == "void":
            raise LiftError("C2T1202", f"'{fn.name}' returns void", call.loc)
        return I.MacroCall(macro.name, tuple(args), macro.result)


def _unsigned_max(e: I.Expr) -> int:
    """An upper bound of the unsigned value `e`: the constant itself, the source type's maximum for a
    zero extension (`(size_t)u32` <= 2^32 - 1), else the maximum of `e`'s own type."""
    if isinstance(e, I.Const):
        return int(e.value)
    if isinstance(e, I.Cast) and is_unsigned(e.operand.dtype) and \
            dtype_bits(e.operand.dtype) < dtype_bits(e.dtype):
        return _unsigned_max(e.operand)
    return 2 ** dtype_bits(e.dtype) - 1


def _signed_counter(start: I.Expr, stop: I.Expr, stride: int, op: str) -> str | None:
    """The signed dtype (int32, else int64) in which `for (u = start; u < stop; u += stride)` over an
    unsigned type counts exactly, or None where no signed loop can.

    Exact needs two things. C's counter must never wrap: after the last value the body sees (below
    `stop`, or `stop` itself for `<=`) it steps once more, and that value must stay in range; else C
    goes on from a small value (`for (unsigned i = 0; i <= n; i++)` never ends for n = UINT_MAX;
    `for (unsigned i = 0; i < n; i += 16)` steps 0xFFFFFFF0 -> 0 for n = UINT_MAX and goes round
    again, where a signed counter would stop). And the signed type must hold every
    value involved: int64 holds all of uint32, but a uint64 bound read at run time (`size_t n =
    ptr[i + 1]`) may exceed 2^63 - 1, so such loops keep the cursor form with uint64 arithmetic."""
    bits = dtype_bits(stop.dtype)
    last = _unsigned_max(stop) - (1 if op == "<" else 0)
    beyond = last + stride  # the value C's counter takes after the last iteration
    if beyond > 2 ** bits - 1:
        return None
    top = max(_unsigned_max(start), beyond)
    return next((d for d in ("int32", "int64") if top < 2 ** (dtype_bits(d) - 1)), None)


def _pure_call(call: A.Call) -> bool:
    """A call that only computes a value: `__activemask()` and the functions op_coverage maps to an IR
    operation (math such as `sqrtf`, conversions, bit casts, `__ldg`), each lifted as a pure IR
    expression. Not a __device__ function, an atomic, a warp exchange or vote, a barrier."""
    if call.device_function:
        return False
    if call.callee in lifting.CONSTANT_CALLS:
        return True
    record = op_coverage.lookup(call.callee)
    return record is not None and record.ir_op is not None and record.status is op_coverage.Status.SUPPORTED


def _writes_memory(body, bindings: dict) -> bool:
    """Whether running `body` may change what a load reads: a store (`a[i] = x`, `*p += 1`,
    `p4[i].x = x`), an assignment to a __shared__ scalar, or a call that is not pure math (an atomic,
    a __device__ function, a barrier: after `__syncthreads()` other threads' stores show). Assigning
    a local (`s *= 2`, `v.x = 0`, `p += 4`) changes no memory."""
    shared = {n.decl for n in A.walk(body) if isinstance(n, A.VarDecl) and n.shared}

    def writes(n) -> bool:
        if isinstance(n, A.Call):
            return not _pure_call(n)
        if not isinstance(n, A.Assign):
            return False
        target = n.target.base if isinstance(n.target, A.Member) else n.target
        if not isinstance(target, A.VarRef):
            return True
        return target.decl in shared or isinstance(bindings.get(target.decl), SharedScalarBinding)

    return any(writes(n) for n in A.walk(body))


def _is_node(x) -> bool:
    """An AST expression (not a type, a location or a name)."""
    return isinstance(x, A.Expr)


def _builds_nothing(init) -> bool:
    """The initialiser of an object that holds nothing, when computing it does nothing either: none,
    `{}`, `Max<float>()`, or a copy of such an object (`Op op = other_op;`)."""
    while isinstance(init, A.Cast):
        init = init.operand
    return init is None or isinstance(init, A.VarRef) and isinstance(init.type, A.Stateless) or \
        isinstance(init, A.InitList) and not init.items or \
        isinstance(init, A.Call) and init.callee.endswith("::constructor") and not init.args


def _check_arity(fn: A.Function, call: A.Call) -> None:
    """One argument per parameter, or the call is refused: `zip` would drop the extra arguments of a
    variadic `__device__ int first(int n, ...)` called as `first(1, a, b)` (default arguments come from
    clang as arguments of their own, so they always match)."""
    body = fn.body.body if isinstance(fn.body, A.Block) else ()
    if len(body) == 1 and isinstance(body[0], A.UnsupportedStmt) and body[0].code == "C2T9001":
        # the function could not be read (parse/build_ast.py's error boundary kept only its name)
        raise LiftError("C2T9001", f"'{fn.name}' called here: {body[0].what}", call.loc)
    if len(call.args) != len(fn.params):
        raise LiftError("C2T1202", f"call to '{fn.name}' with {len(call.args)} arguments for {len(fn.params)} "
                                   "parameters (a variadic function)", call.loc)


def _pointers_declared_where_assigned(stmts: tuple) -> tuple:
    """A pointer declared without a value and first used by a plain assignment of the same block is
    declared there with that value: in mmcv's border_align kernels

        int batch_idx, ..., *offset_argmax_idx;        // no target yet
        ...                                            // offset_argmax_idx not named
        offset_argmax_idx = argmax_idx + index * 4;    // -> int* offset_argmax_idx = argmax_idx + ...;

    Nothing reads the pointer before it (C would read an indeterminate value), so the program is the
    same; one assigned first anywhere else (in a branch, a loop) is still refused (C2T1210)."""
    out = list(stmts)
    for k, s in enumerate(stmts):
        if not (isinstance(s, A.VarDecl) and s.init is None and isinstance(s.type, A.Pointer) and not s.shared):
            continue
        for j in range(k + 1, len(out)):
            if not any(r.decl == s.decl for r in _refs(out[j])):
                continue
            first = out[j]
            if isinstance(first, A.ExprStmt) and isinstance(first.expr, A.Assign) and first.expr.op == "=" and \
                    isinstance(first.expr.target, A.VarRef) and first.expr.target.decl == s.decl and \
                    not any(r.decl == s.decl for r in _refs(first.expr.value)):
                out[k] = None
                out[j] = replace(s, init=first.expr.value, loc=first.loc)
            break
    return tuple(x for x in out if x is not None)


def _refs(e) -> list[A.VarRef]:
    return [n for n in A.walk(e) if isinstance(n, A.VarRef)]


def lift_macro(fn: A.Function, ctx: LiftContext, call_loc) -> I.Macro:
    name = ctx.macro_names.get(fn.name)
    if name is None:
        # two functions, one Python name: `Ring::operator==` and `Ring::operator!=` are both
        # `Ring__operator__`; the second is `Ring__operator___2`. Named before its body is lifted, since
        # the body may call the other (`!(*this == o)`), which must not take its name meanwhile.
        name = stem = sanitize(fn.name.replace("<", "_").replace(">", "").replace(", ", "_").replace(" ", "_"))
        taken, n = set(ctx.macro_names.values()), 2
        while name in taken:
            name, n = f"{stem}_{n}", n + 1
        ctx.macro_names[fn.name] = name
    if name in ctx.macros:
        return ctx.macros[name]
    ctx.active.append(fn.name)
    try:
        lifter = FunctionLifter(fn, ctx, Names())
        params: list[I.MacroParam] = []
        prologue: list[I.Stmt] = []
        for p in fn.params:
            t = p.type
            if isinstance(t, A.Pointer):
                buf = lifter.names.fresh(p.name)
                off = lifter.names.fresh(f"{p.name}_off")
                pointee = t.pointee
                if elem_dtype(pointee) is None:
                    raise LiftError("C2T1207", f"parameter '{p.name}' of unsupported type", p.loc)
                params += [I.MacroParam(buf, "buffer", elem_dtype(pointee)), I.MacroParam(off, "scalar", "int64")]
                if p.decl in lifter.mutable:  # `src += stride;` in the helper moves its own copy of the pointer
                    local = lifter.names.fresh(f"{p.name}_off_local")
                    lifter.decls.append(I.DeclVar(local, "int64", lifter.ctx.line(p.loc)))
                    prologue.append(I.AssignVar(local, I.Var(off, "int64"), lifter.ctx.line(p.loc)))
                    lifter.bindings[p.decl] = PointerBinding(buf, I.Var(local, "int64"), pointee, offset_var=local,
                                                             volatile=t.volatile)
                    continue
                # volatile kept for `assign`, which refuses it in a macro (such functions are inlined)
                lifter.bindings[p.decl] = PointerBinding(buf, I.Var(off, "int64"), pointee, volatile=t.volatile)
            elif isinstance(t, A.Vector):
                lanes = tuple(lifter.names.fresh(f"{p.name}_{lane_name(t, k)}") for k in range(t.lanes))
                params += [I.MacroParam(lane, "scalar", t.elem) for lane in lanes]
                lifter.bindings[p.decl] = VectorBinding(lanes, t.elem, False)
            elif isinstance(t, A.Struct):
                if p.decl in lifter.mutable:
                    write = first_assignment(fn.body, p.decl)
                    raise LiftError("C2T1202", f"a field of struct parameter '{p.name}' is written: only read-only "
                                               "struct parameters are flattened (copy the field into a local first)",
                                    getattr(write, "loc", None) or p.loc)
                leaves = {}
                for path, stem, _cuda, ft in struct_leaf_fields(t, p.name, p.name, p.loc):
                    if isinstance(ft, A.Scalar):
                        arg = lifter.names.fresh(stem)
                        params.append(I.MacroParam(arg, "scalar", ft.dtype))
                        leaves[path] = ScalarBinding(arg, ft.dtype, False)
                    elif isinstance(ft, A.Vector):
                        lanes = tuple(lifter.names.fresh(f"{stem}_{lane_name(ft, k)}") for k in range(ft.lanes))
                        params += [I.MacroParam(lane, "scalar", ft.elem) for lane in lanes]
                        leaves[path] = VectorBinding(lanes, ft.elem, False)
                    else:
                        pointee = ft.pointee if isinstance(ft, A.Pointer) else ft.elem
                        buf, off = lifter.names.fresh(stem), lifter.names.fresh(f"{stem}_off")
                        params += [I.MacroParam(buf, "buffer", elem_dtype(pointee)), I.MacroParam(off, "scalar", "int64")]
                        leaves[path] = PointerBinding(buf, I.Var(off, "int64"), pointee)
                lifter.bindings[p.decl] = struct_binding(t, leaves)
            elif isinstance(t, A.Scalar):
                arg = lifter.names.fresh(p.name)
                params.append(I.MacroParam(arg, "scalar", t.dtype))
                if p.decl in lifter.mutable:  # C parameters are copies: give the macro a mutable local
                    local = lifter.names.fresh(f"{p.name}_local")
                    lifter.decls.append(I.DeclVar(local, t.dtype, lifter.ctx.line(p.loc)))
                    prologue.append(I.AssignVar(local, I.Var(arg, t.dtype), lifter.ctx.line(p.loc)))
                    lifter.bindings[p.decl] = ScalarBinding(local, t.dtype, True)
                else:
                    lifter.bindings[p.decl] = ScalarBinding(arg, t.dtype, False)
            elif isinstance(t, A.Stateless):
                continue  # a functor holding nothing: no parameter (its calls name the member functions)
            elif isinstance(t, A.Reference):  # references_as_values left it: the function writes it
                write = first_assignment(fn.body, p.decl)
                raise LiftError("C2T1207", f"reference parameter '{p.name}' ('{t.spelling}') is written or its "
                                           "address taken: the write back to the caller is not lifted yet (return "
                                           "the new value instead)", getattr(write, "loc", None) or p.loc)
            else:
                raise LiftError("C2T1207", f"parameter '{p.name}' of unsupported type '{type_name(t)}'", p.loc)
        if isinstance(fn.return_type, A.Scalar):
            result = fn.return_type.dtype
        elif isinstance(fn.return_type, A.Void):
            result = "void"
        else:
            raise LiftError("C2T1207", f"'{fn.name}' returns an unsupported type", fn.loc)
        body = tuple(prologue) + lifter.block(fn.body)
        body = guard_early_returns(body, result)
        builtins = tuple(sorted(b for b in lifter.builtins if lifting.BUILTIN_VARIABLES[b[0]].macro_parameter))
        for var, axis in builtins:
            params.append(I.MacroParam(f"{var}.{axis}", "builtin", "int32"))
        macro = I.Macro(name, fn.name, tuple(params), tuple(lifter.decls) + body, result, ctx.line(fn.loc))
        ctx.macros[name] = macro
        ctx.macro_builtins[name] = builtins
        return macro
    finally:
        ctx.active.pop()
