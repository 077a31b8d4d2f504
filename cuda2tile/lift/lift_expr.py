"""Lift CUDA expressions to tile-IR expressions.

Values come in three shapes: scalars (an IR `Expr`), pointers (a buffer plus an element offset,
e.g. `A + i*n` -> (A, i*n)), and vectors (one `Expr` per lane: a `float4` load becomes four
loads). Bindings tell what each CUDA declaration is in the IR.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import op_coverage
from cuda2tile.ir import tile_ir as I
from cuda2tile.ir.errors import LiftError
from cuda2tile.ir.ir_names import nodes as I_nodes

# integer divisions trap on a zero divisor where C would not have divided (a skipped operand)
_INTEGER_DIVISIONS = ("div", "truncdiv", "truncmod", "floordiv", "floormod")
from cuda2tile.ir.types import DTYPE_BYTES, common_dtype, is_float, scalar_dtype, type_name
from cuda2tile.parse import cuda_ast as A
from cuda2tile.lift.struct_lanes import lanes_view
from op_coverage import lifting

_BINOPS = lifting.BINARY_OPERATORS
_LANES = lifting.VECTOR_LANES


@dataclass(frozen=True)
class ScalarBinding:
    name: str
    dtype: str
    mutable: bool


@dataclass(frozen=True)
class PointerBinding:
    buffer: str
    offset: I.Expr  # in elements of the buffer's scalar dtype
    pointee: A.CType
    offset_var: str | None = None  # set when the pointer itself is reassigned (`p += stride`)
    volatile: bool = False
    # the buffer's element dtype when the pointer reads those elements' bits as `pointee`, a scalar of
    # the same size: `(unsigned long long*)address` over an int64 buffer, `(int*)address` over a
    # float one (CAS loops). Loads and stores through it bit-cast; None: the pointee is the storage
    bits: str | None = None
    # set when the pointer points into the buffer at a byte position that need not start an element
    # (a cast to a type of another size: `(uint32_t*)(address - ((size_t)address & 3))` of a uint8
    # buffer): bytes from the buffer's start; `offset` is unused, `bits` names the storage dtype
    byte_offset: I.Expr | None = None


@dataclass(frozen=True)
class NullPointerBinding:
    """A pointer parameter of an inlined `__device__` function whose caller passes `nullptr`
    (apex's `cuApplyLayerNorm_(out, nullptr, invvar, ...)` for RMS norm): it may be tested against
    NULL (true), never read, written or offset."""
    name: str
    pointee: A.CType


@dataclass(frozen=True)
class VectorBinding:
    lanes: tuple[str, ...]
    dtype: str
    mutable: bool


@dataclass(frozen=True)
class ArrayBinding:
    """A local or shared array, flattened: `float tile[32][33]` is 1056 scalars, `elem` float[33]."""
    name: str
    dtype: str
    size: int
    elem: A.CType | None = None
    volatile: bool = False


@dataclass(frozen=True)
class SharedScalarBinding:
    """`__shared__ float total;`: a one-element shared buffer, read and written as `total[0]`."""
    name: str
    dtype: str


@dataclass(frozen=True)
class ElementBinding:
    """A reference parameter of an inlined __device__ function bound to a buffer element:
    `accumulate(out[r], v)` of `__device__ void accumulate(float& total, float v) { total += v; }`
    reads `total` as `out[r]` and stores its writes there (the offset is fixed at the call, as C binds
    the reference once)."""
    buffer: str
    offset: I.Expr
    dtype: str


@dataclass(frozen=True)
class ScalarPointerBinding:
    """A pointer parameter of an inlined __device__ function that points to one scalar of its caller:
    `update(&acc, v)` of `__device__ void update(float* acc, float v) { *acc = *acc + v; }`. `*acc` and
    `acc[0]` are the caller's `acc` itself (its binding, `target`); any other use of the pointer
    (`acc[1]`, `acc + 1`, an atomic on it) is refused, naming it."""
    target: "ScalarBinding | SharedScalarBinding | ElementBinding"
    name: str


@dataclass(frozen=True)
class GroupBinding:
    """A cooperative group: the whole block, or a `thread_block_tile<size>` partition of it."""
    kind: str  # "block" | "tile"
    size: int = 0


@dataclass(frozen=True)
class StructBinding:
    """A struct flattened into bindings of its own, one per field: `p.x` of a kernel parameter
    `struct Params { const float* x; int n; } p` is the buffer `p_x`, `p.n` the scalar `p_n`. Read-only:
    a by-value parameter, or a `const Params&` of a __device__ function bound to one."""
    fields: tuple[tuple[str, "Binding"], ...]

    def field(self, name: str):
        return next((b for n, b in self.fields if n == name), None)

    def leaves(self) -> list:
        """Every scalar, pointer and vector binding, nested structs flattened, in field order (the order
        of a macro's parameters for the struct)."""
        out = []
        for _, b in self.fields:
            out += b.leaves() if isinstance(b, StructBinding) else [b]
        return out


def float_class(op: str, x: I.Expr) -> I.Expr:
    """`isnan(x)`, `isinf(x)`, `isfinite(x)`, `signbit(x)` (op_coverage.FLOAT_CLASS) tested on x's bits:
    `isnan(x)` is `(bits(x) & 0x7fffffff) > 0x7f800000` for a float. Half and bfloat16 values are
    widened to float first (exactly)."""
    if x.dtype in ("float16", "bfloat16"):
        x = I.Cast(x, "float32")
    if x.dtype not in ("float32", "float64"):
        x = I.Cast(x, "float64")  # an integer argument: C++ converts it (and it is finite)
    wide = x.dtype == "float64"
    ints = "int64" if wide else "int32"
    bits = I.Bitcast(x, ints)
    if op == "signbit":
        return I.Binary("lt", bits, I.Const(0, ints), "bool")
    magnitude = I.Binary("bitand", bits, I.Const(2**63 - 1 if wide else 2**31 - 1, ints), ints)
    infinity = I.Const(0x7FF0000000000000 if wide else 0x7F800000, ints)
    comparison = {"isnan": "gt", "isinf": "eq", "isfinite": "lt"}[op]
    return I.Binary(comparison, magnitude, infinity, "bool")


def struct_leaf_fields(struct: A.Struct, prefix: str, cuda_path: str, loc,
                       void_pointees: dict | None = None, at: tuple[str, ...] = ()
                       ) -> list[tuple[tuple[str, ...], str, str, A.CType]]:
    """The fields a flattened struct becomes, nested structs expanded, in order: (field path, Python stem,
    CUDA spelling, type). `p` of `struct P { const float* x; struct { int n; int4 pad; } g; }` gives
    (("x",), "p_x", "p.x", const float*), (("g", "n"), "p_g_n", "p.g.n", int), (("g", "pad"), ...).
    A `void*` field takes the element type its code casts it to (`void_pointees[path]`, see
    `void_field_pointees`). A field of a type the lift cannot flatten is refused here, naming it."""
    out = []
    for f in struct.fields:
        path, stem, cuda = at + (f.name,), f"{prefix}_{f.name}", f"{cuda_path}.{f.name}"
        t = f.type
        if isinstance(t, A.Struct):
            out += struct_leaf_fields(t, stem, cuda, loc, void_pointees, path)
            continue
        if isinstance(t, A.Pointer) and isinstance(t.pointee, A.Void):
            pointee = (void_pointees or {}).get(path)
            if pointee is None:
                raise LiftError("C2T1207", f"field '{cuda}' is a `void*` that the kernel does not cast to one "
                                           "element type (`(const float*)p.x` everywhere it is read)", loc)
            t = A.Pointer(pointee, t.const, t.volatile)
        flattenable = (isinstance(t, A.Pointer) and elem_dtype(t.pointee) is not None) or \
            (isinstance(t, A.Array) and isinstance(t.elem, A.Scalar) and t.size > 0) or \
            isinstance(t, (A.Scalar, A.Vector))
        if not flattenable or elem_dtype(t) == "bfloat16" or (isinstance(t, A.Array) and t.elem.dtype == "bfloat16"):
            raise LiftError("C2T1207", f"field '{cuda}' has a type the lift does not flatten "
                                       f"('{getattr(t, 'spelling', None) or type(t).__name__}')", loc)
        out.append((path, stem, cuda, t))
    return out


def void_field_pointees(body, decl: str) -> dict[tuple[str, ...], A.CType]:
    """The element type each `void*` field of struct `decl` is cast to in `body`, by field path, where
    every cast of that field agrees: `((const T*)p.x)[i]` with T = float gives {("x",): float}. A field
    cast to two element types is left out (its flattening is refused)."""
    seen: dict[tuple[str, ...], set] = {}
    for n in A.walk(body):
        if not (isinstance(n, A.Cast) and isinstance(n.type, A.Pointer)):
            continue
        inner = n.operand
        while isinstance(inner, A.Cast) and inner.implicit:
            inner = inner.operand
        path: list[str] = []
        while isinstance(inner, A.Member):
            path.insert(0, inner.field)
            inner = inner.base
        if path and isinstance(inner, A.VarRef) and inner.decl == decl and not isinstance(n.type.pointee, A.Void):
            seen.setdefault(tuple(path), set()).add(elem_dtype(n.type.pointee))
    # the buffer holds scalars: a `(const float4*)p.x` read of a float buffer scales its offset itself
    return {path: A.Scalar(dtypes.pop()) for path, dtypes in seen.items() if len(dtypes) == 1 and None not in dtypes}


def struct_binding(struct: A.Struct, leaves: dict[tuple[str, ...], "Binding"], path: tuple[str, ...] = ()):
    """The StructBinding of `struct` whose leaf at each field path is `leaves[path]`."""
    fields = []
    for f in struct.fields:
        here = path + (f.name,)
        fields.append((f.name, struct_binding(f.type, leaves, here) if isinstance(f.type, A.Struct) else leaves[here]))
    return StructBinding(tuple(fields))


Binding = (ScalarBinding | PointerBinding | VectorBinding | ArrayBinding | SharedScalarBinding | GroupBinding
           | StructBinding | ElementBinding | ScalarPointerBinding | NullPointerBinding)

_GROUP_PREFIX = lifting.GROUP_NAMESPACE + "::"
# `cooperative_groups::thread_block_tile<32>`: the tile's size
_TILE_RE = re.compile(re.escape(lifting.bare_name(lifting.GROUP_TYPES["tile"].cuda)) + r"<\s*(\d+)")
_BLOCK_TYPE = lifting.bare_name(lifting.GROUP_TYPES["block"].cuda)


def group_of_type(t: A.CType) -> GroupBinding | None:
    """`cooperative_groups::thread_block_tile<32>` -> GroupBinding("tile", 32); thread_block -> block."""
    spelling = getattr(t, "spelling", "")
    if _GROUP_PREFIX not in spelling:
        return None
    match = _TILE_RE.search(spelling)
    if match:
        return GroupBinding("tile", int(match.group(1)))
    if spelling.rstrip().endswith(_BLOCK_TYPE):
        return GroupBinding("block")
    return None


def builtin_node(var: str, axis: str) -> I.Expr:
    """("threadIdx", "x") -> ThreadIdx("x"): the IR node of one axis of a built-in variable."""
    return getattr(I, lifting.BUILTIN_VARIABLES[var].ir_node)(axis)


def pointee_of(pointer: A.Expr) -> A.Index:
    """`*p` written as the element it is, `p[0]` (how `p->x` and `*p` are read and written)."""
    return A.Index(pointer, A.IntLit(0, A.Scalar("int32"), pointer.loc), pointer.type.pointee, pointer.loc)


def lane_name(t: A.Vector, k: int) -> str:
    """What lane `k` of a vector is called, for naming its local: x, y, z, w, or a struct's field."""
    return t.names[k] if t.names else _LANES[k]


def lanes_of(t: A.CType) -> int:
    """How many scalars one element of type `t` spans: float4 -> 4, float[33] -> 33, float -> 1."""
    if isinstance(t, A.Vector):
        return t.lanes
    if isinstance(t, A.Array):
        return t.size * lanes_of(t.elem)
    return 1


def innermost_dtype(t: A.CType) -> str | None:
    while isinstance(t, A.Array):
        t = t.elem
    return elem_dtype(t)




def view_as(target: PointerBinding, pointee: A.CType, loc: A.Loc) -> PointerBinding:
    """`target` read as a pointer to `pointee` (a cast, or a pointer parameter bound to it): the same
    buffer and offset. A pointee of the storage's dtype reads the elements themselves (`float4*` over
    a float buffer reads four of them); one of another dtype of the same size reads their bits
    (`(int*)f` over a float buffer: `bits`); anything else is refused."""
    if isinstance(pointee, A.Void):
        return target
    storage = target.bits or elem_dtype(target.pointee)
    new = elem_dtype(pointee)
    if target.byte_offset is not None:  # already byte-addressed: it stays so, read as the new type
        if new is None or lanes_of(pointee) != 1 or new == "bool" or new not in DTYPE_BYTES:
            raise LiftError("C2T1202", "pointer cast between different element types", loc)
        return replace(target, pointee=pointee)
    if new is not None and new == storage and (target.bits is None or lanes_of(pointee) == 1):
        return replace(target, pointee=pointee, bits=None)
    scalars = new is not None and storage is not None and lanes_of(pointee) == 1 and \
        lanes_of(target.pointee) == 1 and "bool" not in (new, storage) and new in DTYPE_BYTES and storage in DTYPE_BYTES
    if scalars and DTYPE_BYTES[new] == DTYPE_BYTES[storage]:
        return replace(target, pointee=pointee, bits=storage)
    if scalars:  # another size: byte positions from here on (`(char*)address`, `(uint32_t*)bytes`)
        return replace(target, pointee=pointee, bits=storage,
                       byte_offset=offset_scale(target.offset, DTYPE_BYTES[storage]))
    raise LiftError("C2T1202", "pointer cast between different element types", loc)


_WORDS = ("int32", "uint32", "int64", "uint64")
# element dtypes the byte-addressed helpers take a pointer to: a float16 buffer is `half*` in TileLang's C
# code and `half_t*` in its CUDA code (the helper's C branch names the first, its CUDA branch takes
# `void*`); a bfloat16 buffer holds int16 bits by the time helpers are named (passes/lower_bfloat16.py)
_HELPER_STORAGE = ("int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float16", "bfloat16",
                   "float32", "float64")
# 16-bit floats whose struct form has a public bits member: c10::Half's and c10::BFloat16's `x`
# (`at::Half h; h.x = old >> 16;` in a CAS loop); CUDA's __half keeps its bits private
_BITS_MEMBER_DTYPES = ("float16", "bfloat16")


def is_bits_member(e: A.Expr) -> bool:
    """`h.x` of a c10::Half or c10::BFloat16 value: its 16 bits as an unsigned short."""
    return (isinstance(e, A.Member) and e.field == "x" and isinstance(e.base.type, A.Scalar)
            and e.base.type.dtype in _BITS_MEMBER_DTYPES)


def byte_step(base: PointerBinding, step: I.Expr) -> PointerBinding:
    """`base + step` of a byte-addressed pointer: `step` elements of its pointee further."""
    size = DTYPE_BYTES[elem_dtype(base.pointee)]
    return replace(base, byte_offset=offset_add(base.byte_offset, offset_scale(step, size)), offset_var=None)


def elem_dtype(t: A.CType) -> str | None:
    if isinstance(t, A.Scalar):
        return t.dtype
    if isinstance(t, A.Vector):
        return t.elem
    return None


def const(value, dtype: str) -> I.Const:
    if dtype == "bool":
        return I.Const(bool(value), dtype)
    return I.Const(float(value) if is_float(dtype) else int(value), dtype)


def binary(op: str, a: I.Expr, b: I.Expr, dtype: str) -> I.Expr:
    return I.Binary(op, a, b, dtype)


def _fold(op: str, a: int, b: int, dtype: str) -> int | None:
    """Integer constant folding with C semantics (truncating / and %), within int32 range."""
    if op in ("/", "%") and b == 0:
        return None
    q = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1) if op in ("/", "%") else 0
    value = {"+": a + b, "-": a - b, "*": a * b, "/": q, "%": a - q * b if op == "%" else 0}.get(op)
    bounds = {"int32": (-2 ** 31, 2 ** 31), "uint32": (0, 2 ** 32), "int64": (-2 ** 63, 2 ** 63)}.get(dtype)
    return value if value is not None and bounds and bounds[0] <= value < bounds[1] else None


_INT_BITS = {"bool": 1, "int8": 8, "uint8": 8, "int16": 16, "uint16": 16, "int32": 32, "uint32": 32,
             "int64": 64, "uint64": 64}


def _wrap(value: int, dtype: str) -> int | None:
    """`value` converted to the C integer type `dtype` (modulo 2^bits, two's complement when signed)."""
    bits = _INT_BITS.get(dtype)
    if bits is None:
        return None
    if dtype == "bool":
        return int(value != 0)
    value &= (1 << bits) - 1
    return value - (1 << bits) if not dtype.startswith("u") and value >= 1 << (bits - 1) else value


def constant_int(e: I.Expr, local_value, depth: int = 0) -> int | None:
    """The value of an integer IR expression built from constants alone, with C's integer semantics
    (`~0u` is 0xffffffff, `(unsigned)-1` too, `(1ull << 32) - 1` is 0xffffffff), following the locals
    `local_value(name)` proves constant; None when that is not a proof (a shift by the type's width or
    more, which C leaves undefined, a division by zero, a float, a thread index, a load...)."""
    if depth > 32:
        return None
    fold = lambda x: constant_int(x, local_value, depth + 1)  # noqa: E731
    if isinstance(e, I.Const):
        return None if isinstance(e.value, float) else _wrap(int(e.value), e.dtype)
    if isinstance(e, I.Var):
        bound = local_value(e.name)
        value = fold(bound) if bound is not None else None
        return _wrap(value, e.dtype) if value is not None else None
    if isinstance(e, I.Cast):
        value = fold(e.operand)
        return _wrap(value, e.dtype) if value is not None and e.operand.dtype in _INT_BITS else None
    if isinstance(e, I.Unary):
        value = fold(e.operand)
        if value is None or e.op not in ("neg", "bitnot", "not"):
            return None
        return _wrap({"neg": -value, "bitnot": ~value, "not": int(value == 0)}[e.op], e.dtype)
    if isinstance(e, I.Select):
        cond = fold(e.cond)
        return None if cond is None else fold(e.then if cond else e.other)
    if not isinstance(e, I.Binary):
        return None
    a, b = fold(e.lhs), fold(e.rhs)
    if a is None or b is None:
        return None
    bits = _INT_BITS.get(e.lhs.dtype, 0)
    if e.op in ("shl", "shr"):
        if not 0 <= b < bits or (e.op == "shl" and a < 0):
            return None  # undefined in C: `1u << 32` is not 2^32 (it is 1 on x86 and on GPUs)
        return _wrap(a << b if e.op == "shl" else a >> b, e.dtype)
    if e.op in ("truncdiv", "truncmod"):
        if b == 0:
            return None
        q = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)
        return _wrap(q if e.op == "truncdiv" else a - q * b, e.dtype)
    ops = {"add": a + b, "sub": a - b, "mul": a * b, "bitand": a & b, "bitor": a | b, "bitxor": a ^ b,
           "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b, "eq": a == b, "ne": a != b,
           "and": bool(a) and bool(b), "or": bool(a) or bool(b)}
    return _wrap(int(ops[e.op]), e.dtype) if e.op in ops else None


def _quiet(n) -> bool:
    """An AST node that lifting again changes nothing for and reads no memory: literals, names,
    arithmetic and `__activemask()` (no call that could inline statements, no load, no assignment)."""
    if isinstance(n, A.Call):
        return n.callee in lifting.CONSTANT_CALLS and not n.device_function
    if isinstance(n, A.UnOp):
        return n.op in ("-", "+", "!", "~")
    return isinstance(n, (A.IntLit, A.BoolLit, A.FloatLit, A.VarRef, A.BuiltinIndex, A.Cast, A.BinOp, A.Conditional))


def arith(op: str, a: I.Expr, b: I.Expr, dtype: str) -> I.Expr:
    """C arithmetic on IR values of `dtype`: `/` and `%` truncate on integers (T.truncdiv/truncmod)."""
    if isinstance(a, I.Const) and isinstance(b, I.Const) and not is_float(dtype) and dtype != "bool":
        folded = _fold(op, int(a.value), int(b.value), dtype)
        if folded is not None:
            return I.Const(folded, dtype)
    if op == "/":
        return binary("div" if is_float(dtype) else "truncdiv", a, b, dtype)
    if op == "%":
        return binary("truncmod", a, b, dtype)
    return binary(_BINOPS[op], a, b, dtype)


def cast(e: I.Expr, dtype: str) -> I.Expr:
    if e.dtype == dtype:
        return e
    if isinstance(e, I.Cast) and dtype == "bool" and e.operand.dtype == "bool" and not is_float(e.dtype):
        return e.operand  # bool -> int -> bool is the identity (`__ballot_sync(mask, i < n)` takes an int)
    if isinstance(e, I.Const) and dtype != "bool" and not (is_float(e.dtype) and not is_float(dtype)):
        if not is_float(dtype) or isinstance(e.value, (int, float)):
            wrapped = None if is_float(dtype) else _wrap(int(e.value), dtype)
            if wrapped is not None and wrapped != e.value:
                # C converts an integer the target cannot hold modulo 2^bits (two's complement for signed
                # targets, which C++20 defines): `(unsigned char)300` is 44, `(signed char)200` is -56.
                # TVM refuses the literal `T.uint8(300)`, and a `T.cast` of 300 too (it folds to that).
                return const(wrapped, dtype)
            if is_float(dtype) or 0 <= e.value < 2 ** 31:  # in-range integer constants convert exactly
                return const(e.value, dtype)
    return I.Cast(e, dtype)


def offset_add(base: I.Expr, extra: I.Expr) -> I.Expr:
    if isinstance(base, I.Const) and base.value == 0:
        return extra
    if isinstance(extra, I.Const) and extra.value == 0:
        return base
    dtype = common_dtype(base.dtype, extra.dtype)
    return I.Binary("add", cast(base, dtype), cast(extra, dtype), dtype)


def offset_scale(index: I.Expr, lanes: int) -> I.Expr:
    if lanes == 1:
        return index
    if isinstance(index, I.Const):
        return const(index.value * lanes, index.dtype)
    return I.Binary("mul", index, const(lanes, index.dtype), index.dtype)


class ExprLifter:
    """Expression half of the lift; `FunctionLifter` owns the bindings and the statements."""

    bindings: dict[str, Binding]

    # --------------------------------------------------------- hooks provided by FunctionLifter
    def call_device_function(self, call: A.Call, want_value: bool) -> I.Expr:
        raise NotImplementedError

    def note_builtin(self, var: str, axis: str) -> None:
        raise NotImplementedError

    # --------------------------------------------------------- scalars
    def value(self, e: A.Expr) -> I.Expr:
        if hasattr(e, "ir"):  # an inlined call's result, already lifted
            return e.ir
        if isinstance(e, A.IntLit):
            return const(e.value, self.dtype_of(e))
        if isinstance(e, A.FloatLit):
            return const(e.value, self.dtype_of(e))
        if isinstance(e, A.BoolLit):
            return I.Const(bool(e.value), "bool")
        if isinstance(e, A.VarRef):
            binding = self.lookup(e)
            if isinstance(binding, ScalarBinding):
                return I.Var(binding.name, binding.dtype)
            return self.read_binding(binding, e)
        if isinstance(e, A.BuiltinIndex):
            return self.builtin(e)
        if isinstance(e, A.Cast):
            return self.cast_expr(e)
        if isinstance(e, A.BinOp):
            return self.binop(e)
        if isinstance(e, A.UnOp):
            return self.unop(e)
        if isinstance(e, A.Conditional):
            dtype = self.dtype_of(e)
            then = self.skippable(self.value(e.then), e.then)
            other = self.skippable(self.value(e.other), e.other)
            return I.Select(self.condition(e.cond), cast(then, dtype), cast(other, dtype), dtype)
        if isinstance(e, A.Index):
            return self.load(e)
        if isinstance(e, A.Member):
            return self.member(e)
        if isinstance(e, A.Call):
            return self.call(e, want_value=True)
        if isinstance(e, A.Assign):
            raise LiftError("C2T1202", "assignment used as a value; write it as its own statement", e.loc)
        if isinstance(e, A.UnsupportedExpr):
            raise LiftError(e.code, f"unsupported expression: {e.what}", e.loc)
        raise LiftError("C2T1202", f"unsupported expression: {type(e).__name__}", e.loc)

    def read_binding(self, binding, ref: A.VarRef) -> I.Expr:
        """The value of a variable bound to `binding`: a scalar, a shared scalar (`total[0]`), a reference
        to a buffer element."""
        if isinstance(binding, ScalarBinding):
            return I.Var(binding.name, binding.dtype)
        if isinstance(binding, SharedScalarBinding):
            return I.Load(binding.name, I.Const(0, "int32"), binding.dtype)
        if isinstance(binding, ElementBinding):
            return I.Load(binding.buffer, binding.offset, binding.dtype)
        if isinstance(binding, (PointerBinding, ArrayBinding)):
            raise LiftError("C2T1202", f"pointer '{ref.name}' used as a number (`(size_t){ref.name} & 3`, an address "
                                       "compared or stored): converted buffers have no addresses", ref.loc)
        raise LiftError("C2T1202", f"'{ref.name}' is not a scalar here", ref.loc)

    def through_scalar_pointer(self, e: A.Index):
        """The caller's scalar that `*p` or `p[0]` names when `p` is bound to one (`ScalarPointerBinding`),
        else None."""
        if not isinstance(e.base, A.VarRef):
            return None
        binding = self.bindings.get(e.base.decl)
        if not isinstance(binding, ScalarPointerBinding):
            return None
        if not (isinstance(e.index, A.IntLit) and e.index.value == 0):
            raise LiftError("C2T1210", f"'{e.base.name}' points to one variable of the caller: only "
                                       f"`*{e.base.name}` and `{e.base.name}[0]` are lifted", e.loc)
        return binding.target

    def dtype_of(self, e: A.Expr) -> str:
        dtype = scalar_dtype(e.type)
        if dtype is None:
            raise LiftError("C2T1207", f"unsupported type '{getattr(e.type, 'spelling', e.type)}'", e.loc)
        return dtype

    def skippable(self, lifted: I.Expr, e: A.Expr) -> I.Expr:
        """`lifted`, an operand C may not evaluate (a branch of `?:`, right of `&&`/`||`), checked: a call of
        a `__device__` function whose macro has statements runs them whatever the condition (the macro's
        statements are traced before the whole expression), so `c ? bump(p, i) : 0` wrote p[i] for every
        thread. That is harmless only for statements that compute from values alone (mmcv's
        `mask[k] && compare_vertices(x, y, x0, y0)`: float arithmetic on its parameters); a statement
        that stores, reads memory (`x[k]` may be out of bounds where C skips it), divides integers (by
        zero where C skips it), loops (forever where C skips it) or synchronises is refused. A macro of
        one `return` stays where it is and is skipped as C skips it. Its arguments, though, are bound
        to lets that TileLang places before the whole expression: an atomic among them ran for every
        thread (`(x[i] & 1) ? twice(atomicAdd(&count[0], 1)) : 5` counted all threads; difftest
        regression case repeated_values.cu), so such a call is refused too."""
        for n in I_nodes(lifted):
            if isinstance(n, I.MacroCall) and any(isinstance(x, I.AtomicRMW) for x in I_nodes(n.args)):
                raise LiftError("C2T1216", f"'{self.ctx.macros[n.name].cuda_name}' is called where C may skip it "
                                           "(right of && or ||, a branch of ?:) with an atomic in its arguments, "
                                           "which the conversion would run whatever the condition: compute the "
                                           "argument in a statement of its own (an `if`) first", e.loc)
            if isinstance(n, I.MacroCall) and not self.speculable(n.name):
                raise LiftError("C2T1216", f"'{self.ctx.macros[n.name].cuda_name}' is called where C may skip it "
                                           "(right of && or ||, a branch of ?:) and its body has statements that "
                                           "store, read memory, divide integers, loop or synchronise, which the "
                                           "conversion would run whatever the condition: call it in a statement "
                                           "of its own (an `if`) first", e.loc)
        return lifted

    def speculable(self, name: str, depth: int = 0) -> bool:
        """Whether running macro `name` where C would skip it changes nothing: one `return`, or statements
        that only compute from values (no store, load, integer division, loop, barrier or warp operation;
        the macros it calls likewise)."""
        macro = self.ctx.macros.get(name)
        if macro is None or depth > 16:
            return False  # unknown: assume the worst
        if len(macro.body) == 1 and isinstance(macro.body[0], I.Return) and macro.body[0].value is not None:
            return all(self.speculable(n.name, depth + 1) for n in I_nodes(macro.body[0].value)
                       if isinstance(n, I.MacroCall))
        for n in I_nodes(macro.body):
            if isinstance(n, (I.Store, I.Load, I.PrivateLoad, I.AtomicRMW, I.WarpShuffle, I.WarpVote, I.For,
                              I.While, I.Barrier)):
                return False
            if isinstance(n, I.Binary) and n.op in _INTEGER_DIVISIONS and not n.dtype.startswith(("float", "bfloat")):
                return False
            if isinstance(n, I.MacroCall) and not self.speculable(n.name, depth + 1):
                return False
        return True

    def condition(self, e: A.Expr) -> I.Expr:
        return cast(self.value(e), "bool")

    def lookup(self, ref: A.VarRef) -> Binding:
        binding = self.bindings.get(ref.decl)
        if binding is None:
            raise LiftError("C2T1202", f"'{ref.name}' is not a variable the lift knows", ref.loc)
        return binding

    def builtin(self, e: A.BuiltinIndex) -> I.Expr:
        builtin = lifting.BUILTIN_VARIABLES[e.var]
        if builtin.value is not None:
            return I.Const(builtin.value, "int32")
        if e.axis not in ("x", "y", "z"):
            raise LiftError("C2T1202", f"unsupported member {e.var}.{e.axis}", e.loc)
        self.note_builtin(e.var, e.axis)
        # CUDA types these `unsigned int`; the IR coordinates are int32 (narrowed later where exact).
        return I.Cast(builtin_node(e.var, e.axis), "uint32")

    def cast_expr(self, e: A.Cast) -> I.Expr:
        if isinstance(e.operand.type, A.Pointer) and isinstance(e.type, A.Scalar) and e.type.dtype == "bool":
            return I.Unary("not", self.null_test(e.operand), "bool")  # `if (bias)`, `!weight`
        if isinstance(e.type, A.Pointer):
            raise LiftError("C2T1202", "pointer cast used as a value", e.loc)
        if isinstance(e.operand.type, (A.Pointer, A.Array)) and isinstance(e.type, A.Scalar) and \
                e.type.dtype.startswith(("int", "uint")):
            # `(size_t)address & 3`, `(uint64_t)p % 16 == 0`: the address itself, on every back end
            return cast(self.element_address(e.operand), self.dtype_of(e))
        if isinstance(e.type, A.Vector) or isinstance(e.operand.type, A.Vector):
            raise LiftError("C2T1202", "vector value used where a scalar is expected", e.loc)
        dtype = self.dtype_of(e)
        return cast(self.value(e.operand), dtype)

    def binop(self, e: A.BinOp) -> I.Expr:
        if e.op == ",":
            raise LiftError("C2T1202", "comma operator", e.loc)
        if e.op in ("==", "!=") and (A.is_null_constant(e.lhs) or A.is_null_constant(e.rhs)) and \
                (isinstance(e.lhs.type, A.Pointer) or isinstance(e.rhs.type, A.Pointer)):
            pointer = e.rhs if A.is_null_constant(e.lhs) else e.lhs  # `w != NULL`, `nullptr == w`
            null = self.null_test(pointer)
            return null if e.op == "==" else I.Unary("not", null, "bool")
        if isinstance(e.lhs.type, A.Pointer) or isinstance(e.rhs.type, A.Pointer):
            raise LiftError("C2T1202", "pointer arithmetic used as a value", e.loc)
        dtype = self.dtype_of(e)
        if e.op in ("&&", "||"):
            return binary(_BINOPS[e.op], self.condition(e.lhs), self.skippable(self.condition(e.rhs), e.rhs), "bool")
        lhs, rhs = self.value(e.lhs), self.value(e.rhs)
        if e.op in ("<<", ">>"):
            return binary(_BINOPS[e.op], lhs, cast(rhs, lhs.dtype), dtype)
        if e.op in ("<", "<=", ">", ">=", "==", "!="):
            common = common_dtype(lhs.dtype, rhs.dtype)
            return binary(_BINOPS[e.op], cast(lhs, common), cast(rhs, common), "bool")
        return arith(e.op, cast(lhs, dtype), cast(rhs, dtype), dtype)

    def unop(self, e: A.UnOp) -> I.Expr:
        if e.op == "*":
            return self.load(A.Index(e.operand, A.IntLit(0, A.Scalar("int32"), e.loc), e.type, e.loc))
        if e.op == "&":
            raise LiftError("C2T1202", "address taken of a value", e.loc)
        operand = self.value(e.operand)
        if e.op == "!":
            operand = cast(operand, "bool")
            if isinstance(operand, I.Unary) and operand.op == "not":  # `!p` of a pointer: not (not null)
                return operand.operand
            return I.Unary("not", operand, "bool")
        dtype = self.dtype_of(e)
        operand = cast(operand, dtype)
        if e.op == "+":
            return operand
        if e.op == "-":
            if isinstance(operand, I.Const) and not isinstance(operand.value, bool):
                # C's `-65535u` is 4294901761: a folded integer is wrapped to its type, which every
                # reader of an unsigned constant assumes (the printer's int64-widened comparisons read
                # it as -65535: `h >= -65535u` was true for every h; docs/difftest.md, finding 12)
                value = -operand.value
                return I.Const(value if isinstance(value, float) else _wrap(value, dtype), dtype)
            return I.Unary("neg", operand, dtype)
        return I.Unary("bitnot", operand, dtype)

    # --------------------------------------------------------- pointers and memory
    def null_test(self, e: A.Expr) -> I.Expr:
        """Whether the pointer `e` is NULL, for a kernel's buffer parameter (or a pointer into one): the
        factory's compile-time flag for it (`null=("weight",)`), made on first use."""
        if isinstance(e, A.VarRef) and isinstance(self.bindings.get(e.decl), NullPointerBinding):
            return I.Const(True, "bool")
        base = self.pointer(e)
        if not self.kernel_scope or base.buffer not in self.ctx.kernel_buffers:
            raise LiftError("C2T1202", "NULL test of a pointer that is not one of the kernel's buffer parameters "
                                       "(a __device__ function's parameter, a local array): only a kernel's "
                                       "pointers may be NULL in the converted kernel", e.loc)
        flag = self.ctx.null_flags.get(base.buffer)
        if flag is None:
            flag = self.ctx.null_flags[base.buffer] = self.names.fresh(f"{base.buffer}_is_null")
        return I.Var(flag, "bool")

    def pointer(self, e: A.Expr) -> PointerBinding:
        if isinstance(e, A.Member):
            field = self.field_binding(e)
            if isinstance(field, PointerBinding):
                return field
        if isinstance(e, A.VarRef):
            binding = self.lookup(e)
            if isinstance(binding, PointerBinding):
                return binding
            if isinstance(binding, ArrayBinding):
                return PointerBinding(binding.name, I.Const(0, "int32"), binding.elem or A.Scalar(binding.dtype),
                                      volatile=binding.volatile)
            if isinstance(binding, ScalarPointerBinding):
                raise LiftError("C2T1210", f"'{e.name}' points to one variable of the caller: only `*{e.name}` and "
                                           f"`{e.name}[0]` are lifted, not the pointer itself", e.loc)
            if isinstance(binding, NullPointerBinding):
                raise LiftError("C2T1210", f"'{e.name}' is NULL here (its caller passes nullptr): a null pointer "
                                           f"may be tested (`{e.name} != nullptr`), not read, written or offset", e.loc)
            raise LiftError("C2T1202", f"'{e.name}' is not a pointer", e.loc)
        if isinstance(e, A.UnOp) and e.op == "&" and isinstance(e.operand, A.VarRef):
            binding = self.lookup(e.operand)
            if isinstance(binding, ElementBinding):  # `&total` of a `float& total` bound to `out[r]`
                return PointerBinding(binding.buffer, binding.offset, A.Scalar(binding.dtype))
            if isinstance(binding, SharedScalarBinding):  # `atomicAdd(&count, 1)` of `__shared__ int count`
                return PointerBinding(binding.name, I.Const(0, "int32"), A.Scalar(binding.dtype))
        if isinstance(e, A.Cast):
            inner = self.pointer(e.operand)
            if isinstance(e.type, A.Pointer):
                viewed = view_as(inner, e.type.pointee, e.loc)
                return replace(viewed, offset_var=None, volatile=inner.volatile or e.type.volatile)
            return inner
        if isinstance(e, A.BinOp) and e.op in ("+", "-") and isinstance(e.lhs.type, (A.Pointer, A.Array)):
            base = self.pointer(e.lhs)
            step = offset_scale(self.value(e.rhs), lanes_of(base.pointee))
            if e.op == "-":
                step = I.Unary("neg", step, step.dtype)
            if base.byte_offset is not None:
                return byte_step(base, step)
            return replace(base, offset=offset_add(base.offset, step), offset_var=None)
        if isinstance(e, A.BinOp) and e.op == "+" and isinstance(e.rhs.type, (A.Pointer, A.Array)):
            return self.pointer(A.BinOp("+", e.rhs, e.lhs, e.type, e.loc))
        if isinstance(e, A.UnOp) and e.op == "&" and isinstance(e.operand, A.Index):
            base = self.pointer(e.operand.base)
            step = offset_scale(self.value(e.operand.index), lanes_of(base.pointee))
            if base.byte_offset is not None:
                return byte_step(base, step)
            # `&vs[16]` of a volatile `vs` is a volatile pointer: its stores keep the warp's lockstep order
            return replace(base, offset=offset_add(base.offset, step), offset_var=None)
        if isinstance(e, A.Index) and isinstance(e.type, A.Array):  # a row of a 2-D array: tile[ty]
            base, offset = self.element_offset(e)
            return PointerBinding(base.buffer, offset, e.type.elem, volatile=base.volatile)
        if isinstance(e, A.Call) and e.device_function:
            return self.returned_pointer(e)
        if isinstance(e, A.Conditional):
            raise LiftError("C2T1210", "pointer chosen at run time; its buffer is not statically known", e.loc)
        unsupported = e.operand if isinstance(e, A.UnOp) and e.op == "&" else e
        if isinstance(unsupported, A.UnsupportedExpr):  # its own refusal: `coeffs[k]`, `&counter` of globals
            self.value(unsupported)
        raise LiftError("C2T1210", "pointer expression whose buffer is not statically known", e.loc)

    def returned_pointer(self, call: A.Call) -> PointerBinding:
        """The buffer a `__device__` function returns a pointer into; `FunctionLifter` knows the functions."""
        raise LiftError("C2T1210", f"pointer returned by '{call.callee}': its buffer is not statically known",
                        call.loc)

    def element_address(self, e: A.Expr) -> I.Expr:
        base = self.pointer(e)
        storage = base.bits or elem_dtype(base.pointee)
        if storage not in DTYPE_BYTES:
            raise LiftError("C2T1202", f"pointer '{type_name(base.pointee)}*' used as a number: the address of "
                                       f"{storage} elements is not lifted", e.loc)
        # (a plain pointer's offset counts the buffer's scalars, also under a float4 view)
        offset = base.byte_offset if base.byte_offset is not None else offset_scale(base.offset, DTYPE_BYTES[storage])
        return I.ElementAddress(base.buffer, offset, storage)

    def element_offset(self, e: A.Index, bits: bool = False) -> tuple[PointerBinding, I.Expr]:
        """The pointer `e` indexes and the element's offset. `bits`: the caller bit-casts what it reads
        or writes through a pointer viewing another dtype's bits; any other caller refuses one."""
        base = self.pointer(e.base)
        if base.bits is not None and not bits:
            raise LiftError("C2T1202", f"pointer cast between different element types: {base.bits} elements read "
                                       f"as {type_name(base.pointee)} are lifted in loads, stores and "
                                       "atomicCAS/atomicExch only", e.loc)
        index = self.value(e.index)
        if base.byte_offset is not None:  # the element's first byte
            return base, byte_step(base, index).byte_offset
        return base, offset_add(base.offset, offset_scale(index, lanes_of(base.pointee)))

    def load(self, e: A.Index) -> I.Expr:
        if isinstance(e.type, A.Vector):
            raise LiftError("C2T1202", "vector value used where a scalar is expected", e.loc)
        target = self.through_scalar_pointer(e)
        if target is not None:
            return self.read_binding(target, e.base)
        base, offset = self.element_offset(e, bits=True)
        dtype = self.dtype_of(e)
        if base.byte_offset is not None:
            # `uint32_t old = *address_as_ui;` of a word over bytes: read atomically, as a CAS that swaps
            # 0 for 0 (which never changes memory) returns it; helpers exist for 32- and 64-bit words
            if dtype not in _WORDS or base.bits not in _HELPER_STORAGE:
                raise LiftError("C2T1202", f"pointer cast between different element types: {base.bits} bytes read "
                                           f"as {dtype} (32- and 64-bit integer words only)", e.loc)
            zero = I.Const(0, dtype)
            return I.AtomicRMW("cas", base.buffer, offset, zero, dtype, returns_old=True, compare=zero,
                               storage=base.bits, byte_addressed=True)
        if base.bits is not None:  # `*(unsigned long long*)address` of an int64 buffer: its bits
            return I.Bitcast(I.Load(base.buffer, offset, base.bits), self.dtype_of(e))
        return I.Load(base.buffer, offset, self.dtype_of(e))

    def struct_of(self, e: A.Expr) -> StructBinding | None:
        """The flattened struct `e` names: a struct variable, a struct field of one (`p.geometry`)."""
        if isinstance(e, A.VarRef):
            binding = self.bindings.get(e.decl)
            return binding if isinstance(binding, StructBinding) else None
        if isinstance(e, A.Member):
            parent = self.struct_of(e.base)
            found = parent.field(e.field) if parent is not None else None
            return found if isinstance(found, StructBinding) else None
        if isinstance(e, A.Cast) and e.type == e.operand.type:  # a copy: `Params q = p;`
            return self.struct_of(e.operand)
        return None

    def field_binding(self, e: A.Member):
        """The binding of `p.field` when `p` is a flattened struct, else None."""
        parent = self.struct_of(e.base)
        if parent is None:
            return None
        found = parent.field(e.field)
        if found is None:
            raise LiftError("C2T1202", f"field '{e.field}' of a struct the lift flattened is not known", e.loc)
        return found

    def member(self, e: A.Member) -> I.Expr:
        if is_bits_member(e):
            return I.Bitcast(self.value(e.base), "uint16")
        if isinstance(e.base.type, A.Pointer) and isinstance(e.base.type.pointee, A.Vector):
            e = replace(e, base=pointee_of(e.base))  # `a->x`: the member of `*a`
        field = self.field_binding(e)
        if isinstance(field, ScalarBinding):
            return I.Var(field.name, field.dtype)
        if field is not None:
            raise LiftError("C2T1202", f"field '{e.field}' is not a scalar here", e.loc)
        lanes = self.vector(e.base)
        index = e.base.type.lane(e.field) if isinstance(e.base.type, A.Vector) else -1
        if index < 0 or index >= len(lanes):
            raise LiftError("C2T1202", f"unknown vector member '.{e.field}'", e.loc)
        return lanes[index]

    # --------------------------------------------------------- vectors (scalarised)
    def vector(self, e: A.Expr) -> tuple[I.Expr, ...]:
        view = lanes_view(e.type) if isinstance(e.type, A.Struct) else e.type
        if not isinstance(view, A.Vector):
            raise LiftError("C2T1207", "expected a vector value", e.loc)
        n, dtype = view.lanes, view.elem
        if isinstance(e, A.VarRef):
            binding = self.lookup(e)
            if isinstance(binding, VectorBinding):
                return tuple(I.Var(name, binding.dtype) for name in binding.lanes)
        flattened = e.operand if isinstance(e, A.Cast) and isinstance(e.operand, A.VarRef) else e
        if isinstance(flattened, A.VarRef) and isinstance(flattened.type, A.Struct):
            # a kernel's flattened struct parameter where its vector view is wanted (lift/struct_lanes.py):
            # `Point q = p;`, or `p` passed to a __device__ function
            binding = self.lookup(flattened)
            if isinstance(binding, StructBinding) and len(binding.fields) == n and \
                    all(isinstance(b, ScalarBinding) for _, b in binding.fields):
                return tuple(cast(I.Var(b.name, b.dtype), dtype) for _, b in binding.fields)
        if isinstance(e, A.Member) and isinstance(self.field_binding(e), VectorBinding):
            return tuple(I.Var(name, dtype) for name in self.field_binding(e).lanes)
        if isinstance(e, A.Cast) and isinstance(e.operand.type, A.Vector):
            return self.vector(e.operand)
        if isinstance(e, A.Index) or (isinstance(e, A.UnOp) and e.op == "*"):
            index = e if isinstance(e, A.Index) else A.Index(e.operand, A.IntLit(0, A.Scalar("int32"), e.loc),
                                                             e.type, e.loc)
            base, offset = self.element_offset(index)
            return tuple(I.Load(base.buffer, offset_add(offset, I.Const(k, offset.dtype)), dtype) for k in range(n))
        if isinstance(e, A.Call) and e.callee.startswith(lifting.VECTOR_MAKER_PREFIX) and len(e.args) == n:
            return tuple(cast(self.value(a), dtype) for a in e.args)
        if isinstance(e, A.UnsupportedExpr):  # its own refusal (`Scaled(x).v`: a user's constructor, C2T1207)
            self.value(e)
        raise LiftError("C2T1202", "unsupported vector expression", e.loc)

    # --------------------------------------------------------- calls
    def call(self, e: A.Call, want_value: bool) -> I.Expr:
        if e.device_function:
            return self.call_device_function(e, want_value)
        name = e.callee
        warp = lifting.WARP_OPS.get(name)
        if warp is not None and warp.node == "shuffle":
            return self.shuffle(e)
        if warp is not None:
            self.check_full_mask(e)
            pred = self.condition(e.args[1 if warp.masked else 0])
            return I.WarpVote(warp.kind, pred, warp.dtype)
        if name in lifting.CONSTANT_CALLS:
            constant = lifting.CONSTANT_CALLS[name]
            return I.Const(constant.value, constant.dtype)
        if name.startswith(_GROUP_PREFIX):
            return self.group_call(e)
        if name in lifting.BARRIERS:
            raise LiftError("C2T1204", f"'{name}' is not lifted yet", e.loc)
        if name.startswith(lifting.ATOMIC_PREFIX):
            return self.atomic(e, want_value)
        record = op_coverage.lookup(name)
        if record is None or record.ir_op is None or record.status is not op_coverage.Status.SUPPORTED:
            code = record.code if record is not None and record.code else "C2T1203"
            raise LiftError(code, f"no TileLang mapping for '{name}'", e.loc)
        dtype = self.dtype_of(e)
        op = record.ir_op
        args = [self.value(a) for a in e.args] if op != "load" else []
        if op == "cast":
            return cast(args[0], dtype)
        if op == "bitcast":
            return I.Bitcast(args[0], dtype)
        if op == "load":
            return self.load(A.Index(e.args[0], A.IntLit(0, A.Scalar("int32"), e.loc), e.type, e.loc))
        if op in ("add", "mul", "div"):
            return binary(op, cast(args[0], dtype), cast(args[1], dtype), dtype)
        if op in op_coverage.FLOAT_CLASS:
            return cast(float_class(op, args[0]), dtype)
        # math functions take and return one dtype (clang already converted the arguments); bit
        # intrinsics keep their argument types: __popc(unsigned int) -> int
        args = [cast(a, dtype) for a in args] if op not in ("round_cast",) + tuple(op_coverage.BIT_OPS) else args
        if op in op_coverage.FLOAT_FORMS and is_float(dtype):
            op = op_coverage.FLOAT_FORMS[op]
        if op == "rcp":
            return binary("div", const(1, dtype), args[0], dtype)
        return I.Intrinsic(op, tuple(args), dtype)

    def group(self, e: A.Expr) -> GroupBinding:
        if isinstance(e, A.VarRef):
            binding = self.lookup(e)
            if isinstance(binding, GroupBinding):
                return binding
        if isinstance(e, A.Cast):
            return self.group(e.operand)
        found = group_of_type(e.type)
        if found is not None:  # a temporary such as `cg::this_thread_block().sync()`
            return found
        raise LiftError("C2T1204", "cooperative group the lift cannot identify", e.loc)

    def group_call(self, e: A.Call) -> I.Expr:
        """Cooperative groups, as the warp and block primitives they are built on."""
        method = e.callee.rsplit("::", 1)[1]
        call = lifting.GROUP_CALLS.get(e.callee)
        role = call.role if call is not None else ""
        if role == "make_group":
            raise LiftError("C2T1204", f"'{method}' used other than to initialise a group variable", e.loc)
        if not e.args:
            raise LiftError("C2T1204", f"cooperative_groups::{method} is not lifted yet", e.loc)
        g = self.group(e.args[0])
        dtype = self.dtype_of(e) if not isinstance(e.type, A.Void) else "void"
        lin = I.LinearThreadIdx()
        if g.kind == "tile" and (g.size <= 0 or 32 % g.size):
            raise LiftError("C2T1215", f"thread_block_tile<{g.size}>: only tiles that divide a warp are lifted", e.loc)
        if role in ("rank", "meta_rank", "size"):
            if g.kind == "block":
                value = lin if role == "rank" else (I.Const(0, "int32") if role == "meta_rank" else I.BlockThreads())
            elif role == "rank":
                value = I.Binary("truncmod", lin, I.Const(g.size, "int32"), "int32")
            elif role == "meta_rank":
                value = I.Binary("truncdiv", lin, I.Const(g.size, "int32"), "int32")
            else:
                value = I.Const(g.size, "int32")
            return cast(value, dtype)
        if role == "shuffle" and g.kind == "tile":
            value = cast(self.value(e.args[1]), dtype)
            arg = cast(self.value(e.args[2]), "int32")
            return I.WarpShuffle(call.kind, value, arg, I.Const(g.size, "int32"), dtype)
        if role == "vote" and g.kind == "tile" and g.size == 32:
            vote = I.WarpVote(call.kind, self.condition(e.args[1]), call.dtype)
            return cast(vote, dtype)
        raise LiftError("C2T1204", f"cooperative_groups {g.kind} method '{method}' is not lifted yet", e.loc)

    def check_full_mask(self, e: A.Call) -> None:
        """Warp operations are lifted for the whole warp only: the mask must be provably 0xffffffff,
        written out or held in a local that is never reassigned (`const unsigned FULL = ~0u;`). A mask
        that is reassigned or computed from threadIdx is refused, even when it happens to be full.
        The pre-CUDA 9 forms (`__shfl_down(v, 1)`) have none: the active lanes, the whole warp here."""
        warp = lifting.WARP_OPS.get(e.callee)
        if warp is not None and not warp.masked:
            return
        mask = e.args[0] if e.args else None
        if isinstance(mask, A.Call) and mask.callee in lifting.CONSTANT_CALLS and \
                lifting.CONSTANT_CALLS[mask.callee].value == 0xFFFFFFFF:
            return
        value = constant_int(self.value(mask), self.immutable_local_value) if mask is not None else None
        if value is None or value & 0xFFFFFFFF != 0xFFFFFFFF:
            raise LiftError("C2T1215", f"'{e.callee}' with a mask other than 0xffffffff: partial-warp "
                                       "operations are not lifted", e.loc)

    def immutable_local_value(self, name: str) -> I.Expr | None:
        """The IR value of the local the lift named `name` when it provably always holds it: declared
        with an initialiser in this function and never assigned (not a loop variable, not `+=`-ed,
        not a parameter), and the initialiser has no effect and reads no memory (`unsigned mask =
        0xffffffffu;`, `const unsigned m = FULL | 1u;`, `unsigned m = __activemask();`)."""
        constant = getattr(self, "param_constants", {}).get(name)
        if constant is not None:  # a parameter of an inlined function, given a constant
            return constant
        fn, assigned = getattr(self, "fn", None), getattr(self, "mutable", None)
        decls = [d for d, b in self.bindings.items() if isinstance(b, ScalarBinding) and b.name == name]
        if fn is None or assigned is None or len(decls) != 1 or decls[0] in assigned or self.bindings[decls[0]].mutable:
            return None
        found = [n for n in A.walk(fn.body) if isinstance(n, A.VarDecl) and n.decl == decls[0]]
        if len(found) != 1 or found[0].init is None or not all(_quiet(n) for n in A.walk(found[0].init)):
            return None
        try:  # lifted again with today's bindings: any doubt (a name rebound since) ends the proof
            return cast(self.value(found[0].init), self.bindings[decls[0]].dtype)
        except LiftError:
            return None

    def shuffle(self, e: A.Call) -> I.Expr:
        self.check_full_mask(e)
        args = e.args if lifting.WARP_OPS[e.callee].masked else (None,) + e.args  # (mask, value, lane, width)
        if len(args) < 3:
            raise LiftError("C2T1202", f"'{e.callee}' needs mask, value and lane arguments", e.loc)
        dtype = self.dtype_of(e)
        value = cast(self.value(args[1]), dtype)
        arg = cast(self.value(args[2]), "int32")
        width = cast(self.value(args[3]), "int32") if len(args) > 3 else I.Const(32, "int32")
        return I.WarpShuffle(lifting.WARP_OPS[e.callee].kind, value, arg, width, dtype)

    def atomic(self, e: A.Call, want_value: bool) -> I.Expr:
        record = lifting.ATOMICS.get(e.callee)
        if record is None or len(e.args) != record.operands:
            raise LiftError("C2T1205", f"'{e.callee}' has no TileLang atomic operation yet", e.loc)
        base, = [self.pointer(e.args[0])]
        dtype = elem_dtype(base.pointee)
        if dtype is None or isinstance(base.pointee, A.Vector):
            raise LiftError("C2T1205", "atomic on a non-scalar element", e.loc)
        op = record.ir_op
        if base.byte_offset is not None:
            # `atomicCAS(address_as_ui, assumed, old)` on the word holding a byte or short element
            if op not in ("cas", "exch") or dtype not in _WORDS or base.bits not in _HELPER_STORAGE:
                raise LiftError("C2T1205", f"'{e.callee}' on {dtype} words over {base.bits} elements: only "
                                           "atomicCAS and atomicExch on 32- or 64-bit integer words are lifted", e.loc)
            value = cast(self.value(e.args[-1]), dtype)
            compare = cast(self.value(e.args[1]), dtype) if op == "cas" else None
            return I.AtomicRMW(op, base.buffer, base.byte_offset, value, dtype, returns_old=want_value,
                               compare=compare, storage=base.bits, byte_addressed=True)
        if base.bits is not None:
            # the CAS loop of an atomic TileLang has no op for (`atomicCAS((unsigned long long*)address,
            # assumed, __double_as_longlong(...))`): compare and swap the element's bits
            if op not in ("cas", "exch") or dtype not in ("int32", "uint32", "int64", "uint64") or \
                    base.bits not in ("int32", "int64", "float32", "float64"):
                raise LiftError("C2T1205", f"'{e.callee}' through a pointer reading {base.bits} elements as {dtype}: "
                                           "only atomicCAS and atomicExch on 32- or 64-bit integer bits are lifted",
                                e.loc)
            value = cast(self.value(e.args[-1]), dtype)
            compare = cast(self.value(e.args[1]), dtype) if op == "cas" else None
            return I.AtomicRMW(op, base.buffer, base.offset, value, dtype, returns_old=want_value, compare=compare,
                               storage=base.bits)
        if op in ("cas", "exch") and dtype in _WORDS and record.dtypes and dtype not in record.dtypes:
            # a 64-bit (or unsigned) CAS loop, `atomicCAS(addr, assumed, next)` on `unsigned long long*`: the
            # helper on the element's own bits (its storage is its dtype)
            value = cast(self.value(e.args[-1]), dtype)
            compare = cast(self.value(e.args[1]), dtype) if op == "cas" else None
            return I.AtomicRMW(op, base.buffer, base.offset, value, dtype, returns_old=want_value, compare=compare,
                               storage=dtype)
        # the helper-backed atomics (CAS, exchange, bitwise) exist for 32-bit ints (and float exchange)
        if record.dtypes and dtype not in record.dtypes:
            raise LiftError("C2T1205", f"'{e.callee}' on {dtype} is not lifted (32-bit int only)", e.loc)
        value = cast(self.value(e.args[-1]), dtype)
        compare = cast(self.value(e.args[1]), dtype) if op == "cas" else None
        if op == "sub":
            op, value = "add", I.Unary("neg", value, dtype)
        return I.AtomicRMW(op, base.buffer, base.offset, value, dtype, returns_old=want_value, compare=compare)
