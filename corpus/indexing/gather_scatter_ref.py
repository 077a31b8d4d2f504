"""numpy references for corpus/indexing/gather_scatter.cu."""
import numpy as np


def gather(n, idx, src, out):
    res = out.copy()
    res[:n] = src[idx[:n]]
    return {"out": res}


def scatter(n, perm, src, out):
    res = out.copy()
    res[perm[:n]] = src[:n]
    return {"out": res}


def gather_rows(rows, cols, row_idx, table, out):
    t = table.reshape(-1, cols)
    return {"out": t[row_idx[:rows]].reshape(out.shape).astype(out.dtype)}
