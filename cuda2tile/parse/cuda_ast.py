"""Our own typed AST of CUDA device code, detached from clang.

The front end (`build_ast.py`) turns clang cursors into these frozen nodes; no clang object ever
leaves `parse/`. Every node carries a `Loc` so later stages can point at the user's source line.
Types are normalised to dtype names (`float32`, `uint32`, `float16`...), the vocabulary TileLang
also uses, so the lift never sees a C spelling such as `unsigned long long`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cuda2tile.diagnostics import Location as Loc

# ---------------------------------------------------------------- types


@dataclass(frozen=True, slots=True)
class Scalar:
    dtype: str  # float16, float32, float64, bfloat16, int8..int64, uint8..uint64, bool


@dataclass(frozen=True, slots=True)
class Pointer:
    pointee: "CType"
    const: bool = False
    volatile: bool = False  # `volatile float*`: warp-synchronous code relies on lockstep lanes


@dataclass(frozen=True, slots=True)
class Vector:
    """CUDA vector struct such as float4: `elem` dtype, `lanes` components named x, y, z, w; or a user's
    struct of one scalar type seen as the vector it is laid out as (lift/struct_lanes.py), its lanes
    named by its fields (`struct Point { float x, y, z; }`: names ("x", "y", "z"))."""
    elem: str
    lanes: int
    names: tuple[str, ...] = ()

    def lane(self, name: str) -> int:
        """The index of the lane called `name` (-1 if none)."""
        return self.names.index(name) if name in self.names else "xyzw"[: self.lanes].find(name) if not \
            self.names else -1


@dataclass(frozen=True, slots=True)
class Array:
    elem: "CType"
    size: int


@dataclass(frozen=True, slots=True)
class Void:
    pass


@dataclass(frozen=True, slots=True)
class Opaque:
    """A type we do not model (struct, dim3, function pointer...). Kept for diagnostics."""
    spelling: str


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    type: "CType"
    offset: int  # bytes from the start of the struct (C++ offsetof, from clang's layout)


@dataclass(frozen=True, slots=True)
class Struct(Opaque):
    """A struct or class of plain data: fields of scalar, pointer, vector, array or struct type, no base
    class, no virtual function, no bit-field (`struct Params { const float* x; int n; int4 pad; };`).
    Still an Opaque to the code that refuses what it does not model; the lift flattens it where it can
    (a kernel's by-value parameter, `const Params&` of a __device__ function)."""
    fields: tuple[Field, ...] = ()
    size: int = 0  # bytes (sizeof)

    def field(self, name: str) -> Field | None:
        return next((f for f in self.fields if f.name == name), None)


@dataclass(frozen=True, slots=True)
class Reference(Opaque):
    """`float& acc`, `const float*& p`: an lvalue reference (a parameter, or a local the lift refuses).
    Still an Opaque (spelled as clang spells it) to the code that does not model it; the lift reads a
    reference parameter its function never writes as the value it refers to (references_as_values.py)."""
    referred: "CType | None" = None
    const: bool = False  # `const T&`: the function cannot write it


@dataclass(frozen=True, slots=True)
class Stateless(Opaque):
    """A struct or class with no data member, base or virtual function: a functor such as
    `template <typename T> struct Max { __device__ T operator()(T a, T b) const {...} };`. It holds
    nothing, so its objects (`Max<float> op;`, `Max<float>()`) carry nothing: the front end calls its
    member functions as free `__device__` functions (`op(a, b)` -> `operator()<...>(a, b)`)."""


CType = Scalar | Pointer | Vector | Array | Void | Opaque

# ---------------------------------------------------------------- expressions


@dataclass(frozen=True, slots=True)
class IntLit:
    value: int
    type: CType
    loc: Loc


@dataclass(frozen=True, slots=True)
class FloatLit:
    value: float
    type: CType
    loc: Loc


@dataclass(frozen=True, slots=True)
class BoolLit:
    value: bool
    type: CType
    loc: Loc


@dataclass(frozen=True, slots=True)
class VarRef:
    """A reference to a parameter or local variable; `decl` identifies the declaration uniquely."""
    name: str
    decl: str
    type: CType
    loc: Loc


@dataclass(frozen=True, slots=True)
class BuiltinIndex:
    """threadIdx/blockIdx/blockDim/gridDim `.x/.y/.z`, typed unsigned int as in CUDA."""
    var: str  # "threadIdx" | "blockIdx" | "blockDim" | "gridDim" | "warpSize"
    axis: str  # "x" | "y" | "z" | ""
    type: CType
    loc: Loc


@dataclass(frozen=True, slots=True)
class BinOp:
    op: str  # C spelling: + - * / % << >> < > <= >= == != & ^ | && || ,
    lhs: "Expr"
    rhs: "Expr"
    type: CType
    loc: Loc


@dataclass(frozen=True, slots=True)
class UnOp:
    op: str  # - + ! ~ * & (deref/addr-of)
    operand: "Expr"
    type: CType
    loc: Loc


@dataclass(frozen=True, slots=True)
class Assign:
    """`a = b`, `a += b` ... and `++a`/`a++` (op "+=" with rhs 1, `postfix` set)."""
    op: str  # "=" or "+=", "-=", ...
    target: "Expr"
    value: "Expr"
    type: CType
    loc: Loc
    postfix: bool = False


@dataclass(frozen=True, slots=True)
class Cast:
    operand: "Expr"
    type: CType
    implicit: bool
    loc: Loc
    kind: str = "static"  # "static" | "reinterpret"


@dataclass(frozen=True, slots=True)
class Call:
    callee: str  # the function's name as written (`expf`, `__half2float`, `my_helper`)
    args: tuple["Expr", ...]
    type: CType
    loc: Loc
    device_function: bool = False  # a user `__device__` function defined in the file
    template_args: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Index:
    base: "Expr"
    index: "Expr"
    type: CType
    loc: Loc


@dataclass(frozen=True, slots=True)
class Member:
    base: "Expr"
    field: str
    type: CType
    loc: Loc


@dataclass(frozen=True, slots=True)
class Conditional:
    cond: "Expr"
    then: "Expr"
    other: "Expr"
    type: CType
    loc: Loc


@dataclass(frozen=True, slots=True)
class UnsupportedExpr:
    what: str
    type: CType
    loc: Loc
    code: str = "C2T1202"


@dataclass(frozen=True, slots=True)
class InitList:
    """A braced initialiser of an array as written: `{1.0f, 2.0f}`, nested `{{1, 2}, {4}}`, or with the
    inner braces left out (`int m[2][2] = {1, 2, 3};`). Elements not given are zero (C++ value-init)."""
    items: tuple["Expr", ...]
    type: CType
    loc: Loc


Expr = (IntLit | FloatLit | BoolLit | VarRef | BuiltinIndex | BinOp | UnOp | Assign | Cast | Call | Index
        | Member | Conditional | InitList | UnsupportedExpr)

# ---------------------------------------------------------------- statements


@dataclass(frozen=True, slots=True)
class VarDecl:
    name: str
    decl: str
    type: CType
    init: Expr | None
    loc: Loc
    const: bool = False
    shared: bool = False  # __shared__ (block-wide memory)
    volatile: bool = False  # `volatile` elements (legacy warp-synchronous shared memory)


@dataclass(frozen=True, slots=True)
class ExprStmt:
    expr: Expr
    loc: Loc


@dataclass(frozen=True, slots=True)
class Block:
    body: tuple["Stmt", ...]
    loc: Loc
    # the source construct this block was lowered from, as op_coverage spells it, so that the
    # coverage scan still counts it: a `switch` becomes `{ const int switch_on = k; if ... }`
    written_as: str = ""


@dataclass(frozen=True, slots=True)
class If:
    cond: Expr
    then: "Stmt"
    other: "Stmt | None"
    loc: Loc


@dataclass(frozen=True, slots=True)
class For:
    init: "Stmt | None"
    cond: Expr | None
    step: Expr | None
    body: "Stmt"
    loc: Loc


@dataclass(frozen=True, slots=True)
class While:
    cond: Expr
    body: "Stmt"
    loc: Loc
    do_while: bool = False


@dataclass(frozen=True, slots=True)
class Break:
    loc: Loc


@dataclass(frozen=True, slots=True)
class Continue:
    loc: Loc


@dataclass(frozen=True, slots=True)
class Return:
    value: Expr | None
    loc: Loc


@dataclass(frozen=True, slots=True)
class UnsupportedStmt:
    what: str
    loc: Loc
    code: str = "C2T1201"
    # the op_coverage construct refused, where `what` describes one form of it
    # ("switch clause falling through into the next one" is a `switch statement`)
    construct: str = ""


Stmt = VarDecl | ExprStmt | Block | If | For | While | Break | Continue | Return | UnsupportedStmt

# ---------------------------------------------------------------- declarations


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    decl: str
    type: CType
    loc: Loc
    restrict: bool = False


@dataclass(frozen=True, slots=True)
class Function:
    name: str
    params: tuple[Param, ...]
    return_type: CType
    body: Block | None
    loc: Loc
    is_kernel: bool
    template_args: tuple[str, ...] = ()  # set on template instantiations
    is_template: bool = False  # an uninstantiated template (body has dependent types)
    end_line: int = 0
    # clang errors inside this function or a declaration it uses (a typedef, a type, a global), wherever
    # that is: `typedef __nv_bfloat16 floatX;` without its header makes every `floatX` an int, and a
    # kernel over `floatX*` must be refused with clang's message rather than converted as int32.
    clang_errors: tuple[tuple[Loc, str], ...] = ()
    # an uninstantiated template kernel: how to name it from the end of the file, and its parameters'
    # kinds ("type", "value", "template"), to instantiate it for float and double when nothing else does
    qualified_name: str = ""
    template_parameters: tuple[str, ...] = ()
    instantiated_by_default: bool = False  # instantiated by cuda2tile for want of an instantiation in the tree


@dataclass(frozen=True, slots=True)
class LaunchSite:
    kernel: str
    template_args: tuple[str, ...]
    grid: tuple[str, ...]  # source text of each launch-configuration argument
    block: tuple[str, ...]
    shared_bytes: str | None
    shared_bytes_value: int | None
    grid_values: tuple[int, ...] | None  # folded to constants when clang can evaluate them
    block_values: tuple[int, ...] | None
    args: tuple[str, ...]
    loc: Loc


@dataclass(frozen=True, slots=True)
class TranslationUnit:
    path: str
    functions: tuple[Function, ...]  # kernels (and kernel instantiations) plus __device__ functions
    launches: tuple[LaunchSite, ...]
    diagnostics: tuple = field(default=())
    internal_errors: tuple[str, ...] = ()  # tracebacks of functions whose reading failed (each refused, C2T9001)
    # (kernel, header) of the kernels this file includes from headers converted on their own in the run
    kernels_elsewhere: tuple[tuple[str, str], ...] = ()
    # class types of range-based fors whose `end()` or iterator operators libclang did not list: the
    # front end parses the file again with a probe of each (build_ast.range_probe_text)
    range_probes: tuple[str, ...] = ()


def walk(node):
    """Every AST node in `node` (a node or a tuple of them), itself first, depth first. Types and
    locations are attributes, not nodes: `walk(fn.body)` yields statements and expressions only."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, tuple):
            stack.extend(reversed(n))
        elif hasattr(n, "__dataclass_fields__") and not isinstance(n, Loc):
            yield n
            stack.extend(reversed([getattr(n, f) for f in n.__dataclass_fields__ if f not in ("type", "loc")]))


_NULL_SPELLINGS = ("gnu null expr", "cxx null ptr literal expr")  # clang's `NULL` (GNU __null), `nullptr`


def is_null_constant(e: Expr) -> bool:
    """`NULL`, `nullptr`, `0` or `(T*)0`: a null pointer constant."""
    while isinstance(e, Cast):
        e = e.operand
    return isinstance(e, UnsupportedExpr) and e.what in _NULL_SPELLINGS or isinstance(e, IntLit) and e.value == 0
