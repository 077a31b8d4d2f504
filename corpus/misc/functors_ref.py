"""numpy references for corpus/misc/functors.cu."""
import numpy as np


def _left_fold(x, op, start):
    acc = np.full(x.shape[0], start, x.dtype)
    for k in range(x.shape[1]):  # in the kernel's order: float sums depend on it
        acc = op(acc, x[:, k]).astype(x.dtype)
    return acc


def row_sum(x, y, y_twice, rows, cols):
    acc = _left_fold(x, np.add, 0)
    return {"y": acc, "y_twice": acc}


def row_max(x, y, y_twice, rows, cols):
    acc = _left_fold(x, np.maximum, -1e30)
    return {"y": acc, "y_twice": acc}


def affine_max(a, b, out, n):
    res = (np.float32(2) * a + np.float32(1)) + np.maximum(a, b) + (a + np.float32(0.5))
    return {"out": res.astype(np.float32)}
