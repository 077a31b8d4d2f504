"""numpy references for corpus/indexing/pointer_moves.cu."""
import numpy as np


def row_bias_add(x, bias, out, rows, cols):
    return {"out": (x.reshape(rows, cols) + bias[None, :cols]).reshape(-1).astype(np.float32)}


def columns_to_rows(m, out, rows, cols):
    return {"out": np.ascontiguousarray(m.reshape(rows, cols).T).reshape(-1)}


def column_dot(w, x, y, k_dim, n):
    res = y.copy()
    wm = w.reshape(k_dim, n)
    for j in range(n):
        acc = 0.0
        for k in range(k_dim):
            acc += wm[k, j] * x[k]
        res[j] = acc
    return {"y": res}


def side_argmax(nthreads, feats, out, where, len):
    v = feats.astype(np.float32).reshape(nthreads, len)
    return {"out": v.max(axis=1), "where": v.argmax(axis=1).astype(np.int32)}
