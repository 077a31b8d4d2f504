"""Struct arguments passed by value, as a launch spec gives them: one argument per field.

The conversion flattens a kernel's struct parameter into one parameter per field (cuda2tile/lift), each
named by its CUDA spelling: `Params p` with `const float* x; int n; int4 pad; int sizes[4];` becomes
`p.x`, `p.n`, `p.pad.x` ... `p.pad.w` and `p.sizes`, and a launch spec names its arguments the same way:

    "p.x"     = { dtype = "float32", shape = ["n"], init = "normal" }
    "p.n"     = { value = "n" }
    "p.sizes" = { dtype = "int32", shape = [4], init = "values", values = [7, 5, 1, 1] }

The original kernel still takes the struct: `struct_value` lays the fields out at the offsets clang
computed for the C++ type (its `offsetof`), array fields copied in, pointer fields left to the runtime,
which writes each buffer's address where the buffer lives during the launch.
"""

from __future__ import annotations

import numpy as np

from cuda2tile.parity.cpu_runtime import StructValue
from cuda2tile.parse import cuda_ast as A

_LANES = "xyzw"


def struct_fields(name: str, struct: A.Struct, base: int = 0) -> list[tuple[str, A.CType, int]]:
    """(CUDA spelling, type, byte offset) of every field a spec gives, nested structs and vector lanes
    expanded: `p.g.pad.x` is lane x of the int4 `pad` of the struct field `g` of `p`."""
    out = []
    for f in struct.fields:
        spelled, offset = f"{name}.{f.name}", base + f.offset
        if isinstance(f.type, A.Struct):
            out += struct_fields(spelled, f.type, offset)
        elif isinstance(f.type, A.Vector):
            size = np.dtype(f.type.elem).itemsize
            out += [(f"{spelled}.{_LANES[k]}", A.Scalar(f.type.elem), offset + k * size) for k in range(f.type.lanes)]
        else:
            out.append((spelled, f.type, offset))
    return out


def argument_names(params: list[tuple[str, A.CType | None]]) -> list[tuple[str, A.CType | None]]:
    """The kernel's parameters as a spec names its arguments: a struct parameter by its fields."""
    out = []
    for name, t in params:
        if isinstance(t, A.Struct):
            out += [(spelled, ft) for spelled, ft, _ in struct_fields(name, t)]
        else:
            out.append((name, t))
    return out


def struct_value(name: str, struct: A.Struct, values: dict) -> StructValue:
    """The bytes of struct parameter `name` from the spec's field arguments in `values` (scalars, and
    the arrays of pointer and array fields)."""
    data = bytearray(struct.size)
    pointers = []
    for spelled, t, offset in struct_fields(name, struct):
        value = values[spelled]
        if isinstance(t, A.Pointer):
            pointers.append((offset, value))
        elif isinstance(t, A.Array) and isinstance(t.elem, A.Scalar):
            items = np.asarray(value).reshape(-1).astype(np.dtype(t.elem.dtype))
            if items.size != t.size:  # fewer would leave the rest zero: a guess, not the spec
                raise ValueError(f"'{spelled}' has {t.size} elements; the spec gives {items.size}")
            raw = items.tobytes()
            data[offset:offset + len(raw)] = raw
        elif isinstance(t, A.Scalar) and t.dtype != "bfloat16":
            raw = np.array(value).astype(np.dtype(t.dtype)).tobytes()
            data[offset:offset + len(raw)] = raw
        else:
            raise ValueError(f"field '{spelled}' of type {type(t).__name__} cannot be given by a spec")
    return StructValue(bytes(data), tuple(pointers))
