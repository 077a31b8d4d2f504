"""numpy reference for corpus/stencil/box_blur.cu: box_blur1d<float, 2>."""
import numpy as np

f32 = np.float32
RADIUS = 2


def box_blur1d(n, src, dst):
    src = src.astype(f32)
    idx = np.arange(n)
    acc = np.zeros(n, dtype=f32)
    for k in range(-RADIUS, RADIUS + 1):
        acc = acc + src[np.clip(idx + k, 0, n - 1)]
    res = dst.copy()
    res[:n] = acc / f32(2 * RADIUS + 1)
    return {"dst": res}
