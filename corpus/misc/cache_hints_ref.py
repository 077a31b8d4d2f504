"""numpy references for corpus/misc/cache_hints.cu: the hints change caching only, so these are the
plain computations (float32 for the first kernel, as the kernel rounds each product and sum; float64 for
the second)."""
import numpy as np

f32 = np.float32


def scale_shift_stream(rows, cols, a, x, b, y, row_last):
    x = x.astype(f32).reshape(rows, cols)
    b = b.astype(f32)
    out = (f32(a) * x + b[None, :]).astype(f32)
    last = (x[:, cols - 1] + b[cols - 1]).astype(f32)
    return {"y": out, "row_last": last}


def axpy_hinted_ptr(n, a, x, y, old):
    prev = y.astype(np.float64).copy()
    return {"old": prev, "y": a * x.astype(np.float64) + prev}
