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
