"""numpy references for corpus/blas1/scale_template.cu."""
import numpy as np


def scale(n, alpha, x, y):
    """scale<float>"""
    out = y.copy()
    out[:n] = np.float32(alpha) * x[:n].astype(np.float32)
    return {"y": out}


def scale_double(n, alpha, x, y):
    """scale<double>"""
    out = y.copy()
    out[:n] = np.float64(alpha) * x[:n].astype(np.float64)
    return {"y": out}
