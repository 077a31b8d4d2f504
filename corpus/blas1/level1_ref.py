"""numpy references for corpus/blas1/level1.cu (float32).

The partial sums are accumulated in the kernel's order (one running float32
sum per thread); a*b + acc is rounded once, as the fused multiply-add nvcc
emits for it.
"""
import numpy as np

f32 = np.float32
f64 = np.float64


def _fma(a, b, c):
    return (a.astype(f64) * b.astype(f64) + c.astype(f64)).astype(f32)


def saxpy(n, a, x, y):
    out = y.copy()
    out[:n] = f32(a) * x[:n].astype(f32) + y[:n].astype(f32)
    return {"y": out}


def axpby(n, alpha, x, beta, y, z):
    out = z.copy()
    out[:n] = f32(alpha) * x[:n].astype(f32) + f32(beta) * y[:n].astype(f32)
    return {"z": out}


def _grid_stride_sum(n, threads, terms_a, terms_b=None):
    acc = np.zeros(threads, dtype=f32)
    for start in range(0, n, threads):
        cnt = min(threads, n - start)
        a = terms_a[start:start + cnt]
        if terms_b is None:
            acc[:cnt] = acc[:cnt] + a
        else:
            acc[:cnt] = _fma(a, terms_b[start:start + cnt], acc[:cnt])
    return acc


def partial_dot(n, x, y, partial):
    threads = partial.shape[0]
    return {"partial": _grid_stride_sum(n, threads, x.astype(f32), y.astype(f32))}


def partial_asum(n, x, partial):
    threads = partial.shape[0]
    return {"partial": _grid_stride_sum(n, threads, np.abs(x.astype(f32)))}
