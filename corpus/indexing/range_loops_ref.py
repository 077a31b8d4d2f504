"""numpy references for corpus/indexing/range_loops.cu."""
import numpy as np

f32 = np.float32


def _range_scale(n, x, y, dtype):
    res = y.copy()
    s = dtype(0)
    for t in (dtype(0.5), dtype(0.25), dtype(0.125)):
        s = dtype(s + t)
    res[:n] = x[:n] * s
    return {"y": res}


def range_scale_float(n, x, y):
    return _range_scale(n, x, y, np.float32)


def range_scale_double(n, x, y):
    return _range_scale(n, x, y, np.float64)


def range_rows(rows, cols, out, **kw):
    v = kw["in"].astype(f32).reshape(rows * cols, 4)
    v = v * v + f32(1)
    total = np.zeros(rows * cols, f32)
    for k in range(4):
        total = total + v[:, k]
    return {"out": total}


def row_moments(rows, cols, x, mean, peak):
    v = np.clip(x.astype(f32).reshape(rows, cols), f32(-1), f32(1))
    s = np.zeros(rows, f32)
    for c in range(cols):
        s = s + v[:, c]
    return {"mean": s / f32(cols), "peak": v.max(axis=1)}
