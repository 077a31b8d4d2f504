"""Walk our CUDA AST and name every construct it uses, each mapped to its `op_coverage` record.

    threadIdx.x            -> BuiltinIndex            -> record `threadIdx.x`
    expf(x)                -> Call "expf"             -> record `expf`
    __shared__ float t[64] -> VarDecl(shared)         -> `__shared__`, and `float` for its type
    for (int i = 0; i < n; ++i) -> For                -> `for (canonical)`
    switch (k) { ... }     -> Block(written_as=switch) -> `switch` (its refused forms: UnsupportedStmt)

Calls to the user's own `__device__` functions are not constructs (they are walked as functions of
their own, and give the call graph); calls that no record knows fall into the `unknown` bucket.
Types are counted once per parameter or local declaration.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from cuda2tile.reports.model import Occurrence
from cuda2tile.reports.names import DTYPE_NAMES, VECTOR_NAMES, occurrence, opaque_name
from cuda2tile.parse import cuda_ast as A

_GLOBAL_KINDS = (("__constant__", "__constant__"), ("__managed__", "__managed__"),
                 ("__shared__", "extern __shared__"), ("__device__", "__device__ variable"))


@dataclass
class UnitScan:
    occurrences: dict[str, list[Occurrence]] = field(default_factory=dict)  # function name -> occurrences
    calls: dict[str, list[tuple[str, A.Loc]]] = field(default_factory=dict)  # function -> device callees


class _FunctionScanner:
    def __init__(self, fn: A.Function, source: str, globals_cache: dict[str, str]):
        self.fn = fn
        self.source = source
        self.globals_cache = globals_cache
        self.out: list[Occurrence] = []
        self.calls: list[tuple[str, A.Loc]] = []
        self.loop_depth = 0

    def add(self, spelling: str, loc: A.Loc, code: str = "C2T1203") -> None:
        self.out.append(occurrence(spelling, loc, self.fn.name, code))

    def run(self) -> None:
        fn = self.fn
        self.add("__global__" if fn.is_kernel else "__device__", fn.loc)
        if fn.template_args or fn.is_template:
            self.add("template", fn.loc)
        for p in fn.params:
            if isinstance(p.type, A.Reference):  # `float& acc`, `const float*& row`
                self.add("reference parameter", p.loc)
                if p.type.referred is not None:
                    self.type(p.type.referred, p.loc)
            elif isinstance(p.type, A.Opaque) and opaque_name(p.type.spelling) is None:
                self.out.append(replace(occurrence("struct parameter", p.loc, fn.name), spelling=p.type.spelling))
            else:
                self.type(p.type, p.loc)
            if p.restrict:
                self.add("__restrict__", p.loc)
        if fn.body is not None:
            # `x += row * n;` on a pointer parameter (++ and compound assignments are Assign nodes too)
            moved = {n.target.decl for n in A.walk(fn.body) if isinstance(n, A.Assign) and isinstance(n.target, A.VarRef)}
            for p in fn.params:
                if isinstance(p.type, A.Pointer) and p.decl in moved:
                    self.add("pointer parameter moved", p.loc)
            body = fn.body.body if isinstance(fn.body, A.Block) else (fn.body,)
            for i, s in enumerate(body):
                final = i == len(body) - 1 and isinstance(s, A.Return)
                if not final:
                    self.stmt(s)
                elif s.value is not None:
                    self.expr(s.value)

    # ------------------------------------------------------------ types
    def type(self, t: A.CType, loc: A.Loc) -> None:
        if isinstance(t, A.Scalar):
            self.add(DTYPE_NAMES.get(t.dtype, t.dtype), loc)
        elif isinstance(t, A.Pointer):
            if t.const:
                self.add("const", loc)
            self.type(t.pointee, loc)
        elif isinstance(t, A.Vector):
            self.add(f"{VECTOR_NAMES.get(t.elem, t.elem)}{t.lanes}", loc)
        elif isinstance(t, A.Array):
            self.type(t.elem, loc)
        elif isinstance(t, A.Stateless):  # `Max<float> op;`, a functor passed by value
            self.add("functor struct", loc)
        elif isinstance(t, A.Opaque):
            name = opaque_name(t.spelling)
            occ = occurrence(name or "struct or class type", loc, self.fn.name)
            self.out.append(occ if name else replace(occ, spelling=t.spelling))

    # ------------------------------------------------------------ statements
    def stmt(self, s: A.Stmt | None) -> None:
        if s is None:
            return
        if isinstance(s, A.Block):
            if s.written_as:  # lowered from another statement (`switch`): counted as what the source wrote
                self.add(s.written_as, s.loc)
            for x in s.body:
                self.stmt(x)
        elif isinstance(s, A.VarDecl):
            if s.shared:
                extern = isinstance(s.type, A.Array) and s.type.size == 0
                self.add("extern __shared__" if extern else "__shared__", s.loc)
            if (s.shared and getattr(s, "volatile", False)) or getattr(s.type, "volatile", False):  # `volatile float* v`
                self.add("volatile shared (warp-synchronous)", s.loc)
            if s.const:
                self.add("const", s.loc)
            self.type(s.type, s.loc)
            self.expr(s.init)
        elif isinstance(s, A.ExprStmt):
            self.statement_expr(s.expr)
        elif isinstance(s, A.If):
            self.add("if/else", s.loc)
            self.expr(s.cond)
            self.stmt(s.then)
            self.stmt(s.other)
        elif isinstance(s, A.For):
            self.add("for (canonical)" if _canonical(s) else "for (general)", s.loc)
            self.stmt(s.init)
            self.expr(s.cond)
            self.statement_expr(s.step)
            self.loop(s.body)
        elif isinstance(s, A.While):
            self.add("do/while" if s.do_while else "while", s.loc)
            self.expr(s.cond)
            self.loop(s.body)
        elif isinstance(s, (A.Break, A.Continue)):
            self.add("break/continue", s.loc)
        elif isinstance(s, A.Return):
            if self.loop_depth:
                self.add("return inside loop", s.loc)
            elif self.fn.is_kernel:
                self.add("early return", s.loc)
            self.expr(s.value)
        elif isinstance(s, A.UnsupportedStmt):
            self.add(s.construct or s.what, s.loc, s.code)

    def loop(self, body: A.Stmt) -> None:
        self.loop_depth += 1
        self.stmt(body)
        self.loop_depth -= 1

    # ------------------------------------------------------------ expressions
    def statement_expr(self, e: A.Expr | None) -> None:
        """An expression whose value is discarded: its own assignments (`x = 1;`, `i++, j++`) are
        statements, not assignments used as values."""
        if isinstance(e, A.Assign):
            self.expr(e.target)
            self.expr(e.value)
        elif isinstance(e, A.BinOp) and e.op == ",":
            self.add("comma operator", e.loc)
            self.statement_expr(e.lhs)
            self.statement_expr(e.rhs)
        else:
            self.expr(e)

    def expr(self, e: A.Expr | None) -> None:
        if e is None or isinstance(e, (A.IntLit, A.FloatLit, A.BoolLit, A.VarRef)):
            return
        if isinstance(e, A.Assign):  # `a = b = c`, `if ((n = count[i]) > 0)`, `out[k++] = v`
            self.add("assignment as value", e.loc)
        if isinstance(e, A.BinOp) and e.op == ",":  # `(j = i + 1, x[j])`
            self.add("comma operator", e.loc)
        if isinstance(e, A.BinOp) and e.op in ("==", "!=") and \
                (A.is_null_constant(e.lhs) or A.is_null_constant(e.rhs)):
            self.add("nullable pointer parameter", e.loc)  # `if (weight != NULL)`
            return
        if isinstance(e, A.UnOp) and e.op == "&" and isinstance(e.operand, A.VarRef) and \
                isinstance(e.operand.type, (A.Scalar, A.Vector)):  # `update(&acc, v)`, `atomicAdd(&count, 1)`
            self.add("pointer to a variable", e.loc)
        if isinstance(e, A.InitList):
            self.add("initializer list", e.loc)
            for item in e.items:
                self.expr(item)
            return
        if isinstance(e, A.BuiltinIndex):
            self.add(f"{e.var}.{e.axis}" if e.axis else e.var, e.loc)
        elif isinstance(e, A.Call):
            self.call(e)
        elif isinstance(e, A.Cast):
            inner = e.operand
            while isinstance(inner, A.Cast) and inner.implicit:  # `(int)v` is Cast(Cast(v, implicit))
                inner = inner.operand
            if not e.implicit and e.type != inner.type:  # a copy (`__half h = x[i]`) converts nothing
                self.add("reinterpret_cast" if e.kind == "reinterpret" else "cast", e.loc)
            self.expr(e.operand)
        elif isinstance(e, A.Conditional):
            self.add("?:", e.loc)
            for x in (e.cond, e.then, e.other):
                self.expr(x)
        elif isinstance(e, A.UnsupportedExpr):
            self.add(self.unsupported_expr(e.what), e.loc, e.code)
        else:  # BinOp, UnOp, Assign, Index, Member
            if (isinstance(e, A.Member) and e.field == "x" and isinstance(e.base.type, A.Scalar)
                    and e.base.type.dtype in ("float16", "bfloat16")):  # c10::Half's bits: `h.x`
                self.add("c10::Half::x" if e.base.type.dtype == "float16" else "c10::BFloat16::x", e.loc)
            for name in ("lhs", "rhs", "operand", "target", "value", "base", "index"):
                child = getattr(e, name, None)
                if child is not None:
                    self.expr(child)

    def call(self, e: A.Call) -> None:
        if e.device_function:
            self.calls.append((e.callee, e.loc))
        elif e.callee.endswith("::constructor") and isinstance(e.type, A.Stateless):  # `Max<float>()`
            self.add("functor struct", e.loc)
        elif e.callee.endswith("::constructor"):
            # the callee is spelled without its namespace (`plus::constructor`), the type with it
            # (`cooperative_groups::plus<float>`)
            qualified = opaque_name(e.type.spelling) if isinstance(e.type, A.Opaque) else None
            name = qualified or opaque_name(e.callee[: -len("::constructor")])
            self.add(name or "struct or class type", e.loc)
        else:
            self.add(e.callee, e.loc)
        for a in e.args:
            self.expr(a)

    def unsupported_expr(self, what: str) -> str:
        match = re.fullmatch(r"global variable '(\w+)'", what)
        if match:
            return self.global_kind(match.group(1))
        if re.fullmatch(r"function '.*' used as a value", what):
            return "function pointer"
        if what.startswith("overloaded operator"):
            return "overloaded operator"
        if what.startswith("lambda"):
            return "lambda"
        return what

    def global_kind(self, name: str) -> str:
        """`__constant__ float k[4];` -> `__constant__`: the qualifier of a file-scope variable's declaration."""
        if name not in self.globals_cache:
            kind = "global variable"
            decl = re.search(rf"((?:__\w+__\s+)+)[^;{{}}()=]*\b{re.escape(name)}\b", self.source)
            if decl:
                kind = next((k for q, k in _GLOBAL_KINDS if q in decl.group(1)), kind)
            self.globals_cache[name] = kind
        return self.globals_cache[name]


def _canonical(s: A.For) -> bool:
    """`for (int i = a; i < b; i += s)` (also <=, ++i): the shape the lift keeps as a counted loop."""
    init, cond, step = s.init, s.cond, s.step
    if not (isinstance(init, A.VarDecl) and init.init is not None and isinstance(init.type, A.Scalar)):
        return False
    if not (isinstance(cond, A.BinOp) and cond.op in ("<", "<=") and isinstance(cond.lhs, A.VarRef)
            and cond.lhs.decl == init.decl):
        return False
    return (isinstance(step, A.Assign) and step.op == "+=" and isinstance(step.target, A.VarRef)
            and step.target.decl == init.decl)


def scan_unit(unit: A.TranslationUnit, source: str) -> UnitScan:
    """Every construct occurrence of every kernel and `__device__` function in the unit."""
    result = UnitScan()
    globals_cache: dict[str, str] = {}
    for fn in unit.functions:
        scanner = _FunctionScanner(fn, source, globals_cache)
        scanner.run()
        result.occurrences.setdefault(fn.name, []).extend(scanner.out)
        result.calls.setdefault(fn.name, []).extend(scanner.calls)
    for fn, calls in result.calls.items():  # recursion: a call whose callee reaches back to the caller
        for callee, loc in calls:
            if fn in reachable(result.calls, callee):
                result.occurrences[fn].append(occurrence("recursion", loc, fn, "C2T1209"))
    for launch in unit.launches:
        shared = launch.shared_bytes not in (None, "", "0")
        name = "<<<grid, block, shared bytes>>>" if shared else "<<<grid, block>>>"
        host = replace(occurrence(name, launch.loc, None, scope="host"), code=None)  # host code is never diagnosed
        result.occurrences.setdefault("", []).append(host)
    return result


def reachable(calls: dict[str, list[tuple[str, A.Loc]]], start: str) -> set[str]:
    """`start` and every function it calls, directly or not."""
    seen, todo = set(), [start]
    while todo:
        fn = todo.pop()
        if fn not in seen:
            seen.add(fn)
            todo += [callee for callee, _ in calls.get(fn, [])]
    return seen
