"""numpy references for corpus/misc/loops.cu."""
import numpy as np

f32 = np.float32


def collatz_steps(n, max_steps, start, steps):
    res = steps.copy()
    v = start[:n].astype(np.uint32)
    s = np.zeros(n, dtype=np.int32)
    for _ in range(max_steps):
        active = v != 1
        if not active.any():
            break
        odd = (v & 1) == 1
        nxt = np.where(odd, np.uint32(3) * v + np.uint32(1), v >> np.uint32(1))
        v = np.where(active, nxt, v).astype(np.uint32)
        s += active.astype(np.int32)
    res[:n] = s
    return {"steps": res}


def gcd_pairs(n, a, b, g):
    res = g.copy()
    res[:n] = np.gcd(a[:n], b[:n])
    return {"g": res}


def newton_sqrt(n, iters, x, y):
    res = y.copy()
    v = x[:n].astype(f32)
    r = v.copy()
    for _ in range(iters):
        r = f32(0.5) * (r + v / r)
    res[:n] = r
    return {"y": res}
