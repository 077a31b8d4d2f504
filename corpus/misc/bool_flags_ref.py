"""numpy references for corpus/misc/bool_flags.cu (bool buffers are uint8 0/1)."""
import numpy as np

f32 = np.float32


def scale_flags(n, s, use_abs, accumulate, x, y):
    res = y.copy()
    v = x[:n].astype(f32)
    if use_abs:
        v = np.abs(v)
    v = v * f32(s)
    res[:n] = y[:n] + v if accumulate else v
    return {"y": res}


def threshold_mask(n, t, x, mask):
    res = mask.copy()
    res[:n] = (x[:n].astype(f32) > f32(t)).astype(np.uint8)
    return {"mask": res}


def masked_fill(n, value, invert, mask, y):
    res = y.copy()
    m = mask[:n] != 0
    if invert:
        m = ~m
    res[:n][m] = f32(value)
    return {"y": res}
