"""numpy references for corpus/linalg/transpose.cu."""
import numpy as np


def transpose_naive(rows, cols, src, dst):
    return {"dst": np.ascontiguousarray(src.reshape(rows, cols).T).reshape(dst.shape)}


def batched_transpose(rows, cols, src, dst):
    b = src.size // (rows * cols)
    res = np.ascontiguousarray(src.reshape(b, rows, cols).transpose(0, 2, 1))
    return {"dst": res.reshape(dst.shape)}
