"""numpy references for corpus/types/bfloat16_ops.cu. bfloat16 buffers arrive as their float32 values
and are returned as float32 values, rounded to bfloat16 where the kernel rounds (`_bf16`)."""
import numpy as np

from cuda2tile.spec.bfloat16 import to_bits, to_float32


def _bf16(values):
    """The nearest bfloat16 of each float32 (ties to even), as a float32."""
    return to_float32(to_bits(np.asarray(values, np.float32)))


def bf16_scale_bias(x, bias, y, scale, n, channels):
    v = x * np.float32(scale) + bias[np.arange(n) % channels]
    return {"y": _bf16(v)}


def bf16_mul_add(a, b, c, out, n):
    return {"out": _bf16(_bf16(a * b) + c)}


def row_max_shift(x, y, row_max, cols):
    top = x.max(axis=1)
    return {"y": x - top[:, None], "row_max": top}


def row_max_shift_bf16(x, y, row_max, cols):
    out = row_max_shift(x, y, row_max, cols)
    return {"y": _bf16(out["y"]), "row_max": out["row_max"]}


def tile_reverse(x, y, n):
    blocks = (n + 255) // 256
    padded = np.zeros(blocks * 256, np.float32)
    padded[:n] = x
    return {"y": padded.reshape(blocks, 256)[:, ::-1].reshape(-1)[:n]}
