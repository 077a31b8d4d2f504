"""Operator kinds of clang cursors.

The libclang 18 Python bindings lack `Cursor.binary_operator`, but libclang.so exports
`clang_getCursorBinaryOperatorKind` / `clang_getCursorUnaryOperatorKind` (LLVM_17). We register
them through ctypes once and translate the enum values to C spellings here.
"""

from __future__ import annotations

import ctypes

import clang.cindex as ci

# CXBinaryOperatorKind (clang-c/Index.h, LLVM 17+), index = enum value.
BINARY_OPS = (
    None, ".*", "->*", "*", "/", "%", "+", "-", "<<", ">>", "<=>", "<", ">", "<=", ">=", "==", "!=",
    "&", "^", "|", "&&", "||", "=", "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "^=", "|=", ",",
)
# CXUnaryOperatorKind: PostInc PostDec PreInc PreDec AddrOf Deref Plus Minus Not LNot Real Imag Extension Coawait
UNARY_OPS = (None, "post++", "post--", "++", "--", "&", "*", "+", "-", "~", "!", "__real", "__imag",
             "__extension__", "co_await")

_registered = False


def _register() -> None:
    global _registered
    if _registered:
        return
    lib = ci.conf.lib
    for name in ("clang_getCursorBinaryOperatorKind", "clang_getCursorUnaryOperatorKind"):
        fn = getattr(lib, name)
        fn.argtypes = [ci.Cursor]
        fn.restype = ctypes.c_int
    _registered = True


def binary_operator(cursor: ci.Cursor) -> str | None:
    _register()
    value = ci.conf.lib.clang_getCursorBinaryOperatorKind(cursor)
    return BINARY_OPS[value] if 0 <= value < len(BINARY_OPS) else None


def unary_operator(cursor: ci.Cursor) -> str | None:
    _register()
    value = ci.conf.lib.clang_getCursorUnaryOperatorKind(cursor)
    return UNARY_OPS[value] if 0 <= value < len(UNARY_OPS) else None


_own_lib: ctypes.CDLL | None = None


def own_function(name: str, argtypes: list, restype, errcheck=None):
    """A libclang function through a handle of our own, so that setting its argument and result types
    never changes the function the Python bindings call (`Cursor.get_template_argument_kind` would
    start returning ints if we retyped the shared one)."""
    global _own_lib
    if _own_lib is None:
        _own_lib = ctypes.CDLL(ci.conf.lib._name)
    fn = getattr(_own_lib, name)
    fn.argtypes = argtypes
    fn.restype = restype
    if errcheck is not None:
        fn.errcheck = errcheck
    return fn


_is_invalid = None


def is_invalid_declaration(cursor: ci.Cursor) -> bool:
    """Whether clang marked this declaration invalid (an unknown type in it, a redefinition...):
    `typedef __nv_bfloat16 floatX;` without `<cuda_bf16.h>` is invalid, and its type falls back to int."""
    global _is_invalid
    if _is_invalid is None:
        _is_invalid = own_function("clang_isInvalidDeclaration", [ci.Cursor], ctypes.c_int)
    return bool(_is_invalid(cursor))


_initializer = None


def var_initializer(cursor: ci.Cursor) -> ci.Cursor | None:
    """A variable's initialiser as clang sees it (`float acc(2.0f)`, `= e`, `{e}`), or None.

    Looking for `=` among the declaration's tokens missed direct initialisation: `float acc(2.0f);`
    was lifted as an uninitialised variable."""
    global _initializer
    if _initializer is None:
        _initializer = own_function("clang_Cursor_getVarDeclInitializer", [ci.Cursor], ci.Cursor,
                                    ci.Cursor.from_result)
    return _initializer(cursor)


_template_argument_kind = None


def template_argument_kind(cursor: ci.Cursor, index: int) -> int:
    """CXTemplateArgumentKind as an int: the bindings raise on kinds they do not know (5, a template
    template argument)."""
    global _template_argument_kind
    if _template_argument_kind is None:
        _template_argument_kind = own_function("clang_Cursor_getTemplateArgumentKind", [ci.Cursor, ctypes.c_uint],
                                               ctypes.c_int)
    return _template_argument_kind(cursor, index)
