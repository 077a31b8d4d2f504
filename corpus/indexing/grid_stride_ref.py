"""numpy references for corpus/indexing/grid_stride.cu."""
import numpy as np

f32 = np.float32


def gs_scale_shift(n, a, b, x, y):
    res = y.copy()
    res[:n] = f32(a) * x[:n].astype(f32) + f32(b)
    return {"y": res}


def gs_reverse(n, src, dst):
    res = dst.copy()
    res[:n] = src[:n][::-1]
    return {"dst": res}


def gs_fill2d(w, h, pitch, value, out):
    res = out.copy().reshape(h, pitch)
    res[:, :w] = (f32(value) + np.arange(h, dtype=f32))[:, None]
    return {"out": res.reshape(out.shape)}
