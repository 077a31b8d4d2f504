"""numpy reference for corpus/stencil/laplace2d.cu (float32, interior only)."""
import numpy as np

f32 = np.float32


def laplace2d(width, height, inv_h2, out, **kw):
    src = kw["in"].astype(f32).reshape(height, width)
    res = out.copy().reshape(height, width)
    c = src[1:-1, 1:-1]
    s = src[1:-1, :-2] + src[1:-1, 2:] + src[:-2, 1:-1] + src[2:, 1:-1]
    res[1:-1, 1:-1] = (s - f32(4.0) * c) * f32(inv_h2)
    return {"out": res.reshape(out.shape)}
