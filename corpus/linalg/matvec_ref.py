"""numpy references for corpus/linalg/matvec.cu.

acc + a*b and A + (alpha*u)*v are each rounded once, like the fused
multiply-adds nvcc emits for them.
"""
import numpy as np

f32 = np.float32
f64 = np.float64


def _fma(a, b, c):
    return (np.asarray(a).astype(f64) * np.asarray(b).astype(f64) + np.asarray(c).astype(f64)).astype(f32)


def matvec(rows, cols, A, x, y):
    a = A.astype(f32).reshape(rows, cols)
    xv = x.astype(f32)
    acc = np.zeros(rows, dtype=f32)
    for j in range(cols):
        acc = _fma(a[:, j], xv[j], acc)
    return {"y": acc.reshape(y.shape)}


def outer_update(rows, cols, alpha, u, v, A):
    a = A.astype(f32).reshape(rows, cols)
    au = f32(alpha) * u.astype(f32)          # rounded to float32 first
    res = _fma(au[:, None], v.astype(f32)[None, :], a)
    return {"A": res.reshape(A.shape)}
