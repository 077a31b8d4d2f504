"""numpy references for corpus/elementwise/transcendental.cu (all float32)."""
import numpy as np

f32 = np.float32


def exp_log_sqrt(n, x, p, y):
    out = y.copy()
    xv = x[:n].astype(f32)
    pv = p[:n].astype(f32)
    out[:n] = np.exp(xv) + np.log(pv) * np.sqrt(pv)
    return {"y": out}


def trig_tanh(n, t, s, c, th):
    s, c, th = s.copy(), c.copy(), th.copy()
    v = t[:n].astype(f32)
    s[:n] = np.sin(v)
    c[:n] = np.cos(v)
    th[:n] = np.tanh(v)
    return {"s": s, "c": c, "th": th}


def pow_pos(n, e, x, y):
    out = y.copy()
    out[:n] = np.power(x[:n].astype(f32), f32(e))
    return {"y": out}


def fast_sigmoid(n, x, y):
    out = y.copy()
    out[:n] = f32(1.0) / (f32(1.0) + np.exp(-x[:n].astype(f32)))
    return {"y": out}


def fast_pow(n, e, x, y):
    out = y.copy()
    v = x[:n].astype(f32)
    # computed in float64 and rounded once: the kernel's intrinsics are approximations anyway
    out[:n] = (np.power(v.astype(np.float64), float(f32(e))) / np.sqrt(v.astype(np.float64))).astype(f32)
    return {"y": out}


def rotate_pairs(n, angle, x, sc):
    out, sc = x.copy(), sc.copy()
    v = angle[:n].astype(f32)
    s, c = np.sin(v), np.cos(v)
    a, b = x[0:2 * n:2].astype(f32), x[1:2 * n:2].astype(f32)
    out[0:2 * n:2] = a * c - b * s
    out[1:2 * n:2] = a * s + b * c
    d = v.astype(np.float64)
    sc[0:2 * n:2] = np.sin(d)
    sc[1:2 * n:2] = np.cos(d)
    return {"x": out, "sc": sc}
