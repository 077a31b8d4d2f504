"""numpy references for corpus/elementwise/float_class.cu."""
import numpy as np


def sanitize(x, y, nan_mask, inf_sign, fallback, n):
    finite = np.isfinite(x)
    inf = np.isinf(x)
    return {"y": np.where(finite, x, np.float32(fallback)).astype(np.float32),
            "nan_mask": np.isnan(x).astype(np.int32),
            "inf_sign": np.where(inf, np.where(np.signbit(x), -1, 1), 0).astype(np.int32)}


def sign_split(x, neg, pos, neg_zero, n, chunk):
    a, b, z = np.zeros(n // chunk), np.zeros(n // chunk), np.zeros(n // chunk, np.int32)
    for t in range(n // chunk):
        for v in x[t * chunk:(t + 1) * chunk]:
            if np.isnan(v):
                continue
            if np.signbit(v):
                z[t] += v == 0.0
                a[t] += -1.0 if np.isinf(v) else v
            else:
                b[t] += 1.0 if np.isinf(v) else v
    return {"neg": a, "pos": b, "neg_zero": z}
