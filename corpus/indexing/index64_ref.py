"""numpy references for corpus/indexing/index64.cu (int64, exact)."""
import numpy as np

i64 = np.int64


def affine_index64(n, base, stride, out):
    res = out.copy()
    res[:n] = i64(base) + np.arange(n, dtype=i64) * i64(stride)
    return {"out": res}


def window_sum64(n, w, x, out):
    res = out.copy()
    xv = x.astype(i64)
    acc = np.zeros(n, dtype=i64)
    for k in range(w):
        j = np.arange(n) + k
        valid = j < n
        acc[valid] += xv[j[valid]]
    res[:n] = acc
    return {"out": res}


def widen_mul64(n, offset, a, b, out):
    res = out.copy()
    res[:n] = a[:n].astype(i64) * b[:n].astype(i64) + i64(offset)
    return {"out": res}
