"""numpy references for corpus/cooperative/histogram_shared.cu (exact int counts).

The float bin index is computed as the kernel does: (x - lo) * scale in
float32, truncated toward zero by the int cast, then clamped to [0, nbins).
"""
import numpy as np

f32 = np.float32


def histogram_shared(n, keys, bins):
    counts = np.bincount(keys[:n] % 64, minlength=64)
    return {"bins": (bins.astype(np.int64) + counts).astype(np.int32)}


def histogram_float_bins(n, nbins, lo, scale, x, bins):
    t = (x[:n].astype(f32) - f32(lo)) * f32(scale)
    # values below lo give negative t; truncation toward zero then the clamp to 0
    b = np.clip(np.trunc(t).astype(np.int64), 0, nbins - 1)
    counts = np.bincount(b, minlength=nbins)
    return {"bins": (bins.astype(np.int64) + counts).astype(np.int32)}
