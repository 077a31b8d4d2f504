"""numpy references for corpus/types/vectorized.cu (flat float32 buffers)."""
import numpy as np

f32 = np.float32


def copy_float4(n4, src, dst):
    res = dst.copy()
    res[:4 * n4] = src[:4 * n4]
    return {"dst": res}


def scale_float4(n4, s, t, x, y):
    res = y.copy()
    res[:4 * n4] = x[:4 * n4].astype(f32) * f32(s) + f32(t)
    return {"y": res}


def add_float2(n2, a, b, c):
    res = c.copy()
    res[:2 * n2] = a[:2 * n2].astype(f32) + b[:2 * n2].astype(f32)
    return {"c": res}


def scale_float4_tail(n, s, x, y):
    res = y.copy()
    res[:n] = x[:n].astype(f32) * f32(s)
    return {"y": res}
