"""Constant evaluation of clang cursors (`clang_Cursor_Evaluate`), registered through ctypes.

Used for literals (robust when a literal comes out of a macro such as `#define N 4096`, whose
tokens are the macro's name) and for folding launch configurations to constants.
"""

from __future__ import annotations

import ctypes

import clang.cindex as ci

_EVAL_INT, _EVAL_FLOAT = 1, 2
_ready = False


def _setup() -> None:
    global _ready
    if _ready:
        return
    lib = ci.conf.lib
    signatures = {
        "clang_Cursor_Evaluate": ([ci.Cursor], ctypes.c_void_p),
        "clang_EvalResult_getKind": ([ctypes.c_void_p], ctypes.c_int),
        "clang_EvalResult_getAsLongLong": ([ctypes.c_void_p], ctypes.c_longlong),
        "clang_EvalResult_isUnsignedInt": ([ctypes.c_void_p], ctypes.c_uint),
        "clang_EvalResult_getAsUnsigned": ([ctypes.c_void_p], ctypes.c_ulonglong),
        "clang_EvalResult_getAsDouble": ([ctypes.c_void_p], ctypes.c_double),
        "clang_EvalResult_dispose": ([ctypes.c_void_p], None),
    }
    for name, (argtypes, restype) in signatures.items():
        fn = getattr(lib, name)
        fn.argtypes = argtypes
        fn.restype = restype
    _ready = True


def evaluate(cursor: ci.Cursor) -> int | float | None:
    """The constant value of an expression cursor, or None when clang cannot fold it."""
    _setup()
    lib = ci.conf.lib
    result = lib.clang_Cursor_Evaluate(cursor)
    if not result:
        return None
    try:
        kind = lib.clang_EvalResult_getKind(result)
        if kind == _EVAL_INT:
            if lib.clang_EvalResult_isUnsignedInt(result):
                return int(lib.clang_EvalResult_getAsUnsigned(result))
            return int(lib.clang_EvalResult_getAsLongLong(result))
        if kind == _EVAL_FLOAT:
            return float(lib.clang_EvalResult_getAsDouble(result))
        return None
    finally:
        lib.clang_EvalResult_dispose(result)
