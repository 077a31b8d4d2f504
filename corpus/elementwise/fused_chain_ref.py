"""numpy references for corpus/elementwise/fused_chain.cu.

fmaf(a, b, c) is emulated exactly enough by evaluating a*b + c in float64
(the product of two float32 values is exact there) and rounding once to
float32.
"""
import numpy as np

f32 = np.float32
f64 = np.float64


def _fmaf(a, b, c):
    return (np.asarray(a, f32).astype(f64) * np.asarray(b, f32).astype(f64)
            + np.asarray(c, f32).astype(f64)).astype(f32)


def fma_chain(n, iters, a, b, x, y):
    out = y.copy()
    v = x[:n].astype(f32)
    for _ in range(iters):
        v = _fmaf(v, f32(a), f32(b))
    out[:n] = v
    return {"y": out}


def horner_poly(n, degree, coeffs, x, y):
    out = y.copy()
    xv = x[:n].astype(f32)
    acc = np.full(n, coeffs[degree], dtype=f32)
    for k in range(degree - 1, -1, -1):
        acc = _fmaf(acc, xv, coeffs[k])
    out[:n] = acc
    return {"y": out}
