"""bfloat16 arrays without a numpy dtype: their bits as uint16, converted as CUDA converts them.

A launch spec's `dtype = "bfloat16"` buffer is a uint16 array of bit patterns (what the kernel's
`__nv_bfloat16*` points to); a numpy reference sees their float32 values and returns float32 values,
which are compared with the kernel's results read back as float32.

    to_bits(np.array([1.0, 3.14159], np.float32))  -> array([0x3F80, 0x4049], dtype=uint16)
    to_float32(to_bits(x))                         -> x rounded to bfloat16 (ties to even)
"""

from __future__ import annotations

import numpy as np

ITEMSIZE = 2
BITS_DTYPE = np.uint16


def to_bits(values) -> np.ndarray:
    """The nearest bfloat16 of each float (ties to even; NaN to 0x7FFF, as `__float2bfloat16_rn`)."""
    u = np.ascontiguousarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    return np.where((u & 0x7FFFFFFF) > 0x7F800000, np.uint16(0x7FFF), rounded).astype(np.uint16)


def to_float32(bits) -> np.ndarray:
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)
