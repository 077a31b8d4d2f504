"""numpy references for corpus/misc/int_ops.cu (int32 with C semantics)."""
import numpy as np

i32 = np.int32
u32 = np.uint32


def _c_div(a, d):
    """C integer division: truncation toward zero."""
    q = np.abs(a) // np.abs(d)
    return np.where((a < 0) != (d < 0), -q, q).astype(i32)


def int_divmod(n, a, b, q, r):
    q, r = q.copy(), r.copy()
    i = np.arange(n)
    av = a[:n].astype(i32)
    d = np.where(i & 1, -b[:n], b[:n]).astype(i32)
    qq = _c_div(av, d)
    q[:n] = qq
    r[:n] = av - qq * d
    return {"q": q, "r": r}


def bit_mix(n, a, out):
    res = out.copy()
    v = a[:n].astype(i32)
    u = (v & i32(0xFF)) << i32(4)
    res[:n] = (u | (v >> i32(3))) ^ (~v & i32(0x0F0F))   # >> on int32 is arithmetic
    return {"out": res}


def int_minmax_abs(n, a, b, out):
    res = out.copy()
    x = a[:n].astype(i32)
    y = b[:n].astype(i32)
    res[:n] = np.maximum(x, y) - np.minimum(x, y) + _c_div(np.abs(x - y), np.full(n, 3, dtype=i32))
    return {"out": res}


def unsigned_split(n, shift, x, hi, lo):
    hi, lo = hi.copy(), lo.copy()
    v = x[:n].astype(u32)
    hi[:n] = v >> u32(shift)
    lo[:n] = v & u32((1 << shift) - 1)
    return {"hi": hi, "lo": lo}
