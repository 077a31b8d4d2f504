"""clang cursors -> our CUDA AST (`cuda_ast.py`). The only module that walks clang cursors.

What it collects from a translation unit:
* every `__global__` definition of the main file; template kernels through their instantiations
  (clang instantiates `k<float, 4>` at a launch site, and `cursor.referenced` of the callee gives
  the specialization with concrete types on every expression);
* the `__device__` functions those kernels call, transitively;
* launch sites `k<<<grid, block, smem>>>(...)` in host code, folded to constants where clang can.
Anything it does not model becomes an `Unsupported*` node carrying its location, so the lift can
report it with a code instead of guessing.
"""

from __future__ import annotations

import os
import re

import clang.cindex as ci

from cuda2tile.parse import cuda_ast as A
from cuda2tile.parse.clang_eval import evaluate
from cuda2tile.parse.clang_ops import binary_operator, unary_operator

K = ci.CursorKind
TK = ci.TypeKind

_SCALARS = {
    TK.FLOAT: "float32", TK.DOUBLE: "float64", TK.INT: "int32", TK.UINT: "uint32", TK.LONG: "int64",
    TK.ULONG: "uint64", TK.LONGLONG: "int64", TK.ULONGLONG: "uint64", TK.SHORT: "int16",
    TK.USHORT: "uint16", TK.CHAR_S: "int8", TK.SCHAR: "int8", TK.UCHAR: "uint8", TK.CHAR_U: "uint8",
    TK.BOOL: "bool", TK.HALF: "float16",
}
_RECORD_SCALARS = {"__half": "float16", "half": "float16", "__nv_bfloat16": "bfloat16", "nv_bfloat16": "bfloat16"}
_VECTOR_ELEMS = {"char": "int8", "uchar": "uint8", "short": "int16", "ushort": "uint16", "int": "int32",
                 "uint": "uint32", "long": "int64", "ulong": "uint64", "longlong": "int64",
                 "ulonglong": "uint64", "float": "float32", "double": "float64"}
_VECTOR_RE = re.compile(r"^(u?char|u?short|u?int|u?long|u?longlong|float|double)([1-4])$")
BUILTIN_VARS = ("threadIdx", "blockIdx", "blockDim", "gridDim")
_ASSIGN_OPS = {"=", "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "^=", "|="}
_CASTS = {K.CSTYLE_CAST_EXPR: "static", K.CXX_STATIC_CAST_EXPR: "static", K.CXX_FUNCTIONAL_CAST_EXPR: "static",
          K.CXX_REINTERPRET_CAST_EXPR: "reinterpret", K.CXX_CONST_CAST_EXPR: "static"}
_UNSUPPORTED_STMTS = {K.SWITCH_STMT: "switch statement", K.GOTO_STMT: "goto", K.LABEL_STMT: "label",
                      K.ASM_STMT: "inline asm", K.MS_ASM_STMT: "inline asm",
                      K.CXX_TRY_STMT: "try block", K.INDIRECT_GOTO_STMT: "computed goto",
                      K.CXX_FOR_RANGE_STMT: "range-based for"}
# Deeper nesting is refused with C2T1104 where the limit is reached: the builder, the lift and the
# printer recurse once per level, and `a+a+...+a` with 10,000 terms (one macro can expand to it) would
# otherwise exhaust Python's stack, inside a libclang callback at that. Measured: 100 nested braced
# `if`s around a 256-term sum still convert; 128 ifs or a 500-term sum do not.
MAX_EXPR_DEPTH = 256
MAX_STMT_DEPTH = 128
# `#pragma unroll N` / `#pragma clang loop ...` make libclang wrap the loop in an AttributedStmt, which it
# exposes as an UNEXPOSED_STMT with the loop as only child; unrolling never changes what the loop computes.
_LOOP_PRAGMAS = (("#", "pragma", "unroll"), ("#", "pragma", "nounroll"), ("#", "pragma", "clang"),
                 ("#", "pragma", "GCC"))
_LOOPS = (K.FOR_STMT, K.WHILE_STMT, K.DO_STMT)


def ctype(t: ci.Type) -> A.CType:
    t = t.get_canonical()
    kind = t.kind
    if kind in _SCALARS:
        return A.Scalar(_SCALARS[kind])
    if kind == TK.POINTER:
        pointee = t.get_pointee()
        return A.Pointer(ctype(pointee), const=pointee.is_const_qualified(), volatile=pointee.is_volatile_qualified())
    if kind == TK.CONSTANTARRAY:
        return A.Array(ctype(t.element_type), t.element_count)
    if kind == TK.INCOMPLETEARRAY:  # `extern __shared__ float pool[];`: sized by the launch
        return A.Array(ctype(t.element_type), 0)
    if kind == TK.VOID:
        return A.Void()
    if kind == TK.RECORD:
        name = re.sub(r"\b(const|volatile|struct)\s+", "", t.spelling).strip()
        if name in _RECORD_SCALARS:
            return A.Scalar(_RECORD_SCALARS[name])
        match = _VECTOR_RE.match(name)
        if match:
            return A.Vector(_VECTOR_ELEMS[match.group(1)], int(match.group(2)))
    return A.Opaque(t.spelling)


def _is_kernel(cursor: ci.Cursor) -> bool:
    return any(ch.kind == K.CUDAGLOBAL_ATTR for ch in cursor.get_children())


def _is_device(cursor: ci.Cursor) -> bool:
    return any(ch.kind == K.CUDADEVICE_ATTR for ch in cursor.get_children())


def template_args(cursor: ci.Cursor) -> tuple[str, ...]:
    args = []
    for i in range(max(cursor.get_num_template_arguments(), 0)):
        kind = cursor.get_template_argument_kind(i)
        if kind == ci.TemplateArgumentKind.TYPE:
            args.append(cursor.get_template_argument_type(i).get_canonical().spelling)
        elif kind == ci.TemplateArgumentKind.INTEGRAL:
            args.append(str(cursor.get_template_argument_value(i)))
        else:
            args.append("?")
    return tuple(args)


class _Builder:
    def __init__(self, path: str, display: str):
        self.path = path
        self.real = os.path.realpath(path)
        self.display = display
        self.device_queue: list[ci.Cursor] = []
        self.seen_functions: set[str] = set()
        self._main_file_names: dict[str, bool] = {}
        self.expr_depth = 0
        self.stmt_depth = 0

    # ------------------------------------------------------------ helpers
    def loc(self, c: ci.Cursor) -> A.Loc:
        loc = c.location
        return A.Loc(self.display, loc.line, loc.column)

    def in_main_file(self, c: ci.Cursor) -> bool:
        f = c.location.file
        if f is None:
            return False
        name = f.name
        known = self._main_file_names.get(name)
        if known is None:  # realpath once per distinct file name: thousands of prelude cursors share a few
            known = self._main_file_names[name] = os.path.realpath(name) == self.real
        return known

    def user_code(self, c: ci.Cursor) -> bool:
        f = c.location.file
        return f is not None and "cuda2tile/parse/include" not in f.name.replace("\\", "/")

    @staticmethod
    def text(c: ci.Cursor) -> str:
        return " ".join(t.spelling for t in c.get_tokens())

    def function_key(self, c: ci.Cursor) -> str:
        return c.get_usr() or f"{c.spelling}@{c.location.line}"

    # ------------------------------------------------------------ expressions
    def expr(self, c: ci.Cursor) -> A.Expr:
        if self.expr_depth >= MAX_EXPR_DEPTH:
            return A.UnsupportedExpr(f"expression nested more than {MAX_EXPR_DEPTH} levels deep", ctype(c.type),
                                     self.loc(c), code="C2T1104")
        self.expr_depth += 1
        try:
            return self._expr(c)
        finally:
            self.expr_depth -= 1

    def _expr(self, c: ci.Cursor) -> A.Expr:
        k = c.kind
        loc = self.loc(c)
        t = ctype(c.type)
        if k in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
            kids = list(c.get_children())
            if not kids:  # default argument, materialised temporary...: fold if constant
                return self._constant(c, t, loc, "default argument")
            inner = self.expr(kids[-1])
            if k == K.PAREN_EXPR or isinstance(inner, A.UnsupportedExpr):
                return inner
            if inner.type != t and not isinstance(t, A.Opaque) and not _is_decay(inner.type, t):
                return A.Cast(inner, t, True, loc)
            return inner
        if k in (K.INTEGER_LITERAL, K.FLOATING_LITERAL, K.CXX_BOOL_LITERAL_EXPR, K.CXX_UNARY_EXPR,
                 K.CHARACTER_LITERAL):
            return self._constant(c, t, loc, "literal")
        if k == K.DECL_REF_EXPR:
            return self._decl_ref(c, t, loc)
        if k == K.MEMBER_REF_EXPR:
            return self._member(c, t, loc)
        if k == K.CALL_EXPR:
            return self._call(c, t, loc)
        if k in _CASTS:
            kids = [ch for ch in c.get_children() if ch.kind != K.TYPE_REF]
            if not kids:
                return A.UnsupportedExpr("cast", t, loc)
            return A.Cast(self.expr(kids[-1]), t, False, loc, _CASTS[k])
        if k in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
            lhs, rhs = list(c.get_children())
            op = binary_operator(c)
            if op in _ASSIGN_OPS:
                return A.Assign(op, self.expr(lhs), self.expr(rhs), t, loc)
            if op is None or op in (".*", "->*", "<=>"):
                return A.UnsupportedExpr(f"operator {op}", t, loc)
            return A.BinOp(op, self.expr(lhs), self.expr(rhs), t, loc)
        if k == K.UNARY_OPERATOR:
            (operand,) = list(c.get_children())
            op = unary_operator(c)
            inner = self.expr(operand)
            if op in ("++", "--", "post++", "post--"):
                one = A.IntLit(1, A.Scalar("int32"), loc)
                return A.Assign("+=" if "+" in op else "-=", inner, one, t, loc, postfix=op.startswith("post"))
            if op in ("-", "+", "!", "~", "*", "&"):
                return A.UnOp(op, inner, t, loc)
            return A.UnsupportedExpr(f"unary operator {op}", t, loc)
        if k == K.ARRAY_SUBSCRIPT_EXPR:
            base, index = list(c.get_children())
            return A.Index(self.expr(base), self.expr(index), t, loc)
        if k == K.CONDITIONAL_OPERATOR:
            cond, a, b = list(c.get_children())
            return A.Conditional(self.expr(cond), self.expr(a), self.expr(b), t, loc)
        return A.UnsupportedExpr(k.name.lower().replace("_", " "), t, loc)

    def _constant(self, c: ci.Cursor, t: A.CType, loc: A.Loc, what: str) -> A.Expr:
        value = evaluate(c)
        if value is None:
            return A.UnsupportedExpr(what, t, loc)
        if isinstance(t, A.Scalar) and t.dtype == "bool":
            return A.BoolLit(bool(value), t, loc)
        if isinstance(t, A.Scalar) and t.dtype.startswith(("float", "bfloat")):
            return A.FloatLit(float(value), t, loc)
        if isinstance(value, float):
            return A.FloatLit(value, A.Scalar("float64"), loc)
        return A.IntLit(int(value), t, loc)

    def _decl_ref(self, c: ci.Cursor, t: A.CType, loc: A.Loc) -> A.Expr:
        ref = c.referenced
        if ref is None or ref.kind in (K.ENUM_CONSTANT_DECL, K.TEMPLATE_NON_TYPE_PARAMETER, K.NO_DECL_FOUND) or any(
                ch.kind.is_expression() for ch in c.get_children()):
            # enumerators and substituted template arguments (`K` in `scale<float, 4>`) fold to constants
            return self._constant(c, t, loc, "name")
        if ref.kind in (K.VAR_DECL, K.PARM_DECL):
            if ref.spelling == "warpSize" and not self.user_code(ref):
                return A.BuiltinIndex("warpSize", "", A.Scalar("int32"), loc)
            lexical = ref.lexical_parent
            if ref.kind == K.VAR_DECL and ref.semantic_parent is not None and ref.semantic_parent.kind in (
                    K.TRANSLATION_UNIT, K.NAMESPACE) and not (
                    lexical is not None and lexical.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE)):
                # (`extern __shared__ float pool[];` inside a kernel is a file-scope entity declared locally)
                # A file-scope constant (`const float kScale = 2.f;`, `constexpr int N = 64;`) folds to its value.
                folded = self._constant(c, t, loc, "global variable")
                if not isinstance(folded, A.UnsupportedExpr):
                    return folded
                return A.UnsupportedExpr(f"global variable '{ref.spelling}'", t, loc, "C2T1204")
            return A.VarRef(ref.spelling, ref.get_usr() or f"{ref.spelling}@{ref.location.offset}", t, loc)
        if ref.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
            return A.UnsupportedExpr(f"function '{ref.spelling}' used as a value", t, loc)
        return A.UnsupportedExpr(f"reference to {ref.kind.name.lower()}", t, loc)

    def _member(self, c: ci.Cursor, t: A.CType, loc: A.Loc) -> A.Expr:
        kids = list(c.get_children())
        field = c.spelling
        if not field:
            tokens = list(c.get_tokens())
            field = tokens[-1].spelling if tokens else ""
        if kids and kids[0].kind == K.DECL_REF_EXPR and kids[0].spelling in BUILTIN_VARS:
            return A.BuiltinIndex(kids[0].spelling, field, A.Scalar("uint32"), loc)
        if not kids:
            return A.UnsupportedExpr(f"member '{field}'", t, loc)
        return A.Member(self.expr(kids[0]), field, t, loc)

    def _call(self, c: ci.Cursor, t: A.CType, loc: A.Loc) -> A.Expr:
        ref = c.referenced
        name = ref.spelling if ref is not None else c.spelling
        if name.startswith("__builtin_"):  # INFINITY, NAN, HUGE_VALF... expand to constant builtins
            folded = self._constant(c, t, loc, f"call to {name}")
            if not isinstance(folded, A.UnsupportedExpr):
                return folded
        args = tuple(self.expr(a) for a in c.get_arguments())
        if ref is not None and ref.kind == K.CONSTRUCTOR:
            if len(args) == 1:
                return A.Cast(args[0], t, False, loc)
            return A.Call(f"{name}::constructor", args, t, loc)
        if name.startswith("operator") and ref is not None:
            return self._operator_call(c, name[len("operator"):].strip(), args, t, loc)
        if ref is not None and ref.kind in (K.CXX_METHOD, K.FUNCTION_DECL) and _in_namespace(ref, "cooperative_groups"):
            # cooperative groups: `tile.shfl_down(v, 1)` -> Call("cooperative_groups::shfl_down", (tile, v, 1))
            if ref.kind == K.CXX_METHOD:
                member = next(iter(c.get_children()), None)
                while member is not None and member.kind == K.UNEXPOSED_EXPR:
                    member = next(iter(member.get_children()), None)
                obj = list(member.get_children()) if member is not None and member.kind == K.MEMBER_REF_EXPR else []
                if obj:
                    args = (self.expr(obj[0]),) + args
            return A.Call(f"cooperative_groups::{name}", args, t, loc)
        if any(ch.kind == K.CALL_EXPR and ch.spelling in ("cudaConfigureCall", "__cudaPushCallConfiguration")
               for ch in c.get_children()):
            return A.UnsupportedExpr("kernel launch from device code", t, loc, "C2T1211")
        device = False
        if ref is not None and ref.kind == K.FUNCTION_DECL and _is_device(ref) and self.user_code(ref):
            definition = ref.get_definition() or ref
            if definition.is_definition():
                device = True
                self.device_queue.append(definition)
                name = self.function_name(definition)
        return A.Call(name, args, t, loc, device_function=device)

    def _operator_call(self, c, op: str, args, t, loc) -> A.Expr:
        kids = [ch for ch in c.get_children()]
        if len(args) == 1 and kids and kids[0].kind == K.MEMBER_REF_EXPR:  # member operator: a.operator*(b)
            base = list(kids[0].get_children())
            if base:
                args = (self.expr(base[0]),) + args
        if len(args) == 2 and op in ("+", "-", "*", "/", "<", ">", "<=", ">=", "==", "!="):
            return A.BinOp(op, args[0], args[1], t, loc)
        if len(args) == 2 and op in _ASSIGN_OPS:
            return A.Assign(op, args[0], args[1], t, loc)
        if len(args) == 1 and op == "-":
            return A.UnOp("-", args[0], t, loc)
        if len(args) == 1 and not op.startswith(("+", "-", "*", "/", "(")):  # conversion operator `operator float`
            return A.Cast(args[0], t, True, loc)
        return A.UnsupportedExpr(f"overloaded operator{op}", t, loc)

    def function_name(self, c: ci.Cursor) -> str:
        args = template_args(c)
        if not args:
            return c.spelling
        return c.spelling + "<" + ", ".join(args) + ">"

    # ------------------------------------------------------------ statements
    def stmts(self, c: ci.Cursor) -> list[A.Stmt]:
        if self.stmt_depth >= MAX_STMT_DEPTH:
            return [A.UnsupportedStmt(f"statements nested more than {MAX_STMT_DEPTH} levels deep", self.loc(c),
                                      code="C2T1104")]
        self.stmt_depth += 1
        try:
            return self._stmts(c)
        finally:
            self.stmt_depth -= 1

    def _stmts(self, c: ci.Cursor) -> list[A.Stmt]:
        k = c.kind
        loc = self.loc(c)
        if k == K.COMPOUND_STMT:
            return [A.Block(tuple(s for ch in c.get_children() for s in self.stmts(ch)), loc)]
        if k == K.DECL_STMT:
            return [self._var_decl(ch) for ch in c.get_children() if ch.kind == K.VAR_DECL] or [
                A.UnsupportedStmt("declaration", loc)]
        if k == K.NULL_STMT:
            return []
        if k == K.IF_STMT:
            kids = list(c.get_children())
            if len(kids) not in (2, 3):
                return [A.UnsupportedStmt("if with an init statement", loc)]
            other = self.single(kids[2]) if len(kids) == 3 else None
            return [A.If(self.expr(kids[0]), self.single(kids[1]), other, loc)]
        if k == K.FOR_STMT:
            return [self._for(c, loc)]
        if k == K.WHILE_STMT:
            cond, body = list(c.get_children())
            return [A.While(self.expr(cond), self.single(body), loc)]
        if k == K.DO_STMT:
            body, cond = list(c.get_children())
            return [A.While(self.expr(cond), self.single(body), loc, do_while=True)]
        if k == K.BREAK_STMT:
            return [A.Break(loc)]
        if k == K.CONTINUE_STMT:
            return [A.Continue(loc)]
        if k == K.RETURN_STMT:
            kids = list(c.get_children())
            return [A.Return(self.expr(kids[0]) if kids else None, loc)]
        if k in _UNSUPPORTED_STMTS:
            return [A.UnsupportedStmt(_UNSUPPORTED_STMTS[k], loc)]
        if k == K.UNEXPOSED_STMT:
            kids = list(c.get_children())
            head = tuple(t.spelling for t in c.get_tokens())[:3]
            if len(kids) == 1 and kids[0].kind in _LOOPS and head in _LOOP_PRAGMAS:
                return self.stmts(kids[0])
        if k.is_expression():
            return [A.ExprStmt(self.expr(c), loc)]
        return [A.UnsupportedStmt(k.name.lower().replace("_", " "), loc)]

    def single(self, c: ci.Cursor) -> A.Stmt:
        body = self.stmts(c)
        if len(body) == 1:
            return body[0]
        return A.Block(tuple(body), self.loc(c))

    def _var_decl(self, c: ci.Cursor) -> A.Stmt:
        loc = self.loc(c)
        kids = list(c.get_children())
        shared = any(ch.kind == K.CUDASHARED_ATTR for ch in kids)
        tokens = [tok.spelling for tok in c.get_tokens()]
        init = None
        if "=" in tokens or "{" in tokens:
            exprs = [ch for ch in kids if ch.kind.is_expression()]
            if exprs:
                init = self.expr(exprs[-1])
            if exprs and exprs[-1].kind == K.INIT_LIST_EXPR:
                init = A.UnsupportedExpr("initializer list", ctype(c.type), self.loc(exprs[-1]))
        decl = c.get_usr() or f"{c.spelling}@{c.location.offset}"
        volatile = "volatile" in c.type.spelling.split("*")[0] and c.type.get_canonical().kind != TK.POINTER
        return A.VarDecl(c.spelling, decl, ctype(c.type), init, loc, c.type.is_const_qualified(), shared, volatile)

    def _for(self, c: ci.Cursor, loc: A.Loc) -> A.Stmt:
        # libclang drops absent for-clauses from the children, so place each child by its offset
        # relative to the header's two semicolons: `for (init; cond; step) body`.
        tokens = list(c.get_tokens())
        depth, semis, close = 0, [], None
        for tok in tokens:
            s = tok.spelling
            if s == "(":
                depth += 1
            elif s == ")":
                depth -= 1
                if depth == 0:
                    close = tok.extent.start.offset
                    break
            elif s == ";" and depth == 1:
                semis.append(tok.extent.start.offset)
        if len(semis) != 2 or close is None:
            return A.UnsupportedStmt("for loop written through a macro", loc)
        init = cond = step = body = None
        for ch in c.get_children():
            off = ch.extent.start.offset
            if off < semis[0] or (ch.kind == K.DECL_STMT and off < semis[1] and init is None):
                init = self.single(ch)
            elif off < semis[1]:
                cond = self.expr(ch)
            elif off < close:
                step = self.expr(ch)
            else:
                body = self.single(ch)
        return A.For(init, cond, step, body or A.Block((), loc), loc)

    # ------------------------------------------------------------ functions
    def function(self, c: ci.Cursor, is_kernel: bool) -> A.Function:
        params = []
        for p in c.get_arguments():
            restrict = "__restrict__" in [t.spelling for t in p.get_tokens()] or p.type.is_restrict_qualified()
            params.append(A.Param(p.spelling, p.get_usr() or f"{p.spelling}@{p.location.offset}", ctype(p.type),
                                  self.loc(p), restrict))
        body = None
        for ch in c.get_children():
            if ch.kind == K.COMPOUND_STMT:
                body = self.single(ch)
        return A.Function(self.function_name(c), tuple(params), ctype(c.result_type), body, self.loc(c),
                          is_kernel, template_args(c), end_line=c.extent.end.line)

    def launch(self, c: ci.Cursor, config: ci.Cursor) -> A.LaunchSite | None:
        ref = c.referenced
        if ref is None:
            return None
        conf_args = list(config.get_arguments())
        dims = [self._dim3(a) for a in conf_args[:2]]
        smem = self.text(conf_args[2]) if len(conf_args) > 2 and list(conf_args[2].get_tokens()) else None
        smem_value = evaluate(conf_args[2]) if smem is not None else None
        return A.LaunchSite(
            kernel=ref.spelling, template_args=template_args(ref),
            grid=dims[0][0] if dims else (), block=dims[1][0] if len(dims) > 1 else (),
            shared_bytes=smem, shared_bytes_value=smem_value if isinstance(smem_value, int) else None,
            grid_values=dims[0][1] if dims else None, block_values=dims[1][1] if len(dims) > 1 else None,
            args=tuple(self.text(a) for a in c.get_arguments()), loc=self.loc(c))

    def _dim3(self, c: ci.Cursor) -> tuple[tuple[str, ...], tuple[int, ...] | None]:
        """Source text and folded values of one launch-configuration argument (a dim3)."""
        parts = dim3_parts(c)
        texts, values = [], []
        for part in parts:
            text = self.text(part)
            value = evaluate(part)
            if text:
                texts.append(text)
            values.append(value if isinstance(value, int) else None)
        values = values + [1] * (3 - len(values))
        while len(values) > 1 and values[-1] == 1:
            values.pop()
        folded = tuple(values) if all(v is not None for v in values) else None
        return tuple(texts), folded


def dim3_parts(c: ci.Cursor) -> list[ci.Cursor]:
    """The x/y/z expressions of a launch-configuration argument: `dim3(16, 16)`, a `dim3 block(16, 16)`
    variable, a copy `dim3(block)`, or a plain integer (one part)."""
    node = c
    for _ in range(8):  # unwrap casts, copies and variables
        kids = [ch for ch in node.get_children() if ch.kind.is_expression()]
        if node.kind == K.UNEXPOSED_EXPR and len(kids) == 1:
            node = kids[0]
        elif node.kind == K.CALL_EXPR and node.spelling in ("dim3", "uint3") and len(kids) == 1 and (
                kids[0].type.get_canonical().spelling.endswith(("dim3", "uint3"))):
            node = kids[0]
        elif node.kind == K.DECL_REF_EXPR and node.referenced is not None and node.referenced.kind == K.VAR_DECL:
            inits = [ch for ch in node.referenced.get_children() if ch.kind.is_expression()]
            if not inits:
                break
            node = inits[-1]
        else:
            break
    return list(node.get_arguments()) if node.kind == K.CALL_EXPR and node.spelling in ("dim3", "uint3") else [c]


def _in_namespace(cursor: ci.Cursor, namespace: str) -> bool:
    parent = cursor.semantic_parent
    while parent is not None and parent.kind != K.TRANSLATION_UNIT:
        if parent.kind == K.NAMESPACE and parent.spelling == namespace:
            return True
        parent = parent.semantic_parent
    return False


def _is_decay(src: A.CType, dst: A.CType) -> bool:
    return isinstance(src, A.Array) and isinstance(dst, A.Pointer)


def _preorder(cursor: ci.Cursor):
    """`Cursor.walk_preorder` without recursion: host code may nest 10,000 deep (see MAX_EXPR_DEPTH)."""
    stack = [cursor]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(list(node.get_children())))


def _walk_main(cursor: ci.Cursor, builder: _Builder):
    for c in cursor.get_children():
        if not builder.in_main_file(c):
            continue  # the prelude's thousands of declarations (and its namespaces) are not the user's
        if c.kind == K.NAMESPACE or c.kind == K.LINKAGE_SPEC:
            yield from _walk_main(c, builder)
        else:
            yield c


def build_translation_unit(tu: ci.TranslationUnit, path: str, display: str, n_lines: int) -> A.TranslationUnit:
    builder = _Builder(path, display)
    kernels: list[A.Function] = []
    launches: list[A.LaunchSite] = []
    instantiations: list[ci.Cursor] = []
    for c in _walk_main(tu.cursor, builder):
        if c.kind == K.FUNCTION_DECL and _is_kernel(c) and c.is_definition():
            key = builder.function_key(c)
            if key not in builder.seen_functions:
                builder.seen_functions.add(key)
                kernels.append(builder.function(c, True))
        elif c.kind == K.FUNCTION_TEMPLATE and _is_kernel(c) and c.is_definition():
            kernels.append(A.Function(c.spelling, (), A.Void(), None, builder.loc(c), True, is_template=True,
                                      end_line=c.extent.end.line))
        if c.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.VAR_DECL, K.CXX_METHOD) and not _is_kernel(c):
            for node in _preorder(c):
                if node.kind == K.CALL_EXPR:
                    config = next((ch for ch in node.get_children() if ch.kind == K.CALL_EXPR and ch.spelling in (
                        "cudaConfigureCall", "__cudaPushCallConfiguration")), None)
                    if config is not None:
                        site = builder.launch(node, config)
                        if site is not None:
                            launches.append(site)
                        if node.referenced is not None and node.referenced.get_num_template_arguments() > 0:
                            instantiations.append(node.referenced)
                elif node.kind == K.DECL_REF_EXPR and node.referenced is not None and (
                        node.referenced.kind == K.FUNCTION_DECL and _is_kernel(node.referenced)
                        and node.referenced.get_num_template_arguments() > 0):
                    instantiations.append(node.referenced)
    for spec in instantiations:
        definition = spec.get_definition() or spec
        key = builder.function_key(definition)
        if key in builder.seen_functions or not definition.is_definition():
            continue
        builder.seen_functions.add(key)
        kernels.append(builder.function(definition, True))
    device: list[A.Function] = []
    while builder.device_queue:
        c = builder.device_queue.pop(0)
        key = builder.function_key(c)
        if key in builder.seen_functions:
            continue
        builder.seen_functions.add(key)
        device.append(builder.function(c, False))
    return A.TranslationUnit(display, tuple(kernels) + tuple(device), tuple(launches))
