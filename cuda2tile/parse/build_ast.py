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

import contextlib
import hashlib
import os
import re
import traceback
from dataclasses import dataclass, fields, replace
from typing import Callable

import clang.cindex as ci
import numpy as np

from op_coverage import lifting

from cuda2tile.parse import cuda_ast as A
from cuda2tile.parse.clang_eval import evaluate
from cuda2tile.parse.clang_ops import (binary_operator, is_invalid_declaration, template_argument_kind, unary_operator,
                                       var_initializer)

K = ci.CursorKind
TK = ci.TypeKind

_SCALARS = {
    TK.FLOAT: "float32", TK.DOUBLE: "float64", TK.INT: "int32", TK.UINT: "uint32", TK.LONG: "int64",
    TK.ULONG: "uint64", TK.LONGLONG: "int64", TK.ULONGLONG: "uint64", TK.SHORT: "int16",
    TK.USHORT: "uint16", TK.CHAR_S: "int8", TK.SCHAR: "int8", TK.UCHAR: "uint8", TK.CHAR_U: "uint8",
    TK.BOOL: "bool", TK.HALF: "float16",
}
# CUDA's 16-bit floats, and PyTorch's (`at::Half` is c10::Half, a struct of the same bits with the same
# rounding conversions)
_RECORD_SCALARS = {"__half": "float16", "half": "float16", "__nv_bfloat16": "bfloat16", "nv_bfloat16": "bfloat16",
                   "c10::Half": "float16", "c10::BFloat16": "bfloat16"}
_VECTOR_ELEMS = {"char": "int8", "uchar": "uint8", "short": "int16", "ushort": "uint16", "int": "int32",
                 "uint": "uint32", "long": "int64", "ulong": "uint64", "longlong": "int64",
                 "ulonglong": "uint64", "float": "float32", "double": "float64"}
_VECTOR_RE = re.compile(r"^(u?char|u?short|u?int|u?long|u?longlong|float|double)([1-4])$")
BUILTIN_VARS = ("threadIdx", "blockIdx", "blockDim", "gridDim")
_ASSIGN_OPS = {"=", "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "^=", "|="}
_CASTS = {K.CSTYLE_CAST_EXPR: "static", K.CXX_STATIC_CAST_EXPR: "static", K.CXX_FUNCTIONAL_CAST_EXPR: "static",
          K.CXX_REINTERPRET_CAST_EXPR: "reinterpret", K.CXX_CONST_CAST_EXPR: "static"}
_UNSUPPORTED_STMTS = {K.GOTO_STMT: "goto", K.LABEL_STMT: "label",
                      K.ASM_STMT: "inline asm", K.MS_ASM_STMT: "inline asm",
                      K.CXX_TRY_STMT: "try block", K.INDIRECT_GOTO_STMT: "computed goto"}
_RANGE_FOR = "range-based for"  # the op_coverage spelling of what _range_for lowers or refuses
_SWITCH = "switch statement"  # the op_coverage spelling a lowered or refused `switch` is counted under
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


@dataclass(frozen=True)
class ClangError:
    """One error clang reported, at its real path (the main file or a header)."""
    file: str
    line: int
    col: int
    message: str


# Type kinds that wrap another type: followed to find the typedefs, records and enums a type names.
_TYPE_WRAPPERS = {TK.POINTER: ci.Type.get_pointee, TK.LVALUEREFERENCE: ci.Type.get_pointee,
                  TK.RVALUEREFERENCE: ci.Type.get_pointee, TK.ELABORATED: ci.Type.get_named_type,
                  TK.CONSTANTARRAY: lambda t: t.element_type, TK.INCOMPLETEARRAY: lambda t: t.element_type,
                  TK.VARIABLEARRAY: lambda t: t.element_type}


def is_recovery_type(t: ci.Type) -> bool:
    """A type only error recovery produces in the concrete code we build (template kernels are taken from
    their instantiations): `<dependent type>`, or a template parameter left unsubstituted because clang
    gave up instantiating (`block_sum(sh, v)` typed `T` after the error limit)."""
    canonical = t.get_canonical()
    return canonical.kind == TK.DEPENDENT or (
        canonical.kind == TK.UNEXPOSED and canonical.spelling.startswith("type-parameter-"))


def ctype(t: ci.Type, building: frozenset[str] = frozenset()) -> A.CType:
    """Our type for a clang type. `building`: the records whose fields are being read, so that a struct
    that points to itself (`struct Node { Node* next; }`) ends in an Opaque pointee, not a loop."""
    t = t.get_canonical()
    kind = t.kind
    if kind in _SCALARS:
        return A.Scalar(_SCALARS[kind])
    if kind == TK.POINTER:
        pointee = t.get_pointee()
        return A.Pointer(ctype(pointee, building), const=pointee.is_const_qualified(),
                         volatile=pointee.is_volatile_qualified())
    if kind == TK.LVALUEREFERENCE and t.get_pointee().is_const_qualified() and \
            t.get_pointee().get_canonical().kind == TK.RECORD:
        # `const TensorInfo<T, I>& info` of a __device__ function: a struct read through a const reference
        # is read as the value it refers to (a by-value kernel parameter, which nothing can change)
        referred = ctype(t.get_pointee(), building)
        if isinstance(referred, A.Struct):
            return referred
    if kind == TK.LVALUEREFERENCE:
        pointee = t.get_pointee()
        return A.Reference(t.spelling, ctype(pointee, building), pointee.is_const_qualified())
    if kind == TK.CONSTANTARRAY:
        return A.Array(ctype(t.element_type, building), t.element_count)
    if kind == TK.INCOMPLETEARRAY:  # `extern __shared__ float pool[];`: sized by the launch
        return A.Array(ctype(t.element_type, building), 0)
    if kind == TK.VOID:
        return A.Void()
    if kind == TK.ENUM:  # an enumeration is its underlying integer type (`enum class Kind : uint8_t` -> uint8)
        return ctype(t.get_declaration().enum_type)
    if kind == TK.RECORD:
        name = re.sub(r"\b(const|volatile|struct)\s+", "", t.spelling).strip()
        if not _library_declaration(t.get_declaration()):
            # a user's own `struct half { float v; }` is not __half
            return _struct_type(t, building) or (A.Stateless(t.spelling) if _stateless(t.get_declaration())
                                                 else A.Opaque(t.spelling))
        if name in _RECORD_SCALARS:
            return A.Scalar(_RECORD_SCALARS[name])
        match = _VECTOR_RE.match(name)
        if match:
            return A.Vector(_VECTOR_ELEMS[match.group(1)], int(match.group(2)))
        if _PACKED_ACCESSOR.match(name):
            return _packed_accessor_type(t) or A.Opaque(t.spelling)
        if not name.startswith(("cooperative_groups::", "nvcuda::")):  # PyTorch's TensorInfo, a plain struct
            return _struct_type(t, building) or A.Opaque(t.spelling)
    return A.Opaque(t.spelling)


def _struct_type(t: ci.Type, building: frozenset[str]) -> A.Struct | None:
    """A record of plain data as a Struct, its fields with clang's layout; None for what the lift does
    not flatten (a union of several members, base classes, virtual functions, bit-fields, no field at
    all)."""
    decl = t.get_declaration()
    # a union of one member is that member's struct (`union benchtype { uint64_t data; }`); a union of
    # several is type punning, not flattened
    one_member_union = decl.kind == K.UNION_DECL and len(list(t.get_fields())) == 1
    if (decl.kind not in (K.STRUCT_DECL, K.CLASS_DECL) and not one_member_union) or t.spelling in building:
        return None
    if any(ch.kind == K.CXX_BASE_SPECIFIER or (ch.kind == K.CXX_METHOD and ch.is_virtual_method())
           for ch in decl.get_children()):
        return None
    size = t.get_size()
    fields = []
    inner = building | {t.spelling}
    for f in t.get_fields():
        offset = t.get_offset(f.spelling)
        if f.is_bitfield() or not f.spelling or offset < 0 or offset % 8:
            return None
        fields.append(A.Field(f.spelling, ctype(f.type, inner), offset // 8))
    if not fields or size <= 0:
        return None
    return A.Struct(t.spelling, tuple(fields), size)


# PyTorch's `PackedTensorAccessor<T, N, Traits, index_t>` (and its 32/64 aliases): a kernel's n-D view of a
# tensor, passed by value. Its data is `T* data_; index_t sizes_[N]; index_t strides_[N];` in a base class.
_PACKED_ACCESSOR = re.compile(r"^(?:at|torch)::GenericPackedTensorAccessor<")
# the classes whose `operator[]` indexes an accessor (a packed one, or the view `a[i]` returns)
_ACCESSOR_CLASSES = frozenset({"at::GenericPackedTensorAccessor", "at::TensorAccessor"})
_ACCESSOR_BASES = frozenset({"at::GenericPackedTensorAccessorBase", "at::TensorAccessorBase"})


def _packed_accessor_type(t: ci.Type) -> A.Struct | None:
    """A packed accessor as a struct of its scalars, at the offsets of PyTorch's layout (`T* data_;
    index_t sizes_[N]; index_t strides_[N];`): `data` (the element pointer), `size0`.. and `stride0`..
    (`index_t` each), so that a kernel parameter flattens into a buffer and 2N scalars (`src_data`,
    `src_size0`, `src_stride0`...) and `src[n][0][c]` reads `src_data[n * src_stride0 + 0 * src_stride1 +
    c * src_stride2]`, as `TensorAccessor::operator[]` computes it. The arguments are read from the type
    (libclang shows no members of an implicit instantiation); None where clang's `sizeof` disagrees with
    that layout."""
    match = re.match(r"[^<]*<[^,]*,\s*(\d+)[uUlL]*\s*,", t.spelling)
    if match is None or t.get_num_template_arguments() != 4:
        return None
    elem, index_type = ctype(t.get_template_argument_type(0)), t.get_template_argument_type(3)
    index = ctype(index_type)
    rank, width = int(match.group(1)), index_type.get_size()
    if not isinstance(elem, A.Scalar | A.Vector) or not isinstance(index, A.Scalar) or rank < 1 or width <= 0:
        return None
    size = 8 + 2 * rank * width
    if t.get_size() != size + (-size % 8):
        return None
    const = t.get_template_argument_type(0).is_const_qualified()
    out = [A.Field("data", A.Pointer(elem, const=const), 0)]
    out += [A.Field(f"size{k}", index, 8 + k * width) for k in range(rank)]
    out += [A.Field(f"stride{k}", index, 8 + (rank + k) * width) for k in range(rank)]
    return A.Struct(t.spelling, tuple(out), t.get_size())


def accessor_rank(t: A.CType) -> int:
    """N of a packed accessor's struct (`_packed_accessor_type`), 0 for any other type."""
    if not isinstance(t, A.Struct) or not _PACKED_ACCESSOR.match(re.sub(r"^const\s+", "", t.spelling)):
        return 0
    return sum(1 for f in t.fields if f.name.startswith("stride"))


def _accessor_method(ref: ci.Cursor | None) -> bool:
    if ref is None or ref.kind != K.CXX_METHOD:
        return False
    return _qualified(ref.semantic_parent) in _ACCESSOR_CLASSES | _ACCESSOR_BASES


def _method_object(c: ci.Cursor) -> ci.Cursor | None:
    """The object of a member call `obj.f(args)` / `obj[i]`: the child of its member reference."""
    member = _strip_unexposed(next(iter(c.get_children()), None))
    if member is None or member.kind != K.MEMBER_REF_EXPR:
        return None
    inner = list(member.get_children())
    return _strip_unexposed(inner[0]) if inner else None


def _strip_unexposed(c: ci.Cursor | None) -> ci.Cursor | None:
    """The expression under clang's implicit wrappers (`UNEXPOSED_EXPR`: conversions, temporaries)."""
    while c is not None and c.kind == K.UNEXPOSED_EXPR:
        inner = list(c.get_children())
        if len(inner) != 1:
            return c
        c = inner[0]
    return c



def _half_limit(ref, t: A.CType) -> float | None:
    """The value of `numeric_limits<T>::member()` for a 16-bit float T (`std::` and `at::`), whose result
    is a class clang does not evaluate to a number: from `op_coverage.lifting.HALF_LIMITS`."""
    if ref is None or ref.kind != K.CXX_METHOD or not isinstance(t, A.Scalar) or \
            t.dtype not in ("float16", "bfloat16"):
        return None
    parent = ref.semantic_parent
    if parent is None or parent.spelling != "numeric_limits" or \
            not any(_in_namespace(ref, ns) for ns in ("std", "at", "c10")):
        return None
    record = lifting.HALF_LIMITS.get((t.dtype, ref.spelling))
    if record is None:
        return None
    if t.dtype == "float16":
        return float(np.array([record.bits], np.uint16).view(np.float16)[0])
    return float(np.array([record.bits << 16], np.uint32).view(np.float32)[0])

def _stateless(decl: ci.Cursor) -> bool:
    """A struct or class that holds nothing: no data member, no base class, no virtual function (a
    functor like `Max<T>`); its member functions compute from their arguments alone."""
    if decl is None or decl.kind not in (K.STRUCT_DECL, K.CLASS_DECL) or not decl.is_definition():
        return False
    if decl.type.get_size() > 1 or any(True for _ in decl.type.get_fields()):
        # (a class template's specialization lists no members in libclang: its size and fields, which the
        # type gives, tell; an empty class is 1 byte)
        return False
    return not any(ch.kind in (K.FIELD_DECL, K.CXX_BASE_SPECIFIER)
                   or ch.kind == K.CXX_METHOD and ch.is_virtual_method() for ch in decl.get_children())


def object_record(function: ci.Cursor | None) -> ci.Cursor | None:
    """The struct whose object a member function or constructor works on, when that object is a value
    the lift models (a Struct of plain data that holds something); None for a free or static function,
    a member of a functor holding nothing (called without its object, `_stateless_member_call`), or
    of a class the lift does not flatten (a base class, virtual functions)."""
    if function is None or function.kind not in (K.CXX_METHOD, K.CONSTRUCTOR) or (
            function.kind == K.CXX_METHOD and function.is_static_method()):
        return None
    record = function.semantic_parent
    if record is None or record.kind not in (K.STRUCT_DECL, K.CLASS_DECL) or _stateless(record):
        return None
    return record if isinstance(ctype(record.type), A.Struct) else None


def _initialising_constructor(ctor: ci.Cursor | None) -> bool:
    """A default constructor of a user's struct that gives its fields values: one the user wrote, or
    the implicit one of a struct with default member initialisers."""
    if ctor is None or ctor.kind != K.CONSTRUCTOR:
        return False
    record = ctor.semantic_parent
    if record is None or record.kind not in (K.STRUCT_DECL, K.CLASS_DECL):
        return False
    if any(any(ch.kind.is_expression() for ch in f.get_children()) for f in record.type.get_fields()):
        return True
    if ctor.is_default_method():
        return False
    # `Point() {}` sets nothing: `Point corners[5];` is as uninitialised as `float a[5];`
    definition = ctor.get_definition() or ctor
    return not (_empty_body(definition) and not any(ch.kind == K.MEMBER_REF for ch in definition.get_children()))


def _empty_body(function: ci.Cursor) -> bool:
    """A function whose body runs nothing: `{}`, or an implicit one (no body written)."""
    definition = function.get_definition() or function
    body = next((ch for ch in definition.get_children() if ch.kind == K.COMPOUND_STMT), None)
    return body is None or not list(body.get_children())


def _library_declaration(decl: ci.Cursor) -> bool:
    """Declared by our prelude or the CUDA toolkit's headers (where `__half`, `float4` come from)."""
    f = decl.location.file
    if f is None:
        return True
    path = f.name.replace("\\", "/")
    return "cuda2tile/parse/include" in path or "/cuda/include/" in path or "/cuda/targets/" in path


def _is_kernel(cursor: ci.Cursor) -> bool:
    return any(ch.kind == K.CUDAGLOBAL_ATTR for ch in cursor.get_children())


# declarations inside a function body that only name types or check at compile time: nothing to lift
_COMPILE_TIME_DECLS = frozenset({K.TYPEDEF_DECL, K.TYPE_ALIAS_DECL, K.STATIC_ASSERT, K.USING_DECLARATION,
                                 K.USING_DIRECTIVE, K.NAMESPACE_ALIAS, K.TYPE_ALIAS_TEMPLATE_DECL})


def _is_device(cursor: ci.Cursor) -> bool:
    return any(ch.kind == K.CUDADEVICE_ATTR for ch in cursor.get_children())


def _lifted_from_body(cursor: ci.Cursor) -> bool:
    """A stand-in header's function marked `__C2T_LIFT_BODY` (cuda2tile_prelude.h): it carries the
    library's own body (`IndexToOffset<T, I, -1>::get` of PyTorch), which the lift reads like a user's."""
    return any(ch.kind == K.ANNOTATE_ATTR and ch.spelling == "cuda2tile-lift-body" for ch in cursor.get_children())


# CXTemplateArgumentKind (clang-c/Index.h). The Python bindings know only kinds 0-4 and raise
# "Unknown template argument kind 5" for a template template argument (`apply2<Add, float>`), which
# once cost a whole file; the kind is read as a plain int here.
_ARG_TYPE, _ARG_DECLARATION, _ARG_NULLPTR, _ARG_INTEGRAL, _ARG_TEMPLATE = 1, 2, 3, 4, 5
# In a specialization's USR a template template argument reads `@N@ops@ST>1#T@Mul`: namespaces, the
# template's parameter list, then its name.
_USR_TEMPLATE_ARG = re.compile(r"((?:@N@\w+)*)@ST>\d+(?:#[A-Za-z0-9$_]*)*?@(\w+)")


def template_args(cursor: ci.Cursor) -> tuple[str, ...]:
    """The template arguments of a specialization, spelled as C++ writes them, so that a name such as
    `k<float, true, Kind::Shared>` in a spec or `--kernel` finds the instance: types by their canonical
    spelling, `bool` as true/false, enumerators by name, template template arguments by their
    (qualified) name. An argument that cannot be spelled gets a name unique to the instance."""
    count = cursor.get_num_template_arguments()
    if count <= 0:
        return ()
    params = _template_parameters(cursor)
    template_names = iter(["::".join([ns for ns in spaces.split("@N@") if ns] + [name])
                           for spaces, name in _USR_TEMPLATE_ARG.findall(cursor.get_usr() or "")])
    args = []
    for i in range(count):
        kind = template_argument_kind(cursor, i)
        param = params[i] if i < len(params) else None
        if kind == _ARG_TYPE:
            args.append(cursor.get_template_argument_type(i).get_canonical().spelling)
        elif kind == _ARG_INTEGRAL:
            args.append(_integral_argument(cursor, i, param))
        elif kind == _ARG_TEMPLATE and (name := next(template_names, None)) is not None:
            args.append(name)
        elif kind == _ARG_NULLPTR:
            args.append("nullptr")
        else:  # a declaration (`&table`), a pack...: no spelling from libclang, but never a shared one
            digest = hashlib.sha1((cursor.get_usr() or cursor.spelling).encode()).hexdigest()[:8]
            args.append(f"?{i}_{digest}")
    return tuple(args)


def _template_parameters(cursor: ci.Cursor) -> list[ci.Cursor]:
    """The template's parameter declarations, in order (they give an integral argument its type)."""
    template = ci.conf.lib.clang_getSpecializedCursorTemplate(cursor)
    if template is None or template.kind not in (K.FUNCTION_TEMPLATE, K.CLASS_TEMPLATE,
                                                 K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION):
        return []
    return [ch for ch in template.get_children() if ch.kind in (
        K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_NON_TYPE_PARAMETER, K.TEMPLATE_TEMPLATE_PARAMETER)]


def _integral_argument(cursor: ci.Cursor, i: int, param: ci.Cursor | None) -> str:
    value = cursor.get_template_argument_value(i)
    if param is None or param.kind != K.TEMPLATE_NON_TYPE_PARAMETER:
        return str(value)
    t = param.type.get_canonical()
    if t.kind == TK.BOOL:
        return "true" if value else "false"  # libclang gives `true` as -1 (a sign-extended 1-bit value)
    if t.kind in (TK.UINT, TK.ULONG, TK.ULONGLONG, TK.USHORT, TK.UCHAR, TK.CHAR_U):
        return str(cursor.get_template_argument_unsigned_value(i))
    if t.kind == TK.ENUM:
        enum = t.get_declaration()
        scope = _scope_names(enum)
        for constant in enum.get_children():
            if constant.kind == K.ENUM_CONSTANT_DECL and constant.enum_value == value:
                # `enum class Kind` needs `Kind::Shared`; an unscoped enumerator is named in the enum's scope
                prefix = scope + [enum.spelling] if enum.is_scoped_enum() else scope
                return "::".join(prefix + [constant.spelling])
        return f"({'::'.join(scope + [enum.spelling])}){value}"
    return str(value)


class _Builder:
    def __init__(self, path: str, display: str, errors: tuple[ClangError, ...] = (),
                 display_of: Callable[[str], str] | None = None):
        self.path = path
        self.real = os.path.realpath(path)
        self.display = display
        self.errors_by_file: dict[str, list[ClangError]] = {}
        for err in errors:
            self.errors_by_file.setdefault(err.file, []).append(err)
        self.display_of = display_of or (lambda real: real)
        self.touched: set[tuple[str, int, int]] | None = None  # spans of code the function being built uses
        self.invalid_types: set[str] = set()  # typedefs/records it uses that clang marked invalid
        self.device_names: dict[str, str] = {}  # USR of a __device__ function -> its unique name
        self._real_names: dict[str, str] = {}
        self.device_queue: list[ci.Cursor] = []
        self.seen_functions: set[str] = set()
        self._main_file_names: dict[str, bool] = {}
        self.expr_depth = 0
        self.stmt_depth = 0
        # the object a member function or constructor being built works on (`this`), as a variable
        self.this_ref: A.VarRef | None = None
        # range-based fors over a class template's specialization, whose `end()` and iterator operators
        # libclang does not list (`range_probe_text`): the types to probe, and what a probe found
        self.probe_requests: dict[str, None] = {}
        self.probed: dict[str, dict[str, ci.Cursor]] = {}

    # ------------------------------------------------------------ helpers
    def loc(self, c: ci.Cursor) -> A.Loc:
        """Where `c` is, named as diagnostics name it: a `__device__` function from a header is at the
        header's path and line, never at the converted file's line of the same number."""
        loc = c.location
        if loc.file is None or self.in_main_file(c):
            return A.Loc(self.display, loc.line, loc.column)
        return A.Loc(self.display_of(os.path.realpath(loc.file.name)), loc.line, loc.column)

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

    # ------------------------------------------------------------ what a function depends on
    def touch(self, c: ci.Cursor | None) -> None:
        """Record the source span of a declaration the function being built uses, when clang reported
        errors in its file (otherwise there is nothing it could lose, and no cost)."""
        if self.touched is None or not self.errors_by_file or c is None:
            return
        extent = c.extent
        f = extent.start.file
        if f is None:
            return
        real = self._real_names.get(f.name)
        if real is None:
            real = self._real_names[f.name] = os.path.realpath(f.name)
        if real in self.errors_by_file:
            self.touched.add((real, extent.start.line, extent.end.line))

    def touch_type(self, t: ci.Type) -> None:
        """The typedefs, records and enums a type names, through pointers, references and arrays."""
        if self.touched is None or not self.errors_by_file:
            return
        for _ in range(32):
            kind = t.kind
            if kind in _TYPE_WRAPPERS:
                t = _TYPE_WRAPPERS[kind](t)
            elif kind == TK.TYPEDEF:
                decl = t.get_declaration()
                self.touch(decl)
                if is_invalid_declaration(decl):
                    self.invalid_types.add(decl.spelling)
                t = decl.underlying_typedef_type
            elif kind in (TK.RECORD, TK.ENUM):
                decl = t.get_declaration()
                self.touch(decl)
                if is_invalid_declaration(decl):
                    self.invalid_types.add(decl.spelling)
                return
            else:
                return

    def errors_in_touched(self) -> tuple[tuple[A.Loc, str], ...]:
        found = set()
        for real, first, last in self.touched or ():
            for err in self.errors_by_file.get(real, ()):
                if first <= err.line <= last:
                    shown = self.display if real == self.real else self.display_of(real)
                    found.add((A.Loc(shown, err.line, err.col), err.message))
        return tuple(sorted(found, key=lambda e: (e[0].file != self.display, e[0].file, e[0].line, e[0].col, e[1])))

    def invalid(self, decl: ci.Cursor, what: str, t: A.CType, loc: A.Loc) -> A.UnsupportedExpr | None:
        if decl is not None and is_invalid_declaration(decl):
            return A.UnsupportedExpr(f"{what} '{decl.spelling}' is declared with an error", t, loc, "C2T1105")
        return None

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
        self.touch_type(c.type)
        if isinstance(t, A.Opaque) and is_recovery_type(c.type):  # such types are Opaque: test those only
            return A.UnsupportedExpr(f"expression clang could not resolve (`{_clip(self.text(c))}`)", t, loc,
                                     "C2T1105")
        if k in (K.UNEXPOSED_EXPR, K.PAREN_EXPR):
            kids = list(c.get_children())
            if not kids:  # default argument, materialised temporary...: fold if constant
                return self._constant(c, t, loc, "default argument")
            if len(kids) > 1:
                # Implicit casts, temporaries and cleanups wrap exactly one expression. Several operands
                # are a recovery node (`block_sum(sh, v)` that clang could not resolve: callee, sh, v;
                # refused above by its type) or a construct we do not model (`a ?: b`,
                # `__builtin_choose_expr`); its last operand is never the whole of it.
                return A.UnsupportedExpr(f"expression form not translated (`{_clip(self.text(c))}`)", t, loc)
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
            operand = kids[-1]
            if _casts_to_reference(c) and operand.type.get_canonical().spelling.replace("const ", "") != \
                    c.type.get_canonical().spelling.replace("const ", ""):
                # `(int&)f` or `reinterpret_cast<int&>(f)` reads a float's bytes as an int: not a value conversion
                return A.UnsupportedExpr("cast to a reference of another type (reinterprets the object's bytes)",
                                         t, loc)
            if k == K.CXX_REINTERPRET_CAST_EXPR and c.type.get_canonical().kind != TK.POINTER and not (
                    _casts_to_reference(c) or operand.type.get_canonical().kind == TK.POINTER):
                return A.UnsupportedExpr("reinterpret_cast of a value", t, loc)
            return A.Cast(self.expr(operand), t, False, loc, _CASTS[k])
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
            if op == "*" and self.this_ref is not None and _strip_unexposed(operand).kind == K.CXX_THIS_EXPR:
                return self.this_ref  # `*this`: the object itself
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
        if k == K.CXX_THIS_EXPR:
            return A.UnsupportedExpr("`this` used as a pointer (only `this->field`, `*this` and calls of its member "
                                     "functions are translated)", t, loc, "C2T1207")
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
        self.touch(ref)
        invalid = self.invalid(ref, "name", t, loc)
        if invalid is not None:
            return invalid
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
                    lexical is not None and lexical.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD)):
                # (`extern __shared__ float pool[];` inside a kernel is a file-scope entity declared locally)
                # A file-scope constant (`const float kScale = 2.f;`, `constexpr int N = 64;`) folds to its value.
                folded = self._constant(c, t, loc, "global variable")
                if not isinstance(folded, A.UnsupportedExpr):
                    return folded
                return A.UnsupportedExpr(f"global variable '{ref.spelling}'", t, loc, "C2T1204")
            if ref.kind == K.VAR_DECL and ref.semantic_parent is not None and ref.semantic_parent.kind in (
                    K.STRUCT_DECL, K.CLASS_DECL, K.CLASS_TEMPLATE, K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION):
                # a static data member: one object for the whole program. A constant one
                # (`std::numeric_limits<T>::has_infinity`, `Config::kTile`) folds to its value.
                folded = self._constant(c, t, loc, "static data member")
                if not isinstance(folded, A.UnsupportedExpr):
                    return folded
                return A.UnsupportedExpr(f"static data member '{_qualified(ref)}'", t, loc, "C2T1204")
            return A.VarRef(ref.spelling, _decl_key(ref), t, loc)
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
        base = _strip_unexposed(kids[0]) if kids else None
        if self.this_ref is not None and (base is None or base.kind == K.CXX_THIS_EXPR):
            # `at_` or `this->at_` in a member function of a struct with state: a field of its object
            return A.Member(self.this_ref, field, t, loc)
        if not kids:
            return A.UnsupportedExpr(f"member '{field}'", t, loc)
        return A.Member(self.expr(kids[0]), field, t, loc)

    def _call(self, c: ci.Cursor, t: A.CType, loc: A.Loc) -> A.Expr:
        ref = c.referenced
        name = ref.spelling if ref is not None else c.spelling
        if ref is not None and self.user_code(ref):
            self.touch(ref)
            invalid = self.invalid(ref, "function", t, loc)
            if invalid is not None:
                return invalid
        if _accessor_method(ref):
            return self._accessor_call(c, ref, t, loc)
        limit = _half_limit(ref, t)
        if limit is not None and not list(c.get_arguments()):
            return A.FloatLit(limit, t, loc)  # `std::numeric_limits<c10::Half>::lowest()`: a class value
        if name.startswith("__builtin_") or (ref is not None and not self.user_code(ref) and not list(
                c.get_arguments()) and isinstance(t, A.Scalar)):
            # INFINITY, NAN, HUGE_VALF expand to constant builtins; `std::numeric_limits<float>::lowest()`,
            # `at::numeric_limits<T>::upper_bound()` are a library's constexpr functions of no argument:
            # clang folds both to their value (a call that is not constant, `clock()`, stays a call)
            folded = self._constant(c, t, loc, f"call to {name}")
            if not isinstance(folded, A.UnsupportedExpr):
                return folded
        args = tuple(self.expr(a) for a in c.get_arguments())
        if ref is not None and ref.kind == K.CONSTRUCTOR:
            if not args and _stateless(ref.semantic_parent) and _empty_body(ref):
                return A.Call(f"{name}::constructor", (), t, loc)  # `Max<float>()`: builds nothing
            if not args and isinstance(t, A.Scalar) and ref.is_default_method():
                # `c10::Half()`, or `at::Half hsum;` written inside a macro (where the tokens cannot tell the
                # two apart): zero. Value-initialisation zeroes the bits; default-initialisation leaves them
                # indeterminate, and zero is one of the values an indeterminate object may hold
                return A.FloatLit(0.0, t, loc) if t.dtype.startswith(("float", "bfloat")) else A.IntLit(0, t, loc)
            if len(args) == 1 and (ref.is_copy_constructor() or ref.is_move_constructor()) and \
                    ref.is_default_method():
                return A.Cast(args[0], t, False, loc)  # `Point p = pts[i];`: the implicit copy, field by field
            if self.user_code(ref):  # a user's constructor runs its own code: `Scaled(x)` is not a cast
                definition = ref.get_definition() or ref  # (an implicit one: its declaration)
                if (_is_device(ref) or ref.is_default_method()) and object_record(definition) is not None:
                    # `Cursor(at, step)`: a __device__ function that builds the object and returns it
                    return self._device_call(definition, args, t, loc)
                return A.UnsupportedExpr(f"constructor of '{_qualified(ref.semantic_parent)}'", t, loc, "C2T1207")
            if len(args) == 1:
                return A.Cast(args[0], t, False, loc)
            return A.Call(f"{name}::constructor", args, t, loc)
        user_function = ref is not None and (self.user_code(ref) or _lifted_from_body(ref)) and ref.kind in (
            K.FUNCTION_DECL, K.CXX_METHOD, K.CONVERSION_FUNCTION) and not _in_namespace(ref, "cooperative_groups")
        implicit_copy = ref is not None and ref.kind == K.CXX_METHOD and name == "operator=" and \
            ref.is_default_method() and (ref.is_copy_assignment_operator_method() or
                                         ref.is_move_assignment_operator_method())
        if name.startswith("operator") and ref is not None and (not user_function or implicit_copy):
            # (`out[i] = p;` of a user's struct: its implicit copy assignment copies field by field)
            return self._operator_call(c, ref, name[len("operator"):].strip(), args, t, loc)
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
        if user_function:
            # A function of the user's: lifted from its own body, never mapped by its name (a user's
            # `Util::max` that computes a minimum is not `fmaxf`).
            definition = ref.get_definition() or ref
            free = ref.kind == K.FUNCTION_DECL or (ref.kind == K.CXX_METHOD and ref.is_static_method())
            if free and _is_device(ref) and definition.is_definition():
                return self._device_call(definition, args, t, loc)
            if not free and _is_device(ref) and definition.is_definition() and _stateless(ref.semantic_parent):
                call = self._stateless_member_call(c, ref, definition, args, t, loc)
                if call is not None:
                    return call
            if not free and _is_device(ref) and definition.is_definition() and object_record(definition) is not None:
                call = self._member_call(c, ref, definition, args, t, loc)
                if call is not None:
                    return call
            if not free:
                return A.UnsupportedExpr(f"call to member function '{_qualified(ref)}'", t, loc, "C2T1204")
            if definition.is_definition():
                return A.UnsupportedExpr(f"call to '{_qualified(ref)}', which is not a __device__ function", t, loc,
                                         "C2T1203")
        return A.Call(name, args, t, loc)

    def _accessor_call(self, c, ref, t, loc) -> A.Expr:
        """`a[i][j][k]`, `a.size(d)`, `a.stride(d)`, `a.data()` of a packed accessor `a`, in the struct's
        scalars (`_packed_accessor_type`). A chain of `[]` is read whole from its last operator: the
        element is `a.data[i * a.stride0 + j * a.stride1 + k * a.stride2]`, the offset computed in
        `index_t` as `TensorAccessor::operator[]` does. A view that is not indexed down to an element
        (`auto row = a[n];`) is refused."""
        name = ref.spelling
        if name == "operator[]":
            indices: list[ci.Cursor] = []
            node = c
            while node is not None and node.kind == K.CALL_EXPR and node.referenced is not None \
                    and node.referenced.spelling == "operator[]" and _accessor_method(node.referenced):
                args = list(node.get_arguments())
                if len(args) == 2:  # `a[i]`: clang's operator call passes the object as its first argument
                    node, index = _strip_unexposed(args[0]), args[1]
                else:  # `a.operator[](i)`
                    node, index = _method_object(node), args[0]
                indices.insert(0, index)
            root = self.expr(node) if node is not None else None
            rank = accessor_rank(root.type) if root is not None else 0
            if root is None or isinstance(root, A.UnsupportedExpr) or not rank:
                return root if isinstance(root, A.UnsupportedExpr) else A.UnsupportedExpr(
                    f"indexing of an accessor that is not a packed accessor value (`{_clip(self.text(c))}`)",
                    t, loc, "C2T1207")
            if len(indices) != rank or isinstance(t, A.Opaque):
                return A.UnsupportedExpr(
                    f"a view of a {rank}-D accessor indexed {len(indices)} time(s) (`{_clip(self.text(c))}`): only "
                    "an element, indexed in one expression (`a[n][c]`), is translated", t, loc, "C2T1207")
            index_type = root.type.field("stride0").type
            offset = None
            for k, cursor in enumerate(indices):
                index = self.expr(cursor)
                if index.type != index_type:
                    index = A.Cast(index, index_type, True, index.loc)
                stride = A.Member(root, f"stride{k}", index_type, loc)
                term = A.BinOp("*", index, stride, index_type, loc)
                offset = term if offset is None else A.BinOp("+", offset, term, index_type, loc)
            data = root.type.field("data").type
            return A.Index(A.Member(root, "data", data, loc), offset, t, loc)
        obj = _method_object(c)
        root = self.expr(obj) if obj is not None else None
        if isinstance(root, A.UnsupportedExpr):
            return root
        rank = accessor_rank(root.type) if root is not None else 0
        args = list(c.get_arguments())
        if rank and name in ("size", "stride") and len(args) == 1:
            d = evaluate(args[0])
            if isinstance(d, int) and 0 <= d < rank:
                return A.Member(root, f"{name}{d}", root.type.field(f"{name}{d}").type, loc)
            return A.UnsupportedExpr(f"`{name}` of an accessor at a dimension that is not a constant in "
                                     f"[0, {rank}) (`{_clip(self.text(c))}`)", t, loc, "C2T1207")
        if rank and name == "data" and not args:
            return A.Member(root, "data", root.type.field("data").type, loc)
        return A.UnsupportedExpr(f"accessor method `{name}` (`{_clip(self.text(c))}`)", t, loc, "C2T1207")

    def _stateless_member_call(self, c, ref, definition, args, t, loc) -> A.Expr | None:
        """`op(a, b)`, `op.apply(v)`, `Max<float>()(a, b)`, `this->twice(v)` on a struct that holds
        nothing (`_stateless`), as a call of the member function alone: the object carries no value, so
        leaving it out loses nothing, provided computing it does nothing either (a variable, `this`, a
        temporary built without arguments). None for any other object (`make_op(x)(a)` may have effects)."""
        params = len(list(ref.get_arguments()))
        kids = list(c.get_children())
        if len(args) == params + 1:  # `op(a, b)` as an operator call: the object is the first argument
            obj, args = _strip_unexposed(next(iter(c.get_arguments()))), args[1:]
        else:
            member = _strip_unexposed(kids[0]) if kids else None
            if member is None or member.kind != K.MEMBER_REF_EXPR:
                return None
            inner = list(member.get_children())
            obj = _strip_unexposed(inner[0]) if inner else None  # None: `twice(v)`, the implicit `this`
        if obj is not None and not (
                obj.kind in (K.DECL_REF_EXPR, K.CXX_THIS_EXPR)
                or obj.kind in (K.CALL_EXPR, K.UNEXPOSED_EXPR) and obj.referenced is not None
                and obj.referenced.kind == K.CONSTRUCTOR and not list(obj.get_arguments())):
            return None
        return self._device_call(definition, args, t, loc)

    def _member_call(self, c, ref, definition, args, t, loc) -> A.Expr | None:
        """`it.advance(2)`, `*it`, `a != b`, `p->norm()` on a struct with state: a call of the member
        function with its object as first argument (`Cursor::operator*(it)`); the function reads and
        writes the object through its `this` parameter (a reference, `function`). None when the object
        is not a value the lift can name."""
        params = len(list(ref.get_arguments()))
        if len(args) == params + 1:  # an operator call: clang passes the object as its first argument
            obj, args = args[0], tuple(args[1:])
        else:
            kids = list(c.get_children())
            member = _strip_unexposed(kids[0]) if kids else None
            if member is None or member.kind != K.MEMBER_REF_EXPR:
                return None
            inner = list(member.get_children())
            base = _strip_unexposed(inner[0]) if inner else None
            if base is None or base.kind == K.CXX_THIS_EXPR:  # `advance(1)` inside another member function
                obj = self.this_ref
            else:
                obj = self.expr(inner[0])
                if isinstance(obj.type, A.Pointer):  # `p->norm()`
                    obj = A.UnOp("*", obj, obj.type.pointee, obj.loc)
            if obj is None:
                return None
        return self._device_call(definition, (obj,) + tuple(args), t, loc)

    def _operator_call(self, c, ref, op: str, args, t, loc) -> A.Expr:
        """Operators of the prelude's types (`__half`, `float2`...), as the C operators they define."""
        kids = [ch for ch in c.get_children()]
        if len(args) <= 1 and kids and kids[0].kind == K.MEMBER_REF_EXPR:  # member operator: a.operator*(b),
            # or a conversion, `h.operator float()` (c10::Half's, called for `static_cast<float>(h)`)
            base = list(kids[0].get_children())
            if base:
                args = (self.expr(base[0]),) + args
        if len(args) == 2 and op in ("+", "-", "*", "/", "<", ">", "<=", ">=", "==", "!="):
            return A.BinOp(op, args[0], args[1], t, loc)
        if len(args) == 2 and op in _ASSIGN_OPS:
            return A.Assign(op, args[0], args[1], t, loc)
        if len(args) == 1 and op == "-":
            return A.UnOp("-", args[0], t, loc)
        if len(args) == 1 and ref.kind == K.CONVERSION_FUNCTION:  # `operator float` of __half
            return A.Cast(args[0], t, True, loc)
        return A.UnsupportedExpr(f"overloaded operator{op}", t, loc)

    def function_name(self, c: ci.Cursor) -> str:
        args = template_args(c)
        if not args:
            return c.spelling
        return c.spelling + "<" + ", ".join(args) + ">"

    def device_function_name(self, definition: ci.Cursor) -> str:
        """A name of its own for each `__device__` function: the plain one (`f`, `scale<float>`) for the
        first function so spelled, a qualified one for another (`b::g`, `Util::max`), and a numbered one
        for an overload (`f(int)` beside `f(float)` is `f__overload2`). Calls and the function's lifted
        form meet by this name; two functions once shared one and every call went to the last."""
        key = _decl_key(definition)
        known = self.device_names.get(key)
        if known is not None:
            return known
        taken = set(self.device_names.values())
        plain = self.function_name(definition)
        if definition.kind == K.CONSTRUCTOR or definition.kind == K.CXX_METHOD and not definition.is_static_method():
            # a functor's member (`Max<float>::operator()`): its struct's name says which one it is
            plain = f"{definition.semantic_parent.spelling}::{plain}"
        name = plain
        if name in taken:
            name = "::".join(_scope_names(definition) + [plain])
        n = 2
        while name in taken:
            name = f"{plain}__overload{n}"
            n += 1
        self.device_names[key] = name
        return name

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
            kids = list(c.get_children())
            if kids and all(ch.kind in _COMPILE_TIME_DECLS for ch in kids):
                # `typedef typename Traits<T>::scalar_t scalar_t;`, `using acc_t = float;`, static_assert:
                # nothing runs; clang has already resolved every use of the name to its type
                return []
            return [self._var_decl(ch, c) for ch in kids if ch.kind == K.VAR_DECL] or [
                A.UnsupportedStmt("declaration", loc)]
        if k == K.NULL_STMT:
            return []
        if k == K.IF_STMT:
            kids = list(c.get_children())
            if len(kids) not in (2, 3) or kids[0].kind in (K.VAR_DECL, K.DECL_STMT) or not kids[0].kind.is_expression() \
                    or _header_has_semicolon(c):  # `if (x++; x > 0)` has 3 children like `if (c) a; else b;`
                return [A.UnsupportedStmt("if with an init statement or a declaration in its condition", loc)]
            other = self.single(kids[2]) if len(kids) == 3 else None
            return [A.If(self.expr(kids[0]), self.single(kids[1]), other, loc)]
        if k == K.FOR_STMT:
            return [self._for(c, loc)]
        if k == K.CXX_FOR_RANGE_STMT:
            return [self._range_for(c, loc)]
        if k == K.WHILE_STMT:
            kids = list(c.get_children())
            if len(kids) != 2:  # `while (int x = next())`: a declaration in the condition
                return [A.UnsupportedStmt("while with a declaration in its condition", loc)]
            cond, body = kids
            return [A.While(self.expr(cond), self.single(body), loc)]
        if k == K.DO_STMT:
            body, cond = list(c.get_children())
            return [A.While(self.expr(cond), self.single(body), loc, do_while=True)]
        if k == K.SWITCH_STMT:
            return [self._switch(c, loc)]
        if k in (K.CASE_STMT, K.DEFAULT_STMT):
            return [A.UnsupportedStmt("case label outside the top level of its switch's body", loc,
                                      construct=_SWITCH)]
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

    def _switch(self, c: ci.Cursor, loc: A.Loc) -> A.Stmt:
        """`switch` whose clauses never fall through, as the `if` chain it means:

            switch (mode) {                         { int switch_on = mode;
              case TOP: case BOTTOM: y = 1; break;    if (switch_on == TOP || switch_on == BOTTOM) { y = 1; }
              case LEFT: y = 2; break;        ->      else if (switch_on == LEFT) { y = 2; }
              default: y = 3;                         else { y = 3; } }
            }

        The value is read once; each clause ends in `break` (or is the last); any other `break` of the
        switch (one inside an `if` of a clause), fallthrough into the next clause, or a label below the
        body's top level is refused at its line."""
        kids = list(c.get_children())
        if len(kids) != 2 or not kids[0].kind.is_expression() or kids[1].kind != K.COMPOUND_STMT:
            return A.UnsupportedStmt("switch with an init statement or a declaration in its condition", loc,
                                     construct=_SWITCH)
        value = self.expr(kids[0])
        clauses: list[tuple[list[A.Expr] | None, list[A.Stmt], A.Loc]] = []  # (case values; None: default)
        for ch in kids[1].get_children():
            if ch.kind in (K.CASE_STMT, K.DEFAULT_STMT):
                values: list[A.Expr] | None = []
                is_default = False
                inner = ch
                while inner is not None and inner.kind in (K.CASE_STMT, K.DEFAULT_STMT):
                    parts = list(inner.get_children())
                    if inner.kind == K.DEFAULT_STMT:
                        is_default = True
                    else:
                        values.append(self.expr(parts[0]))
                    inner = parts[-1] if parts and (inner.kind == K.DEFAULT_STMT or len(parts) > 1) else None
                if is_default:
                    # `case 0: default:` runs for 0 and for every value no other clause names; no other clause
                    # names 0 (case values are distinct), so it is the default clause
                    values = None
                if clauses and not _ends_clause(clauses[-1][1]):
                    return A.UnsupportedStmt("switch clause falling through into the next one", self.loc(ch),
                                             construct=_SWITCH)
                clauses.append((values, self.stmts(inner) if inner is not None else [], self.loc(ch)))
            elif not clauses:
                return A.UnsupportedStmt("statement before the first case label of a switch", self.loc(ch),
                                         construct=_SWITCH)
            else:
                clauses[-1][1].extend(self.stmts(ch))
        decl = f"__c2t_switch@{loc.line}:{loc.col}"
        var = A.VarRef("switch_on", decl, value.type, loc)
        chain: A.Stmt | None = None
        default = next((body for values, body, _ in clauses if values is None), None)
        if default is not None:
            chain = A.Block(tuple(_without_final_break(default)), loc)
        for values, body, at in reversed([x for x in clauses if x[0] is not None]):
            body = _without_final_break(body)
            if any(isinstance(n, A.Break) for s in body for n in _outside_loops(s)):
                return A.UnsupportedStmt("`break` out of a switch from inside a clause's if", at, construct=_SWITCH)
            cond: A.Expr | None = None
            for v in values:
                test = A.BinOp("==", var, A.Cast(v, value.type, True, v.loc), A.Scalar("bool"), v.loc)
                cond = test if cond is None else A.BinOp("||", cond, test, A.Scalar("bool"), v.loc)
            chain = A.If(cond, A.Block(tuple(body), at), chain, at)
        if default is not None and any(isinstance(n, A.Break) for s in _without_final_break(default)
                                       for n in _outside_loops(s)):
            return A.UnsupportedStmt("`break` out of a switch from inside a clause's if", loc, construct=_SWITCH)
        read_once = A.VarDecl("switch_on", decl, value.type, value, loc, const=True)
        return A.Block((read_once,) + ((chain,) if chain else ()), loc, written_as=_SWITCH)

    def single(self, c: ci.Cursor) -> A.Stmt:
        body = self.stmts(c)
        if len(body) == 1:
            return body[0]
        return A.Block(tuple(body), self.loc(c))

    def _var_decl(self, c: ci.Cursor, statement: ci.Cursor | None = None) -> A.Stmt:
        loc = self.loc(c)
        kids = list(c.get_children())
        shared = any(ch.kind == K.CUDASHARED_ATTR for ch in kids)
        init = self._initializer(c)
        if init is None and _writes_initializer(c, statement or c):
            # `float a = nope + v;`: clang dropped an initialiser it could not parse and kept the variable;
            # lifting it would read an uninitialised value
            return A.UnsupportedStmt(f"the initialiser of '{c.spelling}' could not be parsed", loc, "C2T1105")
        if c.storage_class == ci.StorageClass.STATIC and not shared:
            # `static int flag;` in device code is one variable for the whole grid, not per thread
            return A.UnsupportedStmt(f"static local variable '{c.spelling}' (one object shared by every thread)",
                                     loc, "C2T1204")
        decl = _decl_key(c)
        volatile = "volatile" in c.type.spelling.split("*")[0] and c.type.get_canonical().kind != TK.POINTER
        self.touch_type(c.type)
        if is_invalid_declaration(c):
            return A.UnsupportedStmt(f"declaration of '{c.spelling}' has an error", loc, "C2T1105")
        t = ctype(c.type)
        if isinstance(t, A.Array) and isinstance(init, A.Call) and init.device_function and not shared:
            # `Point<T> vec[4];` whose default constructor sets fields (`Point(T x = 0, T y = 0)`): C++ runs
            # it for each element, first to last
            k = A.VarRef("element", f"__c2t_element@{c.location.offset}", A.Scalar("int32"), loc)
            element = A.Index(A.VarRef(c.spelling, decl, t, loc), k, t.elem, loc)
            each = A.For(A.VarDecl(k.name, k.decl, k.type, A.IntLit(0, k.type, loc), loc),
                         A.BinOp("<", k, A.IntLit(t.size, k.type, loc), A.Scalar("bool"), loc),
                         A.Assign("+=", k, A.IntLit(1, k.type, loc), k.type, loc),
                         A.ExprStmt(A.Assign("=", element, replace(init, type=t.elem), t.elem, loc), loc), loc)
            return A.Block((A.VarDecl(c.spelling, decl, t, None, loc, False, shared, volatile), each), loc)
        return A.VarDecl(c.spelling, decl, t, init, loc, c.type.is_const_qualified(), shared, volatile)

    def _initializer(self, c: ci.Cursor) -> A.Expr | None:
        init = var_initializer(c)
        if init is None:
            return None
        t = ctype(c.type)
        if init.kind == K.CALL_EXPR and not list(init.get_arguments()) and \
                [tok.spelling for tok in init.get_tokens()] in ([], [c.spelling]):
            if _initialising_constructor(init.referenced):
                # `Acc a;` whose class's default constructor sets fields (`Acc() : s(0) {}`, or the implicit
                # one of `struct Acc { float s = 0; };`): it runs, as `Acc a = Acc();`
                return self.expr(init)
            return None  # a default constructor clang calls implicitly (`__half h;`): no initial value
        if init.kind == K.INIT_LIST_EXPR:
            items = [ch for ch in init.get_children() if ch.kind.is_expression()]
            if isinstance(t, A.Scalar) and len(items) == 1:
                return self.expr(items[0])  # `float w{3.0f}` is `float w = 3.0f` (narrowing would not compile)
            if isinstance(t, A.Scalar) and not items:
                return A.IntLit(0, t, self.loc(init)) if not t.dtype.startswith(("float", "bfloat")) else \
                    A.FloatLit(0.0, t, self.loc(init))  # `int n{};` is value-initialised: zero
            if isinstance(t, A.Array):
                return self._init_list(init, t)
            return A.UnsupportedExpr("initializer list", t, self.loc(init))
        return self.expr(init)

    def _init_list(self, c: ci.Cursor, t: A.CType) -> A.InitList:
        """`{1.0f, 2.0f}` (nested lists nested) for an array; the lift places the items."""
        items = tuple(self._init_list(ch, ctype(ch.type)) if ch.kind == K.INIT_LIST_EXPR else self.expr(ch)
                      for ch in c.get_children() if ch.kind.is_expression())
        return A.InitList(items, t, self.loc(c))

    def _for(self, c: ci.Cursor, loc: A.Loc) -> A.Stmt:
        # libclang drops absent for-clauses from the children, so place each child by its offset
        # relative to the header's two semicolons: `for (init; cond; step) body`.
        semis, close = _head_semicolons(c)
        if len(semis) != 2 or close is None:
            return self._macro_for(c, loc)
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

    def _range_for(self, c: ci.Cursor, loc: A.Loc) -> A.Stmt:
        """`for (decl : range) body` as the loop C++ defines it to be:

            for (int i : grid::over_x(n)) body     {  Strided<int> loop_range = grid::over_x(n);
                                           ->         Cursor loop_it = loop_range.begin();
                                                      Cursor loop_end = loop_range.end();
                                                      for (; loop_it != loop_end; ++loop_it) { int i = *loop_it; body }  }

        the member functions and operators being the user's own (lifted as member functions of structs
        with state), or a pointer's. Over an array (`for (float t : taps)`) it counts through the array,
        and a reference (`for (float& t : taps)`) is the element itself. libclang lists neither `end()`
        nor the iterator's operators of a class template's specialization: those come from a probe the
        front end adds to the file (`probe_requests`, frontend.py); until then the loop is refused."""
        kids = list(c.get_children())
        if len(kids) != 3 or kids[0].kind != K.VAR_DECL:
            return A.UnsupportedStmt("range-based for with an init statement", loc, "C2T1201", construct=_RANGE_FOR)
        var, range_c, body_c = kids
        begin_var = next((n.referenced for n in preorder(var) if n.kind == K.DECL_REF_EXPR and n.referenced is not None
                          and n.referenced.kind == K.VAR_DECL and n.spelling.startswith("__begin")), None)
        if begin_var is None:
            return A.UnsupportedStmt("range-based for whose loop variable clang does not read from its iterator", loc,
                                     "C2T1201", construct=_RANGE_FOR)
        if range_c.type.get_canonical().kind == TK.CONSTANTARRAY:
            return self._array_range_for(var, range_c, body_c, loc)
        begin_call = _strip_unexposed(var_initializer(begin_var))
        begin = begin_call.referenced if begin_call is not None else None
        if begin is None or begin.kind != K.CXX_METHOD:
            return A.UnsupportedStmt("range-based for over a type whose begin() is not a member function", loc,
                                     "C2T1201", construct=_RANGE_FOR)
        range_var = next((n.referenced for n in preorder(begin_call) if n.kind == K.DECL_REF_EXPR
                          and n.spelling.startswith("__range") and n.referenced is not None), None)
        iterator_t = begin_var.type.get_canonical()
        pointer_iterator = iterator_t.kind == TK.POINTER
        members = self._range_members(range_c.type, begin, iterator_t, pointer_iterator)
        if range_var is None or members is None:
            return A.UnsupportedStmt(
                f"range-based for over '{range_c.type.get_canonical().spelling}': its end() or its iterator's "
                "operator!= and operator++ were not found", loc, "C2T1201", construct=_RANGE_FOR)
        # the range, by value: `auto&& __range = expr;` binds a temporary (a copy of it changes nothing) or
        # a variable; a body that could change that variable while the copy iterates is refused
        named = _strip_unexposed(range_c)
        if named is not None and named.kind == K.DECL_REF_EXPR and named.referenced is not None and any(
                n.kind == K.DECL_REF_EXPR and n.referenced == named.referenced for n in preorder(body_c)):
            return A.UnsupportedStmt(f"range-based for over '{named.spelling}', which its body uses", loc, "C2T1201",
                                     construct=_RANGE_FOR)
        range_t = ctype(range_c.type)
        range_decl = A.VarDecl("loop_range", _decl_key(range_var), range_t, self.expr(range_c), loc)
        range_ref = A.VarRef("loop_range", range_decl.decl, range_t, loc)
        it_t = ctype(begin_var.type)
        it_decl = A.VarDecl("loop_it", _decl_key(begin_var), it_t, self.expr(begin_call), loc)
        it_ref = A.VarRef("loop_it", it_decl.decl, it_t, loc)
        end_ref = A.VarRef("loop_end", f"__c2t_end@{loc.line}:{loc.col}", it_t, loc)
        end_decl = A.VarDecl("loop_end", end_ref.decl, it_t, self._call_member(members["end"], (range_ref,), it_t, loc),
                             loc)
        boolean = A.Scalar("bool")
        if pointer_iterator:
            cond = A.BinOp("!=", it_ref, end_ref, boolean, loc)
            step = A.Assign("+=", it_ref, A.IntLit(1, A.Scalar("int32"), loc), it_t, loc)
        else:
            cond = self._call_member(members["operator!="], (it_ref, end_ref), boolean, loc)
            step = self._call_member(members["operator++"], (it_ref,), it_t, loc)
        body = A.Block((self._var_decl(var), self.single(body_c)), loc)
        return A.Block((range_decl, it_decl, end_decl, A.For(None, cond, step, body, loc)), loc,
                       written_as=_RANGE_FOR)

    def _device_call(self, definition: ci.Cursor, args: tuple, t: A.CType, loc: A.Loc) -> A.Call:
        """A call of a user's `__device__` function (or member function, or constructor), whose
        definition is queued to be built under the name calls and definition share."""
        self.device_queue.append(definition)
        return A.Call(self.device_function_name(definition), args, t, loc, device_function=True)

    def _call_member(self, method: ci.Cursor, args: tuple, t: A.CType, loc: A.Loc) -> A.Expr:
        definition = method.get_definition() or method
        if not (_is_device(method) and definition.is_definition() and object_record(definition) is not None):
            return A.UnsupportedExpr(f"call to member function '{_qualified(method)}'", t, loc, "C2T1204")
        return self._device_call(definition, args, t, loc)

    def _range_members(self, range_type: ci.Type, begin: ci.Cursor, iterator_t: ci.Type,
                       pointer_iterator: bool) -> dict[str, ci.Cursor] | None:
        """`end` (of the range, of the constness `begin` has), `operator!=` and `operator++` (of the
        iterator; prefix, members): from the classes' own members, else from the probe of the range's
        type; None (and the type asked for in the next parse) when neither lists them."""
        wanted = {"end": (begin.semantic_parent, 0, begin.is_const_method())}
        if not pointer_iterator:
            iterator = iterator_t.get_declaration()
            wanted["operator!="] = (iterator, 1, None)
            wanted["operator++"] = (iterator, 0, False)
        found: dict[str, ci.Cursor] = {}
        for name, (record, params, const) in wanted.items():
            candidates = [ch for ch in (record.get_children() if record is not None else ())
                          if ch.kind == K.CXX_METHOD and ch.spelling == name and len(list(ch.get_arguments())) == params]
            # `end` of begin's constness, as `__range.end()` resolves; `++` preferably the non-const one
            chosen = [ch for ch in candidates if const is None or ch.is_const_method() == const] or \
                (candidates if name == "operator++" else [])
            if chosen:
                found[name] = chosen[0]
        if len(found) == len(wanted):
            return found
        key = _probe_key(range_type)
        probed = self.probed.get(key)
        if probed is not None and all(name in probed for name in wanted):
            return {name: probed[name] for name in wanted}
        self.probe_requests[key] = None
        return None

    def _array_range_for(self, var: ci.Cursor, range_c: ci.Cursor, body_c: ci.Cursor, loc: A.Loc) -> A.Stmt:
        """`for (float t : taps) body` -> `for (int loop_k = 0; loop_k < 3; loop_k++) { float t = taps[loop_k];
        body }`; `for (float& t : taps)`: every `t` in the body is `taps[loop_k]`."""
        named = _strip_unexposed(range_c)
        if named is None or named.kind not in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR):
            return A.UnsupportedStmt("range-based for over an array that is not a named variable or field", loc,
                                     "C2T1201", construct=_RANGE_FOR)
        size = range_c.type.get_canonical().get_array_size()
        counter_t = A.Scalar("int32")
        k = A.VarRef("loop_k", f"__c2t_k@{loc.line}:{loc.col}", counter_t, loc)
        array = self.expr(range_c)
        elem_t = ctype(range_c.type.get_canonical().element_type)
        element = A.Index(array, k, elem_t, loc)
        decl = _decl_key(var)
        body = self.single(body_c)
        if var.type.get_canonical().kind == TK.LVALUEREFERENCE:
            body = A.Block((_substituted(body, decl, element),), loc)
        else:
            value = element if ctype(var.type) == elem_t else A.Cast(element, ctype(var.type), True, loc)
            body = A.Block((A.VarDecl(var.spelling, decl, ctype(var.type), value, self.loc(var),
                                      var.type.is_const_qualified()), body), loc)
        init = A.VarDecl("loop_k", k.decl, counter_t, A.IntLit(0, counter_t, loc), loc)
        loop = A.For(init, A.BinOp("<", k, A.IntLit(size, counter_t, loc), A.Scalar("bool"), loc),
                     A.Assign("+=", k, A.IntLit(1, counter_t, loc), counter_t, loc), body, loc)
        return A.Block((loop,), loc, written_as=_RANGE_FOR)

    def _macro_for(self, c: ci.Cursor, loc: A.Loc) -> A.Stmt:
        """A `for` written by a macro (`CUDA_KERNEL_LOOP(i, n) { ... }`): its tokens are the macro's
        invocation, so the clauses cannot be placed by the head's semicolons. clang lists the clauses
        present in order (init, condition, step, body), so four children are all four clauses, whatever
        the macro; with fewer, which one is missing cannot be told, and the loop is refused."""
        kids = list(c.get_children())
        if len(kids) == 4 and kids[1].kind.is_expression() and kids[2].kind.is_expression() and (
                kids[0].kind == K.DECL_STMT or kids[0].kind.is_expression()):
            return A.For(self.single(kids[0]), self.expr(kids[1]), self.expr(kids[2]), self.single(kids[3]), loc)
        return A.UnsupportedStmt("for loop written through a macro with a clause left out (which one cannot be "
                                 "told from the macro's expansion)", loc)

    # ------------------------------------------------------------ functions
    def function(self, c: ci.Cursor, is_kernel: bool) -> A.Function:
        outer, self.touched = self.touched, set()
        outer_invalid, self.invalid_types = self.invalid_types, set()
        outer_this = self.this_ref
        record = None if is_kernel else object_record(c)
        self.this_ref = None
        if record is not None:
            self.this_ref = A.VarRef("this", f"__c2t_this@{self.function_key(c)}", ctype(record.type), self.loc(c))
        try:
            self.touch(c)
            self.touch_type(c.result_type)
            params = []
            if record is not None and c.kind == K.CXX_METHOD:
                # the object, by reference: `++it` advances the caller's `it` (a const member function's is
                # read only, and references_as_values passes it by value)
                params.append(A.Param("this", self.this_ref.decl, A.Reference(
                    f"{record.type.spelling}&", self.this_ref.type, c.is_const_method()), self.loc(c)))
            for p in c.get_arguments():
                restrict = "__restrict__" in [t.spelling for t in p.get_tokens()] or p.type.is_restrict_qualified()
                self.touch_type(p.type)
                params.append(A.Param(p.spelling, _decl_key(p),
                                      ctype(p.type), self.loc(p), restrict))
            body = None
            for ch in c.get_children():
                if ch.kind == K.COMPOUND_STMT:
                    body = self.single(ch)
            if body is not None and (is_invalid_declaration(c) or any(is_invalid_declaration(p)
                                                                        for p in c.get_arguments())):
                # clang marks the whole function invalid when its signature has an error (an unknown
                # parameter type): every use of that parameter would otherwise read as int
                body = A.Block((A.UnsupportedStmt(f"the declaration of '{c.spelling}' has an error", self.loc(c),
                                                  "C2T1105"),) + body.body, body.loc)
            if body is not None and self.invalid_types:
                # `typedef __nv_bfloat16 floatX;` with no declaration of __nv_bfloat16: clang types floatX int
                names = ", ".join(sorted(self.invalid_types))
                body = A.Block((A.UnsupportedStmt(f"uses type '{names}', whose declaration has an error",
                                                  self.loc(c), "C2T1105"),) + body.body, body.loc)
            name = self.function_name(c) if is_kernel else self.device_function_name(c)
            returns = ctype(c.result_type)
            if record is not None and c.kind == K.CONSTRUCTOR:  # (an implicit one has no body)
                body, returns = self._constructor_body(c, record, body or A.Block((), self.loc(c))), self.this_ref.type
            elif record is not None and body is not None and _returns_own_reference(c, record):
                body, returns = _without_returned_object(body, self.this_ref), A.Void()
            return A.Function(name, tuple(params), returns, body, self.loc(c),
                              is_kernel, template_args(c), end_line=c.extent.end.line,
                              clang_errors=self.errors_in_touched())
        finally:
            self.touched = outer
            self.invalid_types = outer_invalid
            self.this_ref = outer_this

    def _constructor_body(self, c: ci.Cursor, record: ci.Cursor, body: A.Block) -> A.Block:
        """A constructor as a function that returns the object it builds:

            Cursor(I at, I step) : at_(at), step_(step) { check(); }
            ->  { Cursor this; this.at_ = at; this.step_ = step; check(); return this; }

        Fields are initialised in the order they are declared (C++'s order, whatever the order of the
        list), each from the constructor's list or else from its default member initialiser
        (`int n = 0;`); a field with neither is left as C leaves it. A base-class initialiser or a
        delegating constructor is refused."""
        loc = self.loc(c)
        listed: dict[str, ci.Cursor] = {}
        pending: str | None = None
        for ch in c.get_children():
            if ch.kind == K.MEMBER_REF:
                pending = ch.spelling
            elif ch.kind in (K.TYPE_REF, K.TEMPLATE_REF) and ch.extent.start.offset > c.location.offset:
                # (a TYPE_REF before the name is the qualifier of an out-of-class definition, `Cursor::Cursor`)
                return A.Block((A.UnsupportedStmt(f"constructor initialising a base or delegating to another "
                                                  f"constructor ('{ch.spelling}')", loc, "C2T1207"),), loc)
            elif pending is not None and ch.kind.is_expression():
                listed[pending], pending = ch, None
        this = self.this_ref
        stmts: list[A.Stmt] = [A.VarDecl("this", this.decl, this.type, None, loc)]
        for field in record.type.get_fields():  # (a specialization's cursor lists no fields; its type does)
            init = listed.get(field.spelling)
            if init is None:
                init = next((ch for ch in field.get_children() if ch.kind.is_expression()), None)
            if init is None:
                continue
            ft = ctype(field.type)
            value = self._member_initializer(init, ft)
            target = A.Member(this, field.spelling, ft, self.loc(init))
            stmts.append(A.ExprStmt(A.Assign("=", target, value, ft, self.loc(init)), self.loc(init)))
        return A.Block(tuple(stmts) + body.body + (A.Return(this, loc),), body.loc)

    def _member_initializer(self, init: ci.Cursor, t: A.CType) -> A.Expr:
        """`at_(at)`, `at_{at}`, `n = 0` of a field of type `t`."""
        inner = _strip_unexposed(init)
        if inner is not None and inner.kind == K.INIT_LIST_EXPR:
            items = [ch for ch in inner.get_children() if ch.kind.is_expression()]
            if isinstance(t, A.Scalar) and len(items) == 1:
                return self.expr(items[0])
            if isinstance(t, A.Scalar) and not items:
                return A.FloatLit(0.0, t, self.loc(init)) if t.dtype.startswith(("float", "bfloat")) else \
                    A.IntLit(0, t, self.loc(init))
            return A.UnsupportedExpr("initializer list of a field", t, self.loc(init))
        return self.expr(init)

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


def _decl_key(c: ci.Cursor) -> str:
    """How VarRef and VarDecl name one declaration (the same key `_decl_ref` gives its uses)."""
    return c.get_usr() or f"{c.spelling}@{c.location.offset}"


def _probe_key(t: ci.Type) -> str:
    """A range's type as its probe names it (`tv::detail::KernelLoop<int>`, `const Span`)."""
    return t.get_canonical().spelling


def _substituted(node, decl: str, replacement):
    """`node` with every use of the variable `decl` replaced by `replacement` (an expression that
    names the same object: a reference loop variable's element)."""
    if isinstance(node, A.VarRef) and node.decl == decl:
        return replacement
    if isinstance(node, tuple):
        items = tuple(_substituted(x, decl, replacement) for x in node)
        return node if all(a is b for a, b in zip(items, node)) else items
    if not hasattr(node, "__dataclass_fields__") or isinstance(node, A.Loc):
        return node
    changes = {}
    for f in fields(node):
        value = getattr(node, f.name)
        new = _substituted(value, decl, replacement)
        if new is not value:
            changes[f.name] = new
    return replace(node, **changes) if changes else node


def _returns_own_reference(function: ci.Cursor, record: ci.Cursor) -> bool:
    """`Cursor& operator++()`: a member function returning a reference to an object of its own class
    (`return *this;`, the usual form; _without_returned_object checks that it is that one)."""
    t = function.result_type
    return t.kind == TK.LVALUEREFERENCE and t.get_pointee().get_canonical().spelling.replace("const ", "") == \
        record.type.get_canonical().spelling


def _without_returned_object(body: A.Block, this: A.VarRef) -> A.Block:
    """`... return *this;` as `... return;` (the caller has the object already), when every `return`
    returns `*this`. A function returning any other reference keeps its body and its reference type,
    which the lift refuses."""
    returns = [n for n in A.walk(body) if isinstance(n, A.Return)]
    if not returns or any(not (isinstance(r.value, A.VarRef) and r.value.decl == this.decl) for r in returns):
        return body
    return _map_returns(body)


def _map_returns(s):
    if isinstance(s, A.Return):
        return A.Return(None, s.loc)
    if isinstance(s, A.Block):
        return replace(s, body=tuple(_map_returns(x) for x in s.body))
    if isinstance(s, A.If):
        return replace(s, then=_map_returns(s.then), other=_map_returns(s.other) if s.other is not None else None)
    if isinstance(s, (A.For, A.While)):
        return replace(s, body=_map_returns(s.body))
    return s


def _ends_clause(body: list) -> bool:
    """Whether a switch clause ends so that control never reaches the next label (`break;`, also as the
    last statement of a braced clause `case 1: { ...; break; }`)."""
    if body and isinstance(body[-1], A.Block):
        return _ends_clause(list(body[-1].body))
    return bool(body) and isinstance(body[-1], (A.Break, A.Return, A.Continue))


def _without_final_break(body: list) -> list:
    if body and isinstance(body[-1], A.Block):
        return body[:-1] + [replace(body[-1], body=tuple(_without_final_break(list(body[-1].body))))]
    return body[:-1] if body and isinstance(body[-1], A.Break) else body


def _outside_loops(s):
    """The statements of `s` a `break` there would leave the switch from: not inside a loop of its own."""
    if isinstance(s, (A.For, A.While)):
        return
    yield s
    for child in (getattr(s, "then", None), getattr(s, "other", None)):
        if child is not None:
            yield from _outside_loops(child)
    for child in getattr(s, "body", ()) if isinstance(s, A.Block) else ():
        yield from _outside_loops(child)


def _writes_initializer(c: ci.Cursor, statement: ci.Cursor) -> bool:
    """Whether a variable declaration is written with an initialiser: `= e`, `(e)` or `{e}` after the
    name (and its array bounds). Read from the whole declaration statement: when clang drops an
    initialiser it cannot parse, the variable's own extent ends at its name."""
    found = list(statement.get_tokens())
    name_at = c.location.offset
    start = next((k for k, tok in enumerate(found) if tok.location.offset == name_at), None)
    tokens = [tok.spelling for tok in found]
    if start is None or tokens[start] != c.spelling:
        # written by a macro (`ATOMIC(Mul)` expanding to `uint32_t assumed;`): the statement's tokens are
        # the macro call's, and say nothing of the declaration. An initialiser clang could not parse there
        # is a clang error, which refuses the kernel (C2T1101) before this matters.
        return False
    i = start + 1
    depth = 0
    while i < len(tokens):  # skip array bounds: `float a[4] = {...}`
        s = tokens[i]
        if s == "[":
            depth += 1
        elif s == "]":
            depth -= 1
        elif depth == 0:
            return s in ("=", "(", "{")
        i += 1
    return False


def _casts_to_reference(c: ci.Cursor) -> bool:
    """Whether an explicit cast names a reference type: `(int&)x`, `static_cast<const float&>(x)`."""
    tokens = [tok.spelling for tok in c.get_tokens()]
    if not tokens:
        return False
    if tokens[0] == "(":  # C style: the type runs to the matching ')'
        depth = 0
        for i, s in enumerate(tokens):
            depth += s == "("
            depth -= s == ")"
            if depth == 0:
                return i > 0 and tokens[i - 1] in ("&", "&&")
        return False
    if len(tokens) > 2 and tokens[1] == "<":  # static_cast<T>(x) and friends: the type runs to the matching '>'
        depth = 0
        for i, s in enumerate(tokens[1:], 1):
            depth += s == "<"
            depth -= s == ">"
            if depth == 0:
                return tokens[i - 1] in ("&", "&&")
    return False


def _head_semicolons(c: ci.Cursor) -> tuple[list[int], int | None]:
    """Offsets of the `;`s in the parenthesised head of a `for`/`if`/`switch`, and of its closing `)`;
    ([], None) when the statement is written by a macro. A macro defined in another file gives no
    tokens; one defined in the same file gives the tokens from its `#define` to the use (clang's
    extent), whose `;`s are the definition's: placing the clauses by them read `GRID_LOOP(i, n) {...}`
    as `for (;;)` with every clause in the body."""
    tokens = list(c.get_tokens())
    if not tokens or tokens[0].extent.start.offset != c.extent.start.offset or c.location.offset != \
            c.extent.start.offset:
        return [], None
    depth, semis = 0, []
    for tok in tokens:
        s = tok.spelling
        if s == "(":
            depth += 1
        elif s == ")":
            depth -= 1
            if depth == 0:
                return semis, tok.extent.start.offset
        elif s == ";" and depth == 1:
            semis.append(tok.extent.start.offset)
    return semis, None


def _header_has_semicolon(c: ci.Cursor) -> bool:
    """Whether the head of an `if`/`switch` holds a `;` (a C++17 init statement)."""
    return bool(_head_semicolons(c)[0])


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


def _scope_names(cursor: ci.Cursor) -> list[str]:
    """Enclosing namespaces and classes, outermost first (`a::b::Util::max` -> [a, b, Util])."""
    names = []
    parent = cursor.semantic_parent
    while parent is not None and parent.kind in (K.NAMESPACE, K.STRUCT_DECL, K.CLASS_DECL, K.CLASS_TEMPLATE):
        names.insert(0, parent.spelling or "(anonymous)")
        parent = parent.semantic_parent
    return names


def _qualified(cursor: ci.Cursor) -> str:
    return "::".join(_scope_names(cursor) + [cursor.spelling])


def _in_namespace(cursor: ci.Cursor, namespace: str) -> bool:
    parent = cursor.semantic_parent
    while parent is not None and parent.kind != K.TRANSLATION_UNIT:
        if parent.kind == K.NAMESPACE and parent.spelling == namespace:
            return True
        parent = parent.semantic_parent
    return False


def _is_decay(src: A.CType, dst: A.CType) -> bool:
    return isinstance(src, A.Array) and isinstance(dst, A.Pointer)


def preorder(cursor: ci.Cursor):
    """`Cursor.walk_preorder` without recursion: host code may nest 10,000 deep (see MAX_EXPR_DEPTH)."""
    stack = [cursor]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(list(node.get_children())))


def _walk_top(cursor: ci.Cursor, keep: Callable[[ci.Cursor], bool]):
    """Top-level declarations `keep` takes, inside namespaces and `extern "C"` blocks too."""
    for c in cursor.get_children():
        if not keep(c):
            continue
        if c.kind == K.NAMESPACE or c.kind == K.LINKAGE_SPEC:
            yield from _walk_top(c, keep)
        else:
            yield c


def _walk_main(cursor: ci.Cursor, builder: _Builder):
    # the converted file's own: the prelude's thousands of declarations (and its namespaces) are not the user's
    return _walk_top(cursor, builder.in_main_file)


def _walk_user(cursor: ci.Cursor, builder: _Builder):
    """The user's files (the parsed file and its headers, not our prelude): launches of a header's
    kernels are written in the `.cu` that includes it."""
    return _walk_top(cursor, builder.user_code)


def _qualified_name(c: ci.Cursor) -> str:
    parts = [c.spelling]
    parent = c.semantic_parent
    while parent is not None and parent.kind in (K.NAMESPACE, K.CLASS_DECL, K.STRUCT_DECL):
        if not parent.spelling:
            return ""  # an anonymous namespace cannot be named from outside it
        parts.append(parent.spelling)
        parent = parent.semantic_parent
    return "::".join(reversed(parts))


def _template_parameter_kinds(c: ci.Cursor) -> tuple[str, ...]:
    kinds = {K.TEMPLATE_TYPE_PARAMETER: "type", K.TEMPLATE_NON_TYPE_PARAMETER: "value",
             K.TEMPLATE_TEMPLATE_PARAMETER: "template"}
    return tuple(kinds[ch.kind] for ch in c.get_children() if ch.kind in kinds)


def _file_of(c: ci.Cursor) -> str | None:
    f = c.location.file
    return os.path.realpath(f.name) if f is not None else None


def _clip(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def build_translation_unit(tu: ci.TranslationUnit, path: str, display: str, n_lines: int,
                           errors: list[ClangError] | tuple[ClangError, ...] = (),
                           display_of: Callable[[str], str] | None = None, *,
                           parsed_path: str | None = None,
                           converted_elsewhere: frozenset[str] = frozenset()) -> A.TranslationUnit:
    """Our AST of the kernels `path` defines and the device functions they call. `errors` are clang's,
    each attributed to the functions whose code or used declarations contain it (`Function.clang_errors`);
    `display_of` names a header for diagnostics.

    `path` is the file whose kernels are wanted; `parsed_path` the file clang parsed, when that is
    another (a `.cu` that includes the header `path`, so that the header's template kernels are
    instantiated as the `.cu` launches them). `converted_elsewhere`: headers (real paths) whose kernels
    are converted from their own entry in this run; their instantiations are not this file's."""
    builder = _Builder(path, display, tuple(errors), display_of)
    owner = builder.real
    parsed = os.path.realpath(parsed_path) if parsed_path else owner
    failures: list[str] = []
    kernels: list[A.Function] = []
    launches: list[A.LaunchSite] = []
    instantiations: list[ci.Cursor] = []
    elsewhere: dict[tuple[str, str], None] = {}

    def owns(definition: ci.Cursor) -> bool:
        where = _file_of(definition)
        if where == owner:
            return True
        return owner == parsed and where not in converted_elsewhere and builder.user_code(definition)

    builder.probed = _read_range_probes(tu.cursor)
    for c in _walk_main(tu.cursor, builder):
        if c.kind == K.FUNCTION_DECL and _is_kernel(c) and c.is_definition():
            key = builder.function_key(c)
            if key not in builder.seen_functions:
                builder.seen_functions.add(key)
                kernels.append(_contained(builder, c, True, failures))
        elif c.kind == K.FUNCTION_TEMPLATE and _is_kernel(c) and c.is_definition():
            kernels.append(A.Function(c.spelling, (), A.Void(), None, builder.loc(c), True, is_template=True,
                                      end_line=c.extent.end.line, qualified_name=_qualified_name(c),
                                      template_parameters=_template_parameter_kinds(c)))
    for c in _walk_user(tu.cursor, builder):
        if c.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE) and _is_kernel(c) and c.is_definition() and (
                _file_of(c) in converted_elsewhere and _file_of(c) != owner):
            elsewhere[(c.spelling, builder.display_of(_file_of(c)))] = None
        if c.kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.VAR_DECL, K.CXX_METHOD) and not _is_kernel(c):
            for node in preorder(c):
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
        if key in builder.seen_functions or not definition.is_definition() or not owns(definition):
            continue
        builder.seen_functions.add(key)
        kernels.append(_contained(builder, definition, True, failures))
    device: list[A.Function] = []
    while builder.device_queue:
        c = builder.device_queue.pop(0)
        key = builder.function_key(c)
        if key in builder.seen_functions:
            continue
        builder.seen_functions.add(key)
        device.append(_contained(builder, c, False, failures))
    probes = tuple(key for key in builder.probe_requests if key not in builder.probed)
    return A.TranslationUnit(display, tuple(kernels) + tuple(device), tuple(launches),
                             internal_errors=tuple(failures), kernels_elsewhere=tuple(elsewhere),
                             range_probes=probes)


RANGE_PROBE = "__c2t_range_probe_"


def range_probe_text(types: tuple[str, ...]) -> str:
    """Functions that call, on each range type, what a range-based for calls implicitly, so that clang
    instantiates them and libclang shows them as calls (`_read_range_probes`):

        static __device__ void __c2t_range_probe_0(tv::detail::KernelLoop<int>& r) {
          auto b = r.begin(); auto e = r.end(); (void)(b != e); ++b; }
    """
    lines = [f"static __device__ void {RANGE_PROBE}{i}({t}& __c2t_r) {{ auto __c2t_b = __c2t_r.begin(); "
             f"auto __c2t_e = __c2t_r.end(); (void)(__c2t_b != __c2t_e); ++__c2t_b; }}"
             for i, t in enumerate(types) if "(anonymous" not in t and "(lambda" not in t]
    return ("\n" + "\n".join(lines) + "\n") if lines else ""


def _read_range_probes(root: ci.Cursor) -> dict[str, dict[str, ci.Cursor]]:
    """What each probe's calls reach: {range type: {"end": method, "operator!=": ..., "operator++": ...}}."""
    found: dict[str, dict[str, ci.Cursor]] = {}
    for c in root.get_children():
        if c.kind != K.FUNCTION_DECL or not c.spelling.startswith(RANGE_PROBE) or not c.is_definition():
            continue
        params = list(c.get_arguments())
        if len(params) != 1:
            continue
        members: dict[str, ci.Cursor] = {}
        for node in preorder(c):
            ref = node.referenced if node.kind == K.CALL_EXPR else None
            if ref is not None and ref.kind == K.CXX_METHOD and ref.spelling in ("end", "operator!=", "operator++"):
                members.setdefault(ref.spelling, ref)
        found[_probe_key(params[0].type.get_pointee())] = members
    return found


def _contained(builder: _Builder, c: ci.Cursor, is_kernel: bool, failures: list[str]) -> A.Function:
    """Build one function; a failure inside cuda2tile costs only that function (its kernel is refused
    with C2T9001 and the traceback kept for --debug), never the file's other kernels."""
    try:
        return builder.function(c, is_kernel)
    except Exception as err:  # the error boundary of one function: reported, never dropped
        failures.append(traceback.format_exc())
        loc = builder.loc(c)
        name = c.spelling
        with contextlib.suppress(Exception):  # the name calls use: a __device__ function's may be qualified
            name = builder.function_name(c) if is_kernel else builder.device_function_name(c)
        refusal = A.UnsupportedStmt(f"internal error while reading '{c.spelling}': {type(err).__name__}", loc,
                                    "C2T9001")
        return A.Function(name, (), A.Void(), A.Block((refusal,), loc), loc, is_kernel,
                          end_line=c.extent.end.line)
