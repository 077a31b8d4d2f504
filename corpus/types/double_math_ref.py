"""numpy references for corpus/types/double_math.cu (float64)."""
import numpy as np

f64 = np.float64


def daxpy(n, a, x, y):
    res = y.copy()
    res[:n] = f64(a) * x[:n] + y[:n]
    return {"y": res}


def gauss_pdf(n, mu, sigma, x, y):
    res = y.copy()
    z = (x[:n].astype(f64) - f64(mu)) / f64(sigma)
    res[:n] = np.exp(-0.5 * z * z) / (f64(sigma) * np.sqrt(2.0 * 3.14159265358979323846))
    return {"y": res}


def hypot3(n, a, b, c, r):
    res = r.copy()
    res[:n] = np.sqrt(a[:n] * a[:n] + b[:n] * b[:n] + c[:n] * c[:n])
    return {"r": res}


def row_sum_double(rows, cols, x, out):
    xv = x.reshape(rows, cols).astype(f64)
    acc = np.zeros(rows, dtype=f64)
    for j in range(cols):
        acc = acc + xv[:, j]
    return {"out": acc.reshape(out.shape)}
