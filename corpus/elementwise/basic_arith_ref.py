"""numpy references for corpus/elementwise/basic_arith.cu (all float32)."""
import numpy as np

f32 = np.float32


def vec_add(n, a, b, c):
    out = c.copy()
    out[:n] = a[:n].astype(f32) + b[:n].astype(f32)
    return {"c": out}


def vec_mul_sub(n, a, b, c, d):
    out = d.copy()
    out[:n] = a[:n].astype(f32) * b[:n].astype(f32) - c[:n].astype(f32)
    return {"d": out}


def vec_div(n, num, den, q):
    out = q.copy()
    out[:n] = num[:n].astype(f32) / den[:n].astype(f32)
    return {"q": out}
