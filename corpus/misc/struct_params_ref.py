"""numpy references for corpus/misc/struct_params.cu. A struct parameter arrives as an object
whose attributes are its fields (`p.shape.rows`), as in the C++."""
import numpy as np


def strided_affine(p):
    rows, cols = p.shape.rows, p.shape.cols
    r, c = np.meshgrid(np.arange(rows), np.arange(cols), indexing="ij")
    src = p.x[r * int(p.strides[0]) + c * int(p.strides[1])]
    y = (src * np.float32(p.scale) + np.float32(p.shift)).astype(np.float32)
    return {"p.y": y.reshape(-1)}


def clamped_avg_pool1d(window, n_out, out, **buffers):
    x = buffers["in"]
    starts = np.arange(n_out) * window.stride
    sums = np.zeros(n_out, dtype=np.float32)
    for k in range(window.size):  # in the kernel's order, in float32
        sums += x[starts + k]
    mean = sums / np.float32(window.size)
    return {"out": np.minimum(np.maximum(mean, np.float32(window.clamp.x)), np.float32(window.clamp.y))}
