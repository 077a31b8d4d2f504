"""numpy references for corpus/cooperative/dynamic_shared.cu (exact: one
subtraction per element, min / max)."""
import numpy as np

f32 = np.float32


def dyn_two_views(n, x, y, out):
    B = 128
    nb = (n + B - 1) // B
    a = np.zeros(nb * B, dtype=f32)
    b = np.zeros(nb * B, dtype=f32)
    a[:n] = x[:n]
    b[:n] = y[:n]
    a = a.reshape(nb, B)
    b = b.reshape(nb, B)
    res = (np.roll(a, -1, axis=1) - b[:, ::-1]).reshape(-1)
    o = out.copy()
    o[:n] = res[:n]
    return {"out": o}


def dyn_minmax(n, x, lo, hi):
    B = 64
    nb = lo.shape[0]
    lo_out, hi_out = lo.copy(), hi.copy()
    for b in range(nb):
        seg = x[b * B:min((b + 1) * B, n)].astype(f32)
        lo_out[b] = seg.min()
        hi_out[b] = seg.max()
    return {"lo": lo_out, "hi": hi_out}


def dyn_block_sumsq(n, x, sums):
    """The kernel's tree, in its order: pairs (t, t + s) for s = 32, 16, ... 1, in x's dtype."""
    B = 64
    out = sums.copy()
    for b in range(sums.shape[0]):
        buf = np.zeros(B, dtype=x.dtype)
        seg = x[b * B:min((b + 1) * B, n)]
        buf[:len(seg)] = seg * seg
        s = B // 2
        while s > 0:
            buf[:s] = buf[:s] + buf[s:2 * s]
            s //= 2
        out[b] = buf[0] + x[b * B]
    return {"sums": out}


def pool_as_scalar(n, x, out):
    """Per block of B threads: out[i] = sums[B - 1 - t], sums[t] = 1 + 2 * vals[t] + vals[(t + 1) % B],
    vals of threads past n holding 0 (B from the spec: 128 for float32, 64 for float64)."""
    dtype = x.dtype.type
    b = 128 if x.dtype == np.float32 else 64
    blocks = (n + b - 1) // b
    vals = np.zeros(blocks * b, x.dtype)
    vals[:n] = x[:n]
    vals = vals.reshape(blocks, b)
    sums = (dtype(1) + vals * dtype(2)) + np.roll(vals, -1, axis=1)
    res = out.copy()
    res[:n] = sums[:, ::-1].reshape(-1)[:n]
    return {"out": res}
