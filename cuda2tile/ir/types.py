"""C type rules the lift needs: dtype of a CUDA type, and the usual arithmetic conversions."""

from __future__ import annotations

from cuda2tile.parse import cuda_ast as A

_RANK = {"bool": 0, "int8": 1, "uint8": 1, "int16": 2, "uint16": 2, "int32": 3, "uint32": 3, "int64": 4,
         "uint64": 4, "float16": 5, "bfloat16": 5, "float32": 6, "float64": 7}

# sizeof of each scalar dtype, in bytes (byte offsets, bit views of one type through another, struct layouts)
DTYPE_BYTES = {"bool": 1, "int8": 1, "uint8": 1, "int16": 2, "uint16": 2, "float16": 2, "bfloat16": 2,
               "int32": 4, "uint32": 4, "float32": 4, "int64": 8, "uint64": 8, "float64": 8}

def is_float(dtype: str) -> bool:
    return dtype.startswith(("float", "bfloat"))


def is_unsigned(dtype: str) -> bool:
    return dtype.startswith("uint")


def is_integer(dtype: str) -> bool:
    return dtype.startswith(("int", "uint"))


def dtype_bits(dtype: str) -> int:
    """The width of a scalar dtype: dtype_bits("uint32") == 32."""
    return 8 * DTYPE_BYTES[dtype]


def scalar_dtype(t: A.CType) -> str | None:
    return t.dtype if isinstance(t, A.Scalar) else None


def common_dtype(a: str, b: str) -> str:
    """C's usual arithmetic conversions, e.g. (int32, uint32) -> uint32, (int32, float32) -> float32."""
    if is_float(a) or is_float(b):
        return a if _RANK[a] >= _RANK[b] else b
    rank = max(_RANK[a], _RANK[b], 3)  # integer promotion to int
    candidates = [d for d in (a, b) if _RANK[d] == rank]
    if not candidates:
        return "int32"
    if any(is_unsigned(d) for d in candidates):
        return next(d for d in candidates if is_unsigned(d))
    return candidates[0]


def type_name(t: A.CType) -> str:
    """A readable spelling for messages and metadata: float32*, const float16*, float4."""
    if isinstance(t, A.Scalar):
        return t.dtype
    if isinstance(t, A.Pointer):
        pointee = type_name(t.pointee)
        # an opaque pointee keeps clang's spelling, const included: `const c10::Half`, not `const const ...`
        const = "const " if t.const and not pointee.startswith("const ") else ""
        return const + pointee + "*"
    if isinstance(t, A.Vector):
        return f"{t.elem}x{t.lanes}"
    if isinstance(t, A.Array):
        return f"{type_name(t.elem)}[{t.size}]"
    if isinstance(t, A.Void):
        return "void"
    return t.spelling
