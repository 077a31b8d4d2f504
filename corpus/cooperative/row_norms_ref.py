"""numpy references for corpus/cooperative/row_norms.cu (float32).

Reductions follow the kernel: thread t of a 128-thread block accumulates
columns t, t + 128, t + 256 in that order (acc + d*d rounded once, as nvcc's
fused multiply-add), then the 128 partials are folded by the shared-memory
tree. expf and rsqrtf are evaluated with numpy's float32 exp and
1 / sqrt (the GPU versions are within 2 ulp of those). In layernorm the last
step (x - mean) * rstd * gamma + beta is rounded as one fused multiply-add.
"""
import numpy as np

f32 = np.float32
f64 = np.float64
B = 128


def _fma(a, b, c):
    return (np.asarray(a, f64) * np.asarray(b, f64) + np.asarray(c, f64)).astype(f32)


def _thread_partials(terms, init, step):
    """terms (rows, cols) -> (rows, B) per-thread partials, columns taken in stride order."""
    rows, cols = terms.shape
    acc = np.full((rows, B), init, dtype=f32)
    for start in range(0, cols, B):
        cnt = min(B, cols - start)
        acc[:, :cnt] = step(acc[:, :cnt], terms[:, start:start + cnt])
    return acc


def _tree(s, op=np.add):
    s = s.copy()
    h = B // 2
    while h > 0:
        s[:, :h] = op(s[:, :h], s[:, h:2 * h])
        h //= 2
    return s[:, 0]


def _rsqrt(v):
    return (f32(1.0) / np.sqrt(v.astype(f32))).astype(f32)


def softmax_row(rows, cols, x, y):
    xr = x.astype(f32).reshape(rows, cols)
    m = _tree(_thread_partials(xr, -np.inf, np.fmax), np.fmax)
    e = np.exp(xr - m[:, None]).astype(f32)
    s = _tree(_thread_partials(e, 0.0, lambda a, t: a + t))
    return {"y": (e / s[:, None]).astype(f32).reshape(y.shape)}


def layernorm_row(rows, cols, eps, x, gamma, beta, y):
    xr = x.astype(f32).reshape(rows, cols)
    mean = (_tree(_thread_partials(xr, 0.0, lambda a, t: a + t)) / f32(cols)).astype(f32)
    d = (xr - mean[:, None]).astype(f32)
    var_sum = _tree(_thread_partials(d, 0.0, lambda a, t: _fma(t, t, a)))
    rstd = _rsqrt(var_sum / f32(cols) + f32(eps))
    scaled = (d * rstd[:, None]).astype(f32)
    res = _fma(scaled, gamma.astype(f32)[None, :], beta.astype(f32)[None, :])
    return {"y": res.reshape(y.shape)}


def rmsnorm_row(rows, cols, eps, x, w, y):
    xr = x.astype(f32).reshape(rows, cols)
    sq = _tree(_thread_partials(xr, 0.0, lambda a, t: _fma(t, t, a)))
    inv = _rsqrt(sq / f32(cols) + f32(eps))
    res = (xr * inv[:, None]).astype(f32) * w.astype(f32)[None, :]
    return {"y": res.astype(f32).reshape(y.shape)}
