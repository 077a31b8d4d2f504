"""The host side of a PyTorch extension, read from clang into our own small host AST.

A PyTorch CUDA extension is kernels plus host functions over `at::Tensor` (checks, allocations,
`data_ptr<T>()`, grid formulas, launches) and a registration (`TORCH_LIBRARY`/`TORCH_LIBRARY_IMPL`
blocks, or `PYBIND11_MODULE`). `read_host` parses one file the same hermetic way as the front end
and returns, for the file's own code:

* every host function definition (not `__global__`, not `__device__`-only) as an `HFunction`, its
  body in the node types below: C++ as written, with clang's semantic facts attached (the callee's
  qualified name, the receiver's class, each value's type), and nothing decided about Python;
* `TORCH_CHECK` / `TORCH_INTERNAL_ASSERT` (and every macro over them) recognised from their
  expansion as `HCheck` with the condition's text and the message's parts;
* each `<<<...>>>` launch as `HLaunch` with the kernel's name, template arguments and defining file;
* the registrations: `TORCH_LIBRARY(ns, m)` defs, `TORCH_LIBRARY_IMPL(ns, KEY, m)` impls,
  `PYBIND11_MODULE(name, m)` defs.

No clang object leaves this module. What the host AST cannot represent becomes `HUnsupported`, which
the PyTorch lifter (cuda2tile/pytorch) refuses with a coded diagnostic; this module never refuses.
"""

from __future__ import annotations

import ast
import os
import re
from dataclasses import dataclass, field

import clang.cindex as ci

from cuda2tile.diagnostics import Location
from cuda2tile.parse import cuda_ast as A
from cuda2tile.parse.build_ast import ctype, preorder, template_args
from cuda2tile.parse.clang_eval import evaluate
from cuda2tile.parse.clang_ops import binary_operator, unary_operator
from cuda2tile.parse.frontend import KEEP_GOING, FrontendOptions, clang_args, read_source, split_source_lines

K = ci.CursorKind
TK = ci.TypeKind

# ---------------------------------------------------------------- host types


@dataclass(frozen=True, slots=True)
class HType:
    """A host value's type. `kind`: tensor, tensor_list, int_list, options, scalar_type, dtype (TypeMeta),
    device, device_type, stream, dim3, string, scalar (c10::Scalar), optional, library, pointer,
    number (int/float/bool: `dtype` says which), void, other. `dtype`: the number's dtype, or a
    pointer's pointee dtype."""
    kind: str
    spelling: str
    dtype: str | None = None
    rank: int = 0  # an accessor's N
    index: str | None = None  # an accessor's index_t dtype

    @property
    def is_integer(self) -> bool:
        return self.kind == "number" and self.dtype is not None and self.dtype.startswith(("int", "uint"))

    @property
    def is_float(self) -> bool:
        return self.kind == "number" and self.dtype is not None and self.dtype.startswith(("float", "bfloat"))


_CLASS_KINDS = {  # qualified class name (template arguments stripped) -> kind
    "at::Tensor": "tensor", "at::TensorBase": "tensor", "c10::TensorOptions": "options",
    "c10::ArrayRef": "int_list", "c10::IntArrayRef": "int_list", "c10::SmallVector": "int_list",
    "caffe2::TypeMeta": "dtype", "c10::Device": "device", "c10::cuda::CUDAStream": "stream", "c10::Stream": "stream",
    "dim3": "dim3", "uint3": "dim3", "std::basic_string": "string", "c10::basic_string_view": "string",
    "std::basic_string_view": "string",
    "c10::Scalar": "scalar", "std::optional": "optional", "c10::optional": "optional", "torch::Library": "library",
    "std::vector": "vector", "std::initializer_list": "vector", "std::tuple": "tuple",
    "c10::ScalarType": "scalar_type", "c10::DeviceType": "device_type",
    "c10::MemoryFormat": "memory_format", "c10::Layout": "layout",
    "at::GenericPackedTensorAccessor": "accessor", "at::cuda::detail::TensorInfo": "tensor_info",
    "std::map": "map", "std::unordered_map": "map",
    "c10::IValue": "ivalue", "torch::autograd::AutogradContext::SavedData": "saved_data",
    "c10::List": "int_list",
}


def _record_name(decl: ci.Cursor) -> str:
    names = [decl.spelling]
    parent = decl.semantic_parent
    while parent is not None and parent.kind in (K.NAMESPACE, K.STRUCT_DECL, K.CLASS_DECL, K.CLASS_TEMPLATE):
        names.insert(0, parent.spelling)
        parent = parent.semantic_parent
    return "::".join(n for n in names if n)


def host_type(t: ci.Type) -> HType:
    spelling = t.spelling
    canon = t.get_canonical()
    while canon.kind in (TK.LVALUEREFERENCE, TK.RVALUEREFERENCE):
        canon = canon.get_pointee().get_canonical()
    if canon.kind == TK.VOID:
        return HType("void", spelling)
    if canon.kind == TK.POINTER:
        pointee = canon.get_pointee().get_canonical()
        if pointee.kind in (TK.CHAR_S, TK.CHAR_U, TK.SCHAR) and pointee.is_const_qualified():
            return HType("string", spelling)
        if pointee.kind == TK.RECORD and _record_name(pointee.get_declaration()) == "CUstream_st":
            return HType("stream", spelling)
        if pointee.kind == TK.RECORD and _record_name(pointee.get_declaration()) == "torch::autograd::AutogradContext":
            return HType("autograd_ctx", spelling)  # the `ctx` of an autograd function's forward and backward
        inner = ctype(pointee)
        return HType("pointer", spelling, inner.dtype if isinstance(inner, A.Scalar) else None)
    if canon.kind == TK.ENUM:
        name = _record_name(canon.get_declaration())
        kind = _CLASS_KINDS.get(name)
        if kind:
            return HType(kind, spelling)
    if canon.kind in (TK.RECORD, TK.ELABORATED, TK.UNEXPOSED):
        decl = canon.get_declaration()
        name = _record_name(decl) if decl.kind != K.NO_DECL_FOUND else canon.spelling.split("<")[0]
        kind = _CLASS_KINDS.get(name)
        if kind == "accessor":  # `PackedTensorAccessor<T, N, Traits, index_t>` (its template arguments)
            match = re.match(r"[^<]*<[^,]*,\s*(\d+)[uUlL]*\s*,", canon.spelling)
            elem = ctype(canon.get_template_argument_type(0)) if canon.get_num_template_arguments() == 4 else None
            index = ctype(canon.get_template_argument_type(3)) if elem is not None else None
            if match is None or not isinstance(elem, A.Scalar) or not isinstance(index, A.Scalar):
                return HType("other", spelling)
            return HType("accessor", spelling, elem.dtype, int(match.group(1)), index.dtype)
        if kind == "tensor_info":  # `at::cuda::detail::TensorInfo<T, IndexType>`: element and index types
            elem = ctype(canon.get_template_argument_type(0)) if canon.get_num_template_arguments() == 2 else None
            index = ctype(canon.get_template_argument_type(1)) if elem is not None else None
            if not isinstance(elem, A.Scalar) or not isinstance(index, A.Scalar):
                return HType("other", spelling)
            return HType("tensor_info", spelling, elem.dtype, 0, index.dtype)
        if kind == "int_list" and canon.get_num_template_arguments() > 0 and \
                host_type(canon.get_template_argument_type(0)).kind == "tensor":
            return HType("tensor_list", spelling)  # `at::ArrayRef<Tensor>` (TensorList, ITensorListRef)
        if kind == "vector":
            arg = canon.get_template_argument_type(0) if canon.get_num_template_arguments() > 0 else None
            inner = host_type(arg) if arg is not None else HType("other", "")
            if inner.kind == "tensor":
                return HType("tensor_list", spelling)
            if inner.kind == "number":
                return HType("int_list", spelling, inner.dtype)
            return HType("other", spelling)
        if kind:
            return HType(kind, spelling)
        half = ctype(canon)  # c10::Half, c10::BFloat16 (and CUDA's __half): numbers of that dtype
        if isinstance(half, A.Scalar) and half.dtype in ("float16", "bfloat16"):
            return HType("number", spelling, half.dtype)
        return HType("other", spelling)
    if canon.kind in (TK.CONSTANTARRAY, TK.INCOMPLETEARRAY):  # `{rows, cols}` for an IntArrayRef
        elem = host_type(canon.element_type)
        return HType({"number": "int_list", "tensor": "tensor_list"}.get(elem.kind, "other"), spelling, elem.dtype)
    scalar = ctype(canon)
    if isinstance(scalar, A.Scalar):
        return HType("number", spelling, scalar.dtype)
    return HType("other", spelling)


# ---------------------------------------------------------------- host expressions


@dataclass(frozen=True, slots=True)
class HLit:
    value: object  # int, float, bool, str, or None (nullptr)
    type: HType
    loc: Location


@dataclass(frozen=True, slots=True)
class HVar:
    """A parameter or local of the function being read."""
    name: str
    type: HType
    loc: Location


@dataclass(frozen=True, slots=True)
class HGlobal:
    """A name declared outside the function: an enumerator (`c10::ScalarType::Float`), a namespace-scope
    constant (`c10::kFloat`), a global variable. `qualified`: as declared (`c10::kCUDA`, `at::kFloat`
    reads `c10::kFloat`)."""
    qualified: str
    type: HType
    loc: Location
    user: bool = False  # declared in the project's own code
    value: int | float | None = None  # a project constant's value, where clang folds it
    # a project's `const` variable of another type: its initialiser (`const std::map<std::string, ReductionType>
    # reduce2REDUCE = {{"sum", SUM}, ...}`); None when it is not const or not initialised where declared
    init: "HExpr | None" = None


@dataclass(frozen=True, slots=True)
class HCall:
    """A free function call. `callee`: the declaration's qualified name (`at::empty`, `std::min`);
    `user`: a function the project defines (lifted with it); default arguments not written are left out."""
    callee: str
    args: tuple["HExpr", ...]
    type: HType
    loc: Location
    template_args: tuple[str, ...] = ()
    user: bool = False
    usr: str = ""  # the callee's clang USR: which of a project's overloads (`check_args(a, b)`, `check_args(a)`)


@dataclass(frozen=True, slots=True)
class HMethod:
    """`receiver.name<targs>(args)`; `cls`: the receiver's class kind (HType.kind)."""
    receiver: "HExpr"
    name: str
    args: tuple["HExpr", ...]
    type: HType
    loc: Location
    template_args: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class HOp:
    """A built-in or overloaded operator: binary (`+`, `==`, `&&`...), unary (`-`, `!`, `*`, `&`), or
    `[]` (index). Operands keep their own types."""
    op: str
    operands: tuple["HExpr", ...]
    type: HType
    loc: Location


@dataclass(frozen=True, slots=True)
class HCond:
    cond: "HExpr"
    then: "HExpr"
    other: "HExpr"
    type: HType
    loc: Location


@dataclass(frozen=True, slots=True)
class HCast:
    operand: "HExpr"
    type: HType
    loc: Location
    implicit: bool = False


@dataclass(frozen=True, slots=True)
class HConstruct:
    """A value built from parts: `dim3(x, y)`, `{a, b}` (a braced list), `at::TensorOptions()`."""
    type: HType
    args: tuple["HExpr", ...]
    loc: Location
    braced: bool = False


@dataclass(frozen=True, slots=True)
class HField:
    base: "HExpr"
    name: str
    type: HType
    loc: Location


@dataclass(frozen=True, slots=True)
class HDispatchCase:
    scalar_type: str  # ATen's ScalarType name: "Double", "Float", "Half"...
    body: "HBlock"  # the lambda's body, instantiated with `scalar_t` of that type


@dataclass(frozen=True, slots=True)
class HDispatch:
    """`AT_DISPATCH_*(TYPE, NAME, [&] { ... })`: ATen/Dispatch.h's immediately-invoked lambda that switches
    on `TYPE`'s scalar type, each case running the user's lambda with `scalar_t` bound; a type no case
    lists fails with TORCH_CHECK_NOT_IMPLEMENTED (`"NAME" not implemented for 'Half'`). `type`: the
    value the lambda returns (void for a statement)."""
    selector: "HExpr"
    name: str
    cases: tuple[HDispatchCase, ...]
    type: HType
    loc: Location


@dataclass(frozen=True, slots=True)
class HLambdaCall:
    """A lambda called where it is written, with no arguments: `[&] { switch (...) { ... } }()` (a project's
    own dispatch macro, pytorch_scatter's AT_DISPATCH_REDUCTION_TYPES). `body`: the lambda's; a `return` in
    it leaves the lambda with its value (`type`). Captures by reference (`[&]`) and by copy read alike:
    what the lambda assigns to is checked by the lifter (`by_copy`: names captured by copy, which the
    lambda cannot assign unless it is `mutable`, and then only its own copy; None where the capture list is
    not known, written by a macro)."""
    body: "HBlock"
    type: HType
    loc: Location
    by_copy: bool | None = False


@dataclass(frozen=True, slots=True)
class HUnsupported:
    what: str
    type: HType
    loc: Location


HExpr = HLit | HVar | HGlobal | HCall | HMethod | HOp | HCond | HCast | HConstruct | HField | HDispatch | \
    HLambdaCall | HUnsupported

# ---------------------------------------------------------------- host statements


@dataclass(frozen=True, slots=True)
class HDecl:
    name: str
    type: HType
    init: HExpr | None
    loc: Location


@dataclass(frozen=True, slots=True)
class HExprStmt:
    expr: HExpr
    loc: Location


@dataclass(frozen=True, slots=True)
class HBlock:
    body: tuple["HStmt", ...]
    loc: Location


@dataclass(frozen=True, slots=True)
class HIf:
    cond: HExpr
    then: "HStmt"
    other: "HStmt | None"
    loc: Location


@dataclass(frozen=True, slots=True)
class HFor:
    init: "HStmt | None"
    cond: HExpr | None
    step: HExpr | None
    body: "HStmt"
    loc: Location


@dataclass(frozen=True, slots=True)
class HReturn:
    value: HExpr | None
    loc: Location


@dataclass(frozen=True, slots=True)
class HCheck:
    """`TORCH_CHECK(cond, msg...)` or `TORCH_INTERNAL_ASSERT(cond, msg...)`, or any macro expanding to
    them. `macro`: the name written at the statement (`TORCH_CHECK_VALUE`, `CHECK_CUDA`...);
    `internal`: an internal assertion; `cond_text`: the condition as the preprocessor stringises it;
    `message`: the parts of the message (`c10::str(...)`'s arguments)."""
    macro: str
    internal: bool
    cond: HExpr
    cond_text: str
    message: tuple[HExpr, ...]
    loc: Location


@dataclass(frozen=True, slots=True)
class HLaunch:
    kernel: str  # the __global__ function's name as declared, without template arguments
    template_args: tuple[str, ...]
    kernel_file: str  # real path of the file defining the kernel
    grid: tuple[HExpr, ...]  # dim3 parts as written (one expression, or a dim3 value)
    block: tuple[HExpr, ...]
    shared_bytes: HExpr | None
    stream: HExpr | None
    args: tuple[HExpr, ...]
    loc: Location


@dataclass(frozen=True, slots=True)
class HSwitchCase:
    """The statements after one group of labels, up to the next label: `case SUM: case MEAN: {...} break;`.
    `values`: the labels' constants (empty for the group holding `default:`, `default` true then);
    `body`: the statements as written, a final `break` included; `falls_through`: control reaches the
    next group's labels (the body does not end with `break`, `return`, `continue` or a throw)."""
    values: tuple[HExpr, ...]
    default: bool
    body: tuple["HStmt", ...]
    falls_through: bool
    loc: Location


@dataclass(frozen=True, slots=True)
class HSwitch:
    cond: HExpr
    cases: tuple[HSwitchCase, ...]
    loc: Location


@dataclass(frozen=True, slots=True)
class HBreak:
    loc: Location


@dataclass(frozen=True, slots=True)
class HContinue:
    loc: Location


@dataclass(frozen=True, slots=True)
class HUnsupportedStmt:
    what: str
    loc: Location


HStmt = HDecl | HExprStmt | HBlock | HIf | HFor | HReturn | HCheck | HLaunch | HSwitch | HBreak | HContinue | \
    HUnsupportedStmt


@dataclass(frozen=True, slots=True)
class HParam:
    name: str
    type: HType
    const: bool  # `const at::Tensor&` / by value: the function cannot change the caller's object
    reference: bool
    default: "HExpr | None" = None  # `torch::Scalar alpha = 1.0`: what a call that leaves it out passes


@dataclass(frozen=True, slots=True)
class HFunction:
    name: str
    qualified: str
    params: tuple[HParam, ...]
    return_type: HType
    body: HBlock
    loc: Location
    path: str  # real path of the defining file
    usr: str = ""  # clang's USR: overloads share `qualified`, never this


@dataclass(frozen=True, slots=True)
class Registration:
    """One `m.def(...)` / `m.impl(...)` of a TORCH_LIBRARY block, or `m.def(...)` of a PYBIND11_MODULE.

    `block`: "def" (TORCH_LIBRARY), "fragment", "impl" (TORCH_LIBRARY_IMPL) or "pybind11";
    `namespace`: the library's namespace (the module's name for pybind11); `key`: the block's dispatch
    key (`CUDA`, `CPU`...) or one given by `torch::dispatch(key, f)`, None for a catch-all;
    `call`: "def" or "impl"; `schema`: a schema or an operator name as written; `function`: the
    qualified name of the C++ function registered (None for a schema-only def)."""
    block: str
    namespace: str
    key: str | None
    call: str
    schema: str
    function: str | None
    loc: Location


@dataclass(frozen=True, slots=True)
class HAutogradClass:
    """A C++ autograd function: `class ScatterSum : public torch::autograd::Function<ScatterSum>` with static
    `forward(AutogradContext *ctx, args...)` and `backward(ctx, variable_list grad_outputs)`, run by
    `ScatterSum::apply(args...)` (an HCall with `usr` this class's `usr`). `forward`/`backward`: the keys
    (USRs) of the two methods, read as functions of the file."""
    qualified: str
    usr: str
    forward: str
    backward: str
    loc: Location


@dataclass
class HostFile:
    path: str
    display: str
    functions: list[HFunction] = field(default_factory=list)
    registrations: list[Registration] = field(default_factory=list)
    autograd_classes: list[HAutogradClass] = field(default_factory=list)
    error: str | None = None


# ---------------------------------------------------------------- reading


def _qualified(cursor: ci.Cursor) -> str:
    names = [cursor.spelling]
    parent = cursor.semantic_parent
    while parent is not None and parent.kind not in (K.TRANSLATION_UNIT,):
        if parent.kind in (K.NAMESPACE, K.STRUCT_DECL, K.CLASS_DECL, K.CLASS_TEMPLATE, K.ENUM_DECL):
            if parent.spelling:
                names.insert(0, parent.spelling)
        elif parent.kind == K.LINKAGE_SPEC:
            pass
        else:
            break
        parent = parent.semantic_parent
    return "::".join(names)


def _children(c: ci.Cursor) -> list[ci.Cursor]:
    return list(c.get_children())


def _exprs(c: ci.Cursor) -> list[ci.Cursor]:
    return [ch for ch in c.get_children() if ch.kind.is_expression()]


def _written(c: ci.Cursor) -> bool:
    """False for a default argument clang filled in (no source extent)."""
    return c.extent.start.line != 0


def _has_attr(c: ci.Cursor, kind) -> bool:
    return any(ch.kind == kind for ch in c.get_children())


def _token_text(tokens) -> str:
    """Tokens as the preprocessor stringises them: one space where the source had whitespace."""
    out, last = [], None
    for tok in tokens:
        loc = tok.extent.start
        if last is not None and (loc.line != last.line or loc.column != last.column):
            out.append(" ")
        out.append(tok.spelling)
        last = tok.extent.end
    return "".join(out)


_STAND_INS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "include")
_VERSION_MACRO = re.compile(r"#\s*define\s+(\w*(?:VERSION|VER_MAJOR|VER_MINOR|VER_PATCH|_MAJOR|_MINOR|_PATCH|"
                            r"PATCHLEVEL|_SUBMINOR)\w*)\b")
_version_macros: frozenset[str] | None = None


def stand_in_version_macros() -> frozenset[str]:
    """The version macros cuda2tile's stand-in headers define (`CUDA_VERSION` 12040, `NCCL_MAJOR` 2...):
    made-up values of libraries the converted package does not link. Host code that returns or compares
    one (`return {NCCL_MAJOR, NCCL_MINOR};`, `cuda_version()`) would bake the stand-in's number into the
    drop-in, so its value is refused."""
    global _version_macros
    if _version_macros is None:
        names = set()
        for folder, _, files in os.walk(_STAND_INS):
            for name in files:
                if name.endswith((".h", ".hpp", ".cuh")) or "." not in name:
                    try:
                        with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as f:
                            names.update(_VERSION_MACRO.findall(f.read()))
                    except OSError:
                        continue
        _version_macros = frozenset(names)
    return _version_macros


def _string_value(c: ci.Cursor) -> str | None:
    node = c
    for _ in range(8):
        if node.kind == K.STRING_LITERAL:
            break
        kids = [k for k in _exprs(node) if _written(k)]  # `std::string("x")` also passes a default allocator
        if node.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR, K.CALL_EXPR) and len(kids) == 1:
            node = kids[0]
        else:
            return None
    if node.kind != K.STRING_LITERAL:
        return None
    tokens = [t.spelling for t in node.get_tokens() if t.kind == ci.TokenKind.LITERAL and t.spelling.endswith('"')]
    parts = tokens or [node.spelling]
    try:
        return "".join(ast.literal_eval(p.lstrip("uUL8")) for p in parts)
    except (ValueError, SyntaxError):
        return None


# Host code nests as deep as its macros make it: apex's group_norm selects one of 1,008 launchers through a
# macro-written chain of 1,008 `else if`s. Reading (and lifting) recurses once per level, and Python's stack
# ends near 1,000 frames; worse, a cursor's children are listed by a ctypes callback, and one that hits the
# limit returns a short list without raising. Past these depths a statement or expression is refused instead.
MAX_HOST_STMT_DEPTH = 100
MAX_HOST_EXPR_DEPTH = 150


class _Reader:
    def __init__(self, path: str, display: str, project_files, lines: list[str] = ()):
        self.real = os.path.realpath(path)
        self.lines = list(lines)
        self.display = display
        self.project_files = project_files  # callable: real path -> is it the project's own code
        self._files: dict[str, bool] = {}
        self.locals: set[str] = set()
        # static member functions of the project's classes the code read calls (`Reducer<float, SUM>::init()`,
        # a class template's, instantiated by clang for those arguments): usr -> definition, read as
        # functions of the file after it (read_host)
        self.methods: dict[str, ci.Cursor] = {}
        self._globals: set[str] = set()  # project globals whose initialiser is being read (no cycles)
        self.expr_depth = 0
        self.stmt_depth = 0

    def loc(self, c: ci.Cursor) -> Location:
        start = c.extent.start if c.extent.start.file is not None else c.location
        return Location(self.display, start.line, start.column)

    def in_main_file(self, c: ci.Cursor) -> bool:
        f = c.location.file
        if f is None:
            return False
        known = self._files.get(f.name)
        if known is None:
            known = self._files[f.name] = os.path.realpath(f.name) == self.real
        return known

    def word_at(self, c: ci.Cursor) -> str | None:
        """The identifier written where `c` starts in the file (the outermost macro of an expansion)."""
        start = c.extent.start
        if start.file is None or os.path.realpath(start.file.name) != self.real \
                or not 1 <= start.line <= len(self.lines):
            return None
        text = self.lines[start.line - 1][start.column - 1:]
        match = re.match(r"[A-Za-z_][A-Za-z_0-9]*", text)
        return match.group(0) if match else None

    def is_project(self, c: ci.Cursor | None) -> bool:
        if c is None or c.location.file is None:
            return False
        return self.project_files(os.path.realpath(c.location.file.name))

    # ------------------------------------------------------------ expressions
    def expr(self, c: ci.Cursor) -> HExpr:
        if self.expr_depth >= MAX_HOST_EXPR_DEPTH:
            return HUnsupported(f"an expression nested more than {MAX_HOST_EXPR_DEPTH} levels deep",
                                host_type(c.type), self.loc(c))
        self.expr_depth += 1
        try:
            return self._expr(c)
        finally:
            self.expr_depth -= 1

    def _expr(self, c: ci.Cursor) -> HExpr:
        t = host_type(c.type)
        loc = self.loc(c)
        kind = c.kind
        kids = _exprs(c)
        if kind in (K.INTEGER_LITERAL, K.FLOATING_LITERAL):
            macro = self.word_at(c)  # a literal a macro expands to has no tokens of its own: read its name
            if macro in stand_in_version_macros():
                # the stand-in's number is made up: the lift maps the macro (op_coverage/aten.py: CUDA_VERSION
                # is the CUDA the converted package runs with) or refuses it, never the literal
                return HGlobal(macro, t, loc)
        if kind == K.INTEGER_LITERAL:
            tokens = [tok.spelling for tok in c.get_tokens()]
            value = _int_literal(tokens[0]) if len(tokens) == 1 else None
            if value is None:
                value = evaluate(c)
            return HLit(value, t, loc) if value is not None else HUnsupported("integer literal", t, loc)
        if kind == K.FLOATING_LITERAL:
            tokens = [tok.spelling for tok in c.get_tokens()]
            try:
                return HLit(float(tokens[0].rstrip("fFlL")), t, loc)
            except (IndexError, ValueError):
                value = evaluate(c)
                return HLit(float(value), t, loc) if value is not None else HUnsupported("float literal", t, loc)
        if kind == K.CXX_BOOL_LITERAL_EXPR:
            return HLit(any(tok.spelling == "true" for tok in c.get_tokens()), t, loc)
        if kind == K.CXX_NULL_PTR_LITERAL_EXPR or kind == K.GNU_NULL_EXPR:
            return HLit(None, t, loc)
        if kind == K.STRING_LITERAL:
            value = _string_value(c)
            return HLit(value, HType("string", "const char*"), loc) if value is not None else \
                HUnsupported("string literal", t, loc)
        if kind == K.CHARACTER_LITERAL:
            tokens = [tok.spelling for tok in c.get_tokens()]
            try:
                return HLit(ast.literal_eval(tokens[0]), HType("string", "char"), loc)
            except (IndexError, ValueError, SyntaxError):
                return HUnsupported("character literal", t, loc)
        if kind == K.PAREN_EXPR and kids:
            return self.expr(kids[0])
        if kind in (K.UNEXPOSED_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR, K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR,
                    K.CXX_CONST_CAST_EXPR, K.CXX_REINTERPRET_CAST_EXPR) and len(kids) == 1:
            inner = self.expr(kids[0])
            implicit = kind == K.UNEXPOSED_EXPR
            inner_type = getattr(inner, "type", None)
            if t.kind in ("number", "pointer") and inner_type is not None and inner_type != t \
                    and (inner_type.kind, inner_type.dtype) != (t.kind, t.dtype):
                return HCast(inner, t, loc, implicit)
            if not implicit and t.kind in ("number", "pointer"):
                return HCast(inner, t, loc, False)
            if t.kind in ("int_list", "tensor_list") and isinstance(inner, HConstruct) and inner.braced:
                return HConstruct(t, inner.args, loc, True)
            return inner
        if kind == K.UNEXPOSED_EXPR and not kids and not _written(c):
            return HUnsupported("default argument", t, loc)
        if kind in (K.CXX_FUNCTIONAL_CAST_EXPR, K.UNEXPOSED_EXPR) and len(kids) > 1:
            return HConstruct(t, tuple(self.expr(k) for k in kids if _written(k)), loc)
        if kind == K.INIT_LIST_EXPR:
            return HConstruct(t, tuple(self.expr(k) for k in kids), loc, braced=True)
        if kind == K.DECL_REF_EXPR:
            ref = c.referenced
            if ref is not None and ref.kind in (K.PARM_DECL, K.VAR_DECL) \
                    and (ref.get_usr() or ref.spelling) in self.locals:
                return HVar(ref.spelling, t, loc)
            if ref is not None and ref.kind in (K.VAR_DECL, K.ENUM_CONSTANT_DECL, K.FUNCTION_DECL):
                user = self.is_project(ref)
                value = init = None
                if user and ref.kind != K.FUNCTION_DECL and t.kind == "number":
                    value = evaluate(c)
                elif user and ref.kind == K.VAR_DECL:
                    init = self.global_init(ref)
                return HGlobal(_qualified(ref), t, loc, user=user, value=value, init=init)
            if t.kind == "number" and (ref is None or ref.kind == K.TEMPLATE_NON_TYPE_PARAMETER):
                # a template parameter in a specialization clang instantiated (`REDUCE` in
                # `Reducer<float, SUM>::init`): its argument
                value = evaluate(c)
                if isinstance(value, (int, float)):
                    return HLit(value, t, loc)
            return HUnsupported(f"reference to '{c.spelling}'", t, loc)
        if kind == K.MEMBER_REF_EXPR:
            base = kids[0] if kids else None
            if base is None:
                return HUnsupported(f"member '{c.spelling}' of this object", t, loc)
            return HField(self.expr(base), c.spelling, t, loc)
        if kind == K.ARRAY_SUBSCRIPT_EXPR and len(kids) == 2:
            return HOp("[]", (self.expr(kids[0]), self.expr(kids[1])), t, loc)
        if kind == K.BINARY_OPERATOR and len(kids) == 2:
            op = binary_operator(c) or "?"
            return HOp(op, (self.expr(kids[0]), self.expr(kids[1])), t, loc)
        if kind == K.COMPOUND_ASSIGNMENT_OPERATOR and len(kids) == 2:
            op = binary_operator(c) or "?"
            return HOp(op, (self.expr(kids[0]), self.expr(kids[1])), t, loc)
        if kind == K.UNARY_OPERATOR and len(kids) == 1:
            op = unary_operator(c) or "?"
            return HOp(op, (self.expr(kids[0]),), t, loc)
        if kind == K.CONDITIONAL_OPERATOR and len(kids) == 3:
            return HCond(self.expr(kids[0]), self.expr(kids[1]), self.expr(kids[2]), t, loc)
        if kind == K.CXX_UNARY_EXPR:
            value = evaluate(c)
            return HLit(value, t, loc) if value is not None else HUnsupported("sizeof/alignof", t, loc)
        if kind == K.CALL_EXPR:
            return self.call(c, t, loc)
        if kind == K.LAMBDA_EXPR:
            return HUnsupported("a lambda not called where it is written (a local function)", t, loc)
        return HUnsupported(kind.name.lower().replace("_", " "), t, loc)

    def global_init(self, ref: ci.Cursor) -> HExpr | None:
        """The initialiser of a project's `const` namespace-scope variable (a table: `const std::map<...>
        m = {{"sum", SUM}, ...}`), read where it is defined; None for one that may change (not const), a
        static data member, or one being read already."""
        definition = ref.get_definition() or ref
        usr = definition.get_usr()
        parent = definition.semantic_parent
        if not definition.type.is_const_qualified() or usr in self._globals or parent is None or \
                parent.kind not in (K.TRANSLATION_UNIT, K.NAMESPACE):
            return None
        inits = [ch for ch in definition.get_children() if ch.kind.is_expression()]
        if not inits:
            return None
        saved, self.locals = self.locals, set()
        self._globals.add(usr)
        try:
            return self.expr(inits[-1])
        finally:
            self._globals.discard(usr)
            self.locals = saved

    def args(self, cursors) -> tuple[HExpr, ...]:
        return tuple(self.expr(a) for a in cursors if _written(a))

    def call(self, c: ci.Cursor, t: HType, loc: Location) -> HExpr:
        ref = c.referenced
        kids = _children(c)
        callee = kids[0] if kids else None
        while callee is not None and callee.kind == K.UNEXPOSED_EXPR and _exprs(callee):
            callee = _exprs(callee)[0]
        spelling = c.spelling
        if ref is not None and ref.kind == K.CONSTRUCTOR:
            args = [a for a in c.get_arguments() if _written(a)]
            if len(args) == 1 and host_type(args[0].type).kind == t.kind and t.kind != "number":
                return self.expr(args[0])  # a copy or conversion to its own kind
            return HConstruct(t, tuple(self.expr(a) for a in args), loc)
        if spelling.startswith("operator") and ref is not None:
            symbol = spelling[len("operator"):].strip()
            # `a.operator[](i)` names the operator as a member; `ctx->saved_data["dim"]` starts with a member
            # too, but one that is the operator's object (libclang lists an operator call's children in
            # source order)
            if callee is not None and callee.kind == K.MEMBER_REF_EXPR and callee.spelling == spelling:
                receiver = _exprs(callee)[0] if _exprs(callee) else None
                operands = ([self.expr(receiver)] if receiver is not None else []) + list(self.args(c.get_arguments()))
            else:
                operands = list(self.args(c.get_arguments()))
            if symbol and (symbol[0].isalpha() or symbol[0] == "_") or symbol.endswith("*") and " " in symbol:
                # a conversion operator: `operator cudaStream_t()`
                return HCast(operands[0], t, loc, True) if operands else HUnsupported(spelling, t, loc)
            if symbol == "()":
                dispatch = self.dispatch(c, t, loc)
                if dispatch is None:
                    dispatch = self.lambda_call(c, t, loc)
                return dispatch if dispatch is not None else HUnsupported("a call of a function object", t, loc)
            return HOp(symbol, tuple(operands), t, loc)
        if callee is not None and callee.kind == K.MEMBER_REF_EXPR:
            receivers = _exprs(callee)
            if not receivers:
                return HUnsupported(f"call of the member function '{spelling}' of this object", t, loc)
            return HMethod(self.expr(receivers[0]), spelling, self.args(c.get_arguments()), t, loc,
                           template_args(ref) if ref is not None else ())
        if ref is None:
            return HUnsupported(f"call of '{spelling}', which clang did not resolve", t, loc)
        if ref.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
            user = self.is_project(ref)
            return HCall(_qualified(ref), self.args(c.get_arguments()), t, loc, template_args(ref),
                         user=user, usr=ref.get_usr() if user else "")
        if ref.kind == K.CXX_METHOD and ref.is_static_method() and self.is_project(ref):
            # `Reducer<scalar_t, REDUCE>::init()` with scalar_t and REDUCE bound where it is called: the
            # specialization's method, which clang instantiated with its body, read as a function of its own
            definition = ref.get_definition()
            if definition is None or not any(ch.kind == K.COMPOUND_STMT for ch in definition.get_children()):
                return HUnsupported(f"call of '{spelling}', a static member function with no body clang "
                                    "instantiated", t, loc)
            self.methods.setdefault(definition.get_usr(), definition)
            return HCall(_method_name(definition), self.args(c.get_arguments()), t, loc, user=True,
                         usr=definition.get_usr())
        cls = _autograd_function_of(ref) if spelling == "apply" else None
        if cls is not None:  # `ScatterSum::apply(src, index)`: the project's autograd function run
            return HCall(f"{_qualified(cls)}::apply", self.args(c.get_arguments()), t, loc, user=True,
                         usr=_AUTOGRAD_USR + cls.get_usr())
        if ref.kind == K.CXX_METHOD and ref.is_static_method():
            # `std::numeric_limits<float>::max()`: the class's template arguments
            owner = ref.semantic_parent
            return HCall(_qualified(ref), self.args(c.get_arguments()), t, loc,
                         template_args(owner) if owner is not None else ())
        return HUnsupported(f"call of '{spelling}'", t, loc)

    def dispatch(self, c: ci.Cursor, t: HType, loc: Location) -> HDispatch | None:
        """The AT_DISPATCH_* form (see HDispatch) of `[&] { ... }()`, or None for another lambda call. Read
        from the expansion, not the macro's name, so that every AT_DISPATCH_* macro and a project's own
        macro over AT_DISPATCH_SWITCH read alike: the lambda declares `the_type` (the selector) and
        `at_dispatch_name`, and switches with one `case ScalarType::X: { ...; return user_lambda(); }` per
        type."""
        args = list(c.get_arguments())  # an operator call's first argument is its object: the lambda
        lam = args[0] if args else None
        while lam is not None and lam.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR) and len(_exprs(lam)) == 1:
            lam = _exprs(lam)[0]
        if lam is None or lam.kind != K.LAMBDA_EXPR:
            return None
        body = next((n for n in lam.get_children() if n.kind == K.COMPOUND_STMT), None)
        if body is None:
            return None
        decls = {d.spelling: d for s in body.get_children() if s.kind == K.DECL_STMT
                 for d in s.get_children() if d.kind == K.VAR_DECL}
        switch = next((s for s in body.get_children() if s.kind == K.SWITCH_STMT), None)
        if "the_type" not in decls or "at_dispatch_name" not in decls or switch is None:
            return None
        selector = [e for e in decls["the_type"].get_children() if e.kind.is_expression()]
        name = [e for e in decls["at_dispatch_name"].get_children() if e.kind.is_expression()]
        name = _string_value(name[-1]) if name else None
        if not selector or name is None:
            return None
        cases = []
        body = next((n for n in switch.get_children() if n.kind == K.COMPOUND_STMT), None)
        # the switch's own cases only: a `switch` inside the user's lambda has cases of its own
        for case in (n for n in (body.get_children() if body is not None else ()) if n.kind == K.CASE_STMT):
            kids = _children(case)
            scalar = next((n.referenced.spelling for n in preorder(kids[0])
                           if n.kind == K.DECL_REF_EXPR and n.referenced is not None), None) if kids else None
            if scalar is not None and scalar.startswith("k") and scalar[1:2].isupper():
                scalar = scalar[1:]  # `at::kHalf` in AT_DISPATCH_CASE(at::kHalf, ...)
            ret = next((n for n in preorder(case) if n.kind == K.RETURN_STMT), None)
            user = next((n for n in preorder(ret) if n.kind == K.LAMBDA_EXPR), None) if ret is not None else None
            user_body = next((n for n in user.get_children() if n.kind == K.COMPOUND_STMT), None) \
                if user is not None else None
            if scalar is None or user_body is None or any(
                    n.kind == K.PARM_DECL for n in user.get_children()):
                return None
            block = self.single(user_body)
            cases.append(HDispatchCase(scalar, block if isinstance(block, HBlock) else HBlock((block,), block.loc)))
        if not cases:
            return None
        return HDispatch(self.expr(selector[-1]), name, tuple(cases), t, loc)

    def lambda_call(self, c: ci.Cursor, t: HType, loc: Location) -> HLambdaCall | None:
        """`[&] { ... }()`: a lambda with no parameters called where it is written (HLambdaCall)."""
        args = list(c.get_arguments())
        lam = args[0] if args else None
        while lam is not None and lam.kind in (K.UNEXPOSED_EXPR, K.PAREN_EXPR) and len(_exprs(lam)) == 1:
            lam = _exprs(lam)[0]
        if lam is None or lam.kind != K.LAMBDA_EXPR or len(args) != 1 or \
                any(n.kind == K.PARM_DECL for n in lam.get_children()):
            return None
        body = next((n for n in lam.get_children() if n.kind == K.COMPOUND_STMT), None)
        if body is None:
            return None
        tokens = [tok.spelling for tok in lam.get_tokens()]
        # the capture list: `[&]`, `[=]`, `[&x, y]`; what is captured by copy cannot be assigned to. A lambda
        # a macro expands to has the macro's call as its tokens: its captures are not known (None)
        by_copy = None
        if tokens[:1] == ["["] and "]" in tokens:
            captures = tokens[1:tokens.index("]")]
            by_copy = any(tok == "=" for tok in captures) or any(
                tok not in ("&", ",", "this") and (i == 0 or captures[i - 1] != "&") for i, tok in enumerate(captures))
        block = self.single(body)
        return HLambdaCall(block if isinstance(block, HBlock) else HBlock((block,), block.loc), t, loc, by_copy)

    # ------------------------------------------------------------ statements
    def stmt(self, c: ci.Cursor) -> list[HStmt]:
        if self.stmt_depth >= MAX_HOST_STMT_DEPTH:
            return [HUnsupportedStmt(f"statements nested more than {MAX_HOST_STMT_DEPTH} levels deep (an `else if` "
                                     "counts as one level)", self.loc(c))]
        self.stmt_depth += 1
        try:
            return self._stmt(c)
        finally:
            self.stmt_depth -= 1

    def _stmt(self, c: ci.Cursor) -> list[HStmt]:
        loc = self.loc(c)
        kind = c.kind
        if kind == K.COMPOUND_STMT:
            return [HBlock(tuple(s for ch in c.get_children() for s in self.stmt(ch)), loc)]
        if kind == K.NULL_STMT:
            return []
        if kind == K.DECL_STMT:
            out: list[HStmt] = []
            for d in c.get_children():
                if d.kind == K.VAR_DECL and d.storage_class == ci.StorageClass.STATIC and \
                        not d.type.is_const_qualified():
                    # `static int calls = 0;` keeps its value from one call to the next: not a local
                    out.append(HUnsupportedStmt("a static local variable (its value persists across calls)",
                                                self.loc(d)))
                elif d.kind == K.VAR_DECL:
                    self.locals.add(d.get_usr() or d.spelling)
                    inits = [ch for ch in d.get_children() if ch.kind.is_expression()]
                    init = self.expr(inits[-1]) if inits else None
                    out.append(HDecl(d.spelling, host_type(d.type), init, self.loc(d)))
                elif d.kind in (K.TYPEDEF_DECL, K.TYPE_ALIAS_DECL, K.STATIC_ASSERT):
                    continue
                else:
                    out.append(HUnsupportedStmt(f"declaration of a {d.kind.name.lower()}", self.loc(d)))
            return out
        if kind == K.RETURN_STMT:
            kids = _exprs(c)
            return [HReturn(self.expr(kids[0]) if kids else None, loc)]
        if kind == K.IF_STMT:
            check = self.check(c)
            if check is not None:
                return [check]
            kids = _children(c)
            if any(k.kind == K.DECL_STMT for k in kids) or len(kids) < 2:
                return [HUnsupportedStmt("an if with a declaration in its condition", loc)]
            cond = self.expr(kids[0])
            then = self.single(kids[1])
            other = self.single(kids[2]) if len(kids) > 2 else None
            return [HIf(cond, then, other, loc)]
        if kind == K.FOR_STMT:
            kids = _children(c)
            if len(kids) != 4:
                return [HUnsupportedStmt("a for loop with a part left out", loc)]
            init = self.single(kids[0])
            cond = self.expr(kids[1])
            step = self.expr(kids[2])
            return [HFor(init, cond, step, self.single(kids[3]), loc)]
        launch = c
        while launch.kind == K.UNEXPOSED_EXPR and len(_exprs(launch)) == 1:
            launch = _exprs(launch)[0]
        if launch.kind == K.CALL_EXPR:
            c = launch
            config = next((ch for ch in c.get_children() if ch.kind == K.CALL_EXPR
                           and ch.spelling in ("cudaConfigureCall", "__cudaPushCallConfiguration")), None)
            if config is not None:
                return [self.launch(c, config, loc)]
        if kind.is_expression():
            return [HExprStmt(self.expr(c), loc)]
        if kind == K.WHILE_STMT and self.is_do_nothing(c):
            return []
        if kind == K.WHILE_STMT:  # `while (!colorize(out)) { ... }`: a for loop with only its condition
            kids = _children(c)
            if len(kids) != 2 or kids[0].kind == K.VAR_DECL or not kids[0].kind.is_expression():
                return [HUnsupportedStmt("a while loop with a declaration in its condition", loc)]
            return [HFor(None, self.expr(kids[0]), None, self.single(kids[1]), loc)]
        if kind == K.SWITCH_STMT:
            return [self.switch(c, loc)]
        if kind == K.BREAK_STMT:
            return [HBreak(loc)]
        if kind == K.CONTINUE_STMT:
            return [HContinue(loc)]
        if kind == K.DO_STMT:  # `do { ... } while (0)`, the body of statement-like macros (C10_CUDA_CHECK)
            kids = _children(c)
            if len(kids) == 2 and evaluate(kids[1]) == 0:
                return self.stmt(kids[0])
        return [HUnsupportedStmt(kind.name.lower().replace("_", " "), loc)]

    def switch(self, c: ci.Cursor, loc: Location) -> HStmt:
        """`switch (x) { case A: ...; break; ... }` as HSwitch: the body's statements grouped by the labels
        before them. Clang nests a label's first statement in it (`case A: case B: s;` is CASE(A, CASE(B,
        s))), the rest of the group follows as siblings."""
        kids = _children(c)
        if len(kids) != 2 or not kids[0].kind.is_expression() or kids[1].kind != K.COMPOUND_STMT:
            return HUnsupportedStmt("a switch with a declaration in its condition", loc)
        cond = self.expr(kids[0])
        groups: list[tuple[list[HExpr], bool, list[HStmt], Location]] = []
        for node in kids[1].get_children():
            if node.kind not in (K.CASE_STMT, K.DEFAULT_STMT) and not groups:
                return HUnsupportedStmt("a statement before the first label of a switch", self.loc(node))
            while node is not None and node.kind in (K.CASE_STMT, K.DEFAULT_STMT):
                if not groups or groups[-1][2]:
                    groups.append(([], False, [], self.loc(node)))
                parts = _children(node)
                if node.kind == K.CASE_STMT:
                    if len(parts) != 2:
                        return HUnsupportedStmt("a case range (`case 1 ... 3:`)", self.loc(node))
                    groups[-1][0].append(self.case_value(parts[0], cond.type))
                else:
                    groups[-1] = (groups[-1][0], True, groups[-1][2], groups[-1][3])
                node = parts[-1] if parts else None
            if node is not None:
                groups[-1][2].extend(self.stmt(node))
        cases = []
        for i, (values, default, body, where) in enumerate(groups):
            ends = bool(body) and _leaves(body[-1])
            cases.append(HSwitchCase(tuple(values), default, tuple(body), not ends and i + 1 < len(groups), where))
        return HSwitch(cond, tuple(cases), loc)

    def case_value(self, c: ci.Cursor, selector: HType) -> HExpr:
        """A case label: the integer clang folds it to when the switch is on a number (an enumerator, a
        constant), else the label read as an expression (`case at::kFloat:` of a switch on a ScalarType)."""
        if selector.kind == "number":
            value = evaluate(c)
            if isinstance(value, int):
                return HLit(value, selector, self.loc(c))
        return self.expr(c)

    def single(self, c: ci.Cursor) -> HStmt:
        stmts = self.stmt(c)
        if len(stmts) == 1:
            return stmts[0]
        return HBlock(tuple(stmts), self.loc(c))

    @staticmethod
    def is_do_nothing(c: ci.Cursor) -> bool:
        """`while (false) ...` (TORCH_INTERNAL_ASSERT_DEBUG_ONLY in a release build)."""
        kids = _children(c)
        return bool(kids) and kids[0].kind == K.CXX_BOOL_LITERAL_EXPR and \
            not any(t.spelling == "true" for t in kids[0].get_tokens())

    def check(self, c: ci.Cursor) -> HCheck | None:
        """TORCH_CHECK / TORCH_INTERNAL_ASSERT: `if (C10_UNLIKELY(!(cond))) { torch...Fail(...); }`."""
        kids = _children(c)
        if len(kids) != 2 or kids[1].kind != K.COMPOUND_STMT:
            return None
        body = _children(kids[1])
        if len(body) != 1:
            return None
        call = body[0]
        while call.kind == K.UNEXPOSED_EXPR and _exprs(call):
            call = _exprs(call)[0]
        if call.kind != K.CALL_EXPR or call.spelling not in ("torchCheckFail", "torchInternalAssertFail"):
            return None
        # the condition: look through __builtin_expect(static_cast<bool>(!(cond)), 0) to cond
        node = kids[0]
        negated = None
        for _ in range(16):
            if node.kind == K.UNARY_OPERATOR and unary_operator(node) == "!":
                negated = _exprs(node)[0]
                break
            inner = _exprs(node)
            if node.kind == K.CALL_EXPR and node.spelling == "__builtin_expect":
                inner = [a for a in node.get_arguments()][:1]
            if not inner:
                break
            node = inner[0]
        if negated is None:
            return None
        cond = negated
        while cond.kind == K.PAREN_EXPR and _exprs(cond):
            cond = _exprs(cond)[0]
        args = list(call.get_arguments())
        internal = call.spelling == "torchInternalAssertFail"
        message: tuple[HExpr, ...] = ()
        cond_text = _token_text(cond.get_tokens())
        msg_arg = args[-1] if args else None
        strcall = _find_call(msg_arg, "str") if msg_arg is not None else None
        if strcall is not None:
            parts = list(strcall.get_arguments())
            if not internal and parts and _string_value(parts[0]) == "":
                parts = parts[1:]  # TORCH_CHECK_MSG's leading ""
            message = tuple(self.expr(p) for p in parts)
        if internal and len(args) >= 4:
            text = _string_value(args[3])
            if text is not None and text.endswith(" INTERNAL ASSERT FAILED"):
                cond_text = text[: -len(" INTERNAL ASSERT FAILED")]
        macro = self.word_at(c) or ("TORCH_INTERNAL_ASSERT" if internal else "TORCH_CHECK")
        return HCheck(macro, internal, self.expr(cond), cond_text, message, self.loc(c))

    def launch(self, c: ci.Cursor, config: ci.Cursor, loc: Location) -> HStmt:
        ref = c.referenced
        if ref is None:
            return HUnsupportedStmt("a launch of a kernel clang did not resolve", loc)
        conf = list(config.get_arguments())

        def dims(d: ci.Cursor) -> tuple[HExpr, ...]:
            node = d
            while node.kind == K.UNEXPOSED_EXPR and len(_exprs(node)) == 1:
                node = _exprs(node)[0]
            if node.kind == K.CALL_EXPR and node.spelling in ("dim3", "uint3"):
                return tuple(self.expr(a) for a in node.get_arguments() if _written(a))
            return (self.expr(d),)

        grid = dims(conf[0]) if conf else ()
        block = dims(conf[1]) if len(conf) > 1 else ()
        smem = self.expr(conf[2]) if len(conf) > 2 and _written(conf[2]) else None
        stream = self.expr(conf[3]) if len(conf) > 3 and _written(conf[3]) else None
        definition = ref.get_definition() or ref
        template = ref
        kernel_file = os.path.realpath(definition.location.file.name) if definition.location.file else ""
        return HLaunch(ref.spelling, template_args(template), kernel_file, grid, block, smem, stream,
                       tuple(self.expr(a) for a in c.get_arguments()), loc)

    # ------------------------------------------------------------ functions
    def function(self, c: ci.Cursor) -> HFunction:
        return self._function(c, list(c.get_arguments()), host_type(c.result_type), c.spelling, _qualified(c),
                              c.get_usr())

    def lambda_function(self, c: ci.Cursor, name: str) -> HFunction:
        """A lambda with no captures registered as an operator (`.op("ns::v", [] { return v(); })`) as a
        function of its own, named `name`: its parameters and body; its type, the one its returns give."""
        params, result = _lambda_signature(c)
        return self._function(c, params, host_type(result) if result is not None else HType("void", "void"),
                              name, name, f"c2t:lambda@{self.display}:{c.location.line}:{c.location.column}")

    def _function(self, c: ci.Cursor, arguments, result: HType, name: str, qualified: str, usr: str) -> HFunction:
        self.locals = set()
        params = []
        for p in arguments:
            self.locals.add(p.get_usr() or p.spelling)
            pt = p.type
            reference = pt.kind in (TK.LVALUEREFERENCE, TK.RVALUEREFERENCE)
            const = pt.get_pointee().is_const_qualified() if reference else True
            default = [e for e in p.get_children() if e.kind.is_expression()]
            params.append(HParam(p.spelling, host_type(pt), const, reference,
                                 self.expr(default[-1]) if default else None))
        body_cursor = next((ch for ch in c.get_children() if ch.kind == K.COMPOUND_STMT), None)
        body = self.single(body_cursor) if body_cursor is not None else HBlock((), self.loc(c))
        if not isinstance(body, HBlock):
            body = HBlock((body,), body.loc)
        return HFunction(name, qualified, tuple(params), result, body, self.loc(c), self.real, usr)


def _leaves(s: HStmt) -> bool:
    """Whether control never runs past `s`: a break, a return, a throwing call, a block ending with one,
    an if whose both branches do (`case SUM: { ...; return f(); }`)."""
    if isinstance(s, (HBreak, HContinue, HReturn)):
        return True
    if isinstance(s, HExprStmt):
        return _throws(s.expr)
    if isinstance(s, HBlock):
        return bool(s.body) and _leaves(s.body[-1])
    if isinstance(s, HIf):
        return s.other is not None and _leaves(s.then) and _leaves(s.other)
    return False


def _throws(e) -> bool:
    """A call that never returns: `AT_ERROR(...)`'s and TORCH_CHECK(false, ...)'s expansion ends in one."""
    return isinstance(e, HCall) and e.callee in ("c10::detail::torchCheckFail", "torchCheckFail",
                                                 "c10::detail::torchInternalAssertFail", "abort", "std::abort")


def _method_name(method: ci.Cursor) -> str:
    """`Reducer<float, SUM>::init`: the class as its specialization is named, then the method."""
    parent = method.semantic_parent
    owner = parent.displayname if parent is not None else ""
    if parent is not None and parent.kind in (K.STRUCT_DECL, K.CLASS_DECL) and parent.type.spelling:
        owner = parent.type.spelling
    return f"{owner}::{method.spelling}" if owner else method.spelling


_AUTOGRAD_USR = "c2t:autograd:"  # the `usr` of an HAutogradClass and of the calls of its `apply`


def _autograd_function_of(method: ci.Cursor) -> ci.Cursor | None:
    """The class T of `torch::autograd::Function<T>::apply` (the stand-in's static template `apply`)."""
    parent = method.semantic_parent
    if parent is None or parent.kind not in (K.STRUCT_DECL, K.CLASS_DECL) or \
            _record_name(parent) != "torch::autograd::Function" or parent.type.get_num_template_arguments() != 1:
        return None
    decl = parent.type.get_template_argument_type(0).get_canonical().get_declaration()
    return decl if decl.kind in (K.STRUCT_DECL, K.CLASS_DECL) else None


def _autograd_class(reader: "_Reader", c: ci.Cursor, functions: list[HFunction]) -> HAutogradClass | None:
    """`class X : public torch::autograd::Function<X>` of the file: its static forward and backward read as
    functions (added to `functions`); None for another class, or one without both."""
    if c.kind not in (K.STRUCT_DECL, K.CLASS_DECL) or not c.is_definition():
        return None
    base = next((ch for ch in c.get_children() if ch.kind == K.CXX_BASE_SPECIFIER), None)
    decl = base.type.get_canonical().get_declaration() if base is not None else None
    if decl is None or decl.kind == K.NO_DECL_FOUND or _record_name(decl) != "torch::autograd::Function":
        return None
    methods = {m.spelling: m for m in c.get_children()
               if m.kind == K.CXX_METHOD and m.is_static_method() and m.is_definition()
               and m.spelling in ("forward", "backward")}
    if len(methods) != 2:
        return None
    keys = {}
    for name, method in methods.items():
        fn = reader.function(method)
        functions.append(fn)
        keys[name] = fn.usr
    return HAutogradClass(_qualified(c), _AUTOGRAD_USR + c.get_usr(), keys["forward"], keys["backward"],
                          reader.loc(c))


def _lambda_signature(c: ci.Cursor) -> tuple[list[ci.Cursor], ci.Type | None]:
    """A lambda's parameters and the type its first `return` gives (None: it returns nothing)."""
    returns = _lambda_returns(c)
    return [ch for ch in c.get_children() if ch.kind == K.PARM_DECL], returns[0].type if returns else None


def _lambda_returns(c: ci.Cursor) -> list[ci.Cursor]:
    """The values a lambda's own `return` statements give (not those of a lambda inside it)."""
    out = []

    def visit(node):
        for ch in node.get_children():
            if ch.kind == K.LAMBDA_EXPR:
                continue
            if ch.kind == K.RETURN_STMT:
                out.extend(e for e in ch.get_children() if e.kind.is_expression())
            visit(ch)
    body = next((ch for ch in c.get_children() if ch.kind == K.COMPOUND_STMT), None)
    if body is not None:
        visit(body)
    return out


def _int_literal(text: str) -> int | None:
    text = text.rstrip("uUlL").replace("'", "")
    try:
        return int(text, 0) if not (len(text) > 1 and text[0] == "0" and text[1].isdigit()) else int(text, 8)
    except ValueError:
        return None


def _find_call(c: ci.Cursor, name: str) -> ci.Cursor | None:
    for node in preorder(c):
        if node.kind == K.CALL_EXPR and node.spelling == name:
            return node
    return None


def _registration_blocks(reader: _Reader, tu: ci.TranslationUnit):
    """(block kind, namespace, key, init function USR) of each TORCH_LIBRARY* and PYBIND11_MODULE."""
    for c in _top_level(reader, tu.cursor):
        if c.kind == K.VAR_DECL and c.type.spelling.endswith("TorchLibraryInit"):
            call = next((n for n in preorder(c) if n.kind == K.CALL_EXPR and n.spelling == "TorchLibraryInit"),
                        None)
            if call is None:
                continue
            args = list(call.get_arguments())
            if len(args) < 4:
                continue
            kind = args[0].spelling or next((n.spelling for n in preorder(args[0])
                                             if n.kind == K.DECL_REF_EXPR), "")
            fn = next((n.referenced for n in preorder(args[1]) if n.kind == K.DECL_REF_EXPR), None)
            namespace = _string_value(args[2]) or ""
            key = next((n.spelling for n in preorder(args[3])
                        if n.kind == K.DECL_REF_EXPR and n.type.spelling.endswith("DispatchKey")), None)
            if fn is not None:
                yield {"DEF": "def", "IMPL": "impl", "FRAGMENT": "fragment"}.get(kind, kind.lower()), namespace, key, \
                    fn.get_usr()
        elif c.kind == K.FUNCTION_DECL and c.spelling.startswith("pybind11_init_") and c.is_definition():
            yield "pybind11", c.spelling[len("pybind11_init_"):], None, c.get_usr()


def _top_level(reader: _Reader, cursor: ci.Cursor):
    for c in cursor.get_children():
        if not reader.in_main_file(c):
            continue
        if c.kind in (K.NAMESPACE, K.LINKAGE_SPEC):
            yield from _top_level(reader, c)
        else:
            yield c


def _registrations(reader: _Reader, block: str, namespace: str, key: str | None, body: ci.Cursor):
    out = []
    for node in preorder(body):
        if node.kind != K.CALL_EXPR or node.spelling not in ("def", "impl"):
            continue
        kids = _children(node)
        if not kids or kids[0].kind != K.MEMBER_REF_EXPR:
            continue
        args = [a for a in node.get_arguments() if _written(a)]
        if not args:
            continue
        schema = _string_value(args[0])
        if schema is None:
            continue
        function, call_key = None, key
        for a in args[1:]:
            dispatch = _find_call(a, "dispatch")
            if dispatch is not None:
                dargs = list(dispatch.get_arguments())
                call_key = next((n.spelling for n in preorder(dargs[0]) if n.kind == K.DECL_REF_EXPR), call_key) \
                    if dargs else call_key
                a = dargs[1] if len(dargs) > 1 else a
            ref = next((n.referenced for n in preorder(a)
                        if n.kind == K.DECL_REF_EXPR and n.referenced is not None
                        and n.referenced.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE)), None)
            if ref is not None:
                function = _qualified(ref)
                break
            if any(n.kind == K.LAMBDA_EXPR for n in preorder(a)):
                function = "<lambda>"
                break
        out.append(Registration(block, namespace, call_key, node.spelling, schema, function, reader.loc(node)))
    return out


# ---------------------------------------------------------------- torch::RegisterOperators

# the classes c10's schema inference accepts, by the schema type it gives them (infer_schema.h)
_SCHEMA_CLASSES = {"at::Tensor": "Tensor", "std::basic_string": "str", "c10::basic_string_view": "str",
                   "std::basic_string_view": "str", "c10::Scalar": "Scalar", "c10::ScalarType": "ScalarType",
                   "c10::Device": "Device", "c10::Layout": "Layout", "c10::MemoryFormat": "MemoryFormat"}
_SCHEMA_LISTS = ("std::vector", "c10::ArrayRef", "c10::List")


def schema_type(t: ci.Type) -> str | None:
    """The schema type PyTorch infers for a C++ parameter type (`int64_t` -> int, `const Tensor&` -> Tensor,
    `std::optional<Tensor>` -> Tensor?, `std::vector<int64_t>` -> int[]); None for a type it refuses to
    register (`int`, `float`: c10 asks for int64_t and double)."""
    canon = t.get_canonical()
    while canon.kind in (TK.LVALUEREFERENCE, TK.RVALUEREFERENCE):
        canon = canon.get_pointee().get_canonical()
    if canon.kind in (TK.LONG, TK.LONGLONG) and canon.get_size() == 8:
        return "int"
    if canon.kind == TK.DOUBLE:
        return "float"
    if canon.kind == TK.BOOL:
        return "bool"
    if canon.kind not in (TK.RECORD, TK.ENUM, TK.ELABORATED, TK.UNEXPOSED):
        return None
    decl = canon.get_declaration()
    if decl.kind == K.NO_DECL_FOUND:
        return None
    name = _record_name(decl)
    if name in ("std::optional", "c10::optional") and canon.get_num_template_arguments() == 1:
        inner = schema_type(canon.get_template_argument_type(0))
        return inner + "?" if inner and not inner.endswith("?") else None
    if name in _SCHEMA_LISTS and canon.get_num_template_arguments() >= 1:
        inner = schema_type(canon.get_template_argument_type(0))
        return inner + "[]" if inner in ("Tensor", "int", "float", "bool", "Scalar") else None
    return _SCHEMA_CLASSES.get(name)


def schema_returns(t: ci.Type) -> str | None:
    """The returns of an inferred schema: `()` for void, `(Tensor, Tensor?)` for a std::tuple."""
    canon = t.get_canonical()
    if canon.kind == TK.VOID:
        return "()"
    decl = canon.get_declaration() if canon.kind == TK.RECORD else None
    if decl is not None and _record_name(decl) == "std::tuple":
        parts = [schema_type(canon.get_template_argument_type(i)) for i in range(canon.get_num_template_arguments())]
        return None if None in parts else "(" + ", ".join(parts) + ")"
    return schema_type(t)


def inferred_schema(name: str, params: list[ci.Cursor], result: ci.Type | None) -> tuple[str | None, str]:
    """The schema c10 infers for a function registered without one: arguments named `_0`, `_1`...
    (`scatter_sum(Tensor _0, Tensor _1, int _2, Tensor? _3, int? _4) -> Tensor`); (None, why) when a
    type has no schema type."""
    types = []
    for i, p in enumerate(params):
        st = schema_type(p.type)
        if st is None:
            return None, f"parameter {i + 1} has type `{p.type.spelling}`, which PyTorch does not register"
        types.append(f"{st} _{i}")
    returns = schema_returns(result) if result is not None else "()"
    if returns is None:
        return None, f"its return type `{result.spelling}` is not one PyTorch registers"
    return f"{name}({', '.join(types)}) -> {returns}", ""


def _register_operators(reader: "_Reader", c: ci.Cursor, functions: list[HFunction]) -> list[Registration]:
    """`static auto registry = torch::RegisterOperators().op("ns::name", &f).op(...);`, c10's older
    registration API that torch.ops.load_library runs: each `op` defines an operator and registers `f` for
    every dispatch key (a catch-all kernel, CompositeImplicitAutograd), with the schema given or the one
    inferred from `f`'s C++ signature. A lambda registered is read as a function of its own (added to
    `functions`); an `op` whose name or function is not read is kept with `function` "<unread>"."""
    out = []
    calls = [n for n in preorder(c) if n.kind == K.CALL_EXPR and n.spelling == "op" and n.referenced is not None
             and _record_name(n.referenced.semantic_parent) == "c10::RegisterOperators"]
    def op_at(node):  # the calls of a chain all start at its first object: each is located at its own `op`
        member = next((ch for ch in node.get_children() if ch.kind == K.MEMBER_REF_EXPR), None)
        return member.location if member is not None and member.location.file is not None else node.extent.start

    for node in sorted(calls, key=lambda n: (op_at(n).line, op_at(n).column)):
        args = [a for a in node.get_arguments() if _written(a)]
        where = op_at(node)
        loc = Location(reader.display, where.line, where.column)
        written = _string_value(args[0]) if args else None
        if written is None or len(args) < 2:
            line = reader.lines[where.line - 1].strip() if 1 <= where.line <= len(reader.lines) else "op(...)"
            out.append(Registration("register_operators", "", None, "def", line, "<unread>", loc))
            continue
        # `ns::name` or `ns::name.overload`: an inferred schema keeps the overload name, as c10's does
        namespace, _, name = op_name(written).rpartition("::")
        lam = next((n for n in preorder(args[1]) if n.kind == K.LAMBDA_EXPR), None)
        ref = None if lam is not None else next(
            (n.referenced for n in preorder(args[1])
             if n.kind == K.DECL_REF_EXPR and n.referenced is not None
             and n.referenced.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE)), None)
        if lam is not None:
            fn = reader.lambda_function(lam, f"{name.split('.', 1)[0]}_lambda")
            functions.append(fn)
            function = fn.qualified
            params, result = _lambda_signature(lam)
        elif ref is not None:
            function, params, result = _qualified(ref), list(ref.get_arguments()), ref.result_type
        else:
            out.append(Registration("register_operators", namespace, None, "def", written, "<unread>", loc))
            continue
        if "(" in written:
            schema = written.split("::", 1)[1] if "::" in written.split("(", 1)[0] else written
        else:
            schema, why = inferred_schema(name, params, result)
            if schema is None:
                out.append(Registration("register_operators", namespace, None, "def", f"{name}: {why}",
                                        "<unread>", loc))
                continue
        out.append(Registration("register_operators", namespace, None, "def", schema, function, loc))
    return out


def op_name(schema: str) -> str:
    """The operator a schema or name defines: `scale.out(Tensor x) -> Tensor` -> `scale.out`."""
    return schema.split("(", 1)[0].strip()


def read_host(path: str, options: FrontendOptions = FrontendOptions(), display: str | None = None,
              project_files=None) -> HostFile:
    """Host functions and registrations of `path` (its own code, not its headers'). `project_files`:
    real path -> whether it is the project's own code (a callee defined there is lifted with it);
    default: the file itself."""
    display = display or path
    real = os.path.realpath(path)
    project_files = project_files or (lambda p: p == real)
    result = HostFile(path, display)
    text, _ = read_source(path, display, options.max_file_size)
    if text is None:
        result.error = f"cannot read {display}"
        return result
    index = ci.Index.create()
    try:
        tu = index.parse(path, args=clang_args(options, path), unsaved_files=[(path, text)], options=KEEP_GOING)
    except ci.TranslationUnitLoadError as err:
        result.error = f"clang could not parse {display}: {err}"
        return result
    reader = _Reader(path, display, project_files, split_source_lines(text))
    # clang's errors in this file, by line: a function holding one is not read. Clang drops the code it
    # could not type (`return ScatterSum::apply(...)[0];` against stand-in headers without
    # `torch::autograd::Function`), and the function would lift as an empty body returning None.
    errors = sorted((d.location.line, d.location.column, d.spelling) for d in tu.diagnostics
                    if d.severity >= ci.Diagnostic.Error and d.location.file is not None
                    and os.path.realpath(d.location.file.name) == real)
    blocks = list(_registration_blocks(reader, tu))
    init_usrs = {usr: (kind, ns, key) for kind, ns, key, usr in blocks}
    for c in _top_level(reader, tu.cursor):
        if c.kind == K.VAR_DECL and c.type.get_canonical().kind == TK.RECORD and \
                _record_name(c.type.get_canonical().get_declaration()) == "c10::RegisterOperators":
            result.registrations += _register_operators(reader, c, result.functions)
            continue
        autograd = _autograd_class(reader, c, result.functions)
        if autograd is not None:
            result.autograd_classes.append(autograd)
            continue
        if c.kind != K.FUNCTION_DECL or not c.is_definition():
            continue
        usr = c.get_usr()
        if usr in init_usrs:
            kind, ns, key = init_usrs[usr]
            body = next((ch for ch in c.get_children() if ch.kind == K.COMPOUND_STMT), None)
            if body is not None:
                result.registrations += _registrations(reader, kind, ns, key, body)
            continue
        if _has_attr(c, K.CUDAGLOBAL_ATTR) or (_has_attr(c, K.CUDADEVICE_ATTR) and not _has_attr(c, K.CUDAHOST_ATTR)):
            continue
        if c.spelling.startswith(("PyInit_", "__c2t_inst_")):
            continue
        function = reader.function(c)
        function = _with_clang_errors(function, c, errors, display)
        result.functions.append(function)
    # static member functions the functions read call (each read may call more)
    done: set[str] = set()
    while set(reader.methods) - done:
        usr = next(u for u in reader.methods if u not in done)
        done.add(usr)
        method = reader.methods[usr]
        function = reader.function(method)
        qualified = _method_name(method)
        # named for Python by its words: `Combiner<float, Combine::Largest>::identity` is
        # Combiner_float_Combine_Largest_identity
        name = re.sub(r"\W+", "_", qualified).strip("_")
        function = HFunction(name, qualified, function.params, function.return_type, function.body, function.loc,
                             function.path, usr)
        result.functions.append(_with_clang_errors(function, method, errors, display))
    return result


def _with_clang_errors(function: HFunction, c: ci.Cursor, errors, display: str) -> HFunction:
    """`function`, or a body refusing it when clang reported an error inside it (`errors`: the file's own,
    by line; a function defined in a header has none of them)."""
    if c.location.file is None or os.path.realpath(c.location.file.name) != function.path:
        return function
    inside = [e for e in errors if c.extent.start.line <= e[0] <= c.extent.end.line]
    if inside:
        line, column, message = inside[0]
        more = f" (and {len(inside) - 1} more clang errors)" if len(inside) > 1 else ""
        stmt = HUnsupportedStmt(f"clang error at {display}:{line}:{column}: {message}{more}",
                                Location(display, line, column))
        function = HFunction(function.name, function.qualified, function.params, function.return_type,
                             HBlock((stmt,), function.body.loc), function.loc, function.path, function.usr)
    return function
