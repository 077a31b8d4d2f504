"""numpy references for corpus/cooperative/atomic_cas.cu (all results are order-independent)."""
import numpy as np


def capped_count(n, cap, x, total):
    return {"total": np.array([min(int(total[0]) + int(x[:n].sum()), cap)], dtype=np.int32)}


def flag_atomics(n, x, flags, slot, seen):
    f = flags.copy()
    v = x[:n].astype(np.int64)
    for b in np.unique(v & 7):
        f[0] |= np.int32(1 << int(b))
    f[1] ^= np.bitwise_xor.reduce(x[:n]) if n else 0
    for b in np.unique(v & 3):
        f[2] &= np.int32(~(1 << int(b)))
    s = seen.copy()
    s[:n] = 1  # the slot starts at 0 and every swap writes 7: each thread sees 0 or 7
    return {"flags": f, "slot": np.array([7], dtype=np.int32), "seen": s}


def segment_atomics(n, seg, code, key, prod, prod64, top):
    """Products of powers of two (exact whatever the order of the atomic updates), maxima."""
    p, p64, t = prod.copy(), prod64.copy(), top.copy()
    for i in range(n):
        f = np.float32(2.0 if code[i] & 1 else 0.5)
        if code[i] & 2:
            f = -f
        p[seg[i]] = np.float32(p[seg[i]] * f)
        p64[seg[i]] = p64[seg[i]] * (np.float64(f) * 4.0)
        t[seg[i]] = max(t[seg[i]], key[i])
    return {"prod": p, "prod64": p64, "top": t}


def subword_atomics(n, seg, small, top8, sum16):
    """Byte maxima and 16-bit sums wrapping modulo 2^16 (order-independent)."""
    t, s = top8.copy(), sum16.astype(np.int64)
    for i in range(n):
        t[seg[i]] = max(t[seg[i]], small[i])
        s[seg[i]] += int(small[i]) - 100
    s = ((s + 32768) % 65536 - 32768).astype(np.int16)
    return {"top8": t, "sum16": s}


def max_u64(n, x, best):
    b = best.copy()
    for k in range(4):
        b[k] = max(b[k], x[k:n:4].max()) if n > k else b[k]
    return {"best": b}
