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


def bits64(n, key, clz, ffs, rev):
    """__clzll (64 for 0), __ffsll (1-based, 0 for 0), __brevll of an arithmetic right shift."""
    c, f, r = clz.copy(), ffs.copy(), rev.copy()
    for i in range(n):
        k = int(key[i]) >> (i & 63)
        u = k & ((1 << 64) - 1)
        c[i] = 64 - u.bit_length()
        f[i] = (u & -u).bit_length() if u else 0
        r[i] = int(format(u, "064b")[::-1], 2) ^ (i & 7)
    return {"clz": c, "ffs": f, "rev": r}
