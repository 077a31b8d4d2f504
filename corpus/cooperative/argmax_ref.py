"""numpy references for corpus/cooperative/argmax.cu (exact).

np.argmax returns the first index of the maximum, which is the kernels'
tie rule (smaller index wins).
"""
import numpy as np


def argmax_block(n, x, out_val, out_idx):
    nb = out_val.shape[0]
    vals, idxs = out_val.copy(), out_idx.copy()
    for b in range(nb):
        seg = x[b * 1024:min((b + 1) * 1024, n)]
        k = int(np.argmax(seg))
        vals[b] = seg[k]
        idxs[b] = b * 1024 + k
    return {"out_val": vals, "out_idx": idxs}


def argmax_rows(rows, cols, x, idx):
    return {"idx": np.argmax(x.reshape(rows, cols), axis=1).astype(np.int32)}
