"""numpy references for corpus/stencil/laplace3d.cu."""
import numpy as np

f32 = np.float32


def laplace3d(nx, ny, nz, src, out):
    src = src.astype(f32).reshape(nz, ny, nx)
    res = out.copy().reshape(nz, ny, nx)
    c = src[1:-1, 1:-1, 1:-1]
    s = src[1:-1, 1:-1, :-2] + src[1:-1, 1:-1, 2:]
    s = s + (src[1:-1, :-2, 1:-1] + src[1:-1, 2:, 1:-1])
    s = s + (src[:-2, 1:-1, 1:-1] + src[2:, 1:-1, 1:-1])
    # s - 6*c is one fused multiply-add on the GPU: round once
    res[1:-1, 1:-1, 1:-1] = (s.astype(np.float64) - 6.0 * c.astype(np.float64)).astype(f32)
    return {"out": res.reshape(out.shape)}


def coords3d(nx, ny, nz, out):
    z, y, x = np.meshgrid(np.arange(nz), np.arange(ny), np.arange(nx), indexing="ij")
    res = (x | (y << 10) | (z << 20)).astype(np.int32)
    return {"out": res.reshape(out.shape)}
