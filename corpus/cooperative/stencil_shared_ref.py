"""numpy references for corpus/cooperative/stencil_shared.cu (float32).

Inputs are zero-padded and the sums are formed in the kernel's order:
* stencil1d_halo: s = ((0 + x[i-3]) + x[i-2]) + ... + x[i+3], then scale * s;
* stencil2d_halo: edges = ((N + S) + W) + E, corners = ((NW + NE) + SW) + SE,
  out = (0.25 c + 0.125 edges) + 0.0625 corners; the weights are powers of
  two, so the products are exact and fusing them changes nothing;
* conv2d_shared: acc over (dr, dc) row by row, each acc + f*v rounded once
  (the fused multiply-add nvcc emits); inputs are positive, so an unfused
  evaluation is within the default tolerance too.
"""
import numpy as np

f32 = np.float32
f64 = np.float64


def _fma(a, b, c):
    return (np.asarray(a, f64) * np.asarray(b, f64) + np.asarray(c, f64)).astype(f32)


def stencil1d_halo(n, scale, x, y):
    p = np.zeros(n + 6, dtype=f32)
    p[3:n + 3] = x[:n].astype(f32)
    s = np.zeros(n, dtype=f32)
    for off in range(7):
        s = s + p[off:off + n]
    out = y.copy()
    out[:n] = f32(scale) * s
    return {"y": out}


def stencil2d_halo(H, W, img, out):
    p = np.zeros((H + 2, W + 2), dtype=f32)
    p[1:H + 1, 1:W + 1] = img.astype(f32).reshape(H, W)

    def at(dr, dc):
        return p[1 + dr:1 + dr + H, 1 + dc:1 + dc + W]

    edges = at(-1, 0) + at(1, 0) + at(0, -1) + at(0, 1)
    corners = at(-1, -1) + at(-1, 1) + at(1, -1) + at(1, 1)
    res = f32(0.25) * at(0, 0) + f32(0.125) * edges + f32(0.0625) * corners
    return {"out": res.astype(f32).reshape(out.shape)}


def conv2d_shared(H, W, img, filt, out):
    p = np.zeros((H + 2, W + 2), dtype=f32)
    p[1:H + 1, 1:W + 1] = img.astype(f32).reshape(H, W)
    f = filt.astype(f32).reshape(9)
    acc = np.zeros((H, W), dtype=f32)
    for dr in range(3):
        for dc in range(3):
            acc = _fma(f[dr * 3 + dc], p[dr:dr + H, dc:dc + W], acc)
    return {"out": acc.reshape(out.shape)}
