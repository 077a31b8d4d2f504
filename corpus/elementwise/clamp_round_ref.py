"""numpy references for corpus/elementwise/clamp_round.cu."""
import numpy as np

f32 = np.float32


def clamp_float(n, lo, hi, x, y):
    out = y.copy()
    out[:n] = np.minimum(np.maximum(x[:n].astype(f32), f32(lo)), f32(hi))
    return {"y": out}


def clamp_int(n, lo, hi, x, y):
    out = y.copy()
    out[:n] = np.minimum(np.maximum(x[:n], np.int32(lo)), np.int32(hi))
    return {"y": out}


def sign_int(n, x, y):
    out = y.copy()
    v = x[:n].astype(np.int32)
    out[:n] = (np.sign(v) * (np.abs(v) + 1)).astype(np.int32)
    return {"y": out}


def round_abs(n, step, x, fl, ce, ab):
    fl, ce, ab = fl.copy(), ce.copy(), ab.copy()
    st = f32(step)
    xv = x[:n].astype(f32)
    q = xv / st
    fl[:n] = np.floor(q) * st
    ce[:n] = np.ceil(q) * st
    ab[:n] = np.abs(xv)
    return {"fl": fl, "ce": ce, "ab": ab}
